/**
 * The Apify actor client of the Apify source (apify.ts): start a run of a curious_coder-compatible
 * Facebook Ad Library actor (docs/ad-sources.md#the-apify-actor), poll it until it finishes (or
 * abort it), and read a range of its dataset. Every HTTP failure becomes a SourceError in words
 * the run can show. Kept apart from apify.ts, which turns the dataset into the source's pages.
 *
 * The token travels in the Authorization header, never in a URL.
 *
 * Why by hand rather than with Apify's `apify-client` (2.25.0, tried and measured): it does the
 * HTTP itself, on axios. With its retries off (`maxRetries: 0`), each of its calls can run under
 * net/http.ts's retry loop, and the tests here pass, but only with glue around every call. Its
 * ApifyApiError carries no headers, so `Retry-After` had to be read by an axios
 * `transformResponse` set in a request interceptor. It takes no AbortSignal, so the signal had to
 * go in through the same interceptor. Both meant a new client per call. Its timeout is set per
 * client, a 404 on a run comes back as `undefined`, and the injected `fetch` no longer reaches
 * Apify. The cost, for three URLs, a header and a JSON parse:
 * - production packages: 29 → 101, 16 MB installed (proxy-agent brings a PAC-script engine);
 * - worker bundle: 253 → 3049 KB (gzip 68 → 718 KB);
 * - worker start: 0.1 → 0.4 s and 45 → 64 MB RSS, whatever the source;
 * - scripts/build-worker.mjs needs a `createRequire` banner: bundled as ESM, `ow` calls
 *   require('fs'), and without the banner the worker fails at load;
 * - the source (then one file, apify.ts): 312 → 389 lines.
 */
import {
  createHttpClient,
  HttpError,
  redact,
  type HttpClient,
  type HttpClientOptions,
  type HttpResponse,
} from '../net/http.ts';
import type { ApifyRunRequest } from './apify-input.ts';
import { SourceError } from './types.ts';

export interface ApifyActorOptions extends Omit<HttpClientOptions, 'secrets'> {
  token: string;
  /** Actor id or `owner~name`. */
  actor: string;
  baseUrl: string;
  /** How long one status request asks the server to hold it (Apify allows up to 60 s). */
  pollWaitSecs?: number;
  /** Pause between status requests that came back early, doubling from min to max. */
  pollMinDelayMs?: number;
  pollMaxDelayMs?: number;
  /** Give up on a run that has not finished after this long (and abort it). */
  maxRunMs?: number;
}

/** An actor run as Apify reports it. */
export interface ApifyRun {
  id: string;
  defaultDatasetId: string;
  status: string;
  statusMessage: string;
}

/** What the source calls on the actor (createApifyActorClient). */
export interface ApifyActorClient {
  /** Starts a run with this input (apify-input.ts: a search, or a look-up by id). */
  startRun(request: ApifyRunRequest, signal: AbortSignal): Promise<ApifyRun>;
  /** Polls the run until it ends; aborts it when the signal does or when it runs too long. */
  waitForRun(run: ApifyRun, signal: AbortSignal): Promise<ApifyRun>;
  /** Up to `limit` items of the dataset from `offset`, and the dataset's size when the server says. */
  readItems(
    datasetId: string,
    offset: number,
    limit: number,
    signal: AbortSignal,
  ): Promise<{ items: unknown[]; total: number | null }>;
  /** The worker's log (the HTTP client's). */
  log(message: string): void;
}

const TERMINAL = new Set(['SUCCEEDED', 'FAILED', 'TIMED-OUT', 'ABORTED']);

function runOf(json: unknown): ApifyRun | null {
  const data = (json as { data?: Record<string, unknown> } | null)?.data;
  if (!data || typeof data.id !== 'string' || typeof data.defaultDatasetId !== 'string') return null;
  return {
    id: data.id,
    defaultDatasetId: data.defaultDatasetId,
    status: typeof data.status === 'string' ? data.status : '',
    statusMessage: typeof data.statusMessage === 'string' ? data.statusMessage : '',
  };
}

function apifyErrorOf(response: HttpResponse | undefined): { type: string; message: string } {
  const error = (response?.json as { error?: { type?: unknown; message?: unknown } } | null)?.error;
  return {
    type: typeof error?.type === 'string' ? error.type : '',
    message: typeof error?.message === 'string' ? error.message : '',
  };
}

/** Why a run that ended did not succeed, as the run shows it; null when it succeeded. */
export function runFailureOf(run: ApifyRun): SourceError | null {
  if (run.status === 'SUCCEEDED') return null;
  const detail = `apify run ${run.id} ended ${run.status}${run.statusMessage ? `: ${run.statusMessage}` : ''}`;
  switch (run.status) {
    case 'TIMED-OUT':
      return new SourceError(detail, 'The Apify ad scraper timed out before it collected the ads.', false);
    case 'ABORTED':
      return new SourceError(detail, 'The Apify ad scraper run was aborted.', false);
    default:
      return new SourceError(detail, 'The Apify ad scraper failed. Please try again.', false);
  }
}

