/**
 * The signed-in user's quota (the quota shape of docs/product.md#entities-and-fields), computed by the server
 * and re-read whenever the ledger or the subscription changes (realtime), so balances follow purchases and
 * scouts. The last answer is kept in the local database for offline use (offline-memory.ts): hence
 * local/, not server/.
 */
import { COLLECTIONS, type Quota } from '../../../domain/index.ts';
import { fetchQuota } from '../server/billing.ts';
import { pb } from '../server/client.ts';
import { lastKnown, rememberForOffline } from './offline-memory.ts';
import { watchCollection } from '../server/realtime.ts';
import { createUserStore, type UserStoreScope } from '../server/user-store.ts';

export type QuotaState =
  | { status: 'loading' }
  /** `asOf` is set when the server could not be reached and this is the last quota it reported. */
  | { status: 'ready'; quota: Quota; asOf?: number }
  | { status: 'error' };

/** A loader per user: calls that arrive while a load runs coalesce into one more load. */
function coalescingLoader(scope: UserStoreScope<QuotaState>): () => void {
  let inFlight = false;
  let again = false;
  const run = async () => {
    inFlight = true;
    try {
      do {
        again = false;
        try {
          const quota = await fetchQuota();
          scope.set({ status: 'ready', quota });
          rememberForOffline(scope.userId, 'quota', { quota, at: Date.now() });
        } catch (error) {
          // docs/product.md#messages: a quota load failure is only logged.
          console.error('[quota] load failed', error);
          if (scope.get().status !== 'loading') continue;
          const remembered = await lastKnown(scope.userId, 'quota');
          if (!scope.isCurrent()) return;
          scope.set(
            remembered
              ? { status: 'ready', quota: remembered.quota, asOf: remembered.at }
              : { status: 'error' },
          );
        }
      } while (again && scope.isCurrent());
    } finally {
      inFlight = false;
    }
  };
  return () => {
    if (inFlight) again = true;
    else void run();
  };
}

const store = createUserStore<QuotaState>({
  initial: () => ({ status: 'loading' }),
  start(scope) {
    const reload = coalescingLoader(scope);
    const stops = [
      watchCollection(pb, COLLECTIONS.usageLedger, reload, reload),
      watchCollection(pb, COLLECTIONS.subscriptions, reload, reload),
    ];
    reload();
    return () => stops.forEach((stop) => stop());
  },
});

/** Settling a scout writes the ledger, so the balance follows every job without polling. */
export const useQuota = store.use;
