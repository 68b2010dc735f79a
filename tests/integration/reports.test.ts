/**
 * A report for each watch run (docs/reports.md) against a real PocketBase, computed by the
 * worker's own code (src/worker/reports) through the report routes: the queue (one task per
 * completed watch run, in the finish's transaction), the contract on both sides, the comparison
 * of two runs, the look-up's word, and exactly one report per run whatever overlaps. The routes'
 * contract on both sides: reports-contract.test.ts; the real worker process: reports-worker.test.ts;
 * who may read and change a report: reports-access.test.ts.
 */
import type { RecordModel } from 'pocketbase';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { COLLECTIONS } from '../../src/domain/api/collections.ts';
import { SERVER_ROUTES } from '../../src/domain/api/routes.ts';
import { LEASE_NOT_HELD_MESSAGE, REPORT_WIRE_COLUMNS, toPbDate } from '../../src/domain/index.ts';
import { workerServer } from '../../src/worker/api.ts';
import { reportServer } from '../../src/worker/reports/report-api.ts';
import type { AdLookupSource } from '../../src/worker/sources/types.ts';
import { createWorkingRun, subscriber } from '../fixtures/records.ts';
import { startTestServer, statusOf, type TestServer, type TestUser } from './harness.ts';
import { claim as claimMedia, mediaLink, png, pngPart, upload } from './media-support.ts';
import {
  adRow,
  completeWatchRun,
  computeNextReport,
  createWatch,
  EMPTY_REPORT,
  ids,
  postAsWorker,
  reportsOfRun,
  taskOfRun,
  waitPastLease,
} from './report-support.ts';

let server: TestServer;
let user: TestUser;

/** A short lease: a test that lets one run out waits this long. */
const LEASE_SECONDS = 3;

beforeAll(async () => {
  server = await startTestServer({ env: { REPORT_LEASE_SECONDS: String(LEASE_SECONDS) } });
  user = await subscriber(server.superuser, server, 'reports');
});
afterAll(async () => {
  await server?.stop();
});

/** A raw POST as the workers' account, with the status and message of a refusal. */
const post = (path: string, body: unknown) => postAsWorker(server, path, body);

describe('the queue', () => {
  it('a completed watch run queues one task in its finish; a run without a watch, or failed, none', async () => {
    const watch = await createWatch(server, user);
    const plain = await completeWatchRun(server, user, null, [adRow('q1')]);
    const failed = await completeWatchRun(server, user, watch, [adRow('q2')], { status: 'failed' });
    const completed = await completeWatchRun(server, user, watch, [adRow('q3')]);
    expect(await taskOfRun(server, plain)).toBeNull();
    expect(await taskOfRun(server, failed)).toBeNull();
    const task = await taskOfRun(server, completed);
    expect(task).toMatchObject({
      user: user.id,
      watch: watch.id,
      previous_run: '',
      watch_name: 'Lamps daily',
      status: 'pending',
      attempts: 0,
    });
    await computeNextReport(server);
  });

  it('finishes at once many times over, and a run queued already: one task, and the finish never fails', async () => {
    const watch = await createWatch(server, user);
    const runId = await createWorkingRun(server.superuser, user.id, { watch: watch.id, requested_count: 1 });
    const api = workerServer(server.worker, 'finisher');
    expect((await api.claim())?.id).toBe(runId);
    await api.writeResults(runId, [adRow('f1')]);
    await Promise.all(Array.from({ length: 5 }, () => api.finish(runId, { status: 'completed' })));
    expect(
      await server.superuser
        .collection(COLLECTIONS.reportTasks)
        .getList(1, 10, { filter: `run = "${runId}"` })
        .then((list) => list.totalItems),
    ).toBe(1);
    // a second task for the run is refused by the unique index, whoever tries
    expect(
      await statusOf(
        server.superuser
          .collection(COLLECTIONS.reportTasks)
          .create({ user: user.id, run: runId, status: 'pending' }),
      ),
    ).toBe(400);

    // a run whose task exists already (queued before a restore, say) still finishes, queuing nothing
    const resumed = await createWorkingRun(server.superuser, user.id, {
      watch: watch.id,
      requested_count: 1,
    });
    await server.superuser
      .collection(COLLECTIONS.reportTasks)
      .create({ user: user.id, run: resumed, watch: watch.id, status: 'pending' });
    expect((await api.claim())?.id).toBe(resumed);
    await api.finish(resumed, { status: 'completed' });
    expect((await server.superuser.collection(COLLECTIONS.searchRuns).getOne(resumed)).status).toBe(
      'completed',
    );
    // both tasks are done once
    await computeNextReport(server);
    await computeNextReport(server);
    expect(await reportsOfRun(server, runId)).toHaveLength(1);
    expect(await reportsOfRun(server, resumed)).toHaveLength(1);
  });
});

