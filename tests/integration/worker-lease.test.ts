/**
 * The worker routes (docs/pipeline.md#claiming-a-run-leases, docs/routes.md#the-worker-routes): one holder
 * per run under concurrent claims, leases that expire and move to another worker, idempotent capped result
 * writes with `is_new`, and no access for users.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { waitUntil } from '../fixtures/wait-for.ts';
import { startTestServer, statusOf, type TestServer, type TestUser } from './harness.ts';
import { leasesRunOut } from './worker-runs.ts';
import { createWorkingRun } from '../fixtures/records.ts';
import { COLLECTIONS } from '../../src/domain/api/collections.ts';
import { SERVER_ROUTES } from '../../src/domain/api/routes.ts';

const LEASE_SECONDS = 1;
let server: TestServer;
let alice: TestUser;
let bob: TestUser;

async function post<T>(path: string, body: unknown): Promise<T> {
  return server.worker.send<T>(path, { method: 'POST', body });
}

interface Claimed {
  run: { id: string; stored_count: number; attempts: number; requested_count: number } | null;
}
interface Written {
  stored: number;
  inserted: number;
  rejected: number;
  full: boolean;
}

const row = (adId: string, extra: Record<string, unknown> = {}) => ({
  ad_id: adId,
  title: `Ad ${adId}`,
  ...extra,
});

/** Ends every working run, so each test starts from its own runs. */
async function drain(): Promise<void> {
  const working = await server.superuser
    .collection(COLLECTIONS.searchRuns)
    .getFullList({ filter: 'status = "working"' });
  for (const run of working)
    await server.superuser.collection(COLLECTIONS.searchRuns).update(run.id, { status: 'failed' });
}

beforeAll(async () => {
  server = await startTestServer({
    env: { SCOUT_LEASE_SECONDS: String(LEASE_SECONDS), SCOUT_MAX_ATTEMPTS: '2' },
  });
  [alice, bob] = await Promise.all([server.createUser('alice'), server.createUser('bob')]);
});

afterAll(async () => {
  await server?.stop();
});

describe('claim under concurrency', () => {
  // A lease that cannot run out during the test. With the file's 1-second lease, 12 claims queued
  // behind SQLite's single writer on a busy machine can take longer than the lease, and then a
  // later claim rightly wins the run's next lease (attempts 2).
  let longLease: TestServer;
  beforeAll(async () => {
    longLease = await startTestServer({ env: { SCOUT_LEASE_SECONDS: '3600' } });
  });
  afterAll(async () => {
    await longLease?.stop();
  });

  it('gives the oldest unclaimed run to exactly one of many concurrent workers', async () => {
    const owner = await longLease.createUser('owner');
    const runId = await createWorkingRun(longLease.superuser, owner.id);
    const claims = await Promise.all(
      Array.from({ length: 12 }, (_, i) =>
        longLease.worker.send<Claimed>(SERVER_ROUTES.workerClaim.path, {
          method: 'POST',
          body: { worker: `w${i}` },
        }),
      ),
    );
    const winners = claims.flatMap((claim) => (claim.run ? [claim.run] : []));
    // one holder per lease (attempts counts a run's leases), and one lease, which cannot have run out
    const leases = winners.map((run) => run.attempts);
    expect(new Set(leases).size).toBe(leases.length);
    expect(winners.map((run) => [run.id, run.attempts])).toEqual([[runId, 1]]);
  });
});

describe('claim', () => {
  it('hands an expired lease to another worker, and a run out of attempts to nobody', async () => {
    await drain();
    const runId = await createWorkingRun(server.superuser, alice.id);
    const first = await post<Claimed>(SERVER_ROUTES.workerClaim.path, { worker: 'crashing' });
    expect(first.run?.id).toBe(runId);
    expect((await post<Claimed>(SERVER_ROUTES.workerClaim.path, { worker: 'other' })).run).toBeNull();
    await leasesRunOut(server, [runId]);
    const second = await post<Claimed>(SERVER_ROUTES.workerClaim.path, { worker: 'other' });
    expect(second.run?.id).toBe(runId);
    expect(second.run?.attempts).toBe(2);
    // the crashed worker lost the run
    expect(await statusOf(post(SERVER_ROUTES.workerRunHeartbeat.url(runId), { worker: 'crashing' }))).toBe(
      409,
    );
    await leasesRunOut(server, [runId]);
    // SCOUT_MAX_ATTEMPTS=2: nobody may claim it a third time
    expect((await post<Claimed>(SERVER_ROUTES.workerClaim.path, { worker: 'third' })).run).toBeNull();
  });

  it('a released run goes back to the queue without spending an attempt', async () => {
    await drain();
    const runId = await createWorkingRun(server.superuser, alice.id);
    await post<Claimed>(SERVER_ROUTES.workerClaim.path, { worker: 'leaving' });
    await server.worker.send(SERVER_ROUTES.workerRunRelease.url(runId), {
      method: 'POST',
      body: { worker: 'leaving' },
    });
    const again = await post<Claimed>(SERVER_ROUTES.workerClaim.path, { worker: 'next' });
    expect(again.run?.id).toBe(runId);
    expect(again.run?.attempts).toBe(1);
  });
});

