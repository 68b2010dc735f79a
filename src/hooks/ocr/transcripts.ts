/**
 * The transcripts' queue (docs/ai.md#transcripts): `transcript_tasks`, one per archived video,
 * only while AI_TRANSCRIBE_MODEL is set. The claim queues the videos not queued yet (newest
 * first, a few a claim, each task dated like its creative, so that the videos archived before are
 * done too, oldest last); a video over TRANSCRIBE_MAX_BYTES is marked `too_large` there and never
 * handed out. Workers lease the tasks as they lease text tasks (src/hooks/ocr/tasks.ts) and settle
 * them: stored (the transcript, and its tags joined into the creative's rows in the same
 * transaction), retried after the text reader's backoff, `failed` or `too_large` for good, or
 * released. The user of a task is its creative's owner; no request names one.
 */
import { COLLECTIONS } from '../../domain/api/collections.ts';
import { CREATIVE_FILES_PATH } from '../../domain/media/creative-files.ts';
import { MEDIA_RETRY_DELAYS_SECONDS } from '../../domain/media/creative-limits.ts';
import { TRANSCRIBE_MAX_BYTES, TRANSCRIPT_MAX } from '../../domain/tags/creative-text.ts';
import { textFailOutcome } from '../../domain/tags/text-contract.ts';
import type {
  TranscriptFailResponse,
  TranscriptStoreResponse,
  TranscriptTask,
} from '../../domain/tags/transcript-contract.ts';
import { unionTags } from '../../domain/tags/vocabulary.ts';
import { toPbDate } from '../../domain/text/format.ts';
import { aiConfig } from '../config/index.ts';
import { joinCreativeTags } from '../tags/index.ts';
import { clearLease, nowString, requireHeldTask } from '../tasks/index.ts';
import { textLeaseSeconds } from './tasks.ts';

/** last_error's column limit (pb_migrations/1795324010_create_transcript_tasks.js). */
const ERROR_MAX = 2000;

/** Videos queued at most per claim: the backlog is queued a few at a time, never in one long transaction. */
export const TRANSCRIPT_QUEUE_PER_CLAIM = 20;

interface VideoRow {
  id: string;
  bytes: number;
  created: string;
}

/**
 * Queues up to TRANSCRIPT_QUEUE_PER_CLAIM archived videos not queued yet, newest first: each
 * becomes `pending` with a task dated like it, or `too_large` with none. Returns how many.
 */
export function queueTranscripts(txApp: CoreApp): number {
  const videos = arrayOf(new DynamicModel({ id: '', bytes: 0, created: '' })) as unknown as VideoRow[];
  txApp
    .db()
    .newQuery(
      `SELECT id, bytes, created FROM ${COLLECTIONS.creatives} ` +
        `WHERE transcript_status = '' AND mime LIKE 'video/%' AND file != '' ` +
        `ORDER BY created DESC LIMIT {:limit}`,
    )
    .bind({ limit: TRANSCRIPT_QUEUE_PER_CLAIM })
    .all(videos);
  for (const video of videos) {
    const creative = txApp.findRecordById(COLLECTIONS.creatives, video.id);
    // OpenAI's limit: a larger video is never sent (docs/ai.md#transcripts)
    const tooLarge = video.bytes > TRANSCRIBE_MAX_BYTES;
    creative.set('transcript_status', tooLarge ? 'too_large' : 'pending');
    txApp.save(creative);
    if (tooLarge) continue;
    txApp
      .db()
      .newQuery(
        `INSERT INTO ${COLLECTIONS.transcriptTasks} (id, user, creative, status, attempts, next_attempt_at, ` +
          `lease_owner, lease_expires_at, last_error, created, updated) ` +
          `VALUES (substr(lower(hex(randomblob(8))), 1, 15), {:user}, {:creative}, 'pending', 0, {:now}, ` +
          `'', '', '', {:created}, {:now}) ON CONFLICT (creative) DO NOTHING`,
      )
      .bind({
        user: creative.getString('user'),
        creative: video.id,
        now: nowString(),
        created: video.created,
      })
      .execute();
  }
  return videos.length;
}

interface DueRow {
  id: string;
  creative: string;
  attempts: number;
  file: string;
  bytes: number;
}

/**
 * Leases up to `limit` due tasks to `workerName`, newest first, after queueing the videos not
 * queued yet; none while transcripts are off (AI_TRANSCRIBE_MODEL not set on the server). One
 * transaction (SQLite's single writer), so two workers never get one task.
 */
