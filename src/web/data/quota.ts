/**
 * The signed-in user's quota (SPEC §3 shape), computed by the server and re-read whenever the
 * ledger or the subscription changes (realtime), so balances follow purchases and scouts.
 */
import { COLLECTIONS, type Quota } from '../../domain/index.ts';
import { fetchQuota } from './billing.ts';
import { watchCollection } from './realtime.ts';
import { createUserStore, type UserStoreScope } from './user-store.ts';

export type QuotaState = { status: 'loading' } | { status: 'ready'; quota: Quota } | { status: 'error' };

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
          scope.set({ status: 'ready', quota: await fetchQuota() });
        } catch (error) {
          // SPEC §8: a quota load failure is only logged.
          console.error('[quota] load failed', error);
          if (scope.get().status === 'loading') scope.set({ status: 'error' });
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
      watchCollection(COLLECTIONS.usageLedger, reload, reload),
      watchCollection(COLLECTIONS.subscriptions, reload, reload),
    ];
    reload();
    return () => stops.forEach((stop) => stop());
  },
});

/** Settling a scout writes the ledger, so the balance follows every job without polling. */
export const useQuota = store.use;
