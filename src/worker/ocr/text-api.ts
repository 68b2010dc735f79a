/**
 * The text reader's routes of the server (docs/ai.md#the-text-on-a-creative; the table's `text*`,
 * src/domain/api/routes.ts), as media-api.ts is for the archive: requests typed by
 * src/domain/tags/text-contract.ts, every answer checked against it, and what a restart or a blip
 * refuses retried (api.ts's postRetrying).
 */
import type PocketBase from 'pocketbase';
import { SERVER_ROUTES } from '../../domain/api/routes.ts';
import {
  TEXT_CLAIM_MAX,
  textClaimResponseSchema,
  textFailResponseSchema,
  textReadResponseSchema,
  type TextClaimRequest,
  type TextFailRequest,
  type TextFailResponse,
  type TextReadRequest,
  type TextReadResponse,
  type TextReleaseRequest,
  type TextTask,
} from '../../domain/tags/text-contract.ts';
import { checked, ContractError, postRelease, postRetrying, status } from '../api.ts';
import { leaseEnd, TaskLostError } from '../task-pool.ts';

export interface TextServer {
  /** Up to `limit` tasks, each leased to this worker. */
  claim(limit: number): Promise<TextTask[]>;
  read(taskId: string, reading: Omit<TextReadRequest, 'worker'>): Promise<TextReadResponse>;
  fail(taskId: string, error: string, retry: boolean): Promise<TextFailResponse>;
  /** Hands the task back at once (stopping); a task already lost is no error. */
  release(taskId: string): Promise<void>;
}

export function textServer(
  pb: PocketBase,
  worker: string,
  sleep?: (ms: number) => Promise<unknown>,
): TextServer {
  const options = sleep ? { sleep } : {};
  /** A route on one task: 409 and 404 mean it is not this worker's (any more). */
  const onTask = async (
    route: typeof SERVER_ROUTES.textRead | typeof SERVER_ROUTES.textFail,
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
      const request: TextClaimRequest = { worker, limit: Math.min(TEXT_CLAIM_MAX, limit) };
      const answer = checked(
        textClaimResponseSchema,
        await postRetrying(pb, SERVER_ROUTES.textClaim.path, request, options),
        'the text claim answer',
      );
      for (const task of answer.tasks) {
        if (Number.isNaN(leaseEnd(task))) {
          throw new ContractError(
            `the text claim answer has an unreadable lease_expires_at (${task.lease_expires_at})`,
          );
        }
      }
      return answer.tasks;
    },
    async read(taskId, reading) {
      const request: TextReadRequest = { ...reading, worker };
      return checked(
        textReadResponseSchema,
        await onTask(SERVER_ROUTES.textRead, taskId, request),
        'the read answer',
      );
    },
    async fail(taskId, error, retry) {
      const request: TextFailRequest = { worker, error, retry };
      return checked(
        textFailResponseSchema,
        await onTask(SERVER_ROUTES.textFail, taskId, request),
        'the fail answer',
      );
    },
    async release(taskId) {
      const request: TextReleaseRequest = { worker };
      await postRelease(pb, SERVER_ROUTES.textRelease.url(taskId), request, options);
    },
  };
}
