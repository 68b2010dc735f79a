/**
 * The contract of the worker's push routes (docs/push.md#sending), as media-contract.ts is for
 * the archive: the hooks check every request against these schemas and the worker checks every
 * answer. The routes are src/domain/api/routes.ts's `push*`:
 *
 *   pushKeys     { worker, offer: {publicKey, privateKey} } → { publicKey, privateKey, subject }
 *                (the server's VAPID keys: VAPID_* when set, else those it keeps, else the offer,
 *                which it keeps from then on — the first worker's start makes them)
 *   pushClaim    { worker, limit } → { vapidPublicKey, pushes }
 *   pushSettle   { worker, outcome, error, retry_after_seconds? } → { status, next_attempt_at }
 *   pushRelease  { worker } → 204
 *
 * A push the worker does not hold (lease expired, taken over, settled) answers 409 with
 * LEASE_NOT_HELD_MESSAGE; an unknown one (its subscription deleted meanwhile) 404.
 */
import * as z from 'zod/mini';
import { workerNameSchema } from '../runs/lease-contract.ts';
import { P256DH_PATTERN } from './push-endpoint.ts';
import { PUSH_CLAIM_MAX } from './push-rules.ts';

/** A VAPID key pair in base64url without padding: the public key a P-256 point, the private 32 bytes. */
export const VAPID_PUBLIC_KEY_PATTERN = P256DH_PATTERN;
export const VAPID_PRIVATE_KEY_PATTERN = /^[A-Za-z0-9_-]{43}$/;

export const vapidKeyPairSchema = z.object({
  publicKey: z.string().check(z.regex(VAPID_PUBLIC_KEY_PATTERN, 'publicKey is not a VAPID public key.')),
  privateKey: z.string().check(z.regex(VAPID_PRIVATE_KEY_PATTERN, 'privateKey is not a VAPID private key.')),
});
export type VapidKeyPair = z.infer<typeof vapidKeyPairSchema>;

// ---- keys ---------------------------------------------------------------------------------

export const pushKeysRequestSchema = z.object({ worker: workerNameSchema, offer: vapidKeyPairSchema });
export type PushKeysRequest = z.input<typeof pushKeysRequestSchema>;

export const vapidKeysSchema = z.strictObject({
  publicKey: z.string().check(z.regex(VAPID_PUBLIC_KEY_PATTERN)),
  privateKey: z.string().check(z.regex(VAPID_PRIVATE_KEY_PATTERN)),
  /** Who runs the server, for the push services: a mailto: or https: URL. */
  subject: z.string(),
});
export type VapidKeys = z.infer<typeof vapidKeysSchema>;

// ---- claim ----------------------------------------------------------------------------------

export const pushClaimRequestSchema = z.object({
  worker: workerNameSchema,
  limit: z.int('limit must be a whole number.').check(z.gte(1), z.lte(PUSH_CLAIM_MAX)),
});
export type PushClaimRequest = z.input<typeof pushClaimRequestSchema>;

/** A push as the claim hands it out: where it goes, the browser's keys, and what it says. */
export const pushJobSchema = z.strictObject({
  id: z.string(),
  endpoint: z.string(),
  p256dh: z.string(),
  auth: z.string(),
  /** The JSON to encrypt (src/domain/push/push-message.ts's pushPayload). */
  payload: z.string(),
  /** Seconds the push service may keep it: what is left of its TTL. */
  ttl: z.int().check(z.gte(0)),
  /** The Topic header ('' for none): a newer push with the same topic replaces it undelivered. */
  topic: z.string(),
  /** Sends so far, this one included. */
  attempts: z.int().check(z.gte(1)),
  lease_expires_at: z.string(),
});
export type PushJob = z.infer<typeof pushJobSchema>;

export const pushClaimResponseSchema = z.strictObject({
  /** The public key the pushes must be signed for: a worker holding others asks pushKeys again. */
  vapidPublicKey: z.string(),
  pushes: z.array(pushJobSchema),
});
export type PushClaimResponse = z.infer<typeof pushClaimResponseSchema>;

// ---- settle -----------------------------------------------------------------------------------

export const PUSH_SETTLE_OUTCOMES = ['sent', 'gone', 'retry', 'failed'] as const;

export const pushSettleRequestSchema = z.object({
  worker: workerNameSchema,
  /** src/domain/push/push-rules.ts's pushOutcomeOf, or `retry` after a network error or timeout. */
  outcome: z.enum(PUSH_SETTLE_OUTCOMES, 'outcome must be sent, gone, retry or failed.'),
  /** For the log and the queue; never shown to users. */
  error: z.string('error must be text.'),
  /** The push service's Retry-After, in seconds, with `retry`. */
  retry_after_seconds: z.optional(z.int().check(z.gte(0))),
});
export type PushSettleRequest = z.input<typeof pushSettleRequestSchema>;

export const PUSH_SETTLED_STATUSES = ['sent', 'gone', 'pending', 'failed'] as const;

export const pushSettleResponseSchema = z.strictObject({
  /** sent and gone: the push is deleted (gone: its subscription too); pending: another try later. */
  status: z.enum(PUSH_SETTLED_STATUSES),
  /** When the push may be claimed again ('' unless pending). */
  next_attempt_at: z.string(),
});
export type PushSettleResponse = z.infer<typeof pushSettleResponseSchema>;

// ---- release (204) ------------------------------------------------------------------------

export const pushReleaseRequestSchema = z.object({ worker: workerNameSchema });
export type PushReleaseRequest = z.input<typeof pushReleaseRequestSchema>;
