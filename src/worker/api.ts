/**
 * The worker routes of the server (pb_hooks/scout-worker.pb.js), over the PocketBase SDK. Every
 * request and answer goes through the lease contract (src/domain/lease-contract.ts) that the
 * hooks check too: a request the contract refuses is never sent, and an answer it refuses is an
 * error, so the two sides cannot drift apart unnoticed.
 */
import type PocketBase from 'pocketbase';
import {
  claimRequestSchema,
  claimResponseSchema,
  finishRequestSchema,
  finishResponseSchema,
  heartbeatRequestSchema,
  heartbeatResponseSchema,
  releaseRequestSchema,
  resultsRequestSchema,
  resultsResponseSchema,
  workerNameSchema,
  type ClaimedRun,
  type InputSchema,
  type ResultsResponse,
} from '../domain/index.ts';
import { LeaseLostError, type WorkerApi } from './job.ts';

export interface WorkerServer extends WorkerApi {
  claim(): Promise<ClaimedRun | null>;
  writeResults(runId: string, rows: readonly Record<string, unknown>[]): Promise<ResultsResponse>;
  release(runId: string): Promise<void>;
}

/** An answer of the server that breaks the lease contract (a deploy of mismatched versions). */
export class ContractError extends Error {}

function status(error: unknown): number {
  return (error as { status?: number })?.status ?? 0;
}

/** Server calls survive a PocketBase restart or a blip: this long, backing off up to 2 s. */
const RETRY_FOR_MS = 30_000;

function retryable(error: unknown): boolean {
  const code = status(error);
  return code === 0 || code === 429 || code >= 500;
}

/** `value` checked against one side of the contract. */
function checked<T>(schema: InputSchema<T>, value: unknown, what: string): T {
  const result = schema.safeParse(value);
  if (result.success) return result.data;
  const issue = result.error.issues[0];
  throw new ContractError(`${what} breaks the lease contract: ${issue?.message ?? 'invalid'}`);
}

const runPath = (runId: string, action: string) =>
  `/api/adscout/worker/runs/${encodeURIComponent(runId)}/${action}`;

export function workerServer(
  pb: PocketBase,
  worker: string,
  sleep = (ms: number) => new Promise((r) => setTimeout(r, ms)),
): WorkerServer {
  const name = checked(workerNameSchema, worker, 'the worker name');
  /** POSTs a request the contract accepts, retrying what a restart or a blip refuses. */
  const post = async <T>(path: string, schema: InputSchema<T>, body: Omit<T, 'worker'>): Promise<unknown> => {
    const request = checked(schema, { ...body, worker: name }, `the request to ${path}`);
    const deadline = Date.now() + RETRY_FOR_MS;
    for (let attempt = 0; ; attempt++) {
      try {
        return await pb.send(path, { method: 'POST', body: request, requestKey: null });
      } catch (error) {
        if (!retryable(error) || Date.now() >= deadline) throw error;
        await sleep(Math.min(2000, 100 * 2 ** attempt) * (0.5 + Math.random() / 2));
      }
    }
  };
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
      const answer = await post('/api/adscout/worker/claim', claimRequestSchema, {});
      return checked(claimResponseSchema, answer, 'the claim answer').run;
    },
    async heartbeat(runId, progress) {
      try {
        const answer = await post(runPath(runId, 'heartbeat'), heartbeatRequestSchema, { progress });
        checked(heartbeatResponseSchema, answer, 'the heartbeat answer');
        return true;
      } catch (error) {
        if (status(error) === 409 || status(error) === 404) return false; // the lease is gone
        throw error;
      }
    },
    async writeResults(runId, rows) {
      const answer = await holding(
        post(runPath(runId, 'results'), resultsRequestSchema, { rows: [...rows] }),
      );
      return checked(resultsResponseSchema, answer, 'the results answer');
    },
    async finish(runId, outcome) {
      const answer = await holding(post(runPath(runId, 'finish'), finishRequestSchema, outcome));
      checked(finishResponseSchema, answer, 'the finish answer');
    },
    async release(runId) {
      await post(runPath(runId, 'release'), releaseRequestSchema, {}).catch((error: unknown) => {
        if (status(error) !== 409 && status(error) !== 404) throw error;
      });
    },
  };
}
