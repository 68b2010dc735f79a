/**
 * The signed-in user's subscription, as the server says it is (invariant 7: the browser never
 * decides plan or status). Loaded once per session and kept current over realtime, so the
 * subscription gate lifts or drops without a reload when billing changes it.
 */
import { useSyncExternalStore } from 'react';
import { COLLECTIONS, subscriptionSchema, type Subscription } from '../../domain/index.ts';
import { pb } from './client.ts';
import { watchCollection } from './realtime.ts';
import { currentSession } from './session.ts';

export type SubscriptionState =
  | { status: 'loading' }
  | { status: 'ready'; subscription: Subscription | null }
  | { status: 'error'; subscription: Subscription | null };

let state: SubscriptionState = { status: 'loading' };
let boundUser: string | null = null;
let stopWatching: (() => void) | null = null;
const listeners = new Set<() => void>();

function publish(next: SubscriptionState): void {
  state = next;
  for (const listener of listeners) listener();
}

function parse(record: unknown): Subscription | null {
  const parsed = subscriptionSchema.safeParse(record);
  if (!parsed.success) {
    console.error('[subscription] unexpected record shape', parsed.error);
    return null;
  }
  return parsed.data;
}

async function fetchSubscription(userId: string): Promise<void> {
  try {
    const page = await pb.collection(COLLECTIONS.subscriptions).getList(1, 1, {
      filter: pb.filter('user = {:user}', { user: userId }),
      skipTotal: true,
    });
    if (boundUser !== userId) return;
    publish({ status: 'ready', subscription: page.items[0] ? parse(page.items[0]) : null });
  } catch (error) {
    if (boundUser !== userId) return;
    console.error('[subscription] load failed', error);
    const known = state.status === 'loading' ? null : state.subscription;
    publish({ status: 'error', subscription: known });
  }
}

/** Points the store at the current session's user (or at nobody). */
function bind(): void {
  const userId = currentSession()?.userId ?? null;
  if (userId === boundUser) return;
  boundUser = userId;
  stopWatching?.();
  stopWatching = null;
  if (!userId) {
    publish({ status: 'ready', subscription: null });
    return;
  }
  publish({ status: 'loading' });
  // Watch first, then load: an event that lands between the two is not lost.
  stopWatching = watchCollection(
    COLLECTIONS.subscriptions,
    (event) => {
      if (event.record.user !== userId) return;
      publish({ status: 'ready', subscription: event.action === 'delete' ? null : parse(event.record) });
    },
    () => void fetchSubscription(userId),
  );
  void fetchSubscription(userId);
}

pb.authStore.onChange(() => {
  if (listeners.size > 0) bind();
});

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  bind();
  return () => listeners.delete(listener);
}

const snapshot = () => state;

export function useSubscription(): SubscriptionState {
  return useSyncExternalStore(subscribe, snapshot, snapshot);
}

/** Reads the subscription from the server again (after a checkout, on a retry button). */
export function reloadSubscription(): Promise<void> {
  const userId = currentSession()?.userId;
  return userId ? fetchSubscription(userId) : Promise.resolve();
}