describe('two runs of a watch', () => {
  let watch: RecordModel;
  let first: string;
  let second: string;

  beforeAll(async () => {
    // every status, so that a stop shows in the run's own rows
    watch = await createWatch(
      server,
      user,
      'https://www.facebook.com/ads/library/?active_status=all&country=US&q=lamp',
    );
  });

  it('the first reports everything as new, and the run completes before its report', async () => {
    first = await completeWatchRun(server, user, watch, [
      adRow('a-keeps', { winning_score: 70 }),
      adRow('a-stops', { winning_score: 90 }),
      adRow('a-returns', { active_status: 'INACTIVE', end_date: toPbDate(Date.now() - 86_400_000) }),
      adRow('a-dropped', { winning_score: 40 }),
      adRow('a-ended', { winning_score: 30 }),
    ]);
    const run = await server.superuser.collection(COLLECTIONS.searchRuns).getOne(first);
    expect(run.status).toBe('completed');
    expect(await reportsOfRun(server, first)).toHaveLength(0);

    const { outcome } = await computeNextReport(server);
    expect(outcome).toBe('stored');
    const [report] = await reportsOfRun(server, first);
    expect(report).toMatchObject({
      user: user.id,
      watch: watch.id,
      run: first,
      previous_run: '',
      watch_name: 'Lamps daily',
      period_start: '',
      period_end: run.finished_at,
      ads_count: 5,
      new_count: 5,
      stopped_count: 0,
      resumed_count: 0,
      unseen_count: 0,
      stores_count: 1,
      read_at: '',
    });
    expect(report!.products_count).toBe(5);
    // in rank order, with what the app needs to open each
    const rows = await server.superuser
      .collection(COLLECTIONS.searchResults)
      .getFullList({ filter: `run = "${first}"` });
    const rowOf = new Map(rows.map((row) => [row.ad_id, row.id]));
    expect(report!.new_ads.map((item: { adId: string }) => item.adId)).toEqual([
      'a-stops',
      'a-keeps',
      'a-returns',
      'a-dropped',
      'a-ended',
    ]);
    expect(report!.new_ads[0]).toEqual({
      adId: 'a-stops',
      row: rowOf.get('a-stops'),
      creative: '',
      store: 'Store s1',
      pageId: 'page-s1',
      title: 'Lamp a-stops',
      daysRunning: 10,
      winningScore: 90,
      active: true,
    });
    expect(report!.stores[0]).toMatchObject({ key: 'p:page-s1', adsAdded: 5 });
  });

  it('the second names what changed, asking the source about the missing ads (at most its cap)', async () => {
    second = await completeWatchRun(server, user, watch, [
      adRow('a-keeps', { winning_score: 70 }),
      adRow('a-stops', {
        winning_score: 90,
        active_status: 'INACTIVE',
        end_date: toPbDate(Date.now() - 3_600_000),
      }),
      adRow('a-returns'),
      adRow('b-new', { store: 's2', winning_score: 60 }),
    ]);
    const asked: string[][] = [];
    const lookup: AdLookupSource = {
      maxIds: 1,
      async ads(query, adIds) {
        expect(query.country).toBe('US');
        asked.push([...adIds]);
        return adIds.map((adId) => ({ adId, active: false, endDate: toPbDate(Date.now()) }));
      },
    };
    // pages of 2 rows: the route's keyset paging carries the parts across pages
    expect((await computeNextReport(server, 'report-worker', { lookup, pageSize: 2 })).outcome).toBe(
      'stored',
    );
    // the best of the two missing ads that ran (by winning score), within the cap of 1
    expect(asked).toEqual([['a-dropped']]);
    const [report] = await reportsOfRun(server, second);
    const before = await server.superuser.collection(COLLECTIONS.searchRuns).getOne(first);
    expect(report).toMatchObject({
      previous_run: first,
      period_start: before.finished_at,
      ads_count: 4,
      new_count: 1,
      stopped_count: 2,
      resumed_count: 1,
      unseen_count: 1,
      looked_up_count: 1,
      stores_count: 1,
    });
    expect(ids(report!.new_ads)).toEqual(['b-new']);
    expect(ids(report!.stopped_ads)).toEqual(['a-dropped', 'a-stops']);
    expect(ids(report!.resumed_ads)).toEqual(['a-returns']);
    expect(ids(report!.unseen_ads)).toEqual(['a-ended']);
    expect(report!.stores).toEqual([
      { key: 'p:page-s2', pageId: 'page-s2', name: 'Store s2', adsAdded: 1, adIds: ['b-new'] },
    ]);
    // a stopped ad missing from the run is read from the previous run's row
    const dropped = report!.stopped_ads.find((item: { adId: string }) => item.adId === 'a-dropped');
    const previousRow = await server.superuser
      .collection(COLLECTIONS.searchResults)
      .getFirstListItem(`run = "${first}" && ad_id = "a-dropped"`);
    expect(dropped).toMatchObject({ row: previousRow.id, active: false });
  });

  it('a third run like the second: nothing changed, and there is a report all the same', async () => {
    const third = await completeWatchRun(server, user, watch, [
      adRow('a-keeps', { winning_score: 70 }),
      adRow('a-stops', {
        winning_score: 90,
        active_status: 'INACTIVE',
        end_date: toPbDate(Date.now() - 3_600_000),
      }),
      adRow('a-returns'),
      adRow('b-new', { store: 's2', winning_score: 60 }),
    ]);
    await computeNextReport(server);
    const [report] = await reportsOfRun(server, third);
    expect(report).toMatchObject({
      previous_run: second,
      ads_count: 4,
      new_count: 0,
      stopped_count: 0,
      resumed_count: 0,
      unseen_count: 0,
      products_count: 0,
      stores_count: 0,
    });
  });

  it('an ad back after a run without it is compared with its last sighting before (the history)', async () => {
    // a-ended ran in the first run, was missing from the second and the third, and has stopped now
    const fourth = await completeWatchRun(server, user, watch, [
      adRow('a-keeps', { winning_score: 70 }),
      adRow('a-ended', { winning_score: 30, active_status: 'INACTIVE', end_date: toPbDate(Date.now()) }),
    ]);
    // read one row a page: the history's cursor pages too
    await computeNextReport(server, 'report-worker', { pageSize: 1 });
    const [report] = await reportsOfRun(server, fourth);
    const row = await server.superuser
      .collection(COLLECTIONS.searchResults)
      .getFirstListItem(`run = "${fourth}" && ad_id = "a-ended"`);
    expect(report).toMatchObject({ new_count: 0, stopped_count: 1, stores_count: 0 });
    expect(report!.stopped_ads).toEqual([
      expect.objectContaining({ adId: 'a-ended', row: row.id, active: false }),
    ]);
  });

  it('deleting the watch keeps its reports, their link cleared', async () => {
    await user.pb.collection(COLLECTIONS.watches).delete(watch.id);
    const kept = await Promise.all([first, second].map((run) => reportsOfRun(server, run)));
    expect(kept.map((reports) => reports.map((report) => [report.watch, report.watch_name]))).toEqual([
      [['', 'Lamps daily']],
      [['', 'Lamps daily']],
    ]);
  });
});

