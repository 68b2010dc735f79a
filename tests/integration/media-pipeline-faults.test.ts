/**
 * The creative archive end to end when things go wrong (docs/creatives.md#the-flow, steps 2 and
 * 4), with real worker processes and the real server: links that expire mid-archive fail for good
 * while the run completes and is charged as usual; a CDN's 503 is retried later; a worker killed
 * while it holds tasks loses nothing once their leases run out; and two workers archiving one run
 * never fetch a file twice. The pipeline when all goes well: media-pipeline.test.ts.
 */
import type { RecordModel } from 'pocketbase';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { COLLECTIONS } from '../../src/domain/api/collections.ts';
import { startFakeCdn, type FakeCdn } from '../fixtures/fake-cdn.ts';
import { subscriber } from '../fixtures/records.ts';
import { waitFor, waitUntil } from '../fixtures/wait-for.ts';
import { startTestServer, type TestServer } from './harness.ts';
import {
  archiveWorkers,
  expectArchivedRows,
  fetchedLinks,
  pathOf,
  rowsOfRun,
  startMediaOrigin,
  tasksOf,
  tasksSettled,
  troubleLines,
} from './media-pipeline-support.ts';
import { taskOf, writeRows } from './media-support.ts';
import { expectSettledOnce, type WorkerProcess } from './worker-runs.ts';
import { startRun } from '../fixtures/user-api.ts';

const FAULT_TEST_MS = 150_000;
/** Long enough that no task outlives its lease on a busy machine: every claim is the only one. */
const LONG_LEASE_SECONDS = 60;
/** A crashed worker's tasks come back this soon (shorter than the worker's 5 s margin: src/worker/media/archive-pool.ts). */
const SHORT_LEASE_SECONDS = 5;

let server: TestServer;
let leaseSeconds = LONG_LEASE_SECONDS;
const cdns: FakeCdn[] = [];
const pools: Awaited<ReturnType<typeof archiveWorkers>>[] = [];

beforeAll(async () => {
  server = await startTestServer({ env: { MEDIA_LEASE_SECONDS: String(leaseSeconds) } });
});

afterEach(async () => {
  for (const pool of pools.splice(0)) {
    await pool.stopAll();
    await pool.remove();
  }
  await Promise.all(cdns.splice(0).map((cdn) => cdn.close()));
});

afterAll(async () => {
  await server?.stop();
});

/** A CDN double of this test, and workers whose demo links point at it. */
async function cdnAndWorkers(latencyMs: number, env: Record<string, string> = {}) {
  const cdn = await startFakeCdn({ latencyMs });
  cdns.push(cdn);
  const pool = await archiveWorkers(server, cdn, env);
  pools.push(pool);
  return { cdn, pool };
}

/** Restarts PocketBase (a clean stop) so that media leases taken from now on last `seconds`. */
async function mediaLeasesLast(seconds: number): Promise<void> {
  if (seconds === leaseSeconds) return;
  await server.restart({ env: { MEDIA_LEASE_SECONDS: String(seconds) } });
  leaseSeconds = seconds;
}

async function kill(doomed: WorkerProcess): Promise<void> {
  const gone = new Promise((resolve) =>
    doomed.child.exitCode !== null || doomed.child.signalCode !== null
      ? resolve(null)
      : doomed.child.once('exit', resolve),
  );
  doomed.child.kill('SIGKILL');
  await gone;
}

const byStatus = (tasks: RecordModel[], status: string) => tasks.filter((t) => t.status === status);

