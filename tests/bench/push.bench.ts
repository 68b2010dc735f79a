/**
 * 1,000 pushes to a push service on loopback (docs/push.md#sending, docs/benchmarks/push.md):
 * - the worker's sender (src/worker/push/push-sender.ts: web-push encrypts with aes128gcm and
 *   signs with VAPID, the request goes through the guarded agent) sending 1,000 pushes to
 *   web-push-testing, which checks each signature and decrypts each payload, PUSH_CONCURRENCY_DEFAULT
 *   at once: pushes per second, beside the same-run reference of 1,000 plain POSTs of requests
 *   prepared once (the same bytes, no encryption, signing or guard) to the same service;
 * - retries: 1,000 pushes to a double answering 503 (and 429 with a Retry-After) a set number of
 *   times, each answer settled by the queue's rule (src/domain/push/push-rules.ts's pushRetry) on a
 *   virtual clock that jumps to the next due push: the most sends of one push (≤ PUSH_MAX_ATTEMPTS)
 *   and the shortest wait between two sends of a push, against the backoff it was owed (never
 *   shorter). The server's own queue keeps that rule over real time in
 *   tests/integration/push-sending.test.ts.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Agent, fetch } from 'undici';
import webpush from 'web-push';
import type { PushJob, VapidKeys } from '../../src/domain/push/push-contract.ts';
import { pushPayload, runFinishedPush } from '../../src/domain/push/push-message.ts';
import {
  PUSH_CONCURRENCY_DEFAULT,
  PUSH_MAX_ATTEMPTS,
  PUSH_RETRY_DELAYS_SECONDS,
  PUSH_TTL_SECONDS,
  pushRetry,
} from '../../src/domain/push/push-rules.ts';
import { createPushSender } from '../../src/worker/push/push-sender.ts';
import { browserKeys, startPushService, type TestSubscription } from '../fixtures/push-service.ts';
import type { Benchmark, Measurement } from './types.ts';

const PUSHES = 1000;
const SUBSCRIPTIONS = 20;
const NAME = '1,000 pushes to a loopback push service';

/** Runs `work(i)` for i < count, `concurrency` at once; the wall time in ms. */
async function pool(count: number, concurrency: number, work: (i: number) => Promise<void>): Promise<number> {
  let next = 0;
  const started = performance.now();
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (next < count) await work(next++);
    }),
  );
  return performance.now() - started;
}

function job(i: number, subscription: { endpoint: string; keys: { p256dh: string; auth: string } }): PushJob {
  const run = `benchrun${String(i).padStart(7, '0')}`;
  return {
    id: `push${i}`,
    endpoint: subscription.endpoint,
    p256dh: subscription.keys.p256dh,
    auth: subscription.keys.auth,
    payload: pushPayload(
      runFinishedPush({ id: run, search_name: `Bench watch ${i}`, status: 'completed', new_count: i % 50 }),
    ),
    ttl: PUSH_TTL_SECONDS,
    topic: `run-${run}`,
    attempts: 1,
    lease_expires_at: '',
  };
}

async function throughput(keys: VapidKeys): Promise<Measurement[]> {
  const service = await startPushService();
  const sender = createPushSender({ allow: [service.endpoint] });
  const reference = new Agent();
  try {
    const subscriptions: TestSubscription[] = [];
    for (let i = 0; i < SUBSCRIPTIONS; i++) subscriptions.push(await service.subscribe(keys.publicKey));
    const jobs = Array.from({ length: PUSHES }, (_, i) => job(i, subscriptions[i % SUBSCRIPTIONS]!));
    // warm up both paths
    for (const j of jobs.slice(0, 20)) await sender.send(j, keys, AbortSignal.timeout(10_000));

    // the reference: the same requests, prepared before the clock starts
    const prepared = jobs.map((j) =>
      webpush.generateRequestDetails(
        { endpoint: j.endpoint, keys: { p256dh: j.p256dh, auth: j.auth } },
        j.payload,
        {
          vapidDetails: keys,
          TTL: j.ttl,
          contentEncoding: 'aes128gcm',
        },
      ),
    );
    let plainFailures = 0;
    const plainMs = await pool(PUSHES, PUSH_CONCURRENCY_DEFAULT, async (i) => {
      const details = prepared[i]!;
      const headers: Record<string, string> = {};
      for (const [name, value] of Object.entries(details.headers))
        if (name.toLowerCase() !== 'content-length') headers[name] = String(value);
      const response = await fetch(details.endpoint, {
        method: 'POST',
        headers,
        body: details.body ? new Uint8Array(details.body) : null,
        dispatcher: reference,
      });
      await response.text();
      if (response.status >= 300) plainFailures++;
    });

    let failures = 0;
    const sendMs = await pool(PUSHES, PUSH_CONCURRENCY_DEFAULT, async (i) => {
      const result = await sender.send(jobs[i]!, keys, AbortSignal.timeout(30_000));
      if (result.outcome !== 'sent') failures++;
    });
    const delivered = (await Promise.all(subscriptions.map((s) => service.messages(s.clientHash)))).flat();
    // the warm-up's 20, both rounds' 1,000
    const expected = 20 + 2 * PUSHES;
    if (failures || plainFailures || delivered.length !== expected)
      throw new Error(
        `pushes not all delivered: ${failures} refused, ${plainFailures} plain refused, ${delivered.length} of ${expected} decrypted`,
      );
    const rate = (PUSHES / sendMs) * 1000;
    const plainRate = (PUSHES / plainMs) * 1000;
    return [
      {
        benchmark: NAME,
        metric: `sent, encrypted and signed (${PUSH_CONCURRENCY_DEFAULT} at once)`,
        value: rate,
        unit: 'pushes/s',
        note: `${(sendMs / 1000).toFixed(2)} s for ${PUSHES}; web-push-testing checked each VAPID signature and decrypted each payload`,
      },
      {
        benchmark: NAME,
        metric: 'reference: the same requests prepared beforehand, plain POSTs',
        value: plainRate,
        unit: 'pushes/s',
      },
      {
        benchmark: NAME,
        metric: 'send time / reference',
        value: sendMs / plainMs,
        unit: '×',
      },
    ];
  } finally {
    await sender.close();
    await reference.close();
    await service.close();
  }
}