describe("a watch's sightings", () => {
  it('a report compares with the sighting before its run, even when a later run completed first or the sightings were kept only now', async () => {
    const watch = await createWatch(
      server,
      user,
      'https://www.facebook.com/ads/library/?active_status=all&country=US&q=sightings',
    );
    const stopped = { active_status: 'INACTIVE', end_date: toPbDate(Date.now() - 86_400_000) };
    const first = await completeWatchRun(server, user, watch, [
      adRow('x1'),
      adRow('x2', stopped),
      adRow('x3'),
    ]);
    await computeNextReport(server);
    await completeWatchRun(server, user, watch, [adRow('x1')]);
    await computeNextReport(server);
    const sightings = () =>
      server.superuser
        .collection(COLLECTIONS.watchSightings)
        .getFullList({ filter: server.superuser.filter('watch = {:watch}', { watch: watch.id }) });
    expect((await sightings()).map((s) => s.ad_id).sort()).toEqual(['x1', 'x2', 'x3']);
    // as on a server updated from a version without sightings: the next completed run keeps them all
    for (const sighting of await sightings())
      await server.superuser.collection(COLLECTIONS.watchSightings).delete(sighting.id);

    // x2 is back in the third run, and a fourth run completes before the third's report
    const third = await completeWatchRun(server, user, watch, [adRow('x1'), adRow('x2')]);
    expect((await sightings()).map((s) => [s.ad_id, s.run]).sort()).toEqual([
      ['x1', third],
      ['x2', third],
      ['x3', first],
    ]);
    const fourth = await completeWatchRun(server, user, watch, [adRow('x1'), adRow('x2')]);
    expect(await computeNextReport(server)).toMatchObject({ outcome: 'stored' });
    // compared with the first run's sighting of x2 (stopped), not the fourth's
    const [report] = await reportsOfRun(server, third);
    expect(report).toMatchObject({ new_count: 0, resumed_count: 1, stopped_count: 0 });
    expect(ids(report!.resumed_ads)).toEqual(['x2']);
    expect(await computeNextReport(server)).toMatchObject({ outcome: 'stored' });
    expect((await reportsOfRun(server, fourth))[0]).toMatchObject({ resumed_count: 0, stopped_count: 0 });
  });

  it("the history reads a sighting's row as the results hold it, with the creative the archive linked after its run", async () => {
    const watch = await createWatch(
      server,
      user,
      'https://www.facebook.com/ads/library/?active_status=all&country=US&q=kept',
    );
    const stopped = { active_status: 'INACTIVE', end_date: toPbDate(Date.now() - 86_400_000) };
    const first = await completeWatchRun(server, user, watch, [
      adRow('k1', { media_url: mediaLink('k1'), days_running: 12, winning_score: 61.5 }),
      adRow('k2', stopped),
      adRow('k3'),
    ]);
    await computeNextReport(server);
    // the archive links k1's creative after its run completed (and its sighting was kept)
    const [media] = await claimMedia(server, 'history-archiver', 1);
    expect(media).toMatchObject({ ad_id: 'k1' });
    const uploaded = await upload(server, media!.id, 'history-archiver', { file: pngPart(await png(35)) });
    expect(uploaded.status).toBe(200);
    await completeWatchRun(server, user, watch, [adRow('k3')]);
    await computeNextReport(server);
    await completeWatchRun(server, user, watch, [adRow('k3')]);

    // k1 and k2 are the third run's history: their first-run rows, column for column
    const api = reportServer(server.worker, 'history-reader');
    const [task] = await api.claim(1);
    const history = await api.rows(task!.id, 'history', '', 10);
    await api.release(task!.id);
    const rows = await server.superuser
      .collection(COLLECTIONS.searchResults)
      .getFullList({ filter: server.superuser.filter('run = {:run}', { run: first }), sort: 'ad_id' });
    const creative = await server.superuser.collection(COLLECTIONS.creatives).getOne(uploaded.body.creative);
    expect(rows[0]!.creative).toBe(creative.id);
    const phashOf = (row: RecordModel) => (row.creative === creative.id ? creative.phash : '');
    // the worker's rows hold the wire columns and empty Insights fields: compare the wire columns
    const wire = (row: Record<string, unknown>) =>
      Object.fromEntries(REPORT_WIRE_COLUMNS.map((column) => [column, row[column]]));
    expect(history.map(wire).sort((a, b) => String(a.ad_id).localeCompare(String(b.ad_id)))).toEqual(
      rows
        .filter((row) => row.ad_id !== 'k3')
        .map((row) =>
          Object.fromEntries(
            REPORT_WIRE_COLUMNS.map((column) => [column, column === 'phash' ? phashOf(row) : row[column]]),
          ),
        ),
    );
    expect(await computeNextReport(server)).toMatchObject({ outcome: 'stored' });
  });
});

