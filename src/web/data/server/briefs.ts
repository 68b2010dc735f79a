/**
 * Briefs on the server (docs/ai.md#briefs): asking for one, and whether briefs are on with how
 * many are left. A brief needs the server (the model is called there, with a key the browser never
 * sees); what it stores reaches the local database through the answer, realtime and the pull.
 */
import { z } from 'zod/mini';
import { SERVER_ROUTES } from '../../../domain/api/routes.ts';
import type { BriefRequest, BriefsStatus } from '../../../domain/briefs/brief-contract.ts';
import { briefSchema, type BriefRecord } from '../../../domain/records/entities.ts';
import { pb } from './client.ts';

const statusSchema = z.object({
  enabled: z.boolean(),
  allowance: z.int(),
  used: z.int(),
  left: z.int(),
});

export async function fetchBriefsStatus(): Promise<BriefsStatus> {
  return statusSchema.parse(
    await pb.send(SERVER_ROUTES.briefsStatus.path, { method: 'GET', requestKey: null }),
  );
}

/** One brief (up to a minute: the model writes it while the request waits). */
export async function requestBrief(
  request: BriefRequest,
): Promise<{ brief: BriefRecord; status: BriefsStatus }> {
  const answer = await pb.send(SERVER_ROUTES.briefs.path, {
    method: 'POST',
    body: request,
    requestKey: null,
  });
  return z.object({ brief: briefSchema, status: statusSchema }).parse(answer);
}
