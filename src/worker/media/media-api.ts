/**
 * The archive's routes of the server (docs/creatives.md#the-flow; the table's `media*`,
 * src/domain/api/routes.ts), as api.ts is for runs: requests typed by
 * src/domain/media/media-contract.ts, every answer checked against it, and
 * what a restart or a blip refuses retried (api.ts's postRetrying).
 */
import type PocketBase from 'pocketbase';
import { SERVER_ROUTES } from '../../domain/api/routes.ts';
import type { CreativeMime } from '../../domain/media/creative-limits.ts';
import {
  creativeUploadResponseSchema,
  MEDIA_CLAIM_MAX,
  mediaClaimResponseSchema,
  mediaFailResponseSchema,
  mediaKnownResponseSchema,
  type CreativeUploadFields,
  type CreativeUploadResponse,
  type MediaClaimRequest,
  type MediaFailRequest,
  type MediaFailResponse,
  type MediaKnownRequest,
  type MediaReleaseRequest,
  type MediaTask,
} from '../../domain/media/media-contract.ts';
import { checked, ContractError, postRetrying, postRelease, status } from '../api.ts';
import { leaseEnd, TaskLostError } from '../task-pool.ts';

export interface UploadFile {
  bytes: Uint8Array<ArrayBuffer>;
  mime: CreativeMime;
}

export interface MediaServer {
  /** Up to `limit` tasks, each leased to this worker. */
  claim(limit: number): Promise<MediaTask[]>;
  /** The user's creative with this sha256 (the task is then archived), or null. */
  known(taskId: string, sha256: string): Promise<string | null>;
  upload(
    taskId: string,
    fields: Omit<CreativeUploadFields, 'worker'>,
    files: { file?: UploadFile; poster?: UploadFile },
  ): Promise<CreativeUploadResponse>;
  fail(taskId: string, error: string, retry: boolean): Promise<MediaFailResponse>;
  /** Hands the task back at once (stopping); a task already lost is no error. */
  release(taskId: string): Promise<void>;
}

const EXTENSIONS: Record<CreativeMime, string> = {
  'image/jpeg': 'jpg',
  'image/png': 'png',
  'image/webp': 'webp',
  'image/gif': 'gif',
  'video/mp4': 'mp4',
};

export function mediaServer(
  pb: PocketBase,
  worker: string,
  sleep?: (ms: number) => Promise<unknown>,
): MediaServer {
  const options = sleep ? { sleep } : {};
  /** A route on one task: 409 and 404 mean it is not this worker's (any more). */
  const onTask = async (
    route:
      typeof SERVER_ROUTES.mediaKnown | typeof SERVER_ROUTES.mediaCreative | typeof SERVER_ROUTES.mediaFail,
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
      const request: MediaClaimRequest = { worker, limit: Math.min(MEDIA_CLAIM_MAX, limit) };
      const answer = checked(
        mediaClaimResponseSchema,
        await postRetrying(pb, SERVER_ROUTES.mediaClaim.path, request, options),
        'the media claim answer',
      );
      for (const task of answer.tasks) {
        if (Number.isNaN(leaseEnd(task))) {
          throw new ContractError(
            `the media claim answer has an unreadable lease_expires_at (${task.lease_expires_at})`,
          );
        }
      }
      return answer.tasks;
    },
    async known(taskId, sha256) {
      const request: MediaKnownRequest = { worker, sha256 };
      return checked(
        mediaKnownResponseSchema,
        await onTask(SERVER_ROUTES.mediaKnown, taskId, request),
        'the known answer',
      ).creative;
    },
    async upload(taskId, fields, files) {
      const form = new FormData();
      const text: CreativeUploadFields = { ...fields, worker };
      for (const [name, value] of Object.entries(text)) form.append(name, String(value));
      for (const part of ['file', 'poster'] as const) {
        const upload = files[part];
        if (upload) {
          form.append(
            part,
            new Blob([upload.bytes], { type: upload.mime }),
            `${part}.${EXTENSIONS[upload.mime]}`,
          );
        }
      }
      return checked(
        creativeUploadResponseSchema,
        await onTask(SERVER_ROUTES.mediaCreative, taskId, form),
        'the upload answer',
      );
    },
    async fail(taskId, error, retry) {
      const request: MediaFailRequest = { worker, error, retry };
      return checked(
        mediaFailResponseSchema,
        await onTask(SERVER_ROUTES.mediaFail, taskId, request),
        'the fail answer',
      );
    },
    async release(taskId) {
      const request: MediaReleaseRequest = { worker };
      await postRelease(pb, SERVER_ROUTES.mediaRelease.url(taskId), request, options);
    },
  };
}
