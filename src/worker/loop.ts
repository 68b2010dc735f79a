/**
 * The worker's main loop: a pool of up to `concurrency` runs worked at once, in one process.
 * Sources spend their time waiting (an Apify actor, Graph pages, the demo pace), so the runs are
 * async jobs side by side, each with its own lease, heartbeat and batches (src/worker/job.ts).
 *
 * While a slot is free the loop claims (the server hands out the oldest unclaimed run, one per
 * claim); when the queue is empty it waits for a new run (a realtime wake-up) or the next poll,
 * whichever comes first; when every slot is busy it waits for a job to end. Polling stays as the
 * safety net: realtime events are not replayed after a disconnect, and expired leases produce no
 * event. On abort it stops claiming and waits for its jobs, which hand their runs back.
 */
import { messageOf } from '../domain/text/error-message.ts';
import type { WorkerServer } from './api.ts';
import type { ClaimedRun } from './job.ts';

export interface LoopOptions {
  server: Pick<WorkerServer, 'claim' | 'release'>;
  /** Works one run to its end (settled, abandoned or handed back); errors are logged. */
  work(run: ClaimedRun): Promise<unknown>;
  /** Fired when there may be new work (a run was created or went back to the queue). */
  wake: Waker;
  idlePollMs: number;
  /** The most runs worked at once (SCOUT_CONCURRENCY). */
  concurrency: number;
  log(message: string): void;
  signal: AbortSignal;
}

/** A wake-up signal that can be fired many times. `fired` counts the firings, so a waiter that
 * noted the count before looking for work also wakes for a firing that came while it looked. */
export interface Waker {
  readonly fired: number;
  fire(): void;
  listen(listener: () => void): () => void;
}

export function createWaker(): Waker {
  const listeners = new Set<() => void>();
  let fired = 0;
  return {
    get fired() {
      return fired;
    },
    fire() {
      fired += 1;
      for (const listener of [...listeners]) listener();
    },
    listen(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}

/**
 * Waits `ms`, or less when `signal` aborts (at once if it already has) or `waker` fires after its
 * count was `seen` (at once if it already has). Leaves no timer or listener behind.
 */
export function wait(ms: number, signal: AbortSignal, waker?: Waker, seen = waker?.fired): Promise<void> {
  return new Promise((resolve) => {
    if (signal.aborted || (waker && waker.fired !== seen)) return resolve();
    const timer = setTimeout(done, ms);
    const unlisten = waker?.listen(done);
    signal.addEventListener('abort', done, { once: true });
    function done() {
      clearTimeout(timer);
      unlisten?.();
      signal.removeEventListener('abort', done);
      resolve();
    }
  });
}

export async function workLoop(options: LoopOptions): Promise<void> {
  const { server, log, signal } = options;
  const concurrency = Math.max(1, Math.floor(options.concurrency));
  const active = new Map<string, Promise<void>>();
  const slotFreed = createWaker();
  let failures = 0;
  while (!signal.aborted) {
    if (active.size >= concurrency) {
      await wait(options.idlePollMs, signal, slotFreed);
      continue;
    }
    const seen = options.wake.fired;
    let run: ClaimedRun | null;
    try {
      run = await server.claim();
      failures = 0;
    } catch (error) {
      failures += 1;
      log(`claim failed (${failures}): ${messageOf(error)}`);
      await wait(Math.min(10_000, 500 * 2 ** Math.min(failures, 5)), signal);
      continue;
    }
    if (signal.aborted) {
      // Claimed while the stop arrived: hand it straight back rather than start it.
      if (run) await handBack(options, run);
      break;
    }
    if (!run) {
      await wait(options.idlePollMs, signal, options.wake, seen);
      continue;
    }
    const claimed = run;
    log(
      `claimed run ${claimed.id} (${claimed.requested_count} ads, attempt ${claimed.attempts}, ${claimed.stored_count} stored; ${active.size + 1} of ${concurrency} slots busy)`,
    );
    const job = options
      .work(claimed)
      .then(
        () => undefined,
        // The run keeps its lease until it expires; then it is resumed or failed by the server.
        (error: unknown) => log(`run ${claimed.id} stopped: ${messageOf(error)}`),
      )
      .finally(() => {
        active.delete(claimed.id);
        slotFreed.fire();
      });
    active.set(claimed.id, job);
  }
  await Promise.all(active.values());
}

async function handBack(options: LoopOptions, run: ClaimedRun): Promise<void> {
  try {
    await options.server.release(run.id);
    options.log(`handed back run ${run.id}, claimed as the worker was stopping`);
  } catch (error) {
    options.log(`could not hand back run ${run.id} (its lease will expire): ${messageOf(error)}`);
  }
}
