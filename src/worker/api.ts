/** The worker routes of the server (pb_hooks/scout-worker.pb.js), over the PocketBase SDK. */
import type PocketBase from 'pocketbase';
import { LeaseLostError, type ClaimedRun, type WorkerApi, type WriteOutcome } from './job.ts';

export interface WorkerServer extends WorkerApi {
  claim(): Promise<ClaimedRun | null>;
  release(runId: string): Promise<void>;
}

function status(error: unknown): number {
  return (error as { status?: number })?.status ?? 0;
}

/** Server calls survive a PocketBase restart or a blip: this long, backing off up to 2 s. */
const RETRY_FOR_MS = 30_000;

function retryable(error: unknown): boolean {
  const code = status(error);
  return code === 0 || code === 429 || code >= 500;
}

export function workerServer(
  pb: PocketBase,
  worker: string,
  sleep = (ms: number) => new Promise((r) => setTimeout(r, ms)),
): WorkerServer {
  const post = async <T>(path: string, body: Record<string, unknown> = {}): Promise<T> => {
    const deadline = Date.now() + RETRY_FOR_MS;
    for (let attempt = 0; ; attempt++) {
      try {
        return await pb.send<T>(path, { method: 'POST', body: { worker, ...body }, requestKey: null });
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
      const { run } = await post<{ run: ClaimedRun | null }>('/api/adscout/worker/claim');
      return run;
    },
    async heartbeat(runId, progress) {
      try {
        await post(`/api/adscout/worker/runs/${encodeURIComponent(runId)}/heartbeat`, { progress });
        return true;
      } catch (error) {
        if (status(error) === 409 || status(error) === 404) return false; // the lease is gone
        throw error;
      }
    },
    async writeResults(runId, rows) {
      return holding(
        post<WriteOutcome>(`/api/adscout/worker/runs/${encodeURIComponent(runId)}/results`, { rows }),
      );
    },
    async finish(runId, outcome) {
      await holding(post(`/api/adscout/worker/runs/${encodeURIComponent(runId)}/finish`, { ...outcome }));
    },
    async release(runId) {
      await post(`/api/adscout/worker/runs/${encodeURIComponent(runId)}/release`).catch((error: unknown) => {
        if (status(error) !== 409 && status(error) !== 404) throw error;
      });
    },
  };
}
