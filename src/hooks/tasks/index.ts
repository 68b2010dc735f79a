/**
 * What the leased queues share (the scout runs, the creative archive's media_tasks, the reports'
 * report_tasks and the push queue's push_messages): a worker's step on an item it holds, and
 * letting go of a lease.
 * The queues' claims, retries and outcomes stay in their own areas.
 */
import { LEASE_NOT_HELD_MESSAGE } from '../../domain/runs/lease-contract.ts';

/** Now, as PocketBase writes a date field (leases and retry times compare as these strings). */
export function nowString(): string {
  return new DateTime().string();
}

/**
 * The item `id` of `collection` that `workerName` holds now (in `status`, theirs, lease not run
 * out): a 404 saying `notFound` when there is none, a 409 when the lease is not theirs.
 */
export function requireHeldTask(
  app: CoreApp,
  collection: string,
  id: string,
  workerName: string,
  notFound: string,
  status = 'pending',
): core.Record {
  let task: core.Record;
  try {
    task = app.findRecordById(collection, id);
  } catch (_) {
    throw new NotFoundError(notFound);
  }
  const held =
    task.getString('status') === status &&
    task.getString('lease_owner') === workerName &&
    task.getString('lease_expires_at') >= nowString();
  if (!held) throw new ApiError(409, LEASE_NOT_HELD_MESSAGE, {});
  return task;
}

/** The item is nobody's: the next claim may take it (when its status and retry time allow). */
export function clearLease(task: core.Record): void {
  task.set('lease_owner', '');
  task.set('lease_expires_at', '');
}
