/**
 * The scout workers sign in with their own account (the `workers` collection), never as a
 * superuser: a worker host that is taken over holds a credential that calls the lease routes and
 * nothing else. It reads and writes no collection, never reaches the admin API, and hears of new
 * runs only on a realtime topic that says "there is work" and that nobody else may join. What a
 * superuser had for free stays: no rate-limit rule for /api/ throttles the lease routes, and its
 * sign-ins send no new-device alert.
 */
import PocketBase from 'pocketbase';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { WORK_TOPIC } from '../../../src/domain/runs/lease-contract.ts';
import { subscriber } from '../../fixtures/records.ts';
import { waitFor } from '../../fixtures/wait-for.ts';
import { startTestServer, statusOf, type TestServer, type TestUser } from '../harness.ts';
import { quotaOf, startRun } from '../../fixtures/user-api.ts';
import { COLLECTIONS } from '../../../src/domain/api/collections.ts';
import { collectionRoute } from '../../fixtures/route-paths.ts';
import { SERVER_ROUTES } from '../../../src/domain/api/routes.ts';

let server: TestServer;
let user: TestUser;

beforeAll(async () => {
  server = await startTestServer();
  user = await subscriber(server.superuser, server, 'owner');
});
afterAll(async () => {
  await server?.stop();
});

function client(): PocketBase {
  const pb = new PocketBase(server.url);
  pb.autoCancellation(false);
  return pb;
}

/** Settles whatever run the worker can claim, so the user may start the next one. */
async function settleNextRun(): Promise<void> {
  const { run } = await server.worker.send<{ run: { id: string } | null }>(SERVER_ROUTES.workerClaim.path, {
    method: 'POST',
    body: { worker: 'w' },
  });
  if (!run) return;
  await server.worker.send(SERVER_ROUTES.workerRunFinish.url(run.id), {
    method: 'POST',
    body: { worker: 'w', status: 'completed' },
  });
}

