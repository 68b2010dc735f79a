/**
 * The creative archive's worker routes (pb_hooks/scout-media.pb.js, docs/routes.md#the-archive-routes):
 * each checks its body against src/domain/media/media-contract.ts and answers in its shape. The
 * user is always the task's, never the request's.
 */
import {
  creativeUploadFieldsSchema,
  mediaClaimRequestSchema,
  mediaFailRequestSchema,
  mediaKnownRequestSchema,
  mediaReleaseRequestSchema,
  type MediaClaimResponse,
} from '../../domain/media/media-contract.ts';
import { checkInput } from '../../domain/forms/forms.ts';
import { requestBody } from '../runs/index.ts';
import { knownCreative, uploadCreative } from './archive.ts';
import { claimTasks, failTask, releaseTask } from './tasks.ts';

export { queueArchive } from './tasks.ts';

const taskId = (e: core.RequestEvent) => e.request!.pathValue('id');

/** SERVER_ROUTES.mediaClaim. */
export function handleMediaClaim(e: core.RequestEvent): void {
  const body = requestBody(e, mediaClaimRequestSchema);
  const answer: MediaClaimResponse = { tasks: claimTasks(body.worker, body.limit) };
  return e.json(200, answer);
}

/** SERVER_ROUTES.mediaKnown. */
export function handleMediaKnown(e: core.RequestEvent): void {
  const body = requestBody(e, mediaKnownRequestSchema);
  return e.json(200, knownCreative(taskId(e), body.worker, body.sha256));
}

/** The one upload under `key`, or null; a 400 when there are several. */
function uploaded(e: core.RequestEvent, key: string): filesystem.File | null {
  let files: (filesystem.File | undefined)[];
  try {
    files = e.findUploadedFiles(key);
  } catch (_) {
    // no part of that name (or not a multipart body: the fields' check says so)
    return null;
  }
  if (files.length > 1) throw new BadRequestError(`Send one ${key}.`);
  return files[0] ?? null;
}

/** SERVER_ROUTES.mediaCreative (multipart). */
export function handleMediaCreative(e: core.RequestEvent): void {
  const file = uploaded(e, 'file');
  const poster = uploaded(e, 'poster');
  // the text parts as sent: PocketBase's own body reader would turn a digits-only phash into a number
  const text: { [key: string]: string } = {};
  for (const key of ['worker', 'sha256', 'phash', 'mime', 'bytes', 'width', 'height']) {
    text[key] = e.request!.formValue(key);
  }
  const checked = checkInput(creativeUploadFieldsSchema, text);
  if (!checked.ok) throw new BadRequestError(checked.message);
  const fields = checked.data;
  return e.json(
    200,
    uploadCreative(taskId(e), fields.worker, {
      sha256: fields.sha256,
      phash: fields.phash,
      mime: fields.mime,
      bytes: fields.bytes,
      width: fields.width,
      height: fields.height,
      file: file,
      poster: poster,
    }),
  );
}

/** SERVER_ROUTES.mediaFail. */
export function handleMediaFail(e: core.RequestEvent): void {
  const body = requestBody(e, mediaFailRequestSchema);
  return e.json(200, failTask(taskId(e), body.worker, body.error, body.retry));
}

/** SERVER_ROUTES.mediaRelease: 204. */
export function handleMediaRelease(e: core.RequestEvent): void {
  const body = requestBody(e, mediaReleaseRequestSchema);
  releaseTask(taskId(e), body.worker);
  return e.noContent(204);
}
