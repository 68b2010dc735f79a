/**
 * Briefs on the server (docs/ai.md#briefs): asking for one, and whether briefs are on with how
 * many are left. A brief needs the server (the model is called there, with a key the browser never
 * sees); what it stores reaches the local database through the answer, realtime and the pull.
 */
import { ClientResponseError } from 'pocketbase';
import { SERVER_ROUTES } from '../../../domain/api/routes.ts';
import type { BriefRequest, BriefsStatus } from '../../../domain/briefs/brief-contract.ts';
import type { BriefRecord } from '../../../domain/records/entities.ts';
import type * as BriefsAnswer from './briefs-answer.ts';
import { pb } from './client.ts';

let answerSchemas: Promise<typeof BriefsAnswer> | undefined;
/**
 * The answers' schemas (briefs-answer.ts), loaded before the first request is sent, so that a
 * load that fails (no network, on a page the service worker does not control yet) fails before a
 * brief is asked for, as the request would; known offline, the load is not tried.
 */
function briefsAnswer(): Promise<typeof BriefsAnswer> {
  const unreachable = (cause?: unknown) =>
    new ClientResponseError({ status: 0, response: {}, isAbort: false, originalError: cause });
  if (!answerSchemas && globalThis.navigator?.onLine === false) return Promise.reject(unreachable());
  answerSchemas ??= import('./briefs-answer.ts').catch((cause: unknown) => {
    answerSchemas = undefined;
    throw unreachable(cause);
  });
  return answerSchemas;
}

export async function fetchBriefsStatus(): Promise<BriefsStatus> {
  const schemas = await briefsAnswer();
  return schemas.briefsStatusSchema.parse(
    await pb.send(SERVER_ROUTES.briefsStatus.path, { method: 'GET', requestKey: null }),
  );
}

/** One brief (up to a minute: the model writes it while the request waits). */
export async function requestBrief(
  request: BriefRequest,
): Promise<{ brief: BriefRecord; status: BriefsStatus }> {
  const schemas = await briefsAnswer();
  const answer: unknown = await pb.send(SERVER_ROUTES.briefs.path, {
    method: 'POST',
    body: request,
    requestKey: null,
  });
  return schemas.briefAnswerSchema.parse(answer);
}