describe('results', () => {
  it('are idempotent on (run, ad_id), capped at the requested count, and report progress', async () => {
    await drain();
    const runId = await createWorkingRun(server.superuser, alice.id, { requested_count: 3 });
    await post<Claimed>(SERVER_ROUTES.workerClaim.path, { worker: 'w' });
    const path = SERVER_ROUTES.workerRunResults.url(runId);
    const first = await post<Written>(path, { worker: 'w', rows: [row('1'), row('2')] });
    expect(first).toMatchObject({ stored: 2, inserted: 2, full: false });
    const again = await post<Written>(path, { worker: 'w', rows: [row('1'), row('2')] });
    expect(again).toMatchObject({ stored: 2, inserted: 0, full: false });
    const over = await post<Written>(path, { worker: 'w', rows: [row('3'), row('4'), row('5')] });
    expect(over).toMatchObject({ stored: 3, inserted: 1, full: true });
    const rows = await server.superuser
      .collection(COLLECTIONS.searchResults)
      .getFullList({ filter: `run = "${runId}"` });
    expect(rows.map((r) => r.ad_id).sort()).toEqual(['1', '2', '3']);
    const run = await server.superuser.collection(COLLECTIONS.searchRuns).getOne(runId);
    expect(run.progress).toBe(3);
  });

  it("keep the Library's total on the run, the largest sent, and the rows' known-flags", async () => {
    await drain();
    const runId = await createWorkingRun(server.superuser, alice.id);
    await post<Claimed>(SERVER_ROUTES.workerClaim.path, { worker: 'w' });
    await post<Written>(SERVER_ROUTES.workerRunResults.url(runId), {
      worker: 'w',
      library_total: 900,
      rows: [
        row('1', { reach: 0, reach_known: true, collation_count: 2, collation_known: true }),
        row('2', { reach: 0, reach_known: false }),
      ],
    });
    await post(SERVER_ROUTES.workerRunHeartbeat.url(runId), { worker: 'w', library_total: 400 }); // a resumed run's partial sum
    const kept = await server.superuser.collection(COLLECTIONS.searchRuns).getOne(runId);
    expect(kept.library_total).toBe(900);
    await post(SERVER_ROUTES.workerRunHeartbeat.url(runId), { worker: 'w', library_total: 1200 });
    await post<Written>(SERVER_ROUTES.workerRunResults.url(runId), { worker: 'w', rows: [row('3')] }); // none sent: kept
    const run = await server.superuser.collection(COLLECTIONS.searchRuns).getOne(runId);
    expect(run.library_total).toBe(1200);
    const rows = await server.superuser
      .collection(COLLECTIONS.searchResults)
      .getFullList({ filter: `run = "${runId}"`, sort: 'ad_id' });
    expect(rows.map((r) => [r.ad_id, r.reach_known, r.collation_known])).toEqual([
      ['1', true, true],
      ['2', false, false],
      ['3', false, false],
    ]);
  });

  it('flag an ad as new only the first time the same user collects it', async () => {
    await drain();
    const earlier = await createWorkingRun(server.superuser, alice.id);
    await post<Claimed>(SERVER_ROUTES.workerClaim.path, { worker: 'w' });
    await post(SERVER_ROUTES.workerRunResults.url(earlier), { worker: 'w', rows: [row('seen')] });
    await server.superuser.collection(COLLECTIONS.searchRuns).update(earlier, { status: 'completed' });

    const later = await createWorkingRun(server.superuser, alice.id);
    await post<Claimed>(SERVER_ROUTES.workerClaim.path, { worker: 'w' });
    await post(SERVER_ROUTES.workerRunResults.url(later), {
      worker: 'w',
      rows: [row('seen'), row('fresh')],
    });
    await server.superuser.collection(COLLECTIONS.searchRuns).update(later, { status: 'completed' });

    const bobs = await createWorkingRun(server.superuser, bob.id);
    await post<Claimed>(SERVER_ROUTES.workerClaim.path, { worker: 'w' });
    await post(SERVER_ROUTES.workerRunResults.url(bobs), { worker: 'w', rows: [row('seen')] });

    const flags = async (runId: string) =>
      Object.fromEntries(
        (
          await server.superuser
            .collection(COLLECTIONS.searchResults)
            .getFullList({ filter: `run = "${runId}"` })
        ).map((r) => [r.ad_id, r.is_new]),
      );
    expect(await flags(earlier)).toEqual({ seen: true });
    expect(await flags(later)).toEqual({ seen: false, fresh: true });
    expect(await flags(bobs)).toEqual({ seen: true });
  });

  it('keep ad text as data and drop unsafe links and bad values', async () => {
    await drain();
    const runId = await createWorkingRun(server.superuser, alice.id);
    await post<Claimed>(SERVER_ROUTES.workerClaim.path, { worker: 'w' });
    const written = await post<Written>(SERVER_ROUTES.workerRunResults.url(runId), {
      worker: 'w',
      rows: [
        row('x1', {
          body: '<img src=x onerror=alert(1)>',
          product_link: 'javascript:alert(1)',
          page_profile_url: 'https://www.facebook.com/123',
          reach: -5,
          page_likes: 'many',
          start_date: 'yesterday',
          end_date: '2026-11-01 00:00:00.000Z',
        }),
        { title: 'no id' },
        row(''),
      ],
    });
    expect(written).toMatchObject({ stored: 1, inserted: 1, rejected: 2 });
    const [stored] = await server.superuser
      .collection(COLLECTIONS.searchResults)
      .getFullList({ filter: `run = "${runId}"` });
    expect(stored).toMatchObject({
      body: '<img src=x onerror=alert(1)>',
      product_link: '',
      page_profile_url: 'https://www.facebook.com/123',
      reach: 0,
      page_likes: 0,
      start_date: '',
      end_date: '2026-11-01 00:00:00.000Z',
    });
  });

  it('are refused to a worker that does not hold the lease', async () => {
    await drain();
    const runId = await createWorkingRun(server.superuser, alice.id);
    await post<Claimed>(SERVER_ROUTES.workerClaim.path, { worker: 'holder' });
    expect(
      await statusOf(
        post(SERVER_ROUTES.workerRunResults.url(runId), { worker: 'intruder', rows: [row('1')] }),
      ),
    ).toBe(409);
  });
});

