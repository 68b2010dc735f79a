/**
 * Briefs as the pages read and ask for them (docs/ai.md#briefs): the briefs stored come from the
 * local database (offline too, newest first); whether briefs are on and how many are left comes
 * from the server, kept for offline use like the quota (offline-memory.ts), and re-read when a
 * brief is written anywhere (realtime) or the subscription changes. A new brief needs the server:
 * its answer is stored here at once, before realtime brings it again.
 */
import { useLiveQuery } from 'dexie-react-hooks';
import { COLLECTIONS } from '../../../domain/api/collections.ts';
import type { BriefRequest, BriefsStatus } from '../../../domain/briefs/brief-contract.ts';
import type { BriefRecord } from '../../../domain/records/entities.ts';
import { fetchBriefsStatus, requestBrief } from '../server/briefs.ts';
import { pb } from '../server/client.ts';
import { watchCollection } from '../server/realtime.ts';
import { createUserStore, type UserStoreScope } from '../server/user-store.ts';
import { currentBinding, useLocalDb } from './local-data.ts';
import { lastKnown, rememberForOffline } from './offline-memory.ts';
import { writeBriefs } from './sync/mirror.ts';

export type BriefsStatusState =
  | { status: 'loading' }
  /** `asOf` is set when the server could not be reached and this is the last status it gave. */
  | { status: 'ready'; briefs: BriefsStatus; asOf?: number }
  | { status: 'error' };

function loader(scope: UserStoreScope<BriefsStatusState>): () => void {
  let inFlight = false;
  let again = false;
  const run = async () => {
    inFlight = true;
    try {
      do {
        again = false;
        try {
          const briefs = await fetchBriefsStatus();
          scope.set({ status: 'ready', briefs });
          rememberForOffline(scope.userId, 'briefsStatus', { status: briefs, at: Date.now() });
        } catch (error) {
          console.warn('[briefs] status load failed', error);
          if (scope.get().status !== 'loading') continue;
          const remembered = await lastKnown(scope.userId, 'briefsStatus');
          if (!scope.isCurrent()) return;
          scope.set(
            remembered
              ? { status: 'ready', briefs: remembered.status, asOf: remembered.at }
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

const store = createUserStore<BriefsStatusState>({
  initial: () => ({ status: 'loading' }),
  start(scope) {
    const reload = loader(scope);
    const stops = [
      watchCollection(pb, COLLECTIONS.briefs, reload, reload),
      watchCollection(pb, COLLECTIONS.subscriptions, reload, reload),
    ];
    reload();
    return () => stops.forEach((stop) => stop());
  },
});

/** Whether briefs are on, and how many are left this period (the server's word, or its last). */
export const useBriefsStatus = store.use;

function newestFirst(a: BriefRecord, b: BriefRecord): number {
  return a.created < b.created ? 1 : a.created > b.created ? -1 : a.id < b.id ? 1 : -1;
}

/** The briefs of an ad (by Library ID) or of a product (by key), newest first; undefined while loading. */
export function useStoredBriefs(
  target: { adId: string } | { productKey: string },
): BriefRecord[] | undefined {
  const db = useLocalDb();
  const [index, value] = 'adId' in target ? ['ad_id', target.adId] : ['product_key', target.productKey];
  return useLiveQuery(
    async () => (db && value ? (await db.briefs.where(index).equals(value).toArray()).sort(newestFirst) : []),
    [db, index, value],
    undefined,
  );
}

/** Asks the server for a brief and stores it here at once; throws the server's refusal. */
export async function writeNewBrief(request: BriefRequest): Promise<BriefRecord> {
  const { brief, status } = await requestBrief(request);
  const scope = store.scope();
  if (scope) scope.set({ status: 'ready', briefs: status });
  const db = currentBinding()?.db;
  if (db) await writeBriefs(db, [brief]);
  return brief;
}