describe('links that fail', () => {
  it(
    'links that expire mid-archive: those tasks fail for good, the run completes and is charged, the rows keep their links',
    async () => {
      await mediaLeasesLast(LONG_LEASE_SECONDS);
      const { cdn, pool } = await cdnAndWorkers(300, { MEDIA_CONCURRENCY: '1' });
      const user = await subscriber(server.superuser, server, 'expiry');
      const worker = pool.start('one-at-a-time');
      const runId = (await startRun(user, { requested_count: 40, term: 'portable blender' })).id;
      await waitFor(
        'some tasks archived, more waiting',
        () => tasksOf(server, user),
        (tasks) => byStatus(tasks, 'archived').length >= 2 && byStatus(tasks, 'pending').length >= 5,
        { timeoutMs: 60_000, intervalMs: 50 },
      );
      cdn.expireAll();
      await expectSettledOnce(server, user, runId, 40);
      const tasks = await tasksSettled(server, user);
      const failed = byStatus(tasks, 'failed');
      expect(failed.length).toBeGreaterThan(0);
      expect(byStatus(tasks, 'archived').length).toBeGreaterThanOrEqual(2);
      for (const task of failed) {
        expect(task.last_error, task.ad_id).toMatch(/HTTP 403/);
        expect(task.next_attempt_at, task.ad_id).toBe('');
        expect(task.lease_owner, task.ad_id).toBe('');
        expect(task.creative, task.ad_id).toBe('');
      }
      const failedAds = new Set(failed.map((t) => t.ad_id as string));
      const rows = await rowsOfRun(server, runId);
      for (const row of rows) {
        if (failedAds.has(row.ad_id)) {
          expect([row.creative, row.media_url === ''], row.ad_id).toEqual(['', false]);
        } else {
          expect(row.creative, row.ad_id).not.toBe('');
        }
      }
      // the worker logs each failure once the server has recorded it
      await waitUntil('the worker to log a failure for good', () =>
        /not archived: HTTP 403 from .* \(failed\)/.test(worker.output()),
      );
    },
    FAULT_TEST_MS,
  );

  it(
    'a CDN’s 503 is tried again later',
    async () => {
      await mediaLeasesLast(LONG_LEASE_SECONDS);
      const origin = await startMediaOrigin(1);
      const user = await server.createUser('busy');
      try {
        // written before any worker runs: writeRows claims its run as a worker would
        await writeRows(server, user, [{ ad_id: 'busy-1', media_url: `${origin.url}/busy.jpg` }]);
        const { pool } = await cdnAndWorkers(0, { MEDIA_FETCH_ALLOW: origin.hostPort });
        const worker = pool.start('patient');
        const task = await waitFor(
          'the failed attempt recorded',
          () => taskOf(server, user, 'busy-1'),
          (t) => t.last_error !== '',
          { timeoutMs: 30_000 },
        );
        expect(task).toMatchObject({ status: 'pending', lease_owner: '', creative: '' });
        expect(task.last_error).toMatch(/HTTP 503/);
        expect(task.attempts).toBeGreaterThanOrEqual(1);
        expect(Date.parse(String(task.next_attempt_at).replace(' ', 'T'))).toBeGreaterThan(Date.now());
        expect(origin.requests.filter((r) => r.path === '/busy.jpg').length).toBeGreaterThanOrEqual(1);
        await waitUntil('the worker to log the retry', () =>
          /not archived: HTTP 503 .*\(pending, again after /.test(worker.output()),
        );
      } finally {
        await origin.close();
        // the task waits for its retry, at an origin only this test's workers may reach: a later
        // test's worker would claim it once its time came and log the refusal as trouble
        for (const task of await tasksOf(server, user))
          await server.superuser.collection(COLLECTIONS.mediaTasks).delete(task.id);
      }
    },
    FAULT_TEST_MS,
  );
});

describe('workers and leases', () => {
  it(
    'two workers archiving one run: every file fetched once, by one of them, every task archived once',
    async () => {
      await mediaLeasesLast(LONG_LEASE_SECONDS);
      const { cdn, pool } = await cdnAndWorkers(200, { MEDIA_CONCURRENCY: '2' });
      const user = await subscriber(server.superuser, server, 'pair');
      const workers = [pool.start('left'), pool.start('right')];
      const runId = (await startRun(user, { requested_count: 60, term: 'portable blender' })).id;
      const holders = new Set<string>();
      const tasks = await waitFor(
        'every task archived',
        async () => {
          const tasks = await tasksOf(server, user);
          for (const task of tasks) if (task.lease_owner) holders.add(task.lease_owner as string);
          return tasks;
        },
        (tasks) => tasks.length > 0 && tasks.every((task) => task.status !== 'pending'),
        { timeoutMs: 90_000, intervalMs: 50 },
      );
      await expectSettledOnce(server, user, runId, 60);
      expect([...holders].sort()).toEqual(['left', 'right']);
      // claimed once each (a claim counts an attempt), and archived
      expect(tasks.filter((t) => t.status !== 'archived' || t.attempts !== 1)).toEqual([]);
      // each path fetched exactly as often as tasks fetch it: no file fetched twice for one task
      const expected = new Map<string, number>();
      for (const task of tasks)
        for (const link of fetchedLinks(task as never))
          expected.set(pathOf(link), (expected.get(pathOf(link)) ?? 0) + 1);
      for (const [path, count] of expected) expect(cdn.requestsFor(path), path).toBe(count);
      expect(cdn.requestCount()).toBe([...expected.values()].reduce((a, b) => a + b, 0));
      await expectArchivedRows(server, cdn, user, runId);
      for (const worker of workers) expect(troubleLines(worker.output())).toEqual([]);
    },
    FAULT_TEST_MS,
  );

  it(
    'a worker killed while it holds tasks: another archives every one once their leases run out',
    async () => {
      await mediaLeasesLast(SHORT_LEASE_SECONDS);
      const { cdn, pool } = await cdnAndWorkers(1500, { MEDIA_CONCURRENCY: '2' });
      const user = await subscriber(server.superuser, server, 'crash');
      const doomed = pool.start('doomed');
      const runId = (await startRun(user, { requested_count: 30, term: 'dog harness' })).id;
      await expectSettledOnce(server, user, runId, 30);
      await waitFor(
        'tasks leased to the doomed worker',
        () => tasksOf(server, user),
        (tasks) => tasks.some((t) => t.status === 'pending' && t.lease_owner === 'doomed'),
        { timeoutMs: 30_000, intervalMs: 50 },
      );
      await kill(doomed);
      const held = byStatus(await tasksOf(server, user), 'pending').filter((t) => t.lease_owner === 'doomed');
      expect(held.length).toBeGreaterThan(0);

      // the rescue's own claims hold long leases, so none runs out on a busy machine: the held
      // tasks keep the short leases the doomed worker took
      await mediaLeasesLast(LONG_LEASE_SECONDS);
      const rescuer = pool.start('rescuer', { MEDIA_CONCURRENCY: '4' });
      const tasks = await tasksSettled(server, user, 120_000);
      expect(tasks.filter((t) => t.status !== 'archived')).toEqual([]);
      const attempts = new Map(tasks.map((t) => [t.id, t.attempts as number]));
      for (const task of held) expect(attempts.get(task.id), task.ad_id).toBeGreaterThanOrEqual(2);
      await expectArchivedRows(server, cdn, user, runId);
      expect(troubleLines(rescuer.output())).toEqual([]);
    },
    FAULT_TEST_MS,
  );
});
