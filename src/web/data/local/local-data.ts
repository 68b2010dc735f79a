/**
 * The browser's local-first data (docs/local-first.md) as the pages use it: the signed-in user's
 * local database and its sync engine, bound to the session. A login opens (or creates) that
 * user's database; a logout or a switch to another user closes it and deletes it, with every
 * other user's database on this browser (docs/invariants.md#invariant-9-local-data-belongs-to-one-user).
 *
 * Pages read from here, never from the network: History and Keywords through live queries on
 * small tables, Database by one bulk read plus the rows the sync engine reports afterwards.
 */
import { useLiveQuery } from 'dexie-react-hooks';
import { useSyncExternalStore } from 'react';
import type { LocaleCode, SearchResult, SearchRun, Watch } from '../../../domain/index.ts';
import { pb, UserFacingError } from '../server/client.ts';
import { reportServerReachable } from '../browser/connectivity.ts';
import { followCreatives } from './creative-index.ts';
import { createCreativePrefetch, type CreativePrefetch } from './creative-prefetch.ts';
import { defaultKeywords } from './default-keywords.ts';
import { createLocalBinder, type LocalBinder, type LocalBinding } from './local-binder.ts';
import {
  deleteOtherUserDbs,
  readMeta,
  writeMeta,
  type LocalDb,
  type MetaRecords,
  type SavedInsights,
} from './local-db.ts';
import { newestFirst, readNewestResults, storedNewestRunHint } from './newest-results.ts';
import { currentSession } from '../server/session.ts';
import type { FlushOutcome, SyncNotice, SyncState } from './sync-engine.ts';
import { deleteWatch, writeWatches } from './sync/mirror.ts';

export type { SyncNotice, SyncState } from './sync-engine.ts';

let binder: LocalBinder | null = null;
let prefetch: CreativePrefetch | null = null;
let started = false;
const bindingListeners = new Set<() => void>();
const noticeListeners = new Set<(notice: SyncNotice) => void>();
const stateListeners = new Set<() => void>();
const resultListeners = new Set<(rows: SearchResult[]) => void>();

const SIGNED_OUT_STATE: SyncState = {
  phase: 'idle',
  caughtUp: false,
  lastPulledAt: null,
  pulledRows: 0,
  pendingWrites: 0,
};

function announce(listeners: Set<() => void>) {
  for (const listener of listeners) listener();
}

function bind(): void {
  binder ??= createLocalBinder({ pb, notify: (notice) => noticeListeners.forEach((l) => l(notice)) });
  const before = binder.current();
  const after = binder.bind(currentSession()?.userId ?? null);
  if (after === before) return;
  prefetch?.stop();
  prefetch = null;
  if (after) {
    const creatives = createCreativePrefetch(after.db);
    prefetch = creatives;
    let pulledAt: number | null = null;
    after.engine.onState((state) => {
      if (state.phase === 'offline') reportServerReachable(false);
      else if (state.phase === 'idle') reportServerReachable(true);
      // each pull that caught up: the newest ads' creatives into the cache (creative-prefetch.ts)
      if (state.phase === 'idle' && state.lastPulledAt !== null && state.lastPulledAt !== pulledAt) {
        pulledAt = state.lastPulledAt;
        creatives.afterSync();
      }
      announce(stateListeners);
    });
    after.engine.onResults((rows) => resultListeners.forEach((listener) => listener(rows)));
  }
  followCreatives(after?.db ?? null);
  announce(bindingListeners);
  announce(stateListeners);
}

/**
 * Starts following the session (once per page load): binds the local database now and on every
 * login, logout or user switch (including those in other tabs), and re-syncs when the browser
 * comes back online or the tab or window gets the focus back.
 */
export function startLocalData(): void {
  if (started) return;
  started = true;
  pb.authStore.onChange(() => bind());
  window.addEventListener('online', () => {
    void binder?.current()?.engine.pull();
    void binder?.current()?.engine.flushOutbox();
  });
  // Back to the tab (visibility) or to the window (focus): pull what changed meanwhile; pulls
  // that overlap coalesce into one.
  document.addEventListener('visibilitychange', () => {
    if (document.visibilityState === 'visible') void binder?.current()?.engine.pull();
  });
  window.addEventListener('focus', () => void binder?.current()?.engine.pull());
  bind();
}

