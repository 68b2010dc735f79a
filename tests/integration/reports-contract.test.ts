/**
 * The report routes' contract on both sides (docs/reports.md#the-flow) against a real
 * PocketBase: the hooks answer claim, rows, store, fail and release in the shapes of
 * src/domain/reports/report-contract.ts, which the worker's client (src/worker/reports) parses;
 * a row unchanged since the previous run travels as its state; a task that does not exist, or
 * that the worker does not hold, is refused. The rest of the reports' tests: reports.test.ts.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { COLLECTIONS } from '../../src/domain/api/collections.ts';
import { SERVER_ROUTES } from '../../src/domain/api/routes.ts';
import {
  LEASE_NOT_HELD_MESSAGE,
  reportClaimResponseSchema,
  reportContentSchema,
  reportFailResponseSchema,
  REPORT_STATE_COLUMNS,
  REPORT_WIRE_COLUMNS,
  reportRowsResponseSchema,
  reportStoreResponseSchema,
  toPbDate,
} from '../../src/domain/index.ts';
import { reportServer } from '../../src/worker/reports/report-api.ts';
import { subscriber } from '../fixtures/records.ts';
import { startTestServer, statusOf, type TestServer, type TestUser } from './harness.ts';
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
} from './report-support.ts';

let server: TestServer;
let user: TestUser;

/** A short lease: a test that lets one run out waits this long. */
const LEASE_SECONDS = 3;

beforeAll(async () => {
  server = await startTestServer({ env: { REPORT_LEASE_SECONDS: String(LEASE_SECONDS) } });
  user = await subscriber(server.superuser, server, 'reports-contract');
});
afterAll(async () => {
  await server?.stop();
});

/** A raw POST as the workers' account, with the status and message of a refusal. */
const post = (path: string, body: unknown) => postAsWorker(server, path, body);

/** The rows of a reportRows answer as sent: the JSON text of the page's arrays. */
function sentRows(body: unknown): unknown[][] {
  return JSON.parse((body as { rows: string }).rows) as unknown[][];
}

