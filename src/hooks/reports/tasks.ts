/**
 * The reports' queue (docs/reports.md#exactly-one-report-per-run): `report_tasks`, one per
 * completed watch run. The run's settlement queues it in its own transaction (queueReport, called
 * by src/hooks/runs/leases.ts finish), so the run never waits for its report and a completed
 * watch run always has a task; workers claim tasks under a lease (REPORT_LEASE_SECONDS), as they
 * claim the archive's (src/hooks/media/tasks.ts), and settle them: done with the report stored,
 * failed and retried after a backoff, failed for good, or released. What the report compares
 * (the user, the watch, the previous completed run) is fixed when the task is queued; no request
 * names it.
 */
import { COLLECTIONS } from '../../domain/api/collections.ts';
import type { ReportFailResponse, ReportTask } from '../../domain/reports/report-contract.ts';
import { toPbDate } from '../../domain/text/format.ts';
import { positiveEnv } from '../config/index.ts';
import { clearLease, nowString, requireHeldTask } from '../tasks/index.ts';
import { REPORT_MAX_ATTEMPTS, reportFailOutcome } from './retry.ts';
import { keepSightings } from './sightings.ts';

/** last_error's column limit (pb_migrations/1795301010_create_report_tasks.js). */
const ERROR_MAX = 2000;

/**
 * How long a claim holds a report task (REPORT_LEASE_SECONDS, default 300): reading a 50,000-row
 * history takes seconds, and a source's look-up by id (an Apify actor run) up to a few minutes.
 */
export function reportLeaseSeconds(): number {
  return positiveEnv('REPORT_LEASE_SECONDS', 300);
}

/**
 * Queues the report of `run`, a run that `txApp`'s transaction just settled as completed, and
 * brings its watch's sightings up to date with it (sightings.ts): nothing for a run no watch started, and nothing for a run queued already (the unique `run` index; the
 * finish route answers a settled run as it is, so this runs once per run anyway). The watch's
 * previous completed run is the one that finished last before this one.
 */
export function queueReport(txApp: CoreApp, run: core.Record): void {
  const watchId = run.getString('watch');
  if (!watchId || run.getString('status') !== 'completed') return;
  const queued = txApp.findRecordsByFilter(COLLECTIONS.reportTasks, 'run = {:run}', '', 1, 0, {
    run: run.id,
  });
  if (queued.length > 0) return;
  const previous = txApp.findRecordsByFilter(
    COLLECTIONS.searchRuns,
    "watch = {:watch} && status = 'completed' && id != {:run} && finished_at <= {:finished}",
    '-finished_at,-id',
    1,
    0,
    { watch: watchId, run: run.id, finished: run.getString('finished_at') },
  )[0];
  let watchName = run.getString('search_name');
  try {
    watchName = txApp.findRecordById(COLLECTIONS.watches, watchId).getString('name');
  } catch (_) {
    // the watch went in this very moment: its search's name stands for it
  }
  const task = new Record(txApp.findCachedCollectionByNameOrId(COLLECTIONS.reportTasks));
  task.set('user', run.getString('user'));
  task.set('run', run.id);
  task.set('watch', watchId);
  task.set('previous_run', previous ? previous.id : '');
  task.set('watch_name', watchName);
  task.set('status', 'pending');
  task.set('attempts', 0);
  task.set('next_attempt_at', nowString());
  txApp.save(task);
  keepSightings(txApp, run);
}

interface DueRow {
  id: string;
  run: string;
  previous_run: string;
  attempts: number;
  facebook_link: string;
  target_country: string;
  keywords_used: string;
  requested_count: number;
  finished_at: string;
}

/**
 * Leases up to `limit` due tasks to `workerName`, oldest due first: pending ones whose next
 * attempt is due and that nobody holds, or whose lease ran out. Tasks out of attempts whose lease
 * ran out fail for good first. One transaction (SQLite's single writer): two workers never get
 * the same task.
 */
