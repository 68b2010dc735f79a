/**
 * JSON over HTTP for the ad sources: the global `fetch` with a per-request timeout, bounded
 * retries of transient failures (network errors, timeouts, 408/429/5xx, unreadable 2xx bodies)
 * with exponential backoff and full jitter, and server hints (`Retry-After`, or whatever a
 * source's classifier reads, e.g. Graph's usage headers) honoured. Sleep, clock and randomness
 * are injectable so tests never wait in real time. Secrets never reach an error message.
 */

/** Waits `ms`, or rejects with `signal.reason` as soon as the signal aborts. */
export type Sleep = (ms: number, signal: AbortSignal) => Promise<void>;

export const realSleep: Sleep = (ms, signal) =>
  new Promise<void>((resolve, reject) => {
    if (signal.aborted) {
      reject(signal.reason);
      return;
    }
    const onAbort = () => {
      clearTimeout(timer);
      reject(signal.reason);
    };
    const timer = setTimeout(() => {
      signal.removeEventListener('abort', onAbort);
      resolve();
    }, ms);
    signal.addEventListener('abort', onAbort, { once: true });
  });

export interface HttpDeps {
  fetch: typeof fetch;
  sleep: Sleep;
  /** In [0, 1), like Math.random. */
  random: () => number;
  /** Epoch milliseconds, like Date.now. */
  now: () => number;
  log: (message: string) => void;
}

export interface RetryPolicy {
  /** Per-attempt timeout, covering the response headers and the body. */
  timeoutMs: number;
  /** Retries after the first attempt (so `retries + 1` attempts at most). */
  retries: number;
  /** Backoff before retry n (0-based) is random() × min(maxDelayMs, baseDelayMs × 2^n). */
  baseDelayMs: number;
  maxDelayMs: number;
  /** The longest server-requested wait we accept; a longer hint fails the request at once. */
  maxHintMs: number;
  /** Rate limits without a hint back off longer: equal jitter over min(max, base × 2^n). */
  rateLimitBaseMs: number;
  rateLimitMaxMs: number;
}

export const DEFAULT_RETRY_POLICY: RetryPolicy = {
  timeoutMs: 30_000,
  retries: 4,
  baseDelayMs: 1_000,
  maxDelayMs: 30_000,
  maxHintMs: 5 * 60_000,
  rateLimitBaseMs: 10_000,
  rateLimitMaxMs: 120_000,
};

/** A response as the classifier and the caller see it. */
export interface HttpResponse {
  status: number;
  headers: Headers;
  text: string;
  /** The parsed body, or undefined when it is empty or not JSON. */
  json: unknown;
  /** True when the body is non-empty but not valid JSON (e.g. truncated). */
  invalidJson: boolean;
}

/**
 * What to do with a response: accept it, retry it (after at least `delayMs` when the server
 * said how long to wait), or fail with a given error. `undefined` defers to the default rules.
 */
export type Verdict =
  | { kind: 'ok' }
  | { kind: 'retry'; reason: string; delayMs?: number; rateLimited?: boolean }
  | { kind: 'fail'; error: Error };

export type Classifier = (response: HttpResponse) => Verdict | undefined;

export interface RequestSpec {
  method?: 'GET' | 'POST';
  url: string;
  headers?: Record<string, string>;
  /** Sent as JSON. */
  body?: unknown;
  signal: AbortSignal;
  /** Overrides the policy's timeout for this request (e.g. long-polling). */
  timeoutMs?: number;
  classify?: Classifier;
  /** Short name for log lines and errors, e.g. 'apify run status'. */
  label?: string;
}

/** A request that failed for good (non-retryable status, or retries exhausted). */
export class HttpError extends Error {
  constructor(
    message: string,
    /** HTTP status of the last response, or 0 when there was none (network error, timeout). */
    readonly status: number,
    /** True when the failure was transient and only ran out of retries. */
    readonly transient: boolean,
    /** The last response, when there was one. */
    readonly response?: HttpResponse,
    /** True when the last failure was a rate limit. */
    readonly rateLimited = false,
    /** How long the server asked us to wait, when it said. */
    readonly retryAfterMs?: number,
  ) {
    super(message);
    this.name = 'HttpError';
  }
}

