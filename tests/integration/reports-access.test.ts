/**
 * Who reads and changes a report (docs/reports.md#the-record,
 * docs/invariants.md#invariant-1-no-user-reaches-another-users-records): its owner lists and
 * views it (REST, the sync route, realtime) and changes `read_at` alone; another user, or nobody
 * signed in, gets nothing; no user creates or deletes one; the hourly cron deletes reports (and
 * their settled tasks) older than REPORT_RETENTION_DAYS, and only those. The reports are made the
 * real way: a watch run completed through the lease routes, its report computed by the worker's code.
 */
import type { RecordModel } from 'pocketbase';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { COLLECTIONS } from '../../src/domain/api/collections.ts';
import { SERVER_ROUTES } from '../../src/domain/api/routes.ts';
import { REPORT_RETENTION_DAYS } from '../../src/domain/reports/report-contract.ts';
import { DAY_MS, toPbDate } from '../../src/domain/text/format.ts';
import { REPORTS } from '../../src/web/data/local/sync/records.ts';
import { subscriber } from '../fixtures/records.ts';
import { startTestServer, statusOf, type TestServer, type TestUser } from './harness.ts';
import { waitUntil } from '../fixtures/wait-for.ts';
import {
  adRow,
  completeWatchRun,
  computeNextReport,
  createWatch,
  reportsOfRun,
  taskOfRun,
} from './report-support.ts';
import { runCron, writeColumns } from './security/support.ts';

let server: TestServer;
let a: TestUser;
let b: TestUser;
let reportOfA: RecordModel;
let reportOfB: RecordModel;

async function reportFor(user: TestUser, ad: string): Promise<RecordModel> {
  const watch = await createWatch(server, user);
  const runId = await completeWatchRun(server, user, watch, [adRow(ad)]);
  expect((await computeNextReport(server)).outcome).toBe('stored');
  const [report] = await reportsOfRun(server, runId);
  return report!;
}

beforeAll(async () => {
  server = await startTestServer();
  a = await subscriber(server.superuser, server, 'report-a');
  b = await subscriber(server.superuser, server, 'report-b');
  reportOfA = await reportFor(a, 'ad-of-a');
  reportOfB = await reportFor(b, 'ad-of-b');
});
afterAll(async () => {
  await server?.stop();
});

/** A PATCH through the record API, with its status and PocketBase's message. */
async function patch(user: TestUser, id: string, body: Record<string, unknown>) {
  try {
    return { status: 200, record: await user.pb.collection(COLLECTIONS.reports).update(id, body) };
  } catch (error) {
    const failed = error as { status: number; response?: { message?: string } };
    return { status: failed.status, message: failed.response?.message ?? '' };
  }
}

describe('reading reports', () => {
  it('each user lists and views their own reports only; nobody signed in gets none', async () => {
    expect((await a.pb.collection(COLLECTIONS.reports).getFullList()).map((r) => r.id)).toEqual([
      reportOfA.id,
    ]);
    expect((await b.pb.collection(COLLECTIONS.reports).getFullList()).map((r) => r.id)).toEqual([
      reportOfB.id,
    ]);
    expect(await statusOf(b.pb.collection(COLLECTIONS.reports).getOne(reportOfA.id))).toBe(404);
    expect((await a.pb.collection(COLLECTIONS.reports).getOne(reportOfA.id)).new_count).toBe(1);
    const anonymous = server.anonymous();
    expect(
      await anonymous
        .collection(COLLECTIONS.reports)
        .getFullList()
        .catch(() => []),
    ).toHaveLength(0);
    expect([403, 404]).toContain(
      await statusOf(anonymous.collection(COLLECTIONS.reports).getOne(reportOfA.id)),
    );
  });

  it('the sync route gives each user their own reports, with the mirror’s fields', async () => {
    for (const [user, report] of [
      [a, reportOfA],
      [b, reportOfB],
    ] as const) {
      const { items } = await user.pb.send<{ items: RecordModel[] }>(
        SERVER_ROUTES.syncPage.url(REPORTS.name),
        {
          query: { updated: '', id: '', limit: 50, fields: REPORTS.fields },
          requestKey: null,
        },
      );
      expect(items.map((item) => item.id)).toEqual([report.id]);
      // the mirror reads it as the browser would
      expect(REPORTS.fromServer(items[0]!)).toMatchObject({ id: report.id, run: report.run, new_count: 1 });
    }
  });

  it('realtime tells the owner of a change of their report, and nobody else', async () => {
    const seenByA: string[] = [];
    const seenByB: string[] = [];
    const reports = (user: TestUser) => user.pb.collection(COLLECTIONS.reports);
    const unsubscribe = [
      await reports(a).subscribe('*', (e) => seenByA.push(e.record.id)),
      await reports(b).subscribe('*', (e) => seenByB.push(e.record.id)),
      await reports(b).subscribe(reportOfA.id, (e) => seenByB.push(e.record.id)),
    ];
    try {
      // read on one device: the owner's other devices hear it
      expect((await patch(a, reportOfA.id, { read_at: toPbDate(Date.now()) })).status).toBe(200);
      await expect.poll(() => seenByA, { timeout: 5000 }).toContain(reportOfA.id);
      // B's own change, saved after A's: B's stream delivers in order, so A's would have come first
      expect((await patch(b, reportOfB.id, { read_at: toPbDate(Date.now()) })).status).toBe(200);
      await expect.poll(() => seenByB, { timeout: 5000 }).toContain(reportOfB.id);
      expect(seenByB).toEqual([reportOfB.id]);
    } finally {
      for (const stop of unsubscribe) await stop();
    }
  });
});

