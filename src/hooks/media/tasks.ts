/**
 * The archive's queue (docs/creatives.md#the-flow): `media_tasks`, one per (user, ad_id). The
 * results write queues them (queueArchive, in its transaction); workers claim them under a lease
 * (MEDIA_LEASE_SECONDS), as they claim runs (src/hooks/runs/leases.ts), and settle them: archived,
 * failed and retried after a backoff, failed for good, or released. The user of a task was copied
 * from the leased run when it was queued; no request names one.
 */
import { COLLECTIONS } from '../../domain/api/collections.ts';
import type { MediaFailResponse, MediaTask } from '../../domain/media/media-contract.ts';
import { toPbDate } from '../../domain/text/format.ts';
import { positiveEnv } from '../config/index.ts';
import { queueText } from '../ocr/index.ts';
import { joinCreativeTags } from '../tags/index.ts';
import { clearLease, nowString, requireHeldTask } from '../tasks/index.ts';
import { failOutcome, pbDateMs } from './retry.ts';

/** last_error's column limit (pb_migrations/1795300800_create_creatives.js). */
const ERROR_MAX = 2000;

/** How long a claim holds a task (MEDIA_LEASE_SECONDS, default 180). */
export function mediaLeaseSeconds(): number {
  return positiveEnv('MEDIA_LEASE_SECONDS', 180);
}

/** `{:a0}, {:a1}, …` for `values`, added to `params` under those names. */
function inList(values: readonly string[], params: { [name: string]: unknown }, prefix: string): string {
  return values
    .map((value, i) => {
      params[`${prefix}${i}`] = value;
      return `{:${prefix}${i}}`;
    })
    .join(', ');
}

/**
 * Called by the results write, in its transaction, with the ad ids it just inserted for `runId`:
 * each of those rows gets the creative the user already has for its ad (an archived task's), and
 * each with a media link still without one gets a pending task for (user, ad_id). A task whose
 * link changed while it was failed for good, or waiting unleased, starts again from that link
 * (its retry window too). Two statements for the whole batch, never a record save per row.
 */
export function queueArchive(txApp: CoreApp, user: string, runId: string, adIds: readonly string[]): void {
  if (adIds.length === 0) return;
  const now = nowString();
  const params: { [name: string]: unknown } = { user: user, run: runId, now: now };
  const ads = inList(adIds, params, 'a');
  txApp
    .db()
    .newQuery(
      `UPDATE ${COLLECTIONS.searchResults} AS r SET creative = t.creative FROM ${COLLECTIONS.mediaTasks} t ` +
        `WHERE r.run = {:run} AND r.ad_id IN (${ads}) AND r.creative = '' ` +
        `AND t.user = {:user} AND t.ad_id = r.ad_id AND t.status = 'archived' AND t.creative != ''`,
    )
    .bind(params)
    .execute();
  // 15 characters of [a-f0-9]: a valid PocketBase id
  txApp
    .db()
    .newQuery(
      `INSERT INTO ${COLLECTIONS.mediaTasks} (id, user, ad_id, media_url, media_poster_url, status, attempts, next_attempt_at, ` +
        `lease_owner, lease_expires_at, last_error, creative, created, updated) ` +
        `SELECT substr(lower(hex(randomblob(8))), 1, 15), r.user, r.ad_id, r.media_url, r.media_poster_url, ` +
        `'pending', 0, {:now}, '', '', '', '', {:now}, {:now} FROM ${COLLECTIONS.searchResults} r ` +
        `WHERE r.run = {:run} AND r.ad_id IN (${ads}) AND r.creative = '' ` +
        `AND (r.media_url != '' OR r.media_poster_url != '') ` +
        `ON CONFLICT (user, ad_id) DO UPDATE SET media_url = excluded.media_url, ` +
        `media_poster_url = excluded.media_poster_url, status = 'pending', attempts = 0, ` +
        `next_attempt_at = excluded.next_attempt_at, last_error = '', created = excluded.created, ` +
        `updated = excluded.updated ` +
        `WHERE (${COLLECTIONS.mediaTasks}.status = 'failed' OR (${COLLECTIONS.mediaTasks}.status = 'pending' AND ${COLLECTIONS.mediaTasks}.lease_owner = '')) ` +
        `AND (${COLLECTIONS.mediaTasks}.media_url != excluded.media_url OR ${COLLECTIONS.mediaTasks}.media_poster_url != excluded.media_poster_url)`,
    )
    .bind(params)
    .execute();
}

interface DueRow {
  id: string;
  ad_id: string;
  media_url: string;
  media_poster_url: string;
  attempts: number;
}

/**
 * Leases up to `limit` due tasks to `workerName`: pending ones whose next attempt is due and that
 * nobody holds, or whose lease ran out. One transaction (SQLite's single writer), so two workers
 * never get the same task.
 */
