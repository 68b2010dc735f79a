/**
 * What the pages read from the signed-in user's local database (local-data.ts binds it), never
 * from the network: History, Keywords and the watches through live queries on small tables,
 * Database by one bulk read (newest-results.ts first, then every row a few runs at a time), plus
 * the last subscription and quota the server reported, for offline use (offline-memory.ts).
 */
import { useLiveQuery } from 'dexie-react-hooks';
import type { LocaleCode, SearchResult, SearchRun, Watch } from '../../../domain/index.ts';
import { currentBinding, localDbOf, useLocalDb } from './local-data.ts';
import { readMeta, type MetaRecords, type RememberedKey, type SavedInsights } from './local-db.ts';
import { newestFirst, readNewestResults, storedNewestRunHint } from './newest-results.ts';

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
      // the defaults load on demand (2 KB gzipped): the first /app page shows none (docs/benchmarks/pwa.md)
      return stored
        ? { keywords: stored.keywords, stored: true, pending: Boolean(stored.pending) }
        : {
            keywords: (await import('./default-keywords.ts')).defaultKeywords(locale),
            stored: false,
            pending: false,
          };
    },
    [db, locale],
    undefined,
  );
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

// --- last known subscription and quota -------------------------------------------------------

/** The last answer kept by `writeLastKnown` (local-writes.ts), if any (loaded through offline-memory.ts). */
export async function readLastKnown<K extends RememberedKey>(
  userId: string,
  key: K,
): Promise<MetaRecords[K] | undefined> {
  const db = localDbOf(userId);
  return db ? readMeta(db, key) : undefined;
}

// --- insights --------------------------------------------------------------------------------

/**
 * The Insights the worker saved last (src/web/data/local/insights-inputs.ts), read on the page:
 * the database is open here already, so the page paints them without waiting for its worker to
 * start, open the database and hand them over (docs/insights.md#in-the-browser).
 */
export async function savedInsights(userId: string): Promise<SavedInsights | undefined> {
  const db = localDbOf(userId);
  return db ? readMeta(db, 'insights') : undefined;
}
