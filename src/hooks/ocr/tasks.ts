/**
 * The text reader's queue (docs/ai.md#the-text-on-a-creative): `text_tasks`, one per creative.
 * The archive queues one when it stores a creative (queueText, in the upload's transaction;
 * pb_migrations/1795321010_queue_creatives_text.js queued those archived before); workers claim
 * them under a lease (OCR_LEASE_SECONDS) as they claim the archive's tasks (src/hooks/media/tasks.ts)
 * and settle them: read (src/hooks/ocr/store.ts), retried after a backoff, `unreadable` for good,
 * or released. The user of a task is its creative's owner; no request names one.
 */
import { COLLECTIONS } from '../../domain/api/collections.ts';
import { CREATIVE_FILES_PATH } from '../../domain/media/creative-files.ts';
import { MEDIA_RETRY_DELAYS_SECONDS } from '../../domain/media/creative-limits.ts';
import { textFailOutcome, type TextFailResponse, type TextTask } from '../../domain/tags/text-contract.ts';
import { isTagLanguage, LANGUAGE_TAG_PREFIX, type TagLanguage } from '../../domain/tags/vocabulary.ts';
import { toPbDate } from '../../domain/text/format.ts';
import { positiveEnv } from '../config/index.ts';
import { clearLease, nowString, requireHeldTask } from '../tasks/index.ts';

/** last_error's column limit (pb_migrations/1795321000_create_text_tasks.js). */
const ERROR_MAX = 2000;

/**
 * At most this many languages of the copy besides English: each one more is read through by
 * tesseract (slower, and more room for a wrong word), and a creative's rows rarely have more.
 */
export const TEXT_COPY_LANGUAGES_MAX = 2;

/** How long a claim holds a task (OCR_LEASE_SECONDS, default 180). */
export function textLeaseSeconds(): number {
  return positiveEnv('OCR_LEASE_SECONDS', 180);
}

/**
 * Queues the reading of `creative` (a record about to be saved in `txApp`'s transaction) unless
 * one was queued before: its `text_status` becomes `pending` and a task is inserted, once per
 * creative (the unique index on `creative`).
 */
export function queueText(txApp: CoreApp, creative: core.Record): void {
  if (creative.getString('text_status') !== '') return;
  creative.set('text_status', 'pending');
  const now = nowString();
  txApp
    .db()
    .newQuery(
      `INSERT INTO ${COLLECTIONS.textTasks} (id, user, creative, status, attempts, next_attempt_at, ` +
        `lease_owner, lease_expires_at, last_error, created, updated) ` +
        `VALUES (substr(lower(hex(randomblob(8))), 1, 15), {:user}, {:creative}, 'pending', 0, {:now}, ` +
        `'', '', '', {:now}, {:now}) ON CONFLICT (creative) DO NOTHING`,
    )
    .bind({ user: creative.getString('user'), creative: creative.id, now: now })
    .execute();
}

/**
 * The languages to read a creative of `user` in: those of the `lang:` tags of the user's rows of
 * it (in the vocabulary's order, at most TEXT_COPY_LANGUAGES_MAX), then English.
 */
export function readingLanguages(app: CoreApp, user: string, creativeId: string): TagLanguage[] {
  const found = arrayOf(new DynamicModel({ tag: '' })) as unknown as { tag: string }[];
  app
    .db()
    .newQuery(
      `SELECT DISTINCT j.value AS tag FROM ${COLLECTIONS.searchResults} r, ` +
        `json_each(CASE WHEN json_valid(r.tags) AND json_type(r.tags) = 'array' THEN r.tags ELSE '[]' END) j ` +
        `WHERE r.user = {:user} AND r.creative = {:creative} AND j.type = 'text' AND j.value LIKE 'lang:%'`,
    )
    .bind({ user: user, creative: creativeId })
    .all(found);
  return languagesOf(found.map((row) => row.tag));
}

/** `lang:` tags → the languages to read in (pure: tested without a server). */
export function languagesOf(tags: readonly string[]): TagLanguage[] {
  const codes = new Set<TagLanguage>();
  for (const tag of tags) {
    const code = tag.slice(LANGUAGE_TAG_PREFIX.length);
    if (tag.startsWith(LANGUAGE_TAG_PREFIX) && isTagLanguage(code) && code !== 'en') codes.add(code);
  }
  const copy = [...codes].sort().slice(0, TEXT_COPY_LANGUAGES_MAX);
  return [...copy, 'en'];
}