export function claimReportTasks(workerName: string, limit: number): ReportTask[] {
  const tasks: ReportTask[] = [];
  $app.runInTransaction((txApp) => {
    const now = nowString();
    const until = toPbDate(Date.now() + reportLeaseSeconds() * 1000);
    const spent = txApp
      .db()
      .newQuery(
        `UPDATE ${COLLECTIONS.reportTasks} SET status = 'failed', lease_owner = '', lease_expires_at = '', ` +
          `last_error = 'Out of attempts: the last lease ran out.', updated = {:now} ` +
          `WHERE status = 'pending' AND attempts >= {:max} AND (lease_owner = '' OR lease_expires_at < {:now})`,
      )
      .bind({ now: now, max: REPORT_MAX_ATTEMPTS })
      .execute()
      .rowsAffected();
    if (spent > 0) console.log(`[adscout] ${spent} report tasks failed for good: out of attempts`);
    const due = arrayOf(
      new DynamicModel({
        id: '',
        run: '',
        previous_run: '',
        attempts: 0,
        facebook_link: '',
        target_country: '',
        keywords_used: '',
        requested_count: 0,
        finished_at: '',
      }),
    ) as unknown as DueRow[];
    txApp
      .db()
      .newQuery(
        `SELECT t.id, t.run, t.previous_run, t.attempts, r.facebook_link, r.target_country, r.keywords_used, ` +
          `r.requested_count, r.finished_at FROM ${COLLECTIONS.reportTasks} t ` +
          `JOIN ${COLLECTIONS.searchRuns} r ON r.id = t.run ` +
          `WHERE t.status = 'pending' AND t.next_attempt_at <= {:now} AND (t.lease_owner = '' OR t.lease_expires_at < {:now}) ` +
          `ORDER BY t.next_attempt_at, t.id LIMIT {:limit}`,
      )
      .bind({ now: now, limit: limit })
      .all(due);
    for (const task of due) {
      txApp
        .db()
        .newQuery(
          `UPDATE ${COLLECTIONS.reportTasks} SET lease_owner = {:worker}, lease_expires_at = {:until}, ` +
            `attempts = attempts + 1, updated = {:now} WHERE id = {:id}`,
        )
        .bind({ worker: workerName, until: until, now: now, id: task.id })
        .execute();
      tasks.push({
        id: task.id,
        run: task.run,
        previous_run: task.previous_run,
        facebook_link: task.facebook_link,
        target_country: task.target_country,
        keywords_used: task.keywords_used,
        requested_count: task.requested_count,
        finished_at: task.finished_at,
        attempts: task.attempts + 1,
        lease_expires_at: until,
      });
    }
  });
  return tasks;
}

const REPORT_TASK_NOT_FOUND = 'No such report task.';

/** A report task: 404 when there is no such task. */
export function findReportTask(app: CoreApp, taskId: string): core.Record {
  try {
    return app.findRecordById(COLLECTIONS.reportTasks, taskId);
  } catch (_) {
    throw new NotFoundError(REPORT_TASK_NOT_FOUND);
  }
}

/** A task `workerName` holds now: 404 when there is no such task, 409 when the lease is not theirs. */
export function requireReportTask(app: CoreApp, taskId: string, workerName: string): core.Record {
  return requireHeldTask(app, COLLECTIONS.reportTasks, taskId, workerName, REPORT_TASK_NOT_FOUND);
}

/** Records a failed attempt: another claim after the backoff, or failed for good (retry.ts). */
export function failReportTask(
  taskId: string,
  workerName: string,
  error: string,
  retry: boolean,
): ReportFailResponse {
  let answer: ReportFailResponse | null = null;
  $app.runInTransaction((txApp) => {
    const task = requireReportTask(txApp, taskId, workerName);
    const outcome = reportFailOutcome(retry, task.getInt('attempts'), Date.now());
    clearLease(task);
    task.set('last_error', error.slice(0, ERROR_MAX));
    task.set('status', outcome.status);
    task.set('next_attempt_at', outcome.status === 'pending' ? toPbDate(outcome.nextAttemptMs) : '');
    txApp.save(task);
    answer = { status: outcome.status, next_attempt_at: task.getString('next_attempt_at') };
  });
  if (answer!.status === 'failed')
    console.log(`[adscout] report task ${taskId} failed for good: ${error.slice(0, 300)}`);
  return answer!;
}

/** Hands a task back at once (a worker shutting down): claimable now, the attempt not counted. */
export function releaseReportTask(taskId: string, workerName: string): void {
  $app.runInTransaction((txApp) => {
    const task = requireReportTask(txApp, taskId, workerName);
    clearLease(task);
    task.set('next_attempt_at', nowString());
    task.set('attempts', Math.max(0, task.getInt('attempts') - 1));
    txApp.save(task);
  });
}

/** Settles a task with its run's report (in the caller's transaction). */
export function markReportTaskDone(txApp: CoreApp, task: core.Record, reportId: string): void {
  clearLease(task);
  task.set('status', 'done');
  task.set('report', reportId);
  task.set('last_error', '');
  txApp.save(task);
}