/**
 * Deletes every user database on this browser and resolves when they are gone (after an
 * account's deletion, where a logout's wipe must be finished before the app moves on).
 */
export async function wipeLocalData(): Promise<void> {
  if (binder) {
    binder.bind(null);
    await binder.settled();
  }
  await deleteOtherUserDbs(null);
}

function currentBinding(): LocalBinding | null {
  if (!started) startLocalData();
  return binder?.current() ?? null;
}

function subscribeBinding(listener: () => void) {
  bindingListeners.add(listener);
  return () => bindingListeners.delete(listener);
}

/** The signed-in user's local database, or null when signed out. */
function useLocalDb(): LocalDb | null {
  return useSyncExternalStore(
    subscribeBinding,
    () => currentBinding()?.db ?? null,
    () => null,
  );
}

/**
 * The id of the user whose local database is bound (null when signed out): the Insights worker
 * opens that database itself (insights-inputs.ts).
 */
export function useLocalUserId(): string | null {
  return useSyncExternalStore(
    subscribeBinding,
    () => currentBinding()?.userId ?? null,
    () => null,
  );
}

/** The local database of `userId` if that user is the one signed in now. */
function dbOf(userId: string): LocalDb | null {
  // Never starts the local data itself: public pages (/subscribe) also load these stores.
  const current = started ? (binder?.current() ?? null) : null;
  return current?.userId === userId ? current.db : null;
}

// --- sync status and notices -------------------------------------------------------------

function subscribeState(listener: () => void) {
  stateListeners.add(listener);
  return () => stateListeners.delete(listener);
}

/** Where the sync stands (pulling, caught up, offline) and how many local writes wait. */
export function useSyncState(): SyncState {
  return useSyncExternalStore(
    subscribeState,
    // Never starts the local data itself (only the /app shell does).
    () => (started ? binder?.current()?.engine.state() : undefined) ?? SIGNED_OUT_STATE,
    () => SIGNED_OUT_STATE,
  );
}

/** Messages for the user from the sync (a refused write, a conflict the server won). */
export function onSyncNotice(listener: (notice: SyncNotice) => void): () => void {
  noticeListeners.add(listener);
  return () => noticeListeners.delete(listener);
}

// --- runs and results ------------------------------------------------------------------------

/**
 * The user's runs, newest first (docs/product.md#constants-and-limits: started_at descending); undefined
 * while loading.
 */
export function useLocalRuns(): SearchRun[] | undefined {
  const db = useLocalDb();
  return useLiveQuery(
    async () => {
      if (!db) return [];
      const runs = await db.runs.toArray();
      // A copy: Dexie's immutable cache hands out frozen arrays.
      return runs
        .slice()
        .sort((a, b) => (a.started_at < b.started_at ? 1 : a.started_at > b.started_at ? -1 : 0));
    },
    [db],
    undefined,
  );
}

/** One run's results, in the order they were stored. */
export async function loadRunResults(runId: string): Promise<SearchResult[]> {
  const db = currentBinding()?.db;
  if (!db) return [];
  const chunk = await db.results.get(runId);
  return chunk?.rows ?? [];
}

/** Runs whose results are read together by loadResultsInParts: about 5,000 rows. */
const RUNS_PER_PART = 5;

/**
 * The newest results the user has, in one small read: the rows of the latest run that has any,
 * newest first (newest-results.ts). null when there are none.
 */
export async function loadNewestResults(): Promise<{ run: string; rows: SearchResult[] } | null> {
  const binding = currentBinding();
  return binding ? readNewestResults(binding.db, storedNewestRunHint(binding.userId)) : null;
}

/**
 * Every result of the user, newest first, read a few runs at a time: the browser decodes each read
 * on the page's thread, so one read of 50,000 rows would hold input for half a second. `pause`
 * runs between reads (the caller gives the page its turn there).
 */
export async function loadResultsInParts(pause: () => Promise<void>): Promise<SearchResult[]> {
  const db = currentBinding()?.db;
  if (!db) return [];
  const runs = (await db.results.toCollection().primaryKeys()) as string[];
  const rows: SearchResult[] = [];
  for (let start = 0; start < runs.length; start += RUNS_PER_PART) {
    if (start > 0) await pause();
    const chunks = await db.results.bulkGet(runs.slice(start, start + RUNS_PER_PART));
    for (const chunk of chunks) if (chunk) for (const row of chunk.rows) rows.push(row);
  }
  return rows.sort(newestFirst);
}

