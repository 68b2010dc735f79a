/**
 * The reports area (pb_hooks/reports.pb.js, docs/reports.md): the queue of report tasks (queued
 * by a watch run's settlement), the worker routes that read a report's rows and store it, the
 * owner's `read_at` updates, and the cron that deletes old reports. Each route checks its body
 * against src/domain/reports/report-contract.ts and answers in its shape. The user, the watch and
 * the runs are always the task's, never the request's.
 */
import { checkInput, type InputSchema } from '../../domain/forms/forms.ts';
import {
  reportClaimRequestSchema,
  reportFailRequestSchema,
  reportReleaseRequestSchema,
  reportRowsRequestSchema,
  reportStoreRequestSchema,
  type ReportClaimResponse,
} from '../../domain/reports/report-contract.ts';
import { reportRowsPage } from './rows.ts';
import { storeReport } from './store.ts';
import { claimReportTasks, failReportTask, releaseReportTask, requireReportTask } from './tasks.ts';

export { pruneReports } from './prune.ts';
export { handleReportUpdate } from './record-rules.ts';
export { onReportStored } from './store.ts';
export { queueReport } from './tasks.ts';

/**
 * The JSON body checked against its contract; a 400 with the first rule it breaks. The same as
 * src/hooks/runs/request.ts's requestBody, which this area does not import: the runs area imports
 * this one (a run's settlement queues its report), and two bundles requiring each other would
 * load half-made.
 */
function body<T>(e: core.RequestEvent, schema: InputSchema<T>): T {
  const checked = checkInput(schema, e.requestInfo().body || {});
  if (!checked.ok) throw new BadRequestError(checked.message);
  return checked.data;
}

const taskId = (e: core.RequestEvent) => e.request!.pathValue('id');

/** SERVER_ROUTES.reportClaim. */
export function handleReportClaim(e: core.RequestEvent): void {
  const request = body(e, reportClaimRequestSchema);
  const answer: ReportClaimResponse = { tasks: claimReportTasks(request.worker, request.limit) };
  return e.json(200, answer);
}

/** SERVER_ROUTES.reportRows: the page's JSON text, built by SQLite, encoded by Go as `rows`. */
export function handleReportRows(e: core.RequestEvent): void {
  const request = body(e, reportRowsRequestSchema);
  const task = requireReportTask($app, taskId(e), request.worker);
  const page = reportRowsPage(task, request.part, request.after, request.limit);
  e.response.header().set('Cache-Control', 'no-store');
  return e.json(200, page);
}

/** SERVER_ROUTES.reportStore. */
export function handleReportStore(e: core.RequestEvent): void {
  const request = body(e, reportStoreRequestSchema);
  return e.json(200, storeReport(taskId(e), request.worker, request.report));
}

/** SERVER_ROUTES.reportFail. */
export function handleReportFail(e: core.RequestEvent): void {
  const request = body(e, reportFailRequestSchema);
  return e.json(200, failReportTask(taskId(e), request.worker, request.error, request.retry));
}

/** SERVER_ROUTES.reportRelease: 204. */
export function handleReportRelease(e: core.RequestEvent): void {
  const request = body(e, reportReleaseRequestSchema);
  releaseReportTask(taskId(e), request.worker);
  return e.noContent(204);
}