describe('one report per run', () => {
  it('a worker that lost its task stores nothing; a second store answers the first report; a report that exists is answered', async () => {
    const watch = await createWatch(server, user);
    const runId = await completeWatchRun(server, user, watch, [adRow('o1')]);
    const slow = reportServer(server.worker, 'slow-worker');
    const fast = reportServer(server.worker, 'fast-worker');
    const [task] = await slow.claim(1);
    expect(task?.run).toBe(runId);
    // the slow worker stalls (or dies) halfway: its lease runs out and another takes the task over
    await slow.rows(task!.id, 'current', '', 10);
    await waitPastLease(task!.lease_expires_at);
    const [again] = await fast.claim(1);
    expect(again).toMatchObject({ id: task!.id, attempts: 2 });
    const content = { ...EMPTY_REPORT, ads_count: 1 };
    expect(
      await post(SERVER_ROUTES.reportStore.url(task!.id), { worker: 'slow-worker', report: content }),
    ).toEqual({
      status: 409,
      body: LEASE_NOT_HELD_MESSAGE,
    });
    const stored = await fast.store(task!.id, content);
    expect(stored.stored).toBe(true);
    // stored twice (an answer lost on the way back): the same report, never a second
    expect(await fast.store(task!.id, content)).toEqual({ report: stored.report, stored: false });
    expect(await reportsOfRun(server, runId)).toHaveLength(1);
    expect(await taskOfRun(server, runId)).toMatchObject({ status: 'done', report: stored.report });

    // a run that has its report already (an operator's): the task is answered with it, never a 500
    const other = await completeWatchRun(server, user, watch, [adRow('o2')]);
    const existing = await server.superuser
      .collection(COLLECTIONS.reports)
      .create({ user: user.id, run: other, watch_name: 'by hand' });
    const [otherTask] = await fast.claim(1);
    expect(await fast.store(otherTask!.id, content)).toEqual({ report: existing.id, stored: false });
    expect(await reportsOfRun(server, other)).toHaveLength(1);
    // and the unique index holds whatever a hook does
    expect(
      await statusOf(server.superuser.collection(COLLECTIONS.reports).create({ user: user.id, run: other })),
    ).toBe(400);
  });
});
