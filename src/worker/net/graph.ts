/**
 * Graph API rate-limit signals (docs/ad-sources.md#rate-limits): throttling error codes and the usage headers
 * (`x-app-usage`, `x-business-use-case-usage`, `x-ad-account-usage`) that say how much of the
 * quota is used and, once throttled, how long until access returns.
 */
import { parseRetryAfter, type Classifier } from './http.ts';

/** Graph error codes that mean "throttled, wait and retry". */
export const GRAPH_RATE_LIMIT_CODES: ReadonlySet<number> = new Set([
  4, // application request limit
  17, // user request limit
  32, // page request limit
  341, // application limit
  613, // custom-level rate limit ("Calls to this api have exceeded the rate limit")
  // business use case limits: 80000 ads insights … 80014 catalogue batch
  80000,
  80001,
  80002,
  80003,
  80004,
  80005,
  80006,
  80008,
  80009,
  80014,
]);

/** Graph error codes that are transient server-side failures. */
export const GRAPH_TRANSIENT_CODES: ReadonlySet<number> = new Set([1, 2]);

export interface GraphErrorBody {
  message: string;
  type: string;
  code: number;
  subcode: number | undefined;
  isTransient: boolean;
  fbtraceId: string;
}

/** The `error` object of a Graph response body, or null when there is none. */
export function graphErrorOf(json: unknown): GraphErrorBody | null {
  const error = (json as { error?: unknown } | null | undefined)?.error;
  if (!error || typeof error !== 'object') return null;
  const e = error as Record<string, unknown>;
  const code = Number(e.code);
  return {
    message: typeof e.message === 'string' ? e.message : '',
    type: typeof e.type === 'string' ? e.type : '',
    code: Number.isFinite(code) ? code : 0,
    subcode: e.error_subcode === undefined ? undefined : Number(e.error_subcode),
    isTransient: e.is_transient === true,
    fbtraceId: typeof e.fbtrace_id === 'string' ? e.fbtrace_id : '',
  };
}

function parseHeaderJson(headers: Headers, name: string): unknown {
  const raw = headers.get(name);
  if (!raw) return undefined;
  try {
    return JSON.parse(raw);
  } catch {
    return undefined;
  }
}

/** Every usage record in the headers: the app record, each business use case and the ad account. */
function usageRecords(headers: Headers): Record<string, unknown>[] {
  const records: Record<string, unknown>[] = [];
  const push = (value: unknown) => {
    if (value && typeof value === 'object' && !Array.isArray(value))
      records.push(value as Record<string, unknown>);
  };
  push(parseHeaderJson(headers, 'x-app-usage'));
  push(parseHeaderJson(headers, 'x-ad-account-usage'));
  const buc = parseHeaderJson(headers, 'x-business-use-case-usage');
  if (buc && typeof buc === 'object') {
    for (const entries of Object.values(buc as Record<string, unknown>)) {
      if (Array.isArray(entries)) entries.forEach(push);
      else push(entries);
    }
  }
  return records;
}

function num(value: unknown): number {
  const n = typeof value === 'number' ? value : typeof value === 'string' ? Number(value) : NaN;
  return Number.isFinite(n) ? n : 0;
}

/**
 * How long until access returns, from `estimated_time_to_regain_access` (minutes) or the ad
 * account's `reset_time_duration` (seconds); undefined when no header says.
 */
export function graphRegainAccessMs(headers: Headers): number | undefined {
  let best: number | undefined;
  for (const record of usageRecords(headers)) {
    const minutes = num(record.estimated_time_to_regain_access);
    const resetSeconds = num(record.reset_time_duration);
    const ms = Math.max(minutes * 60_000, resetSeconds * 1000);
    if (ms > 0) best = Math.max(best ?? 0, ms);
  }
  return best;
}

/** The highest usage percentage any header reports (0 when there are none). */
export function graphUsagePercent(headers: Headers): number {
  let max = 0;
  for (const record of usageRecords(headers)) {
    for (const key of ['call_count', 'total_cputime', 'total_time', 'acc_id_util_pct']) {
      max = Math.max(max, num(record[key]));
    }
  }
  return max;
}

/** A Graph API error response that is not worth retrying (or no longer: see `HttpError`). */
export class GraphApiError extends Error {
  constructor(
    readonly graph: GraphErrorBody,
    readonly status: number,
  ) {
    super(
      `Graph error ${graph.code}${graph.subcode ? `/${graph.subcode}` : ''} (HTTP ${status}): ${graph.message || graph.type || 'no message'}${graph.fbtraceId ? ` [fbtrace_id ${graph.fbtraceId}]` : ''}`,
    );
    this.name = 'GraphApiError';
  }
}

/** Graph's code 1 variant that asks for smaller pages rather than a retry. */
export function asksForLessData(error: GraphErrorBody): boolean {
  return error.code === 1 && /reduce the amount of data/i.test(error.message);
}

/**
 * Classifies Graph responses for the HTTP client: throttling codes retry after the time the usage
 * headers (or Retry-After) give, transient codes retry with backoff, other errors fail at once.
 */
export function graphClassifier(now: () => number): Classifier {
  return (response) => {
    const error = graphErrorOf(response.json);
    if (!error) return undefined; // the default rules (2xx ok, 5xx/429 retry, unreadable JSON retry)
    if (GRAPH_RATE_LIMIT_CODES.has(error.code)) {
      const delayMs =
        graphRegainAccessMs(response.headers) ?? parseRetryAfter(response.headers.get('retry-after'), now());
      return {
        kind: 'retry',
        reason: `Graph rate limit (code ${error.code}: ${error.message})`,
        rateLimited: true,
        ...(delayMs !== undefined ? { delayMs } : {}),
      };
    }
    if ((GRAPH_TRANSIENT_CODES.has(error.code) || error.isTransient) && !asksForLessData(error)) {
      return { kind: 'retry', reason: `Graph transient error (code ${error.code}: ${error.message})` };
    }
    return { kind: 'fail', error: new GraphApiError(error, response.status) };
  };
}
