/**
 * Web Push end to end (docs/push.md#sending): a real scout worker makes the VAPID keys at its
 * first start, a browser's subscription is saved through the record API, a run finishes, and the
 * worker's push reaches a real push service on loopback (web-push-testing: it checks the VAPID
 * signature and decrypts the aes128gcm payload). A subscription the push service says is gone
 * (410) is deleted; a push service that answers 429 or 503 is tried again after the backoff (or
 * its Retry-After) and never more than PUSH_MAX_ATTEMPTS times. A watch's completed run is told by
 * its report's push (naming the watch, opening the report), and a report where nothing changed
 * sends nothing.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import webpush from 'web-push';
import { COLLECTIONS } from '../../src/domain/api/collections.ts';
import { SERVER_ROUTES } from '../../src/domain/api/routes.ts';
import { reportLink, reportNewsText, runLink } from '../../src/domain/push/push-message.ts';
import { reportHasNews } from '../../src/domain/reports/report-contract.ts';
import { PUSH_MAX_ATTEMPTS, PUSH_RETRY_DELAYS_SECONDS } from '../../src/domain/push/push-rules.ts';
import { publicConfigSchema } from '../../src/domain/records/entities.ts';
import { browserKeys, startPushService, type PushService } from '../fixtures/push-service.ts';
import { createWorkingRun, pausedWatch, subscriber } from '../fixtures/records.ts';
import { startRun } from '../fixtures/user-api.ts';
import { waitFor } from '../fixtures/wait-for.ts';
import { startTestServer, type TestServer, type TestUser } from './harness.ts';
import { workerPool } from './worker-runs.ts';

/** A push service that is down or busy: 429 with a Retry-After first, then 503; it counts the POSTs. */
interface BusyService {
  endpoint: string;
  url: string;
  hits: number;
  close(): Promise<void>;
}

const RETRY_AFTER_SECONDS = 120;

