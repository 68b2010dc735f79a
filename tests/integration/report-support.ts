/**
 * What the report tests share (docs/reports.md): a paused watch, a run of it completed through
 * the lease routes as a worker completes one (claimed, its rows written, finished), result rows
 * as a worker sends them, and a report computed by the worker's own code (src/worker/reports)
 * against the real hooks.
 */
import { expect } from 'vitest';
import type { RecordModel } from 'pocketbase';
import { COLLECTIONS } from '../../src/domain/api/collections.ts';
import { toPbDate } from '../../src/domain/text/format.ts';
import { workerServer } from '../../src/worker/api.ts';
import { buildSourceQueries } from '../../src/worker/query.ts';
import { reportServer } from '../../src/worker/reports/report-api.ts';
import { reportTask, type ReportOutcome } from '../../src/worker/reports/report-task.ts';
import type { AdLookupSource } from '../../src/worker/sources/types.ts';
import { createWorkingRun, pausedWatch } from '../fixtures/records.ts';
import type { ReportContent } from '../../src/domain/reports/report-contract.ts';
import { waitUntil } from '../fixtures/wait-for.ts';
import type { TestServer, TestUser } from './harness.ts';

/** A watch of `user`'s, paused so that the scheduler starts nothing while a test runs its runs. */
export function createWatch(server: TestServer, user: TestUser, link?: string): Promise<RecordModel> {
  return server.superuser.collection(COLLECTIONS.watches).create({
    ...pausedWatch(user.id, 'Lamps daily'),
    ...(link ? { facebook_link: link } : {}),
  });
}

/** A row as a worker sends it: ad `ad` of store `store`, running unless told. */
export function adRow(ad: string, over: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    ad_id: ad,
    page_id: `page-${String(over.store ?? 's1')}`,
    store_name: `Store ${String(over.store ?? 's1')}`,
    title: `Lamp ${ad}`,
    active_status: 'ACTIVE',
    start_date: toPbDate(Date.now() - 10 * 86_400_000),
    days_running: 10,
    winning_score: 50,
    product_link: `https://shop-${String(over.store ?? 's1')}.test/products/${ad}`,
    ...over,
  };
}

/**
 * A working run of the watch, completed through the lease routes as `workerName` (claimed, its
 * rows written, finished): its id. The claim takes the oldest working run, so a test leaves none
 * of its own behind.
 */
export async function completeWatchRun(
  server: TestServer,
  user: TestUser,
  watch: RecordModel | null,
  rows: Record<string, unknown>[],
  { workerName = 'run-worker', status = 'completed' as 'completed' | 'failed' } = {},
): Promise<string> {
  const runId = await createWorkingRun(server.superuser, user.id, {
    search_name: watch ? String(watch.name) : 'Lamps',
    facebook_link: watch ? String(watch.facebook_link) : 'https://www.facebook.com/ads/library/?q=lamp',
    requested_count: Math.max(1, rows.length),
    ...(watch ? { watch: watch.id } : {}),
  });
  const api = workerServer(server.worker, workerName);
  const claimed = await api.claim();
  expect(claimed?.id).toBe(runId);
  if (rows.length) await api.writeResults(runId, rows);
  await api.finish(runId, { status, ...(status === 'failed' ? { error: 'Down' } : {}) });
  return runId;
}

/** The report task of a run, as the superuser reads it (null when none was queued). */
export async function taskOfRun(server: TestServer, runId: string): Promise<RecordModel | null> {
  const tasks = await server.superuser
    .collection(COLLECTIONS.reportTasks)
    .getFullList({ filter: server.superuser.filter('run = {:run}', { run: runId }) });
  return tasks[0] ?? null;
}

/** The reports of a run, as the superuser reads them. */
export function reportsOfRun(server: TestServer, runId: string): Promise<RecordModel[]> {
  return server.superuser
    .collection(COLLECTIONS.reports)
    .getFullList({ filter: server.superuser.filter('run = {:run}', { run: runId }) });
}

/**
 * Claims the next report task as `workerName` and computes it with the worker's code: the
 * outcome and the task.
 */
export async function computeNextReport(
  server: TestServer,
  workerName = 'report-worker',
  options: { lookup?: AdLookupSource; pageSize?: number; logs?: string[] } = {},
): Promise<{ outcome: ReportOutcome; taskId: string }> {
  const api = reportServer(server.worker, workerName);
  const [task] = await api.claim(1);
  if (!task) throw new Error('no report task to claim');
  const outcome = await reportTask(
    task,
    {
      server: api,
      ...(options.lookup ? { lookup: options.lookup } : {}),
      buildQueries: buildSourceQueries,
      lookupTimeoutMs: 10_000,
      log: (line) => options.logs?.push(line),
      ...(options.pageSize ? { pageSize: options.pageSize } : {}),
    },
    new AbortController().signal,
  );
  return { outcome, taskId: task.id };
}

/** A raw POST as the workers' account, with the status and message of a refusal. */
export async function postAsWorker(
  server: TestServer,
  path: string,
  body: unknown,
): Promise<{ status: number; body: unknown }> {
  try {
    return { status: 200, body: await server.worker.send(path, { method: 'POST', body }) };
  } catch (error) {
    const failed = error as { status: number; response?: { message?: string } };
    return { status: failed.status, body: failed.response?.message };
  }
}

/** A report with nothing in it. */
export const EMPTY_REPORT: ReportContent = {
  ads_count: 0,
  new_count: 0,
  stopped_count: 0,
  resumed_count: 0,
  unseen_count: 0,
  looked_up_count: 0,
  products_count: 0,
  stores_count: 0,
  new_ads: [],
  stopped_ads: [],
  resumed_ads: [],
  unseen_ads: [],
  products: [],
  stores: [],
};

/** The ad ids of a report's list, sorted. */
export const ids = (items: { adId: string }[]) => items.map((item) => item.adId).sort();

/** Waits until the clock is past `leaseExpiresAt` (the server runs on this machine). */
export async function waitPastLease(leaseExpiresAt: string): Promise<void> {
  const end = Date.parse(leaseExpiresAt.replace(' ', 'T'));
  await waitUntil('the lease to run out', () => Date.now() > end, { timeoutMs: end - Date.now() + 5_000 });
}
