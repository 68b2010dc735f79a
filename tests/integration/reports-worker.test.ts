/**
 * The reports with the real worker process (docs/reports.md): a watch run twice by the worker
 * gets a report for each run, the second comparing with the first; and a worker that dies
 * holding a report task leaves it to another after the lease, with exactly one report.
 * The demo source answers the runs; the second run asks for fewer ads than the first, so some of
 * the first run's ads are missing from it (not seen, or stopped only by the source's look-up).
 */
import type { RecordModel } from 'pocketbase';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { COLLECTIONS } from '../../src/domain/api/collections.ts';
import { reportServer } from '../../src/worker/reports/report-api.ts';
import { createWorkingRun, subscriber } from '../fixtures/records.ts';
import { waitFor, waitUntil } from '../fixtures/wait-for.ts';
import { startTestServer, type TestServer, type TestUser } from './harness.ts';
import { createWatch, EMPTY_REPORT, reportsOfRun, taskOfRun } from './report-support.ts';
import { runOf, workerPool } from './worker-runs.ts';

/** A dead worker's report lease: short, so the rescue need not wait long. */
const REPORT_LEASE_SECONDS = 3;
/** Each test waits on runs and reports of a worker on a busy two-core machine. */
const TEST_BUDGET_MS = 240_000;
const WAIT = { timeoutMs: 120_000 };

let server: TestServer;
let user: TestUser;
let pool: Awaited<ReturnType<typeof workerPool>>;

beforeAll(async () => {
  server = await startTestServer({ env: { REPORT_LEASE_SECONDS: String(REPORT_LEASE_SECONDS) } });
  user = await subscriber(server.superuser, server, 'reports-worker');
  pool = await workerPool(
    server,
    { SCOUT_DEMO_PACE_MS: '0', SCOUT_IDLE_POLL_MS: '200' },
    { captureOutput: true },
  );
});
afterEach(async () => {
  await pool.stopAll();
});
afterAll(async () => {
  await server?.stop();
  await pool?.remove();
});

/** A working run of the watch for the workers: its id. */
function runWatch(watch: RecordModel, requested: number): Promise<string> {
  return createWorkingRun(server.superuser, user.id, {
    watch: watch.id,
    search_name: String(watch.name),
    facebook_link: String(watch.facebook_link),
    target_country: String(watch.target_country),
    requested_count: requested,
  });
}

const completed = (runId: string) =>
  waitFor(`run ${runId} to complete`, runOf(server, runId), (run) => run.status === 'completed', WAIT);

const reportOf = async (runId: string) =>
  (
    await waitFor(
      `the report of run ${runId}`,
      () => reportsOfRun(server, runId),
      (list) => list.length > 0,
      WAIT,
    )
  )[0]!;

/** The worker logs a report after the server stored it: wait for the line, never read it once. */
const logged = (worker: { output(): string }, line: string) =>
  waitUntil(`the worker to log "${line}"`, () => worker.output().includes(line), {
    ...WAIT,
    context: () => worker.output(),
  });

function rowsOf(runId: string): Promise<RecordModel[]> {
  return server.superuser
    .collection(COLLECTIONS.searchResults)
    .getFullList({ filter: server.superuser.filter('run = {:run}', { run: runId }) });
}

describe('the worker process', () => {
  it(
    'a watch run twice gets two reports: the first names every ad new, the second what changed',
    async () => {
      const watch = await createWatch(server, user);
      const worker = pool.start('reporter');
      const first = await runWatch(watch, 30);
      await completed(first);
      const one = await reportOf(first);
      const firstRows = await rowsOf(first);
      const best = firstRows.reduce((a, b) => (Number(b.winning_score) > Number(a.winning_score) ? b : a));
      expect(one).toMatchObject({
        watch: watch.id,
        previous_run: '',
        period_start: '',
        ads_count: firstRows.length,
        new_count: firstRows.filter((row) => row.is_new).length,
        stopped_count: 0,
        resumed_count: 0,
        unseen_count: 0,
      });
      expect(one.new_count).toBe(30);
      // the first item is the best ad, with what the app opens it by
      expect(one.new_ads[0]).toMatchObject({
        row: best.id,
        adId: best.ad_id,
        winningScore: best.winning_score,
      });

      const second = await runWatch(watch, 20);
      await completed(second);
      const two = await reportOf(second);
      const secondRows = await rowsOf(second);
      const now = new Set(secondRows.map((row) => String(row.ad_id)));
      const missing = firstRows.filter((row) => !now.has(String(row.ad_id)));
      expect(missing.length).toBeGreaterThan(0);
      expect(two).toMatchObject({
        previous_run: first,
        period_start: (await runOf(server, first)()).finished_at,
        ads_count: secondRows.length,
        new_count: secondRows.filter((row) => row.is_new).length,
      });
      // a missing ad is never called stopped on its absence: only the source's look-up may say so
      expect(two.unseen_count + two.stopped_count).toBe(missing.length);
      expect(two.stopped_count).toBeLessThanOrEqual(two.looked_up_count);
      await logged(worker, `report ${two.id} of run ${second} stored`);
    },
    TEST_BUDGET_MS,
  );

  it(
    'a worker that dies holding a report task: another makes the report after its lease, once',
    async () => {
      const watch = await createWatch(server, user);
      // this worker scouts and makes no reports
      pool.start('scout-only', { REPORT_CONCURRENCY: '0' });
      const runId = await runWatch(watch, 10);
      await completed(runId);
      // a worker claims the report, reads half of it, and dies: it never stores nor hands back
      const dead = reportServer(server.worker, 'dead-worker');
      const [task] = await dead.claim(1);
      expect(task?.run).toBe(runId);
      expect(await dead.rows(task!.id, 'current', '', 5)).toHaveLength(5);

      const rescuer = pool.start('rescuer');
      const report = await reportOf(runId);
      const done = await taskOfRun(server, runId);
      expect(done).toMatchObject({ status: 'done', report: report.id });
      // the dead worker's claim and the rescuer's at least (a lease may expire once more on a busy machine)
      expect(done?.attempts).toBeGreaterThanOrEqual(2);
      await logged(rescuer, `report ${report.id} of run ${runId} stored`);
      // the dead worker's late store changes nothing: the task is done, and answers its report
      expect(await dead.store(task!.id, { ...EMPTY_REPORT, ads_count: 10 })).toEqual({
        report: report.id,
        stored: false,
      });
      expect(await reportsOfRun(server, runId)).toHaveLength(1);
    },
    TEST_BUDGET_MS,
  );
});
