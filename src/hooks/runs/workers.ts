/**
 * The scout workers' own accounts (pb_migrations/1795300790_create_workers.js): who may call the
 * lease routes, and how workers learn at once that a run waits to be claimed. Workers may read no
 * collection, so they cannot watch search_runs over realtime; instead the server sends an empty
 * message on WORK_TOPIC, which only workers may subscribe to, whenever a run becomes claimable.
 */
import { COLLECTIONS } from '../../domain/api/collections.ts';
import { WORK_TOPIC, type WorkSignal } from '../../domain/runs/lease-contract.ts';

const WORK_SIGNAL: WorkSignal = {};

/** True when `auth` is a worker's account (not a user, not a superuser). */
export function isWorker(auth: core.Record | null | undefined): boolean {
  return !!auth && auth.collection().name === COLLECTIONS.workers;
}

/** A subscription's topic without its `?options=…`. */
function topicOf(subscription: string): string {
  const at = subscription.indexOf('?');
  return at < 0 ? subscription : subscription.slice(0, at);
}

/** onRealtimeSubscribeRequest: WORK_TOPIC is for workers only (403 for anyone else). */
export function handleWorkSubscription(e: core.RealtimeSubscribeRequestEvent): void {
  const asksForWork = (e.subscriptions ?? []).some((subscription) => topicOf(subscription) === WORK_TOPIC);
  if (asksForWork && !isWorker(e.auth)) {
    throw new ForbiddenError('Only scout workers may subscribe to this topic.');
  }
  return e.next();
}

/** A run that a worker may claim now: working and held by nobody. */
function claimable(run: core.Record): boolean {
  return run.getString('status') === 'working' && !run.getString('lease_owner');
}

/**
 * Tells every subscribed worker that there is work: an empty message on WORK_TOPIC, which wakes a
 * worker's run loop, archive pool and push pool alike (each then claims what it can).
 */
export function signalWorkers(): void {
  const message = new SubscriptionMessage({ name: WORK_TOPIC, data: JSON.stringify(WORK_SIGNAL) });
  const clients = $app.subscriptionsBroker().clients() as Record<string, subscriptions.Client>;
  for (const id in clients) {
    const client = clients[id];
    // The topic's guard runs when a client subscribes; the auth is checked again here, since a
    // deleted worker's clients lose it (PocketBase clears the auth of a deleted record's clients).
    if (client && client.hasSubscription(WORK_TOPIC) && isWorker(client.get('auth') as core.Record | null)) {
      client.send(message);
    }
  }
}

/**
 * After a run is created or saved: when it waits to be claimed (new, handed back, re-queued by
 * the sweep), tells every subscribed worker. The many saves of runs being worked (heartbeats,
 * progress) hold no new work and send nothing.
 */
export function wakeWorkers(run: core.Record): void {
  if (claimable(run)) signalWorkers();
}
