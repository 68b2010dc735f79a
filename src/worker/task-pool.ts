/**
 * A pool of leased tasks beside the run loop: the creative archive's (docs/creatives.md#the-flow,
 * src/worker/media/archive-pool.ts) and the reports' (docs/reports.md, src/worker/reports). Up to
 * `concurrency` tasks at once. While slots are free it claims as many tasks as there are free
 * slots; when the queue is empty it waits for a wake-up (this worker wrote a run's rows or
 * finished a run, or the server's realtime WORK_TOPIC) or the next poll. Each task runs under a
 * signal that aborts when the worker stops or shortly before the task's lease ends, so no task is
 * worked on a lease that has passed (the server's lease keeps two workers off one task). On stop
 * the pool claims no more, and hands the tasks in flight back at once (`release`).
 */
import { messageOf } from '../domain/text/error-message.ts';
import { createWaker, wait, type Waker } from './loop.ts';

/**
 * A task's work stops this long before its lease ends (the last calls still reach the server);
 * of a shorter lease (MEDIA_LEASE_SECONDS under 15), a third of it, so that the work gets any time.
 */
export const LEASE_MARGIN_MS = 5_000;

/** How long a task may be worked on, from now: its lease left, less the margin. */
export function workTimeMs(leaseLeftMs: number): number {
  return Math.max(0, Math.floor(leaseLeftMs - Math.min(LEASE_MARGIN_MS, leaseLeftMs / 3)));
}

/** The server says this worker no longer holds the task (409), or knows no such task (404). */
export class TaskLostError extends Error {}

/** A task as a claim hands it out: its id and when its lease ends. */
export interface LeasedTask {
  id: string;
  lease_expires_at: string;
}

/** When a task's lease ends, in epoch ms (PocketBase writes dates as `2025-01-02 03:04:05.678Z`). */
export function leaseEnd(task: Pick<LeasedTask, 'lease_expires_at'>): number {
  return Date.parse(task.lease_expires_at.replace(' ', 'T'));
}

export interface TaskPoolOptions<T extends LeasedTask> {
  /** What the log calls one task ('media task', 'report task'); its first word names the claim. */
  label: string;
  server: { claim(limit: number): Promise<T[]>; release(taskId: string): Promise<void> };
  /** Works one task; 'stopped' when its signal stopped it (then it is handed back, or left to its lease). */
  work(task: T, signal: AbortSignal): Promise<string>;
  /** The most tasks at once (0 never calls the pool). */
  concurrency: number;
  wake: Waker;
  idlePollMs: number;
  log(message: string): void;
  signal: AbortSignal;
  now?: () => number;
}

export async function taskPool<T extends LeasedTask>(options: TaskPoolOptions<T>): Promise<void> {
  const { server, log, signal, label } = options;
  const now = options.now ?? Date.now;
  const concurrency = Math.max(1, Math.floor(options.concurrency));
  const active = new Set<Promise<void>>();
  const slotFreed = createWaker();
  let failures = 0;

  // Nothing a task does, synchronously or not, may end the pool (and with it the worker's runs):
  // every step of a task is inside its own promise chain.
  const start = (task: T) => {
    const job = (async () => {
      const leaseOver = AbortSignal.timeout(workTimeMs(leaseEnd(task) - now()));
      const outcome = await options
        .work(task, AbortSignal.any([signal, leaseOver]))
        .catch((error: unknown) => {
          log(`${label} ${task.id} stopped: ${messageOf(error)}`);
          return 'failed' as const;
        });
      if (outcome !== 'stopped') return;
      if (signal.aborted && !leaseOver.aborted) {
        await server.release(task.id);
        log(`handed back ${label} ${task.id}`);
      } else if (leaseOver.aborted) {
        log(`${label} ${task.id}: its lease ran out, left to another claim`);
      }
    })()
      .catch((error: unknown) => log(`${label} ${task.id}: ${messageOf(error)}`))
      .finally(() => {
        active.delete(job);
        slotFreed.fire();
      });
    active.add(job);
  };

  while (!signal.aborted) {
    const free = concurrency - active.size;
    if (free <= 0) {
      await wait(options.idlePollMs, signal, slotFreed);
      continue;
    }
    const seen = options.wake.fired;
    let tasks: T[];
    try {
      tasks = await server.claim(free);
      failures = 0;
    } catch (error) {
      failures += 1;
      log(`${label.split(' ')[0]} claim failed (${failures}): ${messageOf(error)}`);
      await wait(Math.min(10_000, 500 * 2 ** Math.min(failures, 5)), signal);
      continue;
    }
    // Claimed as the stop arrived, or more than asked for: handed straight back, not started.
    const extra = signal.aborted ? tasks : tasks.slice(free);
    await Promise.all(
      extra.map((task) =>
        server.release(task.id).catch((error: unknown) => log(`${label} ${task.id}: ${messageOf(error)}`)),
      ),
    );
    if (signal.aborted) break;
    for (const task of tasks.slice(0, free)) start(task);
    if (tasks.length === 0) await wait(options.idlePollMs, signal, options.wake, seen);
  }
  await Promise.all(active);
}