/** The path of the image to read: an image's file, a video's poster; '' when there is none. */
export function imagePath(creativeId: string, mime: string, file: string, poster: string): string {
  const name = file && mime.startsWith('image/') ? file : poster;
  return name ? `${CREATIVE_FILES_PATH}${encodeURIComponent(creativeId)}/${encodeURIComponent(name)}` : '';
}

interface DueRow {
  id: string;
  creative: string;
  user: string;
  attempts: number;
  mime: string;
  file: string;
  poster: string;
}

/**
 * Leases up to `limit` due tasks to `workerName`, newest first (the creatives archived before the
 * reader came, queued with their own dates, are read last): pending, due, and nobody's or their
 * lease ran out. One transaction (SQLite's single writer), so two workers never get one task.
 */
export function claimTextTasks(workerName: string, limit: number): TextTask[] {
  const tasks: TextTask[] = [];
  $app.runInTransaction((txApp) => {
    const now = nowString();
    const until = toPbDate(Date.now() + textLeaseSeconds() * 1000);
    const due = arrayOf(
      new DynamicModel({ id: '', creative: '', user: '', attempts: 0, mime: '', file: '', poster: '' }),
    ) as unknown as DueRow[];
    txApp
      .db()
      .newQuery(
        `SELECT t.id, t.creative, t.user, t.attempts, c.mime, c.file, c.poster FROM ${COLLECTIONS.textTasks} t ` +
          `JOIN ${COLLECTIONS.creatives} c ON c.id = t.creative ` +
          `WHERE t.status = 'pending' AND t.next_attempt_at <= {:now} AND (t.lease_owner = '' OR t.lease_expires_at < {:now}) ` +
          `ORDER BY t.created DESC, t.id LIMIT {:limit}`,
      )
      .bind({ now: now, limit: limit })
      .all(due);
    for (const task of due) {
      txApp
        .db()
        .newQuery(
          `UPDATE ${COLLECTIONS.textTasks} SET lease_owner = {:worker}, lease_expires_at = {:until}, ` +
            `attempts = attempts + 1, updated = {:now} WHERE id = {:id}`,
        )
        .bind({ worker: workerName, until: until, now: now, id: task.id })
        .execute();
      tasks.push({
        id: task.id,
        creative: task.creative,
        image: imagePath(task.creative, task.mime, task.file, task.poster),
        languages: readingLanguages(txApp, task.user, task.creative),
        attempts: task.attempts + 1,
        lease_expires_at: until,
      });
    }
  });
  return tasks;
}

/** A task `workerName` holds now: 404 when there is no such task, 409 when the lease is not theirs. */
export function requireTextTask(app: CoreApp, taskId: string, workerName: string): core.Record {
  return requireHeldTask(app, COLLECTIONS.textTasks, taskId, workerName, 'No such text task.');
}

/**
 * Records a failed reading: another try after the backoff, or, past TEXT_ATTEMPTS_MAX or when
 * trying again cannot help, failed for good and the creative `unreadable` (its `updated` moves,
 * so the browser hears of it).
 */
export function failTextTask(
  taskId: string,
  workerName: string,
  error: string,
  retry: boolean,
): TextFailResponse {
  let answer: TextFailResponse | null = null;
  $app.runInTransaction((txApp) => {
    const task = requireTextTask(txApp, taskId, workerName);
    const outcome = textFailOutcome(retry, task.getInt('attempts'), Date.now(), MEDIA_RETRY_DELAYS_SECONDS);
    clearLease(task);
    task.set('last_error', error.slice(0, ERROR_MAX));
    task.set('status', outcome.status);
    task.set('next_attempt_at', outcome.status === 'pending' ? toPbDate(outcome.nextAttemptMs) : '');
    txApp.save(task);
    if (outcome.status === 'failed') {
      const creative = txApp.findRecordById(COLLECTIONS.creatives, task.getString('creative'));
      creative.set('text_status', 'unreadable');
      txApp.save(creative);
    }
    answer = { status: outcome.status, next_attempt_at: task.getString('next_attempt_at') };
  });
  return answer!;
}

/** Hands a task back at once (a worker stopping): claimable now, the attempt not counted. */
export function releaseTextTask(taskId: string, workerName: string): void {
  $app.runInTransaction((txApp) => {
    const task = requireTextTask(txApp, taskId, workerName);
    clearLease(task);
    task.set('next_attempt_at', nowString());
    task.set('attempts', Math.max(0, task.getInt('attempts') - 1));
    txApp.save(task);
  });
}
