/**
 * The push routes of the server (docs/push.md#sending; the table's `push*`,
 * src/domain/api/routes.ts), as media-api.ts is for the archive: requests typed by
 * src/domain/push/push-contract.ts, every answer checked against it, and what a restart or a blip
 * refuses retried (api.ts's postRetrying).
 */
import type PocketBase from 'pocketbase';
import { SERVER_ROUTES } from '../../domain/api/routes.ts';
import { PUSH_CLAIM_MAX } from '../../domain/push/push-rules.ts';
import {
  pushClaimResponseSchema,
  pushSettleResponseSchema,
  vapidKeysSchema,
  type PushClaimRequest,
  type PushClaimResponse,
  type PushKeysRequest,
  type PushReleaseRequest,
  type PushSettleRequest,
  type PushSettleResponse,
  type VapidKeyPair,
  type VapidKeys,
} from '../../domain/push/push-contract.ts';
import { checked, postRetrying, postRelease, status } from '../api.ts';

/** The server says this worker no longer holds the push (409), or knows no such push (404). */
export class PushLostError extends Error {}

export interface PushServer {
  /** The server's VAPID keys; `offer` becomes them when the server has none yet. */
  keys(offer: VapidKeyPair): Promise<VapidKeys>;
  /** Up to `limit` pushes, each leased to this worker, and the public key they are signed for. */
  claim(limit: number): Promise<PushClaimResponse>;
  settle(pushId: string, result: Omit<PushSettleRequest, 'worker'>): Promise<PushSettleResponse>;
  /** Hands the push back at once (stopping); a push already lost is no error. */
  release(pushId: string): Promise<void>;
}

export function pushServer(
  pb: PocketBase,
  worker: string,
  sleep?: (ms: number) => Promise<unknown>,
): PushServer {
  const options = sleep ? { sleep } : {};
  return {
    async keys(offer) {
      const request: PushKeysRequest = { worker, offer };
      return checked(
        vapidKeysSchema,
        await postRetrying(pb, SERVER_ROUTES.pushKeys.path, request, options),
        'the push keys answer',
      );
    },
    async claim(limit) {
      const request: PushClaimRequest = { worker, limit: Math.min(PUSH_CLAIM_MAX, limit) };
      return checked(
        pushClaimResponseSchema,
        await postRetrying(pb, SERVER_ROUTES.pushClaim.path, request, options),
        'the push claim answer',
      );
    },
    async settle(pushId, result) {
      const request: PushSettleRequest = { ...result, worker };
      try {
        return checked(
          pushSettleResponseSchema,
          await postRetrying(pb, SERVER_ROUTES.pushSettle.url(pushId), request, options),
          'the push settle answer',
        );
      } catch (error) {
        if (status(error) === 409 || status(error) === 404) {
          throw new PushLostError(`push ${pushId} is not held by this worker (HTTP ${status(error)})`);
        }
        throw error;
      }
    },
    async release(pushId) {
      const request: PushReleaseRequest = { worker };
      await postRelease(pb, SERVER_ROUTES.pushRelease.url(pushId), request, options);
    },
  };
}
