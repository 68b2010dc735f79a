/**
 * The runs area (pb_hooks/scout-runs.pb.js, scout-worker.pb.js): the creation guard, the worker
 * lease routes, the workers' wake-up topic and the sweep of stalled runs. Each route checks its
 * body against the lease contract of src/domain and answers in its shape.
 */
import {
  claimRequestSchema,
  finishRequestSchema,
  heartbeatRequestSchema,
  releaseRequestSchema,
  type ClaimResponse,
} from '../../domain/runs/lease-contract.ts';
import { claim, finish, heartbeat, release } from './leases.ts';
import { requestBody } from './request.ts';

export {
  handleRunCreate,
  runRefusal,
  startRun,
  subscriptionRefusal,
  throwRefusal,
  type RunRefusal,
} from './guard.ts';
export { keepLibraryTotal, leaseUntil, requireLease, storedCount } from './leases.ts';
export { requestBody } from './request.ts';
export { sweep } from './sweep.ts';
export { handleWorkSubscription, isWorker, signalWorkers, wakeWorkers } from './workers.ts';

/** SERVER_ROUTES.workerClaim. */
export function handleClaim(e: core.RequestEvent): void {
  const { worker } = requestBody(e, claimRequestSchema);
  const answer: ClaimResponse = { run: claim(worker) };
  return e.json(200, answer);
}

/** SERVER_ROUTES.workerRunHeartbeat. */
export function handleHeartbeat(e: core.RequestEvent): void {
  const body = requestBody(e, heartbeatRequestSchema);
  return e.json(200, heartbeat(e.request!.pathValue('id'), body.worker, body.library_total));
}

/** SERVER_ROUTES.workerRunRelease: 204. */
export function handleRelease(e: core.RequestEvent): void {
  const { worker } = requestBody(e, releaseRequestSchema);
  release(e.request!.pathValue('id'), worker);
  return e.noContent(204);
}

/** SERVER_ROUTES.workerRunFinish. */
export function handleFinish(e: core.RequestEvent): void {
  const body = requestBody(e, finishRequestSchema);
  return e.json(200, finish(e.request!.pathValue('id'), body.worker, body.status, body.error));
}
