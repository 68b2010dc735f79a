/**
 * The signed-in user's subscription, as the server says it is
 * (docs/invariants.md#invariant-7-the-browser-is-never-trusted-for-plan-status-quota-or-counts: the browser
 * never decides plan or status). Loaded once per session and kept current over realtime, so the subscription
 * gate lifts or drops without a reload when billing changes it. The last answer is kept in the local
 * database for offline use (offline-memory.ts): hence local/, not server/.
 */
// Checked with its field kinds, not its zod schema (the domain index pulls in every schema): the
// gate decides before the first /app page paints, and that page needs no zod (docs/benchmarks/pwa.md).
import { COLLECTIONS } from '../../../domain/api/collections.ts';
import type { Subscription } from '../../../domain/records/entities.ts';
import { checkRecord } from '../../../domain/records/record-check.ts';
import { SUBSCRIPTION_FIELD_KINDS } from '../../../domain/records/record-fields.ts';
import { pb } from '../server/client.ts';
import { lastKnown, rememberForOffline } from './offline-memory.ts';
import { followCollection } from '../server/realtime.ts';
import { createUserStore, type UserStoreScope } from '../server/user-store.ts';

export type SubscriptionState =
  | { status: 'loading' }
  | { status: 'ready'; subscription: Subscription | null }
  | { status: 'error'; subscription: Subscription | null };

function parse(record: unknown): Subscription | null {
  const checked = checkRecord(SUBSCRIPTION_FIELD_KINDS, record);
  if (!checked.ok) {
    console.error('[subscription] unexpected record shape', checked.problem);
    return null;
  }
  return checked.record;
}

function publish(scope: UserStoreScope<SubscriptionState>, subscription: Subscription | null): void {
  scope.set({ status: 'ready', subscription });
  rememberForOffline(scope.userId, 'subscription', { subscription, at: Date.now() });
}

/** Realtime events published so far: a load answered after one of them is no newer than it. */
let eventsSeen = 0;

async function load(scope: UserStoreScope<SubscriptionState>): Promise<void> {
  const eventsBefore = eventsSeen;
  try {
    const page = await pb.collection(COLLECTIONS.subscriptions).getList(1, 1, {
      filter: pb.filter('user = {:user}', { user: scope.userId }),
      skipTotal: true,
    });
    if (eventsSeen !== eventsBefore) return;
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
    // Watch and load at once. The server sends no event for a change made before the watch is
    // registered, so load again once it is: a subscription bought meanwhile still lifts the gate.
    const watch = followCollection(
      pb,
      COLLECTIONS.subscriptions,
      (event) => {
        if (event.record.user !== scope.userId) return;
        eventsSeen += 1;
        publish(scope, event.action === 'delete' ? null : parse(event.record));
      },
      () => void load(scope),
    );
    void load(scope);
    void watch.ready.then(() => {
      if (scope.isCurrent()) void load(scope);
    });
    // Until the server answers, the last subscription it reported to this browser lets the
    // pages render from the local copy at once; the server's answer replaces it either way.
    void lastKnown(scope.userId, 'subscription').then((remembered) => {
      if (remembered && scope.isCurrent() && scope.get().status === 'loading')
        scope.set({ status: 'ready', subscription: remembered.subscription });
    });
    return () => watch.stop();
  },
});

export const useSubscription = store.use;

/** Reads the subscription from the server again (after a checkout, on a retry button). */
export function reloadSubscription(): Promise<void> {
  const scope = store.scope();
  return scope ? load(scope) : Promise.resolve();
}
