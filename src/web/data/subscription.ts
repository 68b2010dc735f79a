/**
 * The signed-in user's subscription, as the server says it is (invariant 7: the browser never
 * decides plan or status). Loaded once per session and kept current over realtime, so the
 * subscription gate lifts or drops without a reload when billing changes it.
 */
import { COLLECTIONS, subscriptionSchema, type Subscription } from '../../domain/index.ts';
import { pb } from './client.ts';
import { lastKnown, rememberForOffline } from './offline-memory.ts';
import { watchCollection } from './realtime.ts';
import { createUserStore, type UserStoreScope } from './user-store.ts';

export type SubscriptionState =
  | { status: 'loading' }
  | { status: 'ready'; subscription: Subscription | null }
  | { status: 'error'; subscription: Subscription | null };

function parse(record: unknown): Subscription | null {
  const parsed = subscriptionSchema.safeParse(record);
  if (!parsed.success) {
    console.error('[subscription] unexpected record shape', parsed.error);
    return null;
  }
  return parsed.data;
}

function publish(scope: UserStoreScope<SubscriptionState>, subscription: Subscription | null): void {
  scope.set({ status: 'ready', subscription });
  rememberForOffline(scope.userId, 'subscription', { subscription, at: Date.now() });
}

async function load(scope: UserStoreScope<SubscriptionState>): Promise<void> {
  try {
    const page = await pb.collection(COLLECTIONS.subscriptions).getList(1, 1, {
      filter: pb.filter('user = {:user}', { user: scope.userId }),
      skipTotal: true,
    });
    publish(scope, page.items[0] ? parse(page.items[0]) : null);
  } catch (error) {
    console.error('[subscription] load failed', error);
    const known = scope.get();
    // Offline, the gate goes by the last subscription the server reported to this browser.
    const remembered = known.status === 'loading' ? await lastKnown(scope.userId, 'subscription') : undefined;
    if (!scope.isCurrent()) return;
    scope.set({
      status: 'error',
      subscription: known.status === 'loading' ? (remembered?.subscription ?? null) : known.subscription,
    });
  }
}

const store = createUserStore<SubscriptionState>({
  initial: (userId) => (userId ? { status: 'loading' } : { status: 'ready', subscription: null }),
  start(scope) {
    // Watch first, then load: an event that lands between the two is not lost.
    const stop = watchCollection(
      pb,
      COLLECTIONS.subscriptions,
      (event) => {
        if (event.record.user !== scope.userId) return;
        publish(scope, event.action === 'delete' ? null : parse(event.record));
      },
      () => void load(scope),
    );
    void load(scope);
    // Until the server answers, the last subscription it reported to this browser lets the
    // pages render from the local copy at once; the server's answer replaces it either way.
    void lastKnown(scope.userId, 'subscription').then((remembered) => {
      if (remembered && scope.isCurrent() && scope.get().status === 'loading')
        scope.set({ status: 'ready', subscription: remembered.subscription });
    });
    return stop;
  },
});

export const useSubscription = store.use;

/** Reads the subscription from the server again (after a checkout, on a retry button). */
export function reloadSubscription(): Promise<void> {
  const scope = store.scope();
  return scope ? load(scope) : Promise.resolve();
}