/** A push service that is busy: the first `failures(push)` sends of a push answer 429 or 503. */
async function startBusyService(failuresOf: (push: string) => number) {
  const sends = new Map<string, number>();
  const server: Server = createServer((request, response) => {
    request.resume();
    request.on('end', () => {
      const push = (request.url ?? '').split('/').pop() ?? '';
      const n = (sends.get(push) ?? 0) + 1;
      sends.set(push, n);
      if (n > failuresOf(push)) {
        response.writeHead(201);
        response.end();
      } else if (n === 1 && Number(push.replace(/\D/g, '')) % 7 === 0) {
        response.writeHead(429, { 'retry-after': '120' });
        response.end();
      } else {
        response.writeHead(503);
        response.end();
      }
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    endpoint: `127.0.0.1:${port}`,
    url: `http://127.0.0.1:${port}`,
    sends,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

async function retries(keys: VapidKeys): Promise<Measurement[]> {
  // push i fails (i mod 6) times: 0 to 5, so some never get through in PUSH_MAX_ATTEMPTS sends
  const failuresOf = (push: string) => Number(push.replace(/\D/g, '')) % 6;
  const busy = await startBusyService(failuresOf);
  const sender = createPushSender({ allow: [busy.endpoint] });
  const browser = browserKeys();
  try {
    let clock = Date.parse('2026-11-28T07:00:00Z');
    const expires = clock + PUSH_TTL_SECONDS * 1000;
    interface Queued {
      job: PushJob;
      attempts: number;
      due: number;
      sentAt: number[];
      owed: number[];
      done: boolean;
    }
    const queue: Queued[] = Array.from({ length: PUSHES }, (_, i) => ({
      job: job(i, { endpoint: `${busy.url}/push/p${i}`, keys: browser }),
      attempts: 0,
      due: clock,
      sentAt: [],
      owed: [],
      done: false,
    }));
    let failedForGood = 0;
    const started = performance.now();
    for (;;) {
      const pending = queue.filter((q) => !q.done);
      if (pending.length === 0) break;
      // the virtual clock jumps to the next due push
      clock = Math.max(clock, Math.min(...pending.map((q) => q.due)));
      const due = pending.filter((q) => q.due <= clock);
      await pool(due.length, PUSH_CONCURRENCY_DEFAULT, async (i) => {
        const q = due[i]!;
        q.attempts += 1;
        q.sentAt.push(clock);
        const result = await sender.send(q.job, keys, AbortSignal.timeout(30_000));
        if (result.outcome === 'sent') {
          q.done = true;
          return;
        }
        const decision = pushRetry(q.attempts, result.retryAfterSeconds, clock, expires);
        if (decision.status === 'failed') {
          q.done = true;
          failedForGood++;
          return;
        }
        q.due = decision.nextAttemptMs;
        q.owed.push(
          Math.max(PUSH_RETRY_DELAYS_SECONDS[q.attempts - 1]!, result.retryAfterSeconds ?? 0) * 1000,
        );
      });
    }
    const wallMs = performance.now() - started;
    const mostSends = Math.max(...queue.map((q) => q.sentAt.length));
    // the wait before each retry, less the backoff it was owed: never below 0
    let leastMargin = Infinity;
    for (const q of queue)
      for (let k = 1; k < q.sentAt.length; k++)
        leastMargin = Math.min(leastMargin, q.sentAt[k]! - q.sentAt[k - 1]! - q.owed[k - 1]!);
    const totalSends = [...busy.sends.values()].reduce((a, b) => a + b, 0);
    return [
      {
        benchmark: NAME,
        metric: 'retries: most sends of one push',
        value: mostSends,
        unit: 'sends',
        target: `≤ ${PUSH_MAX_ATTEMPTS}`,
        met: mostSends <= PUSH_MAX_ATTEMPTS,
        note: `${totalSends} sends for ${PUSHES} pushes (each failing 0 to 5 times), ${failedForGood} failed for good, ${(wallMs / 1000).toFixed(2)} s of real time`,
      },
      {
        benchmark: NAME,
        metric: 'retries: shortest wait beyond the backoff owed',
        value: leastMargin / 1000,
        unit: 's',
        target: '≥ 0',
        met: leastMargin >= 0,
      },
    ];
  } finally {
    await sender.close();
    await busy.close();
  }
}

const benchmark: Benchmark = {
  name: NAME,
  async run() {
    const pair = webpush.generateVAPIDKeys();
    const keys: VapidKeys = { ...pair, subject: 'mailto:bench@adscout.test' };
    return [...(await throughput(keys)), ...(await retries(keys))];
  },
};

export default benchmark;
