/**
 * The push area (pb_hooks/push.pb.js, docs/push.md): saving a browser's subscription, the queue
 * other areas call (queuePush), and the workers' push routes, each checking its body against
 * src/domain/push/push-contract.ts and answering in its shape. The VAPID keys are the config
 * area's (src/hooks/config/vapid-keys.ts).
 */
import {
  pushClaimRequestSchema,
  pushKeysRequestSchema,
  pushReleaseRequestSchema,
  pushSettleRequestSchema,
} from '../../domain/push/push-contract.ts';
import { vapidKeysFor } from '../config/index.ts';
import { requestBody } from '../runs/index.ts';
import { claimPushes, releasePush, settlePush } from './claims.ts';

export {
  prunePushes,
  queueForSettledRun,
  queuePush,
  queueRunPush,
  wakeForSettledRun,
  wakePushWorkers,
} from './queue.ts';
export { handlePushSubscriptionCreate } from './subscriptions.ts';

const pushId = (e: core.RequestEvent) => e.request!.pathValue('id');

/** SERVER_ROUTES.pushKeys. */
export function handlePushKeys(e: core.RequestEvent): void {
  const body = requestBody(e, pushKeysRequestSchema);
  return e.json(200, vapidKeysFor(body.offer));
}

/** SERVER_ROUTES.pushClaim. */
export function handlePushClaim(e: core.RequestEvent): void {
  const body = requestBody(e, pushClaimRequestSchema);
  return e.json(200, claimPushes(body.worker, body.limit));
}

/** SERVER_ROUTES.pushSettle. */
export function handlePushSettle(e: core.RequestEvent): void {
  const body = requestBody(e, pushSettleRequestSchema);
  return e.json(200, settlePush(pushId(e), body.worker, body.outcome, body.error, body.retry_after_seconds));
}

/** SERVER_ROUTES.pushRelease: 204. */
export function handlePushRelease(e: core.RequestEvent): void {
  const body = requestBody(e, pushReleaseRequestSchema);
  releasePush(pushId(e), body.worker);
  return e.noContent(204);
}