export function createApifyActorClient(options: ApifyActorOptions): ApifyActorClient {
  const base = options.baseUrl.replace(/\/+$/, '');
  const actor = encodeURIComponent(options.actor.replace('/', '~'));
  const pollWaitSecs = options.pollWaitSecs ?? 60;
  const pollMinDelayMs = options.pollMinDelayMs ?? 2_000;
  const pollMaxDelayMs = options.pollMaxDelayMs ?? 15_000;
  const maxRunMs = options.maxRunMs ?? 45 * 60_000;
  const http: HttpClient = createHttpClient({ ...options, secrets: [options.token] });
  const { sleep, random, now, log } = http.deps;
  const auth = { authorization: `Bearer ${options.token}` };

  /** Turns an HTTP failure into a SourceError with a message fit for the run. */
  function sourceError(error: unknown): unknown {
    if (!(error instanceof HttpError)) return error;
    const { type, message } = apifyErrorOf(error.response);
    const detail = redact(`${error.message}${type ? ` [${type}]` : ''}${message ? ` ${message}` : ''}`, [
      options.token,
    ]);
    if (error.transient) {
      return new SourceError(
        detail,
        error.rateLimited
          ? 'The Apify ad source is busy right now. Please try again in a few minutes.'
          : 'The Apify ad source is not responding. Please try again later.',
        false,
      );
    }
    switch (error.status) {
      case 401:
        return new SourceError(detail, 'The Apify token is invalid or expired.', true);
      case 402:
        return new SourceError(detail, 'The Apify account has no credit left to run the ad scraper.', true);
      case 403:
        return new SourceError(
          detail,
          /usage|credit|payment|limit/i.test(`${type} ${message}`)
            ? 'The Apify account has no credit left to run the ad scraper.'
            : 'The Apify token is not allowed to run the configured ad scraper.',
          true,
        );
      case 404:
        return new SourceError(
          detail,
          `The configured Apify actor (${options.actor}) or its run was not found.`,
          true,
        );
      case 400:
        return new SourceError(
          detail,
          'The Apify ad scraper rejected the search. Check the Ad Library link.',
          true,
        );
      default:
        return new SourceError(detail, 'The Apify ad source failed. Please try again later.', true);
    }
  }

  async function call<T>(run: () => Promise<T>): Promise<T> {
    try {
      return await run();
    } catch (error) {
      throw sourceError(error);
    }
  }

  function expectRun(response: HttpResponse) {
    return runOf(response.json)
      ? ({ kind: 'ok' } as const)
      : response.status >= 200 && response.status < 300
        ? ({ kind: 'retry', reason: 'unexpected run object in the response' } as const)
        : undefined;
  }

  async function startRun(request: ApifyRunRequest, signal: AbortSignal): Promise<ApifyRun> {
    const response = await call(() =>
      http.request({
        method: 'POST',
        // maxItems caps what a pay-per-result actor may charge for.
        url: `${base}/v2/acts/${actor}/runs?maxItems=${request.maxItems}`,
        headers: auth,
        body: request.input,
        signal,
        label: `apify start of ${options.actor}`,
        classify: expectRun,
      }),
    );
    const run = runOf(response.json)!;
    log(
      `apify: started run ${run.id} of ${options.actor} for ${request.what} (dataset ${run.defaultDatasetId})`,
    );
    return run;
  }

  async function getRun(runId: string, signal: AbortSignal): Promise<ApifyRun> {
    const response = await call(() =>
      http.request({
        url: `${base}/v2/actor-runs/${runId}?waitForFinish=${pollWaitSecs}`,
        headers: auth,
        signal,
        timeoutMs: pollWaitSecs * 1000 + http.policy.timeoutMs,
        label: `apify status of run ${runId}`,
        classify: expectRun,
      }),
    );
    return runOf(response.json)!;
  }

  /** Best effort: stops a run we no longer wait for, so that it stops costing money. */
  async function abortRun(runId: string): Promise<void> {
    try {
      await http.deps.fetch(`${base}/v2/actor-runs/${runId}/abort`, {
        method: 'POST',
        headers: auth,
        signal: AbortSignal.timeout(5_000),
      });
      log(`apify: aborted run ${runId}`);
    } catch {
      log(`apify: could not abort run ${runId}`);
    }
  }

  async function waitForRun(run: ApifyRun, signal: AbortSignal): Promise<ApifyRun> {
    const deadline = now() + maxRunMs;
    let delay = pollMinDelayMs;
    let current = run;
    try {
      while (!TERMINAL.has(current.status)) {
        if (now() > deadline) {
          void abortRun(current.id);
          throw new SourceError(
            `apify run ${current.id} still ${current.status} after ${Math.round(maxRunMs / 60_000)} min`,
            'The Apify ad scraper took too long. Please try again with fewer ads.',
            false,
          );
        }
        const asked = now();
        current = await getRun(current.id, signal);
        if (TERMINAL.has(current.status)) break;
        // The server holds a status request up to pollWaitSecs; pause only when it answered early.
        if (now() - asked < (pollWaitSecs * 1000) / 2) {
          await sleep(Math.floor(delay / 2 + (random() * delay) / 2), signal);
          delay = Math.min(pollMaxDelayMs, delay * 2);
        }
      }
    } catch (error) {
      if (signal.aborted && !TERMINAL.has(current.status)) await abortRun(current.id);
      throw error;
    }
    return current;
  }

  async function readItems(
    datasetId: string,
    offset: number,
    limit: number,
    signal: AbortSignal,
  ): Promise<{ items: unknown[]; total: number | null }> {
    const response = await call(() =>
      http.request({
        url: `${base}/v2/datasets/${datasetId}/items?format=json&clean=true&offset=${offset}&limit=${limit}`,
        headers: auth,
        signal,
        label: `apify dataset ${datasetId}`,
        classify: (res) =>
          res.status >= 200 && res.status < 300 && !res.invalidJson && !Array.isArray(res.json)
            ? { kind: 'retry', reason: 'dataset items are not a JSON array' }
            : undefined,
      }),
    );
    const totalHeader = response.headers.get('x-apify-pagination-total');
    const total = totalHeader !== null && /^\d+$/.test(totalHeader) ? Number(totalHeader) : null;
    return { items: response.json as unknown[], total };
  }

  return { startRun, waitForRun, readItems, log };
}
