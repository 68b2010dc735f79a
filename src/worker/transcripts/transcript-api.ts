/**
 * The transcripts' routes of the server (docs/ai.md#transcripts; the table's `transcript*`,
 * src/domain/api/routes.ts), as text-api.ts is for the text reader: requests typed by
 * src/domain/tags/transcript-contract.ts, every answer checked against it, and what a restart or
 * a blip refuses retried (api.ts's postRetrying).
 */
import type PocketBase from 'pocketbase';
import { SERVER_ROUTES } from '../../domain/api/routes.ts';
import {
  TRANSCRIPT_CLAIM_MAX,
  transcriptClaimResponseSchema,
  transcriptFailResponseSchema,
  transcriptStoreResponseSchema,
  type TranscriptClaimRequest,
  type TranscriptFailRequest,
  type TranscriptFailResponse,
  type TranscriptReleaseRequest,
  type TranscriptStoreRequest,
  type TranscriptStoreResponse,
  type TranscriptTask,
} from '../../domain/tags/transcript-contract.ts';
import { checked, ContractError, postRelease, postRetrying, status } from '../api.ts';
import { leaseEnd, TaskLostError } from '../task-pool.ts';

export interface TranscriptServer {
  claim(limit: number): Promise<TranscriptTask[]>;
  store(taskId: string, heard: Omit<TranscriptStoreRequest, 'worker'>): Promise<TranscriptStoreResponse>;
  fail(taskId: string, error: string, retry: boolean, tooLarge?: boolean): Promise<TranscriptFailResponse>;
  /** Hands the task back at once (stopping); a task already lost is no error. */
  release(taskId: string): Promise<void>;
}

export function transcriptServer(
  pb: PocketBase,
  worker: string,
  sleep?: (ms: number) => Promise<unknown>,
): TranscriptServer {
  const options = sleep ? { sleep } : {};
  const onTask = async (
    route: typeof SERVER_ROUTES.transcriptStore | typeof SERVER_ROUTES.transcriptFail,
    taskId: string,
    body: unknown,
  ) => {
    try {
      return await postRetrying(pb, route.url(taskId), body, options);
    } catch (error) {
      if (status(error) === 409 || status(error) === 404) {
        throw new TaskLostError(`task ${taskId} is not held by this worker (HTTP ${status(error)})`);
      }
      throw error;
    }
  };
  return {
    async claim(limit) {
      const request: TranscriptClaimRequest = { worker, limit: Math.min(TRANSCRIPT_CLAIM_MAX, limit) };
      const answer = checked(
        transcriptClaimResponseSchema,
        await postRetrying(pb, SERVER_ROUTES.transcriptClaim.path, request, options),
        'the transcript claim answer',
      );
      for (const task of answer.tasks) {
        if (Number.isNaN(leaseEnd(task))) {
          throw new ContractError(
            `the transcript claim answer has an unreadable lease_expires_at (${task.lease_expires_at})`,
          );
        }
      }
      return answer.tasks;
    },
    async store(taskId, heard) {
      const request: TranscriptStoreRequest = { ...heard, worker };
      return checked(
        transcriptStoreResponseSchema,
        await onTask(SERVER_ROUTES.transcriptStore, taskId, request),
        'the transcript store answer',
      );
    },
    async fail(taskId, error, retry, tooLarge = false) {
      const request: TranscriptFailRequest = { worker, error, retry, too_large: tooLarge };
      return checked(
        transcriptFailResponseSchema,
        await onTask(SERVER_ROUTES.transcriptFail, taskId, request),
        'the transcript fail answer',
      );
    },
    async release(taskId) {
      const request: TranscriptReleaseRequest = { worker };
      await postRelease(pb, SERVER_ROUTES.transcriptRelease.url(taskId), request, options);
    },
  };
}
