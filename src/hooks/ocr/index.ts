/**
 * The text reader's and the transcripts' worker routes (pb_hooks/scout-text.pb.js,
 * docs/routes.md#the-text-routes):
 * each checks its body against src/domain/tags/text-contract.ts and answers in its shape. The
 * user is always the task's, never the request's.
 */
import {
  textClaimRequestSchema,
  textFailRequestSchema,
  textReadRequestSchema,
  textReleaseRequestSchema,
  type TextClaimResponse,
} from '../../domain/tags/text-contract.ts';
import {
  transcriptClaimRequestSchema,
  transcriptFailRequestSchema,
  transcriptReleaseRequestSchema,
  transcriptStoreRequestSchema,
  type TranscriptClaimResponse,
} from '../../domain/tags/transcript-contract.ts';
import { requestBody } from '../runs/index.ts';
import { storeReading } from './store.ts';
import { claimTextTasks, failTextTask, releaseTextTask } from './tasks.ts';
import {
  claimTranscriptTasks,
  failTranscriptTask,
  releaseTranscriptTask,
  storeTranscript,
} from './transcripts.ts';

export { queueText } from './tasks.ts';

const taskId = (e: core.RequestEvent) => e.request!.pathValue('id');

/** SERVER_ROUTES.textClaim. */
export function handleTextClaim(e: core.RequestEvent): void {
  const body = requestBody(e, textClaimRequestSchema);
  const answer: TextClaimResponse = { tasks: claimTextTasks(body.worker, body.limit) };
  return e.json(200, answer);
}

/** SERVER_ROUTES.textRead. */
export function handleTextRead(e: core.RequestEvent): void {
  const body = requestBody(e, textReadRequestSchema);
  return e.json(
    200,
    storeReading(taskId(e), body.worker, {
      text: body.text,
      confidence: body.confidence,
      language: body.language,
      tags: body.tags,
    }),
  );
}

/** SERVER_ROUTES.textFail. */
export function handleTextFail(e: core.RequestEvent): void {
  const body = requestBody(e, textFailRequestSchema);
  return e.json(200, failTextTask(taskId(e), body.worker, body.error, body.retry));
}

/** SERVER_ROUTES.textRelease: 204. */
export function handleTextRelease(e: core.RequestEvent): void {
  const body = requestBody(e, textReleaseRequestSchema);
  releaseTextTask(taskId(e), body.worker);
  return e.noContent(204);
}

/** SERVER_ROUTES.transcriptClaim: none while transcripts are off on this server. */
export function handleTranscriptClaim(e: core.RequestEvent): void {
  const body = requestBody(e, transcriptClaimRequestSchema);
  const answer: TranscriptClaimResponse = { tasks: claimTranscriptTasks(body.worker, body.limit) };
  return e.json(200, answer);
}

/** SERVER_ROUTES.transcriptStore. */
export function handleTranscriptStore(e: core.RequestEvent): void {
  const body = requestBody(e, transcriptStoreRequestSchema);
  return e.json(200, storeTranscript(taskId(e), body.worker, { text: body.text, tags: body.tags }));
}

/** SERVER_ROUTES.transcriptFail. */
export function handleTranscriptFail(e: core.RequestEvent): void {
  const body = requestBody(e, transcriptFailRequestSchema);
  return e.json(
    200,
    failTranscriptTask(taskId(e), body.worker, body.error, body.retry, body.too_large === true),
  );
}

/** SERVER_ROUTES.transcriptRelease: 204. */
export function handleTranscriptRelease(e: core.RequestEvent): void {
  const body = requestBody(e, transcriptReleaseRequestSchema);
  releaseTranscriptTask(taskId(e), body.worker);
  return e.noContent(204);
}
