/**
 * The report routes of the server (the table's `report*`, src/domain/api/routes.ts), as
 * media-api.ts is for the archive: requests typed by src/domain/reports/report-contract.ts, every
 * answer checked against it, and what a restart or a blip refuses retried (api.ts's postRetrying).
 */
import type PocketBase from 'pocketbase';
import { SERVER_ROUTES } from '../../domain/api/routes.ts';
import {
  REPORT_CLAIM_MAX,
  reportClaimResponseSchema,
  reportFailResponseSchema,
  reportRowsResponseSchema,
  reportStoreResponseSchema,
  type ReportClaimRequest,
  type ReportContent,
  type ReportFailRequest,
  type ReportFailResponse,
  type ReportReleaseRequest,
  type ReportPageRow,
  type ReportRowPart,
  type ReportRowsRequest,
  type ReportStoreRequest,
  type ReportStoreResponse,
  type ReportTask,
} from '../../domain/reports/report-contract.ts';
import { checked, ContractError, postRetrying, postRelease, status } from '../api.ts';
import { leaseEnd, TaskLostError } from '../task-pool.ts';

export interface ReportServer {
  /** Up to `limit` tasks, each leased to this worker. */
  claim(limit: number): Promise<ReportTask[]>;
  /** One page of a part's rows after ad id `after` (at most `limit`; state rows in `previous`). */
  rows(taskId: string, part: ReportRowPart, after: string, limit: number): Promise<ReportPageRow[]>;
  store(taskId: string, report: ReportContent): Promise<ReportStoreResponse>;
  fail(taskId: string, error: string, retry: boolean): Promise<ReportFailResponse>;
  /** Hands the task back at once (stopping); a task already lost is no error. */
  release(taskId: string): Promise<void>;
}

export function reportServer(
  pb: PocketBase,
  worker: string,
  sleep?: (ms: number) => Promise<unknown>,
): ReportServer {
  const options = sleep ? { sleep } : {};
  /** A route on one task: 409 and 404 mean it is not this worker's (any more). */
  const onTask = async (
    route:
      typeof SERVER_ROUTES.reportRows | typeof SERVER_ROUTES.reportStore | typeof SERVER_ROUTES.reportFail,
    taskId: string,
    body: unknown,
  ) => {
    try {
      return await postRetrying(pb, route.url(taskId), body, options);
    } catch (error) {
      if (status(error) === 409 || status(error) === 404) {
        throw new TaskLostError(`report task ${taskId} is not held by this worker (HTTP ${status(error)})`);
      }
      throw error;
    }
  };
  return {
    async claim(limit) {
      const request: ReportClaimRequest = { worker, limit: Math.min(REPORT_CLAIM_MAX, limit) };
      const answer = checked(
        reportClaimResponseSchema,
        await postRetrying(pb, SERVER_ROUTES.reportClaim.path, request, options),
        'the report claim answer',
      );
      for (const task of answer.tasks) {
        if (Number.isNaN(leaseEnd(task))) {
          throw new ContractError(
            `the report claim answer has an unreadable lease_expires_at (${task.lease_expires_at})`,
          );
        }
      }
      return answer.tasks;
    },
    async rows(taskId, part, after, limit) {
      const request: ReportRowsRequest = { worker, part, after, limit };
      return checked(
        reportRowsResponseSchema,
        await onTask(SERVER_ROUTES.reportRows, taskId, request),
        'the report rows answer',
      ).rows;
    },
    async store(taskId, report) {
      const request: ReportStoreRequest = { worker, report };
      return checked(
        reportStoreResponseSchema,
        await onTask(SERVER_ROUTES.reportStore, taskId, request),
        'the report store answer',
      );
    },
    async fail(taskId, error, retry) {
      const request: ReportFailRequest = { worker, error, retry };
      return checked(
        reportFailResponseSchema,
        await onTask(SERVER_ROUTES.reportFail, taskId, request),
        'the report fail answer',
      );
    },
    async release(taskId) {
      const request: ReportReleaseRequest = { worker };
      await postRelease(pb, SERVER_ROUTES.reportRelease.url(taskId), request, options);
    },
  };
}