export function claimTranscriptTasks(workerName: string, limit: number): TranscriptTask[] {
  if (!aiConfig().settings.transcribeModel) return [];
  const tasks: TranscriptTask[] = [];
  $app.runInTransaction((txApp) => {
    queueTranscripts(txApp);
    const now = nowString();
    const until = toPbDate(Date.now() + textLeaseSeconds() * 1000);
    const due = arrayOf(
      new DynamicModel({ id: '', creative: '', attempts: 0, file: '', bytes: 0 }),
    ) as unknown as DueRow[];
    txApp
      .db()
      .newQuery(
        `SELECT t.id, t.creative, t.attempts, c.file, c.bytes FROM ${COLLECTIONS.transcriptTasks} t ` +
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
          `UPDATE ${COLLECTIONS.transcriptTasks} SET lease_owner = {:worker}, lease_expires_at = {:until}, ` +
            `attempts = attempts + 1, updated = {:now} WHERE id = {:id}`,
        )
        .bind({ worker: workerName, until: until, now: now, id: task.id })
        .execute();
      tasks.push({
        id: task.id,
        creative: task.creative,
        video: `${CREATIVE_FILES_PATH}${encodeURIComponent(task.creative)}/${encodeURIComponent(task.file)}`,
        bytes: task.bytes,
        attempts: task.attempts + 1,
        lease_expires_at: until,
      });
    }
  });
  return tasks;
}

function requireTranscriptTask(app: CoreApp, taskId: string, workerName: string): core.Record {
  return requireHeldTask(app, COLLECTIONS.transcriptTasks, taskId, workerName, 'No such transcript task.');
}

/** Ends a held task: its lease cleared, its status set. */
function settle(txApp: CoreApp, task: core.Record, status: 'done' | 'failed', error: string): void {
  clearLease(task);
  task.set('status', status);
  task.set('last_error', error.slice(0, ERROR_MAX));
  task.set('next_attempt_at', '');
  txApp.save(task);
}

/**
 * Stores what the model heard on its task's video: `read` with the transcript (cut to
 * TRANSCRIPT_MAX) and its tags, or `none` when it is empty; the creative's rows get the tags. All
 * in one transaction, while the worker holds the lease.
 */
export function storeTranscript(
  taskId: string,
  workerName: string,
  heard: { text: string; tags: readonly string[] },
): TranscriptStoreResponse {
  let answer: TranscriptStoreResponse | null = null;
  $app.runInTransaction((txApp) => {
    const task = requireTranscriptTask(txApp, taskId, workerName);
    const creative = txApp.findRecordById(COLLECTIONS.creatives, task.getString('creative'));
    const text = heard.text.trim().slice(0, TRANSCRIPT_MAX).trim();
    const status = text ? 'read' : 'none';
    creative.set('transcript', text);
    creative.set('transcript_status', status);
    creative.set('transcript_tags', text ? unionTags(heard.tags) : []);
    txApp.save(creative);
    // the rows' tags grow by the transcript's, as by the creative's text (src/hooks/tags/row-tags.ts)
    const rows = joinCreativeTags(
      txApp,
      'r.user = {:user} AND r.creative = {:creative}',
      { user: creative.getString('user'), creative: creative.id },
      nowString(),
    );
    settle(txApp, task, 'done', '');
    answer = { status, rows };
  });
  return answer!;
}

/**
 * Records a failed transcription: another try after the backoff, or, past TEXT_ATTEMPTS_MAX, when
 * trying again cannot help, or for a video found over the limit, failed for good and the creative
 * `failed` or `too_large` (its `updated` moves, so the browser hears of it).
 */
export function failTranscriptTask(
  taskId: string,
  workerName: string,
  error: string,
  retry: boolean,
  tooLarge: boolean,
): TranscriptFailResponse {
  let answer: TranscriptFailResponse | null = null;
  $app.runInTransaction((txApp) => {
    const task = requireTranscriptTask(txApp, taskId, workerName);
    const outcome = textFailOutcome(
      retry && !tooLarge,
      task.getInt('attempts'),
      Date.now(),
      MEDIA_RETRY_DELAYS_SECONDS,
    );
    if (outcome.status === 'failed') {
      settle(txApp, task, 'failed', error);
      const creative = txApp.findRecordById(COLLECTIONS.creatives, task.getString('creative'));
      creative.set('transcript_status', tooLarge ? 'too_large' : 'failed');
      txApp.save(creative);
    } else {
      clearLease(task);
      task.set('last_error', error.slice(0, ERROR_MAX));
      task.set('next_attempt_at', toPbDate(outcome.nextAttemptMs));
      txApp.save(task);
    }
    answer = { status: outcome.status, next_attempt_at: task.getString('next_attempt_at') };
  });
  return answer!;
}

/** Hands a task back at once (a worker stopping): claimable now, the attempt not counted. */
export function releaseTranscriptTask(taskId: string, workerName: string): void {
  $app.runInTransaction((txApp) => {
    const task = requireTranscriptTask(txApp, taskId, workerName);
    clearLease(task);
    task.set('next_attempt_at', nowString());
    task.set('attempts', Math.max(0, task.getInt('attempts') - 1));
    txApp.save(task);
  });
}