describe("the workers' account", () => {
  it('is no superuser: it reads and writes no collection and never reaches the admin API', async () => {
    const runId = (await startRun(user, { term: 'lamp' })).id;
    try {
      expect(server.worker.authStore.isSuperuser).toBe(false);
      expect(server.worker.authStore.record?.collectionName).toBe(COLLECTIONS.workers);
      // the user's own records are there, the worker sees none of them
      for (const name of [
        COLLECTIONS.searchRuns,
        COLLECTIONS.searchResults,
        COLLECTIONS.usageLedger,
        COLLECTIONS.subscriptions,
        COLLECTIONS.users,
      ]) {
        const list = await server.worker
          .collection(name)
          .getList(1, 50)
          .catch((error: { status: number }) => error.status);
        if (typeof list === 'number') expect(list, name).toBe(403);
        else expect(list.items, name).toEqual([]);
      }
      expect(await statusOf(server.worker.collection(COLLECTIONS.searchRuns).getOne(runId))).toBe(404);
      expect(await statusOf(server.worker.collection(COLLECTIONS.users).getOne(user.id))).toBe(404);
      for (const name of [
        COLLECTIONS.mailOutbox,
        COLLECTIONS.stripeEvents,
        COLLECTIONS.workers,
        COLLECTIONS.superusers,
      ])
        expect(await statusOf(server.worker.collection(name).getList(1, 1)), name).toBe(403);
      expect(
        await statusOf(
          server.worker.collection(COLLECTIONS.searchRuns).update(runId, { status: 'completed' }),
        ),
      ).toBe(403);
      expect(
        await statusOf(
          server.worker
            .collection(COLLECTIONS.searchResults)
            .create({ run: runId, user: user.id, ad_id: '1' }),
        ),
      ).toBeGreaterThanOrEqual(400);
      // the admin API: collections, settings, superusers, logs, backups, crons
      for (const path of [
        '/api/collections',
        '/api/settings',
        collectionRoute(COLLECTIONS.superusers, 'records'),
        '/api/logs',
        '/api/backups',
        '/api/crons',
      ])
        expect(await statusOf(server.worker.send(path, {})), path).toBe(403);
      expect(await statusOf(server.worker.send(SERVER_ROUTES.localOutbox.path, {}))).toBe(403);
    } finally {
      await settleNextRun();
    }
  });

  it('is what the lease routes take: a user, a superuser or nobody is refused', async () => {
    const claim = (pb: PocketBase) =>
      pb.send(SERVER_ROUTES.workerClaim.path, { method: 'POST', body: { worker: 'someone' } });
    expect(await statusOf(claim(user.pb))).toBe(403);
    expect(await statusOf(claim(server.superuser))).toBe(403);
    expect(await statusOf(claim(client()))).toBe(401);
    for (const route of [
      SERVER_ROUTES.workerRunHeartbeat,
      SERVER_ROUTES.workerRunResults,
      SERVER_ROUTES.workerRunFinish,
      SERVER_ROUTES.workerRunRelease,
    ])
      expect(
        await statusOf(
          user.pb.send(route.url('r'.repeat(15)), {
            method: 'POST',
            body: { worker: 'someone', rows: [], status: 'completed', progress: 0 },
          }),
        ),
        route.path,
      ).toBe(403);
    expect(await claim(server.worker)).toEqual({ run: null });
  });

  it('hears of a new run at once on the work topic, which says nothing else and no one else may join', async () => {
    const listener = client();
    await listener
      .collection(COLLECTIONS.workers)
      .authWithPassword(server.workerCredentials.email, server.workerCredentials.password);
    const signals: unknown[] = [];
    const unsubscribe = await listener.realtime.subscribe(WORK_TOPIC, (data) => signals.push(data));
    try {
      for (const pb of [user.pb, server.superuser, client()])
        expect(await statusOf(pb.realtime.subscribe(WORK_TOPIC, () => undefined))).toBe(403);
      const runId = (await startRun(user, { term: 'chair' })).id;
      await waitFor(
        'the work signal',
        () => signals,
        (received) => received.length > 0,
      );
      expect(signals[0]).toEqual({});
      expect(JSON.stringify(signals)).not.toContain(runId);
    } finally {
      await unsubscribe();
      listener.realtime.unsubscribe();
      await settleNextRun();
    }
  });

  it('signs in without a new-device alert, where a user gets one', async () => {
    const workers = await server.superuser.collections.getOne(COLLECTIONS.workers);
    expect(workers.authAlert.enabled).toBe(false);
    const signIn = (collection: string, email: string, password: string, agent: string) =>
      client()
        .collection(collection)
        .authWithPassword(email, password, { headers: { 'User-Agent': agent } });
    const { email, password } = server.workerCredentials;
    await signIn(COLLECTIONS.workers, email, password, 'scout-host-a');
    await signIn(COLLECTIONS.workers, email, password, 'scout-host-b');
    // the same for a user proves the alert goes out from a second device (and when it lands)
    const alerted = await server.createUser('alerted');
    await signIn(COLLECTIONS.users, alerted.email, alerted.password, 'laptop');
    await signIn(COLLECTIONS.users, alerted.email, alerted.password, 'phone');
    const outbox = (to: string) =>
      server.superuser
        .collection(COLLECTIONS.mailOutbox)
        .getFullList({ filter: server.superuser.filter('to ~ {:to}', { to }) });
    await waitFor(
      "the user's new-device alert",
      () => outbox(alerted.email),
      (mails) => mails.length > 0,
    );
    expect(await outbox(email)).toEqual([]);
  });

  it('is never throttled on the lease routes by a rate limit an operator sets for /api/', async () => {
    const settings = await server.superuser.settings.getAll();
    const rules = settings.rateLimits.rules as { label: string }[];
    await server.superuser.settings.update({
      rateLimits: {
        ...settings.rateLimits,
        rules: [...rules, { label: '/api/', audience: '', duration: 60, maxRequests: 5 }],
      },
    });
    try {
      const beats = await Promise.all(
        Array.from({ length: 30 }, () =>
          statusOf(
            server.worker.send(SERVER_ROUTES.workerClaim.path, { method: 'POST', body: { worker: 'w' } }),
          ),
        ),
      );
      expect(beats.filter((status) => status !== 0)).toEqual([]);
      // the rule is in force: a user's requests beyond it are refused
      const quota = await Promise.all(Array.from({ length: 10 }, () => statusOf(quotaOf(user.pb))));
      expect(quota).toContain(429);
    } finally {
      await server.superuser.settings.update({ rateLimits: { ...settings.rateLimits, rules } });
    }
  });
});