/**
 * Rows stored locally after the caller's bulk read (a running scout, a catch-up pull): hand them
 * to the grid as a transaction instead of reading everything again.
 */
export function onResultsStored(listener: (rows: SearchResult[]) => void): () => void {
  resultListeners.add(listener);
  return () => resultListeners.delete(listener);
}

// --- keywords ------------------------------------------------------------------------------

export interface KeywordList {
  keywords: string[];
  /** True when the list comes from a stored set rather than the generated defaults. */
  stored: boolean;
  /** True while a change made on this device waits to reach the server. */
  pending: boolean;
}

/**
 * A locale's keywords: the stored set when there is one, otherwise the defaults
 * (docs/product.md#states-and-transitions).
 */
export function useKeywordList(locale: LocaleCode | null): KeywordList | undefined {
  const db = useLocalDb();
  return useLiveQuery(
    async () => {
      if (!locale) return undefined;
      const stored = db ? await db.keywordSets.where('locale').equals(locale).first() : undefined;
      return stored
        ? { keywords: stored.keywords, stored: true, pending: Boolean(stored.pending) }
        : { keywords: defaultKeywords(locale), stored: false, pending: false };
    },
    [db, locale],
    undefined,
  );
}

/**
 * Overwrites the locale's stored set with the defaults (docs/product.md#states-and-transitions). The change
 * is saved on this device at once and pushed; 'queued' means the server could not be reached and the outbox
 * will push it when the connection returns.
 */
export async function resetKeywordsToDefaults(locale: LocaleCode): Promise<'saved' | 'queued'> {
  const current = currentBinding();
  if (!current) throw new Error('Not authenticated');
  const seq = await current.engine.saveKeywordSet(locale, defaultKeywords(locale));
  const outcome: FlushOutcome = await current.engine.flushOutbox();
  const refused = current.engine.refusal(seq);
  if (refused) throw new UserFacingError(refused);
  return outcome === 'done' ? 'saved' : 'queued';
}

// --- watches -------------------------------------------------------------------------------

/** The user's watches, by name; undefined while loading. Offline too (the sync mirrors them). */
export function useLocalWatches(): Watch[] | undefined {
  const db = useLocalDb();
  return useLiveQuery(
    async () => {
      if (!db) return [];
      const watches = await db.watches.toArray();
      return watches.slice().sort((a, b) => a.name.localeCompare(b.name) || (a.created < b.created ? -1 : 1));
    },
    [db],
    undefined,
  );
}

/**
 * Stores what the server answered to a change of a watch at once (realtime brings the same
 * record a moment later): null `watch` means it was deleted.
 */
export async function keepWatchLocally(id: string, watch: Watch | null): Promise<void> {
  const db = currentBinding()?.db;
  if (!db) return;
  await (watch ? writeWatches(db, [watch]) : deleteWatch(db, id));
}

// --- last known subscription and quota -------------------------------------------------------

/** Keeps the latest server answer for the subscription or quota, for use while offline. */
export function rememberForOffline<K extends 'subscription' | 'quota'>(
  userId: string,
  key: K,
  value: MetaRecords[K],
): void {
  const db = dbOf(userId);
  if (db)
    void writeMeta(db, key, value).catch((error) =>
      console.warn(`[local-data] could not keep ${key}`, error),
    );
}

/** The last answer kept by `rememberForOffline`, if any. */
export async function lastKnown<K extends 'subscription' | 'quota'>(
  userId: string,
  key: K,
): Promise<MetaRecords[K] | undefined> {
  const db = dbOf(userId);
  return db ? readMeta(db, key) : undefined;
}

// --- insights --------------------------------------------------------------------------------

/**
 * The Insights the worker saved last (src/web/data/local/insights-inputs.ts), read on the page:
 * the database is open here already, so the page paints them without waiting for its worker to
 * start, open the database and hand them over (docs/insights.md#in-the-browser).
 */
export async function savedInsights(userId: string): Promise<SavedInsights | undefined> {
  const db = dbOf(userId);
  return db ? readMeta(db, 'insights') : undefined;
}