describe(COLLECTIONS.users, () => {
  it('cannot claim, heartbeat, write results or release', async () => {
    await drain();
    const runId = await createWorkingRun(server.superuser, alice.id);
    for (const client of [alice.pb, server.anonymous()]) {
      const send = (path: string, body: unknown) => client.send(path, { method: 'POST', body });
      expect(await statusOf(send(SERVER_ROUTES.workerClaim.path, { worker: 'me' }))).toBeGreaterThanOrEqual(
        401,
      );
      for (const route of [
        SERVER_ROUTES.workerRunHeartbeat,
        SERVER_ROUTES.workerRunResults,
        SERVER_ROUTES.workerRunRelease,
        SERVER_ROUTES.workerRunFinish,
      ]) {
        const status = await statusOf(send(route.url(runId), { worker: 'me', rows: [] }));
        expect([401, 403]).toContain(status);
      }
    }
    const run = await server.superuser.collection(COLLECTIONS.searchRuns).getOne(runId);
    expect(run.lease_owner).toBe('');
  });
});

describe('the sweep (cron)', () => {
  it('re-queues a run whose lease expired, and fails one out of attempts, settling what it stored', async () => {
    await drain();
    const requeued = await createWorkingRun(server.superuser, alice.id);
    await post<Claimed>(SERVER_ROUTES.workerClaim.path, { worker: 'gone' });
    // a run no worker ever picked up, two hours ago
    const carol = await server.createUser('carol');
    const forgotten = await createWorkingRun(server.superuser, carol.id);
    await server.superuser
      .collection(COLLECTIONS.searchRuns)
      .update(forgotten, { started_at: new Date(Date.now() - 2 * 3600_000).toISOString() });
    const exhausted = await createWorkingRun(server.superuser, bob.id);
    await server.superuser.collection(COLLECTIONS.searchRuns).update(exhausted, {
      lease_owner: 'gone-too',
      lease_expires_at: new Date(Date.now() - 1000).toISOString(),
      attempts: 2,
    });
    await server.superuser
      .collection(COLLECTIONS.searchResults)
      .create({ run: exhausted, user: bob.id, ad_id: 'kept', is_new: true });
    await leasesRunOut(server, [requeued]);
    await server.superuser.send('/api/crons/adscout_run_sweep', { method: 'POST' });
    const read = (id: string) => server.superuser.collection(COLLECTIONS.searchRuns).getOne(id);
    // The sweep settles stale leases and never-claimed runs in two transactions, and the cron
    // route may answer before either: wait for both runs.
    await waitUntil(
      'the sweep to settle both runs',
      async () =>
        (await read(exhausted)).status !== 'working' && (await read(forgotten)).status !== 'working',
    );
    expect(await read(requeued)).toMatchObject({ status: 'working', lease_owner: '' });
    expect(await read(forgotten)).toMatchObject({
      status: 'failed',
      error: expect.stringMatching(/No scout worker/),
    });
    expect(await read(exhausted)).toMatchObject({
      status: 'failed',
      results_count: 1,
      error: expect.stringMatching(/stopped responding/),
    });
  });
});