const SECRET_PARAM =
  /([?&;](?:access_token|token|api_key|apikey|key|appsecret_proof|client_secret)=)[^&#\s"'<>]*/gi;
const BEARER = /\b(Bearer|OAuth)\s+[A-Za-z0-9._~+/=-]+/g;

/** Masks token-like query parameters, bearer credentials and the given literal secrets. */
export function redact(text: string, secrets: readonly string[] = []): string {
  let out = text.replace(SECRET_PARAM, '$1[redacted]').replace(BEARER, '$1 [redacted]');
  for (const secret of secrets) {
    if (secret.length >= 4) out = out.split(secret).join('[redacted]');
  }
  return out;
}

/** `Retry-After` as milliseconds: delta-seconds or an HTTP date; undefined when absent or unreadable. */
export function parseRetryAfter(value: string | null, nowMs: number): number | undefined {
  if (value === null) return undefined;
  const trimmed = value.trim();
  if (/^\d+(\.\d+)?$/.test(trimmed)) return Math.round(Number(trimmed) * 1000);
  const date = Date.parse(trimmed);
  if (Number.isNaN(date)) return undefined;
  return Math.max(0, date - nowMs);
}

/** Full-jitter exponential backoff for retry number `attempt` (0-based). */
export function backoffDelay(attempt: number, policy: RetryPolicy, random: () => number): number {
  const ceiling = Math.min(policy.maxDelayMs, policy.baseDelayMs * 2 ** attempt);
  return Math.floor(random() * ceiling);
}

/** Backoff for a rate limit that came without a hint: longer, and never close to zero. */
export function rateLimitDelay(attempt: number, policy: RetryPolicy, random: () => number): number {
  const ceiling = Math.min(policy.rateLimitMaxMs, policy.rateLimitBaseMs * 2 ** attempt);
  return Math.floor(ceiling / 2 + (random() * ceiling) / 2);
}

function isTimeout(error: unknown): boolean {
  return error instanceof Error && (error.name === 'TimeoutError' || error.name === 'AbortError');
}

function describeNetworkError(error: unknown): string {
  if (!(error instanceof Error)) return String(error);
  const cause = (error as { cause?: unknown }).cause;
  const detail =
    cause instanceof Error
      ? ((cause as { code?: string }).code ?? cause.message)
      : typeof cause === 'string'
        ? cause
        : '';
  return detail ? `${error.message} (${detail})` : error.message;
}

function seconds(ms: number): string {
  return `${(ms / 1000).toFixed(ms < 10_000 ? 1 : 0)} s`;
}

/** The default rules: 2xx with readable JSON is fine; 408/429/5xx and unreadable 2xx retry. */
export function defaultVerdict(response: HttpResponse, nowMs: number): Verdict {
  const { status } = response;
  if (status >= 200 && status < 300) {
    return response.invalidJson
      ? { kind: 'retry', reason: 'unreadable JSON in the response' }
      : { kind: 'ok' };
  }
  if (status === 408 || status === 429 || status >= 500) {
    const delayMs = parseRetryAfter(response.headers.get('retry-after'), nowMs);
    return {
      kind: 'retry',
      reason: `HTTP ${status}`,
      ...(delayMs !== undefined ? { delayMs } : {}),
      rateLimited: status === 429,
    };
  }
  return { kind: 'fail', error: new HttpError(`HTTP ${status}`, status, false, response) };
}

export interface HttpClient {
  /** Performs the request with retries; resolves with an accepted response. */
  request(spec: RequestSpec): Promise<HttpResponse>;
  readonly deps: HttpDeps;
  readonly policy: RetryPolicy;
}

export interface HttpClientOptions extends Partial<HttpDeps> {
  policy?: Partial<RetryPolicy>;
  /** Literal secrets to mask in every message this client produces. */
  secrets?: readonly string[];
}

export function createHttpClient(options: HttpClientOptions = {}): HttpClient {
  const deps: HttpDeps = {
    fetch: options.fetch ?? ((input, init) => fetch(input, init)),
    sleep: options.sleep ?? realSleep,
    random: options.random ?? Math.random,
    now: options.now ?? Date.now,
    log: options.log ?? (() => {}),
  };
  const policy: RetryPolicy = { ...DEFAULT_RETRY_POLICY, ...options.policy };
  const secrets = options.secrets ?? [];
  const clean = (text: string) => redact(text, secrets);

  async function attempt(spec: RequestSpec, timeoutMs: number): Promise<HttpResponse> {
    const signal = AbortSignal.any([spec.signal, AbortSignal.timeout(timeoutMs)]);
    const headers: Record<string, string> = { accept: 'application/json', ...spec.headers };
    let body: string | undefined;
    if (spec.body !== undefined) {
      body = JSON.stringify(spec.body);
      headers['content-type'] ??= 'application/json';
    }
    const res = await deps.fetch(spec.url, { method: spec.method ?? 'GET', headers, body, signal });
    const text = await res.text();
    let json: unknown;
    let invalidJson = false;
    if (text.trim() !== '') {
      try {
        json = JSON.parse(text);
      } catch {
        invalidJson = true;
      }
    }
    return { status: res.status, headers: res.headers, text, json, invalidJson };
  }

  async function request(spec: RequestSpec): Promise<HttpResponse> {
    const label = spec.label ?? `${spec.method ?? 'GET'} ${clean(spec.url)}`;
    const timeoutMs = spec.timeoutMs ?? policy.timeoutMs;
    for (let n = 0; ; n++) {
      let response: HttpResponse | undefined;
      let failure = '';
      if (spec.signal.aborted) throw spec.signal.reason;
      try {
        response = await attempt(spec, timeoutMs);
      } catch (error) {
        // The caller's own abort is never retried; our timeout and network errors are.
        if (spec.signal.aborted) throw spec.signal.reason;
        failure = isTimeout(error)
          ? `no response within ${seconds(timeoutMs)}`
          : `network error: ${describeNetworkError(error)}`;
      }
      const verdict: Verdict = response
        ? (spec.classify?.(response) ?? defaultVerdict(response, deps.now()))
        : { kind: 'retry', reason: failure };
      if (verdict.kind === 'ok' && response) return response;
      if (verdict.kind === 'fail') {
        const { error } = verdict;
        error.message = clean(`${label}: ${error.message}`);
        throw error;
      }
      if (verdict.kind !== 'retry') throw new Error('unreachable');
      const reason = clean(verdict.reason);
      const status = response?.status ?? 0;
      const rateLimited = verdict.rateLimited ?? false;
      const hint = verdict.delayMs;
      if (n >= policy.retries) {
        throw new HttpError(
          `${label}: ${reason}, giving up after ${n + 1} attempts`,
          status,
          true,
          response,
          rateLimited,
          hint,
        );
      }
      if (hint !== undefined && hint > policy.maxHintMs) {
        throw new HttpError(
          `${label}: ${reason}, and the server asks to wait ${seconds(hint)} (more than ${seconds(policy.maxHintMs)})`,
          status,
          true,
          response,
          rateLimited,
          hint,
        );
      }
      // Honour the server's hint, spreading retries a little so that workers do not stampede.
      const delay =
        hint !== undefined
          ? hint + Math.floor(deps.random() * Math.min(policy.baseDelayMs, hint / 10 + 1))
          : rateLimited
            ? rateLimitDelay(n, policy, deps.random)
            : backoffDelay(n, policy, deps.random);
      deps.log(`${label}: ${reason}; retry ${n + 1}/${policy.retries} in ${seconds(delay)}`);
      await deps.sleep(delay, spec.signal);
    }
  }

  return { request, deps, policy };
}
