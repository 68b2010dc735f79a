/**
 * The contract of the worker's text routes (docs/ai.md#the-text-on-a-creative), as
 * media-contract.ts is for the archive: the hooks check every request against these schemas and
 * the worker checks every answer. The user of a task is never in a request: every route reads it
 * from the task (the creative's owner). The routes are src/domain/api/routes.ts's `text*`:
 *
 *   textClaim    { worker, limit } → { tasks }
 *   textRead     { worker, text, confidence, language, tags } → { status, rows }
 *   textFail     { worker, error, retry } → { status, next_attempt_at }
 *   textRelease  { worker } → 204
 *
 * A route on a task the worker does not hold (lease expired, taken over, settled) answers 409
 * with LEASE_NOT_HELD_MESSAGE; an unknown task 404.
 */
import * as z from 'zod/mini';
import { workerNameSchema } from '../runs/lease-contract.ts';
import { CREATIVE_TEXT_MAX, TEXT_STATUSES } from './creative-text.ts';
import { TAG_LANGUAGES, TAGS_MAX } from './vocabulary.ts';

export const TEXT_CLAIM_MAX = 8;
export const TEXT_TASK_STATUSES = ['pending', 'done', 'failed'] as const;
export type TextTaskStatus = (typeof TEXT_TASK_STATUSES)[number];

/**
 * A reading that fails is tried again after MEDIA_RETRY_DELAYS_SECONDS' backoff (1 min, 5 min,
 * 30 min), and after this many attempts the creative is `unreadable`: an image tesseract cannot
 * read does not get better, and a crash that repeats must not loop for ever.
 */
export const TEXT_ATTEMPTS_MAX = 4;

/** What a retry of a failed reading leads to: pure, shared by the hooks and their tests. */
export type TextFailOutcome = { status: 'pending'; nextAttemptMs: number } | { status: 'failed' };

export function textFailOutcome(
  retry: boolean,
  attempts: number,
  nowMs: number,
  delaysSeconds: readonly number[],
): TextFailOutcome {
  if (!retry || attempts >= TEXT_ATTEMPTS_MAX) return { status: 'failed' };
  const index = Math.min(Math.max(attempts, 1), delaysSeconds.length) - 1;
  return { status: 'pending', nextAttemptMs: nowMs + (delaysSeconds[index] ?? 0) * 1000 };
}

const count = z.int().check(z.gte(0));
const languageSchema = z.enum(TAG_LANGUAGES, 'language is not one of the tag languages.');

// ---- claim ---------------------------------------------------------------------------------

export const textClaimRequestSchema = z.object({
  worker: workerNameSchema,
  limit: z.int('limit must be a whole number.').check(z.gte(1), z.lte(TEXT_CLAIM_MAX)),
});
export type TextClaimRequest = z.input<typeof textClaimRequestSchema>;

/** A task as the claim hands it out. */
export const textTaskSchema = z.strictObject({
  id: z.string(),
  creative: z.string(),
  /**
   * The image to read, a path on this server (`/api/files/creatives/{id}/{name}`): the file of an
   * image, the poster of a video; '' when the creative has neither (it cannot be read).
   */
  image: z.string(),
  /**
   * The languages to read it in: those of the `lang:` tags of the user's rows of the creative,
   * then English, each once (English alone while no row is tagged).
   */
  languages: z.array(languageSchema),
  /** Claims so far, this one included. */
  attempts: count,
  lease_expires_at: z.string(),
});
export type TextTask = z.infer<typeof textTaskSchema>;

export const textClaimResponseSchema = z.strictObject({ tasks: z.array(textTaskSchema) });
export type TextClaimResponse = z.infer<typeof textClaimResponseSchema>;

// ---- read: the reading stored ------------------------------------------------------------

export const textReadRequestSchema = z.object({
  worker: workerNameSchema,
  /** What was read, cut to CREATIVE_TEXT_MAX by the server; '' when nothing legible was found. */
  text: z.string('text must be text.').check(z.maxLength(CREATIVE_TEXT_MAX * 4)),
  /** tesseract's mean word confidence, 0–100. */
  confidence: z.number('confidence must be a number.').check(z.gte(0), z.lte(100)),
  /** The language the text was read in; null when nothing was read. */
  language: z.nullable(languageSchema),
  /** The tags of the text (src/domain/tags/tag-rules.ts tagsOfText); the server keeps the vocabulary's. */
  tags: z.array(z.string()).check(z.maxLength(TAGS_MAX * 4)),
});
export type TextReadRequest = z.input<typeof textReadRequestSchema>;

export const textReadResponseSchema = z.strictObject({
  /** `read`, or `none` when the text is empty. */
  status: z.enum(TEXT_STATUSES),
  /** Rows of the creative whose tags the reading joined (each pulled again by the browsers). */
  rows: count,
});
export type TextReadResponse = z.infer<typeof textReadResponseSchema>;

// ---- fail --------------------------------------------------------------------------------------

export const textFailRequestSchema = z.object({
  worker: workerNameSchema,
  /** For the log and the task record; never shown to users. */
  error: z.string('error must be text.'),
  /** False when trying again cannot help (no image, an image that does not decode). */
  retry: z.boolean('retry must be true or false.'),
});
export type TextFailRequest = z.input<typeof textFailRequestSchema>;

export const textFailResponseSchema = z.strictObject({
  status: z.enum(TEXT_TASK_STATUSES),
  /** When the task may be claimed again ('' once it has failed for good: the creative is `unreadable`). */
  next_attempt_at: z.string(),
});
export type TextFailResponse = z.infer<typeof textFailResponseSchema>;

// ---- release (204) ------------------------------------------------------------------------

export const textReleaseRequestSchema = z.object({ worker: workerNameSchema });
export type TextReleaseRequest = z.input<typeof textReleaseRequestSchema>;
