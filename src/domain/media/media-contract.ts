/**
 * The contract of the worker's archive routes (docs/creatives.md#the-archive-routes), as
 * lease-contract.ts is for runs: the hooks check every request against these schemas and the
 * worker checks every answer. The user of a task is never in a request: the server copied it from
 * the leased run when the run's rows were written, and every route reads it from the task. The
 * routes (paths, the upload's body limit) are src/domain/api/routes.ts's `media*`:
 *
 *   mediaClaim     { worker, limit }  → { tasks }
 *   mediaKnown     { worker, sha256 } → { creative: id | null }
 *   mediaCreative  multipart: worker, sha256, phash, mime, bytes, width, height (text parts, as
 *                  CreativeUploadFields), `file` and/or `poster`
 *                  → { creative, file, poster, rows } (the stored file names, '' for none)
 *   mediaFail      { worker, error, retry } → { status, next_attempt_at }
 *   mediaRelease   { worker } → 204
 *
 * A route on a task the worker does not hold (lease expired, taken over, settled) answers 409
 * with LEASE_NOT_HELD_MESSAGE; an unknown task 404.
 */
import * as z from 'zod/mini';
import { workerNameSchema } from '../runs/lease-contract.ts';
import { CREATIVE_MIME_TYPES, PHASH_PATTERN, SHA256_PATTERN } from './creative-limits.ts';

export const MEDIA_CLAIM_MAX = 32;
export const MEDIA_TASK_STATUSES = ['pending', 'archived', 'failed'] as const;
export type MediaTaskStatus = (typeof MEDIA_TASK_STATUSES)[number];

const count = z.int().check(z.gte(0));

// ---- claim ---------------------------------------------------------------------------------

export const mediaClaimRequestSchema = z.object({
  worker: workerNameSchema,
  limit: z.int('limit must be a whole number.').check(z.gte(1), z.lte(MEDIA_CLAIM_MAX)),
});
export type MediaClaimRequest = z.input<typeof mediaClaimRequestSchema>;

/** A task as the claim hands it out: the ad's links as stored (either may be ''). */
export const mediaTaskSchema = z.strictObject({
  id: z.string(),
  ad_id: z.string(),
  media_url: z.string(),
  media_poster_url: z.string(),
  /** Claims so far, this one included. */
  attempts: count,
  lease_expires_at: z.string(),
});
export type MediaTask = z.infer<typeof mediaTaskSchema>;

export const mediaClaimResponseSchema = z.strictObject({ tasks: z.array(mediaTaskSchema) });
export type MediaClaimResponse = z.infer<typeof mediaClaimResponseSchema>;

// ---- known: is a file with this sha256 archived for the task's user already? ---------------

const sha256Schema = z.string().check(z.regex(SHA256_PATTERN, 'sha256 must be 64 lowercase hex characters.'));

export const mediaKnownRequestSchema = z.object({ worker: workerNameSchema, sha256: sha256Schema });
export type MediaKnownRequest = z.input<typeof mediaKnownRequestSchema>;

/** The creative now linked to the task's rows (the task is archived), or null: upload it. */
export const mediaKnownResponseSchema = z.strictObject({ creative: z.nullable(z.string()) });
export type MediaKnownResponse = z.infer<typeof mediaKnownResponseSchema>;

// ---- creative: the upload (multipart/form-data) ----------------------------------------------

/**
 * The text parts of the upload, as strings (multipart), checked by the route. `file` is the media
 * file; `poster` a video's preview image. A video over MEDIA_VIDEO_MAX_MB comes as `poster` only,
 * and then `sha256`, `mime`, `bytes`, `width`, `height` describe the poster.
 */
export const creativeUploadFieldsSchema = z.object({
  worker: workerNameSchema,
  sha256: sha256Schema,
  phash: z.string().check(z.regex(PHASH_PATTERN, 'phash must be 16 lowercase hex characters.')),
  mime: z.enum(CREATIVE_MIME_TYPES, 'mime is not a type the archive keeps.'),
  bytes: z.coerce.number().check(z.int(), z.gte(1)),
  width: z.coerce.number().check(z.int(), z.gte(0)),
  height: z.coerce.number().check(z.int(), z.gte(0)),
});
export type CreativeUploadFields = z.input<typeof creativeUploadFieldsSchema>;

export const creativeUploadResponseSchema = z.strictObject({
  creative: z.string(),
  /**
   * The creative's stored file names ('' when it has none), so the worker can request the
   * thumbnails once (…/api/files/creatives/{creative}/{name}?thumb=…): it may not read the record.
   */
  file: z.string(),
  poster: z.string(),
  /** Rows of the task's user whose `creative` this upload set. */
  rows: count,
});
export type CreativeUploadResponse = z.infer<typeof creativeUploadResponseSchema>;

// ---- fail --------------------------------------------------------------------------------------

export const mediaFailRequestSchema = z.object({
  worker: workerNameSchema,
  /** For the log and the task record; never shown to users. */
  error: z.string('error must be text.'),
  /** False when trying again cannot help (a refused address, a type or size over the limits, a 4xx). */
  retry: z.boolean('retry must be true or false.'),
});
export type MediaFailRequest = z.input<typeof mediaFailRequestSchema>;

export const mediaFailResponseSchema = z.strictObject({
  status: z.enum(MEDIA_TASK_STATUSES),
  /** When the task may be claimed again ('' once it has failed for good). */
  next_attempt_at: z.string(),
});
export type MediaFailResponse = z.infer<typeof mediaFailResponseSchema>;

// ---- release (204) ------------------------------------------------------------------------

export const mediaReleaseRequestSchema = z.object({ worker: workerNameSchema });
export type MediaReleaseRequest = z.input<typeof mediaReleaseRequestSchema>;