describe('the contract', () => {
  it('the hooks answer in its shape: claim, rows, store, fail, release', async () => {
    const watch = await createWatch(server, user);
    const runId = await completeWatchRun(server, user, watch, [adRow('c1'), adRow('c2')]);
    const worker = 'shape-worker';
    const claim = await post(SERVER_ROUTES.reportClaim.path, { worker, limit: 1 });
    const [task] = reportClaimResponseSchema.parse(claim.body).tasks;
    expect(task).toMatchObject({
      run: runId,
      previous_run: expect.any(String),
      facebook_link: watch.facebook_link,
      target_country: 'US',
      requested_count: 2,
      attempts: 1,
    });
    const rows = await post(SERVER_ROUTES.reportRows.url(task!.id), {
      worker,
      part: 'current',
      after: '',
      limit: 10,
    });
    const page = reportRowsResponseSchema.parse(rows.body).rows;
    expect(page.map((row) => row.ad_id)).toEqual(['c1', 'c2']);
    expect(page[0]).toMatchObject({ ad_id: 'c1', is_new: true, phash: '' });
    // each row travels as an array of the columns the comparison reads
    expect(sentRows(rows.body)[0]).toHaveLength(REPORT_WIRE_COLUMNS.length);
    const after = await post(SERVER_ROUTES.reportRows.url(task!.id), {
      worker,
      part: 'current',
      after: 'c1',
      limit: 10,
    });
    expect(reportRowsResponseSchema.parse(after.body).rows.map((row) => row.ad_id)).toEqual(['c2']);

    const failed = await post(SERVER_ROUTES.reportFail.url(task!.id), { worker, error: 'boom', retry: true });
    expect(reportFailResponseSchema.parse(failed.body)).toMatchObject({ status: 'pending' });
    expect(await taskOfRun(server, runId)).toMatchObject({
      status: 'pending',
      last_error: 'boom',
      lease_owner: '',
    });
    // after its backoff the task is claimable again; released at once, the attempt not counted
    await server.superuser
      .collection(COLLECTIONS.reportTasks)
      .update(task!.id, { next_attempt_at: toPbDate(Date.now() - 1000) });
    const [back] = reportClaimResponseSchema.parse(
      (await post(SERVER_ROUTES.reportClaim.path, { worker, limit: 8 })).body,
    ).tasks;
    expect(back).toMatchObject({ id: task!.id, attempts: 2 });
    // a 204, which the SDK answers as {}
    expect(await post(SERVER_ROUTES.reportRelease.url(task!.id), { worker })).toEqual({
      status: 200,
      body: {},
    });
    expect(await taskOfRun(server, runId)).toMatchObject({ attempts: 1, lease_owner: '' });

    const [last] = reportClaimResponseSchema.parse(
      (await post(SERVER_ROUTES.reportClaim.path, { worker, limit: 1 })).body,
    ).tasks;
    expect(last?.id).toBe(task!.id);
    const store = await post(SERVER_ROUTES.reportStore.url(last!.id), {
      worker,
      report: { ...EMPTY_REPORT, ads_count: 2 },
    });
    expect(reportStoreResponseSchema.parse(store.body).stored).toBe(true);
    expect(reportContentSchema.safeParse(EMPTY_REPORT).success).toBe(true);
  });

  it.each([
    ['a claim of 9', SERVER_ROUTES.reportClaim.path, { worker: 'w', limit: 9 }],
    [
      'rows of another part',
      SERVER_ROUTES.reportRows.url('TASK'),
      { worker: 'w', part: 'all', after: '', limit: 5 },
    ],
    [
      'rows of 2,001',
      SERVER_ROUTES.reportRows.url('TASK'),
      { worker: 'w', part: 'current', after: '', limit: 2001 },
    ],
    [
      'a list longer than its count',
      SERVER_ROUTES.reportStore.url('TASK'),
      {
        worker: 'w',
        report: {
          ...EMPTY_REPORT,
          new_ads: [],
          unseen_ads: [],
          stores: [{ key: 'p:x', pageId: 'x', name: 'X', adsAdded: 1, adIds: [] }],
        },
      },
    ],
    [
      'a report with a field of its own',
      SERVER_ROUTES.reportStore.url('TASK'),
      { worker: 'w', report: { ...EMPTY_REPORT, user: 'someone' } },
    ],
    ['a fail without retry', SERVER_ROUTES.reportFail.url('TASK'), { worker: 'w', error: 'x' }],
  ])('refuses %s with a 400', async (_label, path, body) => {
    const answer = await post(path.replace('TASK', 't'.repeat(15)), body);
    expect(answer.status).toBe(400);
  });

  it('sends a previous row whose ad this run has unchanged as its state, the others whole; the report is the same', async () => {
    const watch = await createWatch(server, user);
    const start = { start_date: toPbDate(Date.now() - 20 * 86_400_000) };
    await completeWatchRun(server, user, watch, [
      adRow('st-same', { ...start, active_status: 'INACTIVE' }),
      adRow('st-retitled', start),
      adRow('st-gone', start),
    ]);
    await computeNextReport(server);
    const second = await completeWatchRun(server, user, watch, [
      adRow('st-same', { ...start, winning_score: 60 }),
      adRow('st-retitled', { ...start, title: 'Another lamp' }),
      adRow('st-new', start),
    ]);
    const worker = 'state-worker';
    const [task] = reportClaimResponseSchema.parse(
      (await post(SERVER_ROUTES.reportClaim.path, { worker, limit: 1 })).body,
    ).tasks;
    expect(task?.run).toBe(second);
    const rows = await post(SERVER_ROUTES.reportRows.url(task!.id), {
      worker,
      part: 'previous',
      after: '',
      limit: 10,
    });
    const sent = sentRows(rows.body);
    const lengths = Object.fromEntries(sent.map((row) => [row[1], row.length]));
    expect(lengths).toEqual({
      'st-same': REPORT_STATE_COLUMNS.length,
      'st-retitled': REPORT_WIRE_COLUMNS.length,
      'st-gone': REPORT_WIRE_COLUMNS.length,
    });
    const same = reportRowsResponseSchema.parse(rows.body).rows.find((row) => row.ad_id === 'st-same');
    // its state in the previous run
    expect(same).toMatchObject({ state: true, active_status: 'INACTIVE', winning_score: 50, is_new: true });
    await post(SERVER_ROUTES.reportRelease.url(task!.id), { worker });
    expect((await computeNextReport(server)).outcome).toBe('stored');
    const [report] = await reportsOfRun(server, second);
    expect(report).toMatchObject({ new_count: 1, resumed_count: 1, unseen_count: 1, ads_count: 3 });
    expect(ids(report!.resumed_ads)).toEqual(['st-same']);
  });

  it('answers 404 for a task that does not exist, and 409 for one the worker does not hold', async () => {
    const watch = await createWatch(server, user);
    const runId = await completeWatchRun(server, user, watch, [adRow('h1')]);
    expect(
      (
        await post(SERVER_ROUTES.reportRows.url('x'.repeat(15)), {
          worker: 'w',
          part: 'current',
          after: '',
          limit: 1,
        })
      ).status,
    ).toBe(404);
    const [task] = await reportServer(server.worker, 'holder').claim(1);
    expect(task?.run).toBe(runId);
    expect(
      await post(SERVER_ROUTES.reportRows.url(task!.id), {
        worker: 'other',
        part: 'current',
        after: '',
        limit: 1,
      }),
    ).toEqual({ status: 409, body: LEASE_NOT_HELD_MESSAGE });
    expect((await post(SERVER_ROUTES.reportRelease.url(task!.id), { worker: 'other' })).status).toBe(409);
    // users and superusers may not call the worker routes
    expect(
      await statusOf(
        user.pb.send(SERVER_ROUTES.reportClaim.path, { method: 'POST', body: { worker: 'u', limit: 1 } }),
      ),
    ).toBe(403);
    await reportServer(server.worker, 'holder').release(task!.id);
    await computeNextReport(server);
  });
});
