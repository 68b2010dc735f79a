/**
 * The contract of the worker's transcript routes (docs/ai.md#transcripts), as text-contract.ts is
 * for the text reader: the hooks check every request against these schemas and the worker checks
 * every answer. The user of a task is never in a request: every route reads it from the task. The
 * routes are src/domain/api/routes.ts's `transcript*`:
 *
 *   transcriptClaim    { worker, limit } → { tasks }
 *   transcriptStore    { worker, text, tags } → { status, rows }
 *   transcriptFail     { worker, error, retry, too_large } → { status, next_attempt_at }
 *   transcriptRelease  { worker } → 204
 *
 * A failure is retried as a text task is (textFailOutcome: 1, 5, 30 minutes, at most
 * TEXT_ATTEMPTS_MAX attempts), never for ever.
 */
import * as z from 'zod/mini';
import { workerNameSchema } from '../runs/lease-contract.ts';
import { TRANSCRIPT_MAX } from './creative-text.ts';
import { textFailResponseSchema, textReleaseRequestSchema } from './text-contract.ts';
import { TAGS_MAX } from './vocabulary.ts';

export const TRANSCRIPT_CLAIM_MAX = 4;

const count = z.int().check(z.gte(0));

export const transcriptClaimRequestSchema = z.object({
  worker: workerNameSchema,
  limit: z.int('limit must be a whole number.').check(z.gte(1), z.lte(TRANSCRIPT_CLAIM_MAX)),
});
export type TranscriptClaimRequest = z.input<typeof transcriptClaimRequestSchema>;

/** A task as the claim hands it out. */
export const transcriptTaskSchema = z.strictObject({
  id: z.string(),
  creative: z.string(),
  /** The archived video, a path on this server (`/api/files/creatives/{id}/{name}`). */
  video: z.string(),
  /** Its size as archived (the claim hands out none over TRANSCRIBE_MAX_BYTES). */
  bytes: count,
  /** Claims so far, this one included. */
  attempts: count,
  lease_expires_at: z.string(),
});
export type TranscriptTask = z.infer<typeof transcriptTaskSchema>;

export const transcriptClaimResponseSchema = z.strictObject({ tasks: z.array(transcriptTaskSchema) });
export type TranscriptClaimResponse = z.infer<typeof transcriptClaimResponseSchema>;

export const transcriptStoreRequestSchema = z.object({
  worker: workerNameSchema,
  /** What the model heard, cut to TRANSCRIPT_MAX by the server; '' when it heard no words. */
  text: z.string('text must be text.').check(z.maxLength(TRANSCRIPT_MAX * 4)),
  /** The tags of the transcript (tagsOfText); the server keeps the vocabulary's. */
  tags: z.array(z.string()).check(z.maxLength(TAGS_MAX * 4)),
});
export type TranscriptStoreRequest = z.input<typeof transcriptStoreRequestSchema>;

export const transcriptStoreResponseSchema = z.strictObject({
  /** `read`, or `none` when the transcript is empty. */
  status: z.enum(['read', 'none']),
  /** Rows of the creative whose tags the transcript joined (each pulled again by the browsers). */
  rows: count,
});
export type TranscriptStoreResponse = z.infer<typeof transcriptStoreResponseSchema>;

export const transcriptFailRequestSchema = z.object({
  worker: workerNameSchema,
  /** For the log and the task record; never shown to users, never holding the key. */
  error: z.string('error must be text.'),
  /** False when trying again cannot help. */
  retry: z.boolean('retry must be true or false.'),
  /** The video turned out over TRANSCRIBE_MAX_BYTES: the creative is `too_large`, for good. */
  too_large: z.optional(z.boolean('too_large must be true or false.')),
});
export type TranscriptFailRequest = z.input<typeof transcriptFailRequestSchema>;

export const transcriptFailResponseSchema = textFailResponseSchema;
export type TranscriptFailResponse = z.infer<typeof transcriptFailResponseSchema>;

export const transcriptReleaseRequestSchema = textReleaseRequestSchema;
export type TranscriptReleaseRequest = z.input<typeof transcriptReleaseRequestSchema>;
