/**
 * SERVER_ROUTES.reportStore: the `reports` record of a task's run, from what the worker computed
 * (reportContentSchema, checked by the route) and what the server fixed when the run completed
 * (the user, the watch and its name, the previous run, the period). Exactly one report per run:
 * in one transaction, a task already done answers its report, a run that has one answers it, and
 * the unique `run` index refuses a second whatever else happens; a second store is never a 500.
 */
import { COLLECTIONS } from '../../domain/api/collections.ts';
import {
  reportHasNews,
  type ReportContent,
  type ReportStoreResponse,
} from '../../domain/reports/report-contract.ts';
import { LEASE_NOT_HELD_MESSAGE } from '../../domain/runs/lease-contract.ts';
import { findReportTask, markReportTaskDone } from './tasks.ts';
import { queueEachMail } from '../digest/index.ts';

/** The id of the record of `collection` named `id`, or '' when it is gone. */
function stillThere(app: CoreApp, collection: string, id: string): string {
  if (!id) return '';
  try {
    return app.findRecordById(collection, id).id;
  } catch (_) {
    return '';
  }
}

function reportOfRun(app: CoreApp, runId: string): core.Record | null {
  return app.findRecordsByFilter(COLLECTIONS.reports, 'run = {:run}', '', 1, 0, { run: runId })[0] ?? null;
}

/**
 * Runs once per report, in the transaction that stores it: what a new report leads to goes here,
 * so that it is stored with the report or not at all (issue 34's push, for a report with news,
 * is to be queued here). Today it decides whether the report is news, which the store logs.
 */
export function onReportStored(_txApp: CoreApp, report: core.Record): { news: boolean } {
  queueEachMail(_txApp, report);
  return {
    news: reportHasNews({
      new_count: report.getInt('new_count'),
      stopped_count: report.getInt('stopped_count'),
      resumed_count: report.getInt('resumed_count'),
      products_count: report.getInt('products_count'),
      stores_count: report.getInt('stores_count'),
    }),
  };
}

/**
 * Stores the report of the task's run for `workerName`, who holds (or last held) the task: the
 * last holder may store just after its lease ran out, as long as nobody took the task over (as
 * a run's finish, src/hooks/runs/leases.ts).
 */
export function storeReport(taskId: string, workerName: string, content: ReportContent): ReportStoreResponse {
  let answer: ReportStoreResponse | null = null;
  let logLine = '';
  $app.runInTransaction((txApp) => {
    const task = findReportTask(txApp, taskId);
    if (task.getString('status') === 'done') {
      answer = { report: task.getString('report'), stored: false };
      return;
    }
    if (task.getString('status') !== 'pending' || task.getString('lease_owner') !== workerName)
      throw new ApiError(409, LEASE_NOT_HELD_MESSAGE, {});
    const run = txApp.findRecordById(COLLECTIONS.searchRuns, task.getString('run'));
    const existing = reportOfRun(txApp, run.id);
    if (existing) {
      markReportTaskDone(txApp, task, existing.id);
      answer = { report: existing.id, stored: false };
      return;
    }
    const previousId = stillThere(txApp, COLLECTIONS.searchRuns, task.getString('previous_run'));
    const previous = previousId ? txApp.findRecordById(COLLECTIONS.searchRuns, previousId) : null;
    const report = new Record(txApp.findCachedCollectionByNameOrId(COLLECTIONS.reports));
    report.set('user', task.getString('user'));
    report.set('watch', stillThere(txApp, COLLECTIONS.watches, task.getString('watch')));
    report.set('run', run.id);
    report.set('previous_run', previousId);
    report.set('watch_name', task.getString('watch_name'));
    report.set('period_start', previous ? previous.getString('finished_at') : '');
    report.set('period_end', run.getString('finished_at'));
    for (const [field, value] of Object.entries(content)) report.set(field, value);
    report.set('read_at', '');
    txApp.save(report);
    const { news } = onReportStored(txApp, report);
    markReportTaskDone(txApp, task, report.id);
    answer = { report: report.id, stored: true };
    logLine =
      `[adscout] report ${report.id} of run ${run.id} ("${task.getString('watch_name')}"): ` +
      `${content.new_count} new, ${content.stopped_count} stopped, ${content.resumed_count} back, ` +
      `${content.unseen_count} not seen, ${content.products_count} products and ${content.stores_count} stores moving` +
      (news ? '' : ' (nothing changed)');
  });
  if (logLine) console.log(logLine);
  return answer!;
}