export function claimTasks(workerName: string, limit: number): MediaTask[] {
  const tasks: MediaTask[] = [];
  $app.runInTransaction((txApp) => {
    const now = nowString();
    const until = toPbDate(Date.now() + mediaLeaseSeconds() * 1000);
    const due = arrayOf(
      new DynamicModel({ id: '', ad_id: '', media_url: '', media_poster_url: '', attempts: 0 }),
    ) as unknown as DueRow[];
    txApp
      .db()
      .newQuery(
        `SELECT id, ad_id, media_url, media_poster_url, attempts FROM ${COLLECTIONS.mediaTasks} ` +
          `WHERE status = 'pending' AND next_attempt_at <= {:now} AND (lease_owner = '' OR lease_expires_at < {:now}) ` +
          `ORDER BY next_attempt_at, id LIMIT {:limit}`,
      )
      .bind({ now: now, limit: limit })
      .all(due);
    if (due.length === 0) return;
    const params: { [name: string]: unknown } = { worker: workerName, until: until, now: now };
    const ids = inList(
      due.map((task) => task.id),
      params,
      't',
    );
    txApp
      .db()
      .newQuery(
        `UPDATE ${COLLECTIONS.mediaTasks} SET lease_owner = {:worker}, lease_expires_at = {:until}, attempts = attempts + 1, ` +
          `updated = {:now} WHERE id IN (${ids})`,
      )
      .bind(params)
      .execute();
    for (const task of due) {
      tasks.push({
        id: task.id,
        ad_id: task.ad_id,
        media_url: task.media_url,
        media_poster_url: task.media_poster_url,
        attempts: task.attempts + 1,
        lease_expires_at: until,
      });
    }
  });
  return tasks;
}

/** A task `workerName` holds now: 404 when there is no such task, 409 when the lease is not theirs. */
export function requireTask(app: CoreApp, taskId: string, workerName: string): core.Record {
  return requireHeldTask(app, COLLECTIONS.mediaTasks, taskId, workerName, 'No such media task.');
}

/** Records a failed fetch: another try after the backoff, or failed for good (src/hooks/media/retry.ts). */
export function failTask(
  taskId: string,
  workerName: string,
  error: string,
  retry: boolean,
): MediaFailResponse {
  let answer: MediaFailResponse | null = null;
  $app.runInTransaction((txApp) => {
    const task = requireTask(txApp, taskId, workerName);
    const outcome = failOutcome(
      retry,
      task.getInt('attempts'),
      pbDateMs(task.getString('created')),
      Date.now(),
    );
    clearLease(task);
    task.set('last_error', error.slice(0, ERROR_MAX));
    task.set('status', outcome.status);
    task.set('next_attempt_at', outcome.status === 'pending' ? toPbDate(outcome.nextAttemptMs) : '');
    txApp.save(task);
    answer = { status: outcome.status, next_attempt_at: task.getString('next_attempt_at') };
  });
  return answer!;
}

/** Hands a task back at once (a worker shutting down): claimable now, the attempt not counted. */
export function releaseTask(taskId: string, workerName: string): void {
  $app.runInTransaction((txApp) => {
    const task = requireTask(txApp, taskId, workerName);
    clearLease(task);
    task.set('next_attempt_at', nowString());
    task.set('attempts', Math.max(0, task.getInt('attempts') - 1));
    txApp.save(task);
  });
}

/**
 * Archives a task the worker holds with `creativeId` (a creative of the task's user): the user's
 * rows of the ad without a creative get it (and a new `updated`, so the browser pulls them), the
 * user's board items of the ad get it as well, and so do the watches' sightings of the ad; the
 * creative's reading is queued (once per creative), the creative record is saved (its `updated`
 * too: realtime tells the owner's open app), and the task is settled. Returns how many rows it set.
 */
export function archiveTask(txApp: CoreApp, task: core.Record, creativeId: string): number {
  const now = nowString();
  const linked = txApp
    .db()
    .newQuery(
      `UPDATE ${COLLECTIONS.searchResults} SET creative = {:creative}, updated = {:now} ` +
        "WHERE user = {:user} AND ad_id = {:ad} AND creative = ''",
    )
    .bind({ creative: creativeId, now: now, user: task.getString('user'), ad: task.getString('ad_id') })
    .execute()
    .rowsAffected();
  // a creative already read (another ad's same file) brings its text's tags to the rows (docs/ai.md#tags)
  joinCreativeTags(
    txApp,
    'r.user = {:user} AND r.ad_id = {:ad} AND r.creative = {:creative}',
    { user: task.getString('user'), ad: task.getString('ad_id'), creative: creativeId },
    now,
  );
  // the user's saved items of the ad too (docs/boards.md): by SQL, their new `updated` for the sync
  txApp
    .db()
    .newQuery(
      `UPDATE ${COLLECTIONS.boardItems} SET creative = {:creative}, updated = {:now} ` +
        "WHERE user = {:user} AND ad_id = {:ad} AND creative = ''",
    )
    .bind({ creative: creativeId, now: now, user: task.getString('user'), ad: task.getString('ad_id') })
    .execute();
  // and the watches' sightings, which keep their rows' creative for the reports
  // (src/hooks/reports/sightings.ts): a sighting's row is among the rows just linked when it is ''
  txApp
    .db()
    .newQuery(
      `UPDATE ${COLLECTIONS.watchSightings} SET creative = {:creative} ` +
        "WHERE user = {:user} AND ad_id = {:ad} AND creative = ''",
    )
    .bind({ creative: creativeId, user: task.getString('user'), ad: task.getString('ad_id') })
    .execute();
  // its reading queued, once (docs/ai.md#the-text-on-a-creative)
  const creative = txApp.findRecordById(COLLECTIONS.creatives, creativeId);
  queueText(txApp, creative);
  txApp.save(creative);
  clearLease(task);
  task.set('status', 'archived');
  task.set('creative', creativeId);
  task.set('last_error', '');
  txApp.save(task);
  return linked;
}
