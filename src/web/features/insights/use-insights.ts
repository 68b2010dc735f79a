/**
 * The Insights page's data (docs/insights.md#in-the-browser): products and stores from the
 * Insights Web Worker (insights.worker.ts), painted first from the results it saved last time
 * (read here, while the worker starts), then from the worker's computation, then kept up to
 * date as rows arrive over sync: the rows the sync stores are handed to the worker at most every
 * UPDATE_EVERY_MS while a run streams in.
 * One worker serves every component that uses these hooks. It stays STAY_MS after the last one
 * unmounts, so going from Insights to the Database page, or from one ad's detail view to the next,
 * keeps the rows it read (a new worker reads all 50,000 again, about a second); it stops at once
 * when the signed-in user changes.
 */
import { useCallback, useEffect, useState, useSyncExternalStore } from 'react';
import {
  insightRowOf,
  type AdSighting,
  type InsightRow,
  type ProductSummary,
  type StoreSummary,
} from '../../../domain/index.ts';
import {
  currentBinding,
  onBindingChanged,
  onResultsStored,
  useLocalUserId,
} from '../../data/local/local-data.ts';
import { savedInsights } from '../../data/local/local-reads.ts';
import type { FromInsightsWorker, ToInsightsWorker } from './insights-protocol.ts';

/** At most one update of the Insights per this many ms while rows stream in. */
export const UPDATE_EVERY_MS = 2000;
/** How long the worker outlives the last component that used it. */
const STAY_MS = 60_000;

export interface Insights {
  products: ProductSummary[];
  stores: StoreSummary[];
  /** True until the first computation is in, and while an update is being computed. */
  computing: boolean;
  /** When the results shown were computed (ms since the epoch); null before any. */
  updatedAt: number | null;
}

const NOTHING: Insights = { products: [], stores: [], computing: false, updatedAt: null };

interface Session {
  userId: string;
  worker: Worker;
  products: Map<string, ProductSummary>;
  stores: Map<string, StoreSummary>;
  snapshot: Insights;
  computed: boolean;
  pending: Map<string, InsightRow>;
  timer: ReturnType<typeof setTimeout> | null;
  lastSent: number;
  stopFollowing: () => void;
  histories: Map<number, (sightings: AdSighting[]) => void>;
}

let session: Session | null = null;
let stopTimer: ReturnType<typeof setTimeout> | null = null;
const listeners = new Set<() => void>();
let nextRequest = 1;

function publish(next: Partial<Insights>): void {
  if (!session) return;
  session.snapshot = { ...session.snapshot, ...next };
  for (const listener of listeners) listener();
}

function flush(current: Session): void {
  current.timer = null;
  if (current.pending.size === 0) return;
  const rows = [...current.pending.values()];
  current.pending.clear();
  current.lastSent = Date.now();
  send(current, { type: 'rows', rows });
  publish({ computing: true });
}

function send(current: Session, message: ToInsightsWorker): void {
  current.worker.postMessage(message);
}

function received(current: Session, message: FromInsightsWorker): void {
  if (session !== current) return;
  const busy = current.pending.size > 0 || current.timer !== null;
  switch (message.type) {
    case 'snapshot':
      current.computed = true;
      current.products = new Map(message.products.map((p) => [p.key, p]));
      current.stores = new Map(message.stores.map((s) => [s.key, s]));
      publish({
        products: message.products,
        stores: message.stores,
        updatedAt: message.updatedAt,
        computing: busy,
      });
      return;
    case 'delta':
      for (const key of message.products.removed) current.products.delete(key);
      for (const product of message.products.changed) current.products.set(product.key, product);
      for (const key of message.stores.removed) current.stores.delete(key);
      for (const store of message.stores.changed) current.stores.set(store.key, store);
      publish({
        products: [...current.products.values()],
        stores: [...current.stores.values()],
        updatedAt: message.updatedAt,
        computing: busy,
      });
      return;
    case 'history':
      current.histories.get(message.requestId)?.(message.sightings);
      current.histories.delete(message.requestId);
      return;
    case 'failed':
      publish({ computing: false });
  }
}

function start(userId: string): Session {
  const worker = new Worker(new URL('./insights.worker.ts', import.meta.url), { type: 'module' });
  const current: Session = {
    userId,
    worker,
    products: new Map(),
    stores: new Map(),
    snapshot: { ...NOTHING, computing: true },
    computed: false,
    pending: new Map(),
    timer: null,
    lastSent: 0,
    stopFollowing: () => {},
    histories: new Map(),
  };
  worker.onmessage = (event: MessageEvent<FromInsightsWorker>) => received(current, event.data);
  const stopRows = onResultsStored((rows) => {
    for (const row of rows) current.pending.set(row.id, insightRowOf(row));
    if (current.timer === null) {
      current.timer = setTimeout(
        () => flush(current),
        Math.max(0, current.lastSent + UPDATE_EVERY_MS - Date.now()),
      );
    }
  });
  // a logout or another user's sign-in ends the worker at once, used or not
  const stopBinding = onBindingChanged(() => {
    if (session === current && currentBinding()?.userId !== userId) stop();
  });
  current.stopFollowing = () => {
    stopRows();
    stopBinding();
  };
  send(current, { type: 'open', userId });
  // The results saved last time, read here while the worker starts: the first paint needs no worker.
  void savedInsights(userId)
    .then((saved) => {
      if (saved && session === current && !current.computed)
        publish({ products: saved.products, stores: saved.stores, updatedAt: saved.updatedAt });
    })
    .catch((error: unknown) => console.warn('[insights] could not read the saved results', error));
  return current;
}

function stop(): void {
  if (stopTimer) clearTimeout(stopTimer);
  stopTimer = null;
  if (!session) return;
  session.stopFollowing();
  if (session.timer) clearTimeout(session.timer);
  session.worker.terminate();
  session = null;
}

function useInsightsSession(): Insights {
  const userId = useLocalUserId();
  const subscribe = useCallback(
    (listener: () => void) => {
      if (stopTimer) clearTimeout(stopTimer);
      stopTimer = null;
      if (session && session.userId !== userId) stop();
      if (!session && userId) session = start(userId);
      listeners.add(listener);
      return () => {
        listeners.delete(listener);
        if (listeners.size === 0 && !stopTimer) stopTimer = setTimeout(stop, STAY_MS);
      };
    },
    [userId],
  );
  return useSyncExternalStore(
    subscribe,
    () => (session && session.userId === userId ? session.snapshot : NOTHING),
    () => NOTHING,
  );
}

/** Products and stores of the signed-in user's local data, off the page's thread. */
export function useInsights(): Insights {
  return useInsightsSession();
}

/**
 * Every time the ad `adId` was seen (adHistory), oldest first; null until the Insights worker
 * answered for this ad (its first computation may still be running): never an empty history
 * standing in for one not read yet.
 */
export function useAdHistory(adId: string | null): AdSighting[] | null {
  const { updatedAt } = useInsightsSession();
  const [history, setHistory] = useState<{ adId: string | null; sightings: AdSighting[] }>({
    adId: null,
    sightings: [],
  });
  useEffect(() => {
    const current = session;
    if (!adId || !current || updatedAt === null || !current.computed) return;
    const requestId = nextRequest++;
    current.histories.set(requestId, (sightings) => setHistory({ adId, sightings }));
    send(current, { type: 'history', requestId, adId });
    return () => void current.histories.delete(requestId);
  }, [adId, updatedAt]);
  return history.adId === adId ? history.sightings : null;
}