async function startBusyService(): Promise<BusyService> {
  const busy = { hits: 0 } as BusyService;
  const server: Server = createServer((request, response) => {
    request.resume();
    request.on('end', () => {
      busy.hits += 1;
      if (busy.hits === 1) {
        response.writeHead(429, { 'retry-after': String(RETRY_AFTER_SECONDS) });
        response.end('slow down');
      } else {
        response.writeHead(503);
        response.end('down for maintenance');
      }
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  busy.endpoint = `127.0.0.1:${port}`;
  busy.url = `http://127.0.0.1:${port}`;
  busy.close = () =>
    new Promise<void>((resolve) => {
      server.closeAllConnections();
      server.close(() => resolve());
    });
  return busy;
}

let server: TestServer;
let push: PushService;
let busy: BusyService;
let pool: Awaited<ReturnType<typeof workerPool>>;
let publicKey = '';

beforeAll(async () => {
  push = await startPushService();
  busy = await startBusyService();
  const allow = `${push.endpoint},${busy.endpoint}`;
  server = await startTestServer({ env: { MEDIA_FETCH_ALLOW: allow } });
  pool = await workerPool(server, {
    MEDIA_FETCH_ALLOW: allow,
    MEDIA_CONCURRENCY: '0',
    SCOUT_DEMO_PACE_MS: '0',
    SCOUT_IDLE_POLL_MS: '200',
  });
  pool.start('push-worker');
  // the worker's first start made the keys: the config route shows the public one
  const config = await waitFor(
    'the VAPID public key in the config route',
    async () =>
      publicConfigSchema.parse(await (await fetch(`${server.url}${SERVER_ROUTES.config.path}`)).json()),
    (body) => body.vapidPublicKey !== '',
    { timeoutMs: 60_000 },
  );
  publicKey = config.vapidPublicKey;
}, 120_000);

afterAll(async () => {
  await pool?.stopAll();
  await server?.stop();
  await pool?.remove();
  await push?.close();
  await busy?.close();
});

/** Saves a subscription as the browser would, through the record API. */
function saveSubscription(user: TestUser, endpoint: string, keys: { p256dh: string; auth: string }) {
  return user.pb.collection(COLLECTIONS.pushSubscriptions).create({ user: user.id, endpoint, ...keys });
}

async function finishedRun(user: TestUser, term: string) {
  const run = await startRun(user, { term, requested_count: 5 });
  return waitFor(
    `run ${run.id} to finish`,
    () => server.superuser.collection(COLLECTIONS.searchRuns).getOne(run.id),
    (r) => r.status === 'completed' || r.status === 'failed',
    { timeoutMs: 90_000 },
  );
}

const messagesOf = (user: string) =>
  server.superuser.collection(COLLECTIONS.pushMessages).getFullList({ filter: `user = "${user}"` });

describe('sending a push', () => {
  it('keeps the keys the first worker made, and never shows the private one', async () => {
    const secrets = await server.superuser.collection(COLLECTIONS.serverSecrets).getFullList();
    expect(secrets.map((s) => s.name)).toEqual(['vapid_keys']);
    expect(JSON.parse(String(secrets[0]!.value)).publicKey).toBe(publicKey);
    const user = await subscriber(server.superuser, server, 'push-secrets');
    // superusers only: a user reads no secret
    const listed = await user.pb
      .collection(COLLECTIONS.serverSecrets)
      .getFullList()
      .catch((error: { status: number }) => error.status);
    expect(listed).toBe(403);
    // a later worker gets the same pair, whatever it offers
    const answer = await server.worker.send(SERVER_ROUTES.pushKeys.path, {
      method: 'POST',
      body: { worker: 'push-worker-2', offer: webpush.generateVAPIDKeys() },
    });
    expect(answer.publicKey).toBe(publicKey);
    expect(await server.superuser.collection(COLLECTIONS.serverSecrets).getFullList()).toHaveLength(1);
  }, 120_000);

  it('delivers a finished run to the push service, signed and encrypted, naming the run and opening it', async () => {
    const user = await subscriber(server.superuser, server, 'push-delivered');
    const subscription = await push.subscribe(publicKey);
    await saveSubscription(user, subscription.endpoint, subscription.keys);

    const run = await finishedRun(user, 'push lamp');
    const messages = await waitFor(
      'the push to be delivered and decrypted',
      () => push.messages(subscription.clientHash),
      (list) => list.length > 0,
      { timeoutMs: 60_000 },
    );
    expect(messages).toHaveLength(1);
    const payload = JSON.parse(messages[0]!) as Record<string, string>;
    expect(payload).toMatchObject({ kind: 'run', url: runLink(run.id), run: run.id, tag: `run-${run.id}` });
    expect(payload.body).toContain('push lamp');
    // a push delivered leaves the queue
    await waitFor(
      'the queue to be empty',
      () => messagesOf(user.id),
      (list) => list.length === 0,
    );
  }, 180_000);

  it('deletes a subscription the push service says is gone (410), with what was queued for it', async () => {
    const user = await subscriber(server.superuser, server, 'push-gone');
    const subscription = await push.subscribe(publicKey);
    const saved = await saveSubscription(user, subscription.endpoint, subscription.keys);
    await push.expire(subscription.clientHash);

    await finishedRun(user, 'gone lamp');
    await waitFor(
      'the expired subscription to be deleted',
      () => user.pb.collection(COLLECTIONS.pushSubscriptions).getFullList(),
      (list) => !list.some((s) => s.id === saved.id),
      { timeoutMs: 60_000 },
    );
    expect(await messagesOf(user.id)).toEqual([]);
    expect(await push.messages(subscription.clientHash)).toEqual([]);
  }, 180_000);

  it('tries again after 429 and 503, after the backoff or Retry-After, and never more than the bound', async () => {
    const user = await subscriber(server.superuser, server, 'push-busy');
    await saveSubscription(user, `${busy.url}/push/busy`, browserKeys());
    const hitsBefore = busy.hits;
    await finishedRun(user, 'busy lamp');

    for (let attempt = 1; attempt <= PUSH_MAX_ATTEMPTS; attempt++) {
      const settled = await waitFor(
        `attempt ${attempt} to be settled`,
        () => messagesOf(user.id),
        (list) =>
          list.length === 1 &&
          list[0]!.attempts === attempt &&
          list[0]!.lease_owner === '' &&
          busy.hits - hitsBefore === attempt,
        { timeoutMs: 60_000 },
      );
      const message = settled[0]!;
      if (attempt === PUSH_MAX_ATTEMPTS) {
        expect(message.status).toBe('failed');
        expect(message.last_error).toContain('503');
        break;
      }
      expect(message.status).toBe('pending');
      const waitSeconds =
        (Date.parse(String(message.next_attempt_at).replace(' ', 'T')) -
          Date.parse(String(message.updated).replace(' ', 'T'))) /
        1000;
      // the first answer asked for RETRY_AFTER_SECONDS, longer than the first backoff
      const expected =
        attempt === 1
          ? Math.max(RETRY_AFTER_SECONDS, PUSH_RETRY_DELAYS_SECONDS[0])
          : PUSH_RETRY_DELAYS_SECONDS[attempt - 1]!;
      expect(waitSeconds).toBeGreaterThanOrEqual(expected - 1);
      expect(waitSeconds).toBeLessThanOrEqual(expected + 1);
      // the time passes: the push is due now
      await server.superuser
        .collection(COLLECTIONS.pushMessages)
        .update(message.id, { next_attempt_at: String(message.updated) });
    }
    // failed for good: due or not, no worker can claim it again
    const [failed] = await messagesOf(user.id);
    await server.superuser
      .collection(COLLECTIONS.pushMessages)
      .update(failed!.id, { next_attempt_at: String(failed!.updated) });
    const claim = await server.worker.send(SERVER_ROUTES.pushClaim.path, {
      method: 'POST',
      body: { worker: 'test-claimer', limit: 32 },
    });
    expect(claim.pushes).toEqual([]);
    expect(busy.hits - hitsBefore).toBe(PUSH_MAX_ATTEMPTS);
  }, 300_000);

  it('a watch run is told by its report: the report with news pushes, naming the watch and opening it; one where nothing changed pushes nothing', async () => {
    const user = await subscriber(server.superuser, server, 'push-report');
    const subscription = await push.subscribe(publicKey);
    await saveSubscription(user, subscription.endpoint, subscription.keys);
    const watch = await server.superuser
      .collection(COLLECTIONS.watches)
      .create(pausedWatch(user.id, 'Posture US'));
    const received = () => push.messages(subscription.clientHash);
    const payloads = async () => (await received()).map((m) => JSON.parse(m) as Record<string, string>);

    /** A run of the watch, done by the real worker (the demo Library), and its report, stored by the worker. */
    async function watchRunReport() {
      const runId = await createWorkingRun(server.superuser, user.id, {
        search_name: 'Posture US',
        facebook_link: String(watch.facebook_link),
        requested_count: 5,
        watch: watch.id,
      });
      const [report] = await waitFor(
        `the report of run ${runId}`,
        () =>
          server.superuser
            .collection(COLLECTIONS.reports)
            .getFullList({ filter: server.superuser.filter('run = {:run}', { run: runId }) }),
        (list) => list.length === 1,
        { timeoutMs: 120_000 },
      );
      return report!;
    }
    const news = (report: Record<string, unknown>) =>
      reportHasNews({
        new_count: Number(report.new_count),
        stopped_count: Number(report.stopped_count),
        resumed_count: Number(report.resumed_count),
        products_count: Number(report.products_count),
        stores_count: Number(report.stores_count),
      });

    // the first run reports everything as new: its report's push arrives, and it is the only one
    const first = await watchRunReport();
    expect(news(first)).toBe(true);
    const [pushed] = await waitFor('the report’s push', payloads, (list) => list.length > 0, {
      timeoutMs: 60_000,
    });
    expect(pushed).toEqual({
      kind: 'report',
      title: 'Posture US',
      body: reportNewsText({
        new_count: Number(first.new_count),
        stopped_count: Number(first.stopped_count),
        resumed_count: Number(first.resumed_count),
        products_count: Number(first.products_count),
        stores_count: Number(first.stores_count),
      }),
      url: reportLink(first.id),
      tag: `report-${first.id}`,
      run: String(first.run),
    });
    expect(pushed!.body).toMatch(/^\d[\d,]* new ads?\b/);

    // the same search again within the demo day: nothing changed (a demo day that ended between
    // two runs brings news; the next run then falls within one day)
    const reports = [first];
    for (let i = 0; i < 3 && news(reports.at(-1)!); i++) reports.push(await watchRunReport());
    expect(news(reports.at(-1)!)).toBe(false);

    // a run the user started still pushes as it finishes: once it arrived and the queue is empty,
    // everything queued before it went out too, and nothing more came for the quiet report
    const own = await finishedRun(user, 'posture chair');
    await waitFor(
      'the user’s own run’s push, and an empty queue',
      async () => ({ got: await payloads(), queued: await messagesOf(user.id) }),
      ({ got, queued }) => got.some((p) => p.run === own.id) && queued.length === 0,
      { timeoutMs: 60_000 },
    );
    const all = await payloads();
    expect(all.filter((p) => p.kind === 'run').map((p) => p.run)).toEqual([own.id]);
    expect(all.filter((p) => p.kind === 'report').map((p) => p.url)).toEqual(
      reports.filter(news).map((r) => reportLink(r.id)),
    );
  }, 400_000);
});
