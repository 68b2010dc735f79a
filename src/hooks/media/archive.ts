/**
 * The archive's writes (docs/creatives.md#the-flow): a creative is found or created by (the
 * task's user, sha256) — one record per distinct file per user — and linked to the user's rows
 * of the task's ad. The files are stored before the transaction that links them: a 200 MB upload
 * to S3 must not hold SQLite's single writer, which the results writes wait on.
 */
import { COLLECTIONS } from '../../domain/api/collections.ts';
import { IMAGE_MAX_BYTES, IMAGE_MIME_TYPES } from '../../domain/media/creative-limits.ts';
import type { CreativeUploadResponse, MediaKnownResponse } from '../../domain/media/media-contract.ts';
import { archiveTask, requireTask } from './tasks.ts';

/** The creative of `user` with this sha256, or null. */
function findCreative(app: CoreApp, user: string, sha256: string): core.Record | null {
  const found = app.findRecordsByFilter(
    COLLECTIONS.creatives,
    'user = {:user} && sha256 = {:sha256}',
    '',
    1,
    0,
    {
      user: user,
      sha256: sha256,
    },
  );
  return found[0] ?? null;
}

/** Links `creativeId` to the task's rows and archives it, if the worker still holds it. */
function archive(taskId: string, workerName: string, creativeId: string): number {
  let rows = 0;
  $app.runInTransaction((txApp) => {
    rows = archiveTask(txApp, requireTask(txApp, taskId, workerName), creativeId);
  });
  return rows;
}

/** POST …/{task}/known: the user's creative with this sha256, linked and the task archived; else null. */
export function knownCreative(taskId: string, workerName: string, sha256: string): MediaKnownResponse {
  const task = requireTask($app, taskId, workerName);
  const existing = findCreative($app, task.getString('user'), sha256);
  if (!existing) return { creative: null };
  archive(taskId, workerName, existing.id);
  return { creative: existing.id };
}

export interface CreativeUpload {
  sha256: string;
  phash: string;
  mime: string;
  bytes: number;
  width: number;
  height: number;
  file: filesystem.File | null;
  poster: filesystem.File | null;
}

/**
 * Why an upload is refused (a 400), or null: a file or a poster at least; `bytes` is the size of
 * what `sha256` describes (the file, else the poster); an image at most IMAGE_MAX_BYTES. The
 * `file` and `poster` fields check the real type (by content) and their own size limits.
 */
export function uploadRefusal(upload: CreativeUpload): string | null {
  const main = upload.file ?? upload.poster;
  if (!main) return 'The upload has neither a file nor a poster.';
  if (main.size !== upload.bytes) return 'bytes is not the size of the file.';
  const isImage = (IMAGE_MIME_TYPES as readonly string[]).includes(upload.mime);
  if (!upload.file && !isImage) return 'A poster alone must be described as an image.';
  if (isImage && main.size > IMAGE_MAX_BYTES) return 'The image is larger than the archive keeps.';
  return null;
}

/** A new creative record of `user`, its files stored; a 400 when a field refuses what was sent. */
function createCreative(user: string, upload: CreativeUpload): core.Record {
  const record = new Record($app.findCachedCollectionByNameOrId(COLLECTIONS.creatives));
  record.set('user', user);
  record.set('sha256', upload.sha256);
  record.set('phash', upload.phash);
  record.set('mime', upload.mime);
  record.set('bytes', upload.bytes);
  record.set('width', upload.width);
  record.set('height', upload.height);
  if (upload.file) record.set('file', upload.file);
  if (upload.poster) record.set('poster', upload.poster);
  try {
    $app.validate(record);
  } catch (error) {
    throw new BadRequestError(`The file is not one the archive keeps: ${String(error)}`);
  }
  $app.save(record);
  return record;
}

/** POST …/{task}/creative: find or create the user's creative, link it, archive the task. */
export function uploadCreative(
  taskId: string,
  workerName: string,
  upload: CreativeUpload,
): CreativeUploadResponse {
  const refusal = uploadRefusal(upload);
  if (refusal) throw new BadRequestError(refusal);
  // checked before anything is stored: no creative for a task this worker does not hold
  const user = requireTask($app, taskId, workerName).getString('user');
  let creative = findCreative($app, user, upload.sha256);
  if (!creative) {
    try {
      creative = createCreative(user, upload);
    } catch (error) {
      // the same file uploaded meanwhile for another of the user's ads: (user, sha256) is unique
      creative = findCreative($app, user, upload.sha256);
      if (!creative) throw error;
    }
  }
  const rows = archive(taskId, workerName, creative.id);
  // the stored names (PocketBase adds a random suffix): the worker asks for their thumbnails
  return {
    creative: creative.id,
    file: creative.getString('file'),
    poster: creative.getString('poster'),
    rows,
  };
}