describe('changing reports', () => {
  it('the owner marks a report read, and unread again', async () => {
    const readAt = toPbDate(Date.now());
    const read = await patch(a, reportOfA.id, { read_at: readAt });
    expect(read).toMatchObject({ status: 200, record: { read_at: readAt, new_count: 1 } });
    expect((await patch(a, reportOfA.id, { read_at: '' })).record?.read_at).toBe('');
  });

  it('any other field is refused with a 400 naming it, and nothing is saved', async () => {
    const before = await server.superuser.collection(COLLECTIONS.reports).getOne(reportOfA.id);
    for (const body of [
      { read_at: toPbDate(Date.now()), new_count: 0 },
      { new_ads: [] },
      { 'stopped_count+': 1 },
      { user: b.id },
    ]) {
      const answer = await patch(a, reportOfA.id, body);
      // PocketBase reads a modifier (`stopped_count+`) as its field
      const field = Object.keys(body)
        .find((key) => key !== 'read_at')!
        .replace(/[+-]$/, '');
      expect(answer).toEqual({ status: 400, message: expect.stringContaining(`"${field}"`) });
    }
    const after = await server.superuser.collection(COLLECTIONS.reports).getOne(reportOfA.id);
    expect(after).toEqual(before);
  });

  it('another user changes none of them; no user creates or deletes one', async () => {
    expect((await patch(b, reportOfA.id, { read_at: toPbDate(Date.now()) })).status).toBe(404);
    expect([400, 403]).toContain(
      await statusOf(
        a.pb.collection(COLLECTIONS.reports).create({ user: a.id, run: reportOfA.run, watch_name: 'Mine' }),
      ),
    );
    expect([403, 404]).toContain(await statusOf(a.pb.collection(COLLECTIONS.reports).delete(reportOfA.id)));
    expect([403, 404]).toContain(await statusOf(b.pb.collection(COLLECTIONS.reports).delete(reportOfA.id)));
    expect((await server.superuser.collection(COLLECTIONS.reports).getOne(reportOfA.id)).id).toBe(
      reportOfA.id,
    );
  });
});

describe('how long reports are kept', () => {
  it('the hourly prune deletes reports older than 180 days, with their settled tasks, and only those', async () => {
    const ages = { old: (REPORT_RETENTION_DAYS + 1) * DAY_MS, nearly: (REPORT_RETENTION_DAYS - 1) * DAY_MS };
    const made: Record<keyof typeof ages, { report: RecordModel; task: RecordModel }> = {} as never;
    for (const name of Object.keys(ages) as (keyof typeof ages)[]) {
      const report = await reportFor(a, `ad-kept-${name}`);
      made[name] = { report, task: (await taskOfRun(server, String(report.run)))! };
    }
    // PocketBase stamps `created` itself: date them back, with the server stopped
    for (const collection of [COLLECTIONS.reports, COLLECTIONS.reportTasks]) {
      await writeColumns(
        server,
        collection,
        (Object.keys(ages) as (keyof typeof ages)[]).map((name) => ({
          id: collection === COLLECTIONS.reports ? made[name].report.id : made[name].task.id,
          values: { created: toPbDate(new Date(Date.now() - ages[name])) },
        })),
      );
    }
    const exists = (collection: string, id: string) =>
      statusOf(server.superuser.collection(collection).getOne(id)).then((status) => status === 0);
    expect(await exists(COLLECTIONS.reports, made.old.report.id)).toBe(true);

    await runCron(server.superuser, 'adscout_reports_prune');
    await waitUntil(
      'the prune of the 181-day-old report',
      async () => !(await exists(COLLECTIONS.reports, made.old.report.id)),
    );
    expect(await exists(COLLECTIONS.reportTasks, made.old.task.id)).toBe(false);
    // younger than the limit, or fresh: kept
    expect(await exists(COLLECTIONS.reports, made.nearly.report.id)).toBe(true);
    expect(await exists(COLLECTIONS.reportTasks, made.nearly.task.id)).toBe(true);
    expect(await exists(COLLECTIONS.reports, reportOfA.id)).toBe(true);
    expect(await exists(COLLECTIONS.reports, reportOfB.id)).toBe(true);
  });
});
