/**
 * The worker's main loop: claim a run, work it, repeat; when the queue is empty, wait for a new
 * run (a realtime wake-up) or the next poll, whichever comes first. Polling stays as the safety
 * net: realtime events are not replayed after a disconnect, and expired leases produce no event.
 */
import type { WorkerServer } from './api.ts';
import type { ClaimedRun } from './job.ts';

export interface LoopOptions {
  server: WorkerServer;
  work(run: ClaimedRun): Promise<unknown>;
  /** Resolves when there may be new work (e.g. a run was created), or never. */
  nextWake(): Promise<void>;
  idlePollMs: number;
  log(message: string): void;
  signal: AbortSignal;
}

/** Waits `ms`, or less when `signal` aborts (at once if it already has: a stop during a claim). */
function pause(ms: number, signal: AbortSignal): Promise<void> {
  return new Promise((resolve) => {
    if (signal.aborted) return resolve();
    const timer = setTimeout(done, ms);
    function done() {
      clearTimeout(timer);
      signal.removeEventListener('abort', done);
      resolve();
    }
    signal.addEventListener('abort', done, { once: true });
  });
}

export async function workLoop(options: LoopOptions): Promise<void> {
  const { server, log, signal } = options;
  let failures = 0;
  while (!signal.aborted) {
    let run: ClaimedRun | null;
    try {
      run = await server.claim();
      failures = 0;
    } catch (error) {
      failures += 1;
      log(`claim failed (${failures}): ${error instanceof Error ? error.message : String(error)}`);
      await pause(Math.min(10_000, 500 * 2 ** Math.min(failures, 5)), signal);
      continue;
    }
    if (!run) {
      await Promise.race([pause(options.idlePollMs, signal), options.nextWake()]);
      continue;
    }
    log(
      `claimed run ${run.id} (${run.requested_count} ads, attempt ${run.attempts}, ${run.stored_count} stored)`,
    );
    try {
      await options.work(run);
    } catch (error) {
      // The run keeps its lease until it expires; then it is resumed or failed by the server.
      log(`run ${run.id} stopped: ${error instanceof Error ? error.message : String(error)}`);
    }
  }
}

/** A wake-up signal that can be fired many times; each `next()` waits for the next firing. */
export function createWaker(): { fire(): void; next(): Promise<void> } {
  let resolve: (() => void) | null = null;
  let promise: Promise<void> | null = null;
  return {
    fire() {
      resolve?.();
      resolve = null;
      promise = null;
    },
    next() {
      promise ??= new Promise<void>((r) => (resolve = r));
      return promise;
    },
  };
}
