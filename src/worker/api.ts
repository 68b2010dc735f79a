/**
 * The worker routes of the server (the table's `workerClaim` and `workerRun*`,
 * src/domain/api/routes.ts), over the PocketBase SDK. Requests and answers are the lease contract
 * (src/domain/runs/lease-contract.ts): the requests are typed by it
 * and the hooks check them; every answer is checked here, so a hook whose answer drifts from the
 * contract is an error, never a silently misread run.
 */
import type PocketBase from 'pocketbase';
import {
  claimResponseSchema,
  finishResponseSchema,
  heartbeatResponseSchema,
  resultsResponseSchema,
  type ClaimedRun,
  type ClaimRequest,
  type FinishRequest,
  type HeartbeatRequest,
  type InputSchema,
  type ReleaseRequest,
  type ResultsRequest,
  type ResultsResponse,
  SERVER_ROUTES,
} from '../domain/index.ts';
import { LeaseLostError, type WorkerApi } from './job.ts';

export interface WorkerServer extends WorkerApi {
  claim(): Promise<ClaimedRun | null>;
  writeResults(
    runId: string,
    rows: readonly Record<string, unknown>[],
    libraryTotal?: number,
  ): Promise<ResultsResponse>;
  release(runId: string): Promise<void>;
}

/** An answer of the server that breaks the lease contract (a deploy of mismatched versions). */
export class ContractError extends Error {}

/** The HTTP status of a failed SDK call (0: no answer). */
export function status(error: unknown): number {
  return (error as { status?: number })?.status ?? 0;
}

/** Server calls survive a PocketBase restart or a blip: this long, backing off up to 2 s. */
export const RETRY_FOR_MS = 30_000;
/** A hand-back happens while stopping, and a stop should not hang on a server that is gone:
 * the lease then simply expires and the run is resumed all the same. */
export const RELEASE_RETRY_FOR_MS = 5_000;

function retryable(error: unknown): boolean {
  const code = status(error);
  return code === 0 || code === 429 || code >= 500;
}

/** `value` checked against one side of the contract. */
export function checked<T>(schema: InputSchema<T>, value: unknown, what: string): T {
  const result = schema.safeParse(value);
  if (result.success) return result.data;
  const issue = result.error.issues[0];
  throw new ContractError(`${what} breaks the lease contract: ${issue?.message ?? 'invalid'}`);
}

/**
 * POSTs `body` (JSON, or a FormData for an upload) to a worker route, retrying for `retryForMs`
 * what a restart or a blip refuses (no answer, 429, 5xx), backing off up to 2 s.
 */
export async function postRetrying(
  pb: PocketBase,
  path: string,
  body: unknown,
  { retryForMs = RETRY_FOR_MS, sleep = (ms: number) => new Promise((r) => setTimeout(r, ms)) } = {},
): Promise<unknown> {
  const deadline = Date.now() + retryForMs;
  for (let attempt = 0; ; attempt++) {
    try {
      return await pb.send(path, { method: 'POST', body, requestKey: null });
    } catch (error) {
      if (!retryable(error) || Date.now() >= deadline) throw error;
      await sleep(Math.min(2000, 100 * 2 ** attempt) * (0.5 + Math.random() / 2));
    }
  }
}

/**
 * POSTs a hand-back (a run, a task, a push) for at most RELEASE_RETRY_FOR_MS. A 409 or 404 means
 * it is not ours any more (its lease ran out and another took it, or it is gone): nothing to hand.
 */
export async function postRelease(
  pb: PocketBase,
  path: string,
  body: unknown,
  options: { sleep?: (ms: number) => Promise<unknown> } = {},
): Promise<void> {
  await postRetrying(pb, path, body, { ...options, retryForMs: RELEASE_RETRY_FOR_MS }).catch(
    (error: unknown) => {
      if (status(error) !== 409 && status(error) !== 404) throw error;
    },
  );
}

export function workerServer(
  pb: PocketBase,
  worker: string,
  sleep = (ms: number) => new Promise((r) => setTimeout(r, ms)),
): WorkerServer {
  /** POSTs a request of the contract, retrying what a restart or a blip refuses. */
  const post = <T extends { worker: string }>(
    path: string,
    body: Omit<T, 'worker'>,
    retryForMs = RETRY_FOR_MS,
  ): Promise<unknown> => postRetrying(pb, path, { ...body, worker } as T, { retryForMs, sleep });
  /** A 409 means another worker holds the run now. */
  const holding = async <T>(call: Promise<T>): Promise<T> => {
    try {
      return await call;
    } catch (error) {
      if (status(error) === 409) throw new LeaseLostError('the lease on this run is held by another worker');
      throw error;
    }
  };
  return {
    async claim() {
      const answer = await post<ClaimRequest>(SERVER_ROUTES.workerClaim.path, {});
      return checked(claimResponseSchema, answer, 'the claim answer').run;
    },
    async heartbeat(runId, progress, libraryTotal) {
      try {
        const answer = await post<HeartbeatRequest>(SERVER_ROUTES.workerRunHeartbeat.url(runId), {
          progress,
          ...(libraryTotal === undefined ? {} : { library_total: libraryTotal }),
        });
        checked(heartbeatResponseSchema, answer, 'the heartbeat answer');
        return true;
      } catch (error) {
        if (status(error) === 409 || status(error) === 404) return false; // the lease is gone
        throw error;
      }
    },
    async writeResults(runId, rows, libraryTotal) {
      const answer = await holding(
        post<ResultsRequest>(SERVER_ROUTES.workerRunResults.url(runId), {
          rows: [...rows],
          ...(libraryTotal === undefined ? {} : { library_total: libraryTotal }),
        }),
      );
      return checked(resultsResponseSchema, answer, 'the results answer');
    },
    async finish(runId, outcome) {
      const answer = await holding(post<FinishRequest>(SERVER_ROUTES.workerRunFinish.url(runId), outcome));
      checked(finishResponseSchema, answer, 'the finish answer');
    },
    async release(runId) {
      const request: ReleaseRequest = { worker };
      await postRelease(pb, SERVER_ROUTES.workerRunRelease.url(runId), request, { sleep });
    },
  };
}
