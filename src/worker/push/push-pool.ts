/**
 * The push pool beside the run loop and the archive pool (docs/push.md#sending): up to
 * PUSH_CONCURRENCY pushes at once. It gets the server's VAPID keys first (offering a pair of its
 * own, which the server keeps when it has none: src/hooks/config/vapid-keys.ts), then, while
 * slots are free, claims as many pushes as there are, sends each (push-sender.ts) and settles it
 * with the push service's answer. When the queue is empty it waits for a wake-up (the server's
 * WORK_TOPIC) or the next poll. Each send stops when the worker stops or shortly before its lease
 * ends; a push stopped that way is handed back, or left for the lease to run out. Nothing a push
 * does, and no server outage, ends the pool or the worker's runs.
 */
import type { PushJob, VapidKeys } from '../../domain/push/push-contract.ts';
import { messageOf } from '../../domain/text/error-message.ts';
import { createWaker, wait, type Waker } from '../loop.ts';
import { workTimeMs } from '../media/archive-pool.ts';
import type { PushServer } from './push-api.ts';
import type { PushSender } from './push-sender.ts';
import { checkVapidPair, makeVapidOffer } from './vapid.ts';

export interface PushPoolOptions {
  server: PushServer;
  sender: PushSender;
  /** PUSH_CONCURRENCY: the most pushes sent at once (0 never calls the pool). */
  concurrency: number;
  wake: Waker;
  idlePollMs: number;
  log(message: string): void;
  signal: AbortSignal;
  now?: () => number;
  /** The worker's pause after a failed call to the server (tests pass their own). */
  backoffMs?: (failures: number) => number;
  /** The keys the worker already got (fetchVapidKeys before its ready line); asked for otherwise. */
  keys?: VapidKeys | null;
}

/** The server's VAPID keys, offering a pair of this worker's own for the server to keep if it has none. */
export async function fetchVapidKeys(server: PushServer): Promise<VapidKeys> {
  const answer = await server.keys(makeVapidOffer());
  checkVapidPair(answer);
  return answer;
}

const pbDateMs = (value: string) => Date.parse(value.replace(' ', 'T'));

export async function pushPool(options: PushPoolOptions): Promise<void> {
  const { server, sender, log, signal } = options;
  const now = options.now ?? Date.now;
  const backoffMs =
    options.backoffMs ?? ((failures: number) => Math.min(10_000, 500 * 2 ** Math.min(failures, 5)));
  const concurrency = Math.max(1, Math.floor(options.concurrency));
  const active = new Set<Promise<void>>();
  const freed = createWaker();
  let keys: VapidKeys | null = options.keys ?? null;
  let failures = 0;
  const fetchKeys = () => fetchVapidKeys(server);

  const start = (job: PushJob, pair: VapidKeys) => {
    const task = (async () => {
      const leaseOver = AbortSignal.timeout(workTimeMs(pbDateMs(job.lease_expires_at) - now()));
      let result;
      try {
        result = await sender.send(job, pair, AbortSignal.any([signal, leaseOver]));
      } catch (error) {
        if (signal.aborted && !leaseOver.aborted) {
          await server.release(job.id);
          log(`handed back push ${job.id}`);
        } else {
          log(`push ${job.id}: its lease ran out (${messageOf(error)}), left to another claim`);
        }
        return;
      }
      if (result.outcome !== 'sent')
        log(`push ${job.id} (attempt ${job.attempts}): ${result.outcome}, ${result.detail}`);
      await server.settle(job.id, {
        outcome: result.outcome,
        error: result.detail,
        ...(result.retryAfterSeconds !== undefined ? { retry_after_seconds: result.retryAfterSeconds } : {}),
      });
    })()
      .catch((error: unknown) => log(`push ${job.id}: ${messageOf(error)}`))
      .finally(() => {
        active.delete(task);
        freed.fire();
      });
    active.add(task);
  };

  while (!signal.aborted) {
    const free = concurrency - active.size;
    if (free <= 0) {
      await wait(options.idlePollMs, signal, freed);
      continue;
    }
    const seen = options.wake.fired;
    let pushes: PushJob[];
    let pair: VapidKeys;
    try {
      keys ??= await fetchKeys();
      const claimed = await server.claim(free);
      // the server's keys changed (VAPID_* set and the server restarted): sign with the new ones
      if (claimed.vapidPublicKey && claimed.vapidPublicKey !== keys.publicKey) keys = await fetchKeys();
      pushes = claimed.pushes;
      pair = keys;
      failures = 0;
    } catch (error) {
      failures += 1;
      log(`push claim failed (${failures}): ${messageOf(error)}`);
      await wait(backoffMs(failures), signal);
      continue;
    }
    // Claimed as the stop arrived, or more than asked for: handed straight back, not sent.
    const extra = signal.aborted ? pushes : pushes.slice(free);
    await Promise.all(
      extra.map((job) =>
        server.release(job.id).catch((error: unknown) => log(`push ${job.id}: ${messageOf(error)}`)),
      ),
    );
    if (signal.aborted) break;
    for (const job of pushes.slice(0, free)) start(job, pair);
    if (pushes.length === 0) await wait(options.idlePollMs, signal, options.wake, seen);
  }
  await Promise.all(active);
}
