/**
 * The signed-in user's local database (docs/local-first.md#the-local-database): one Dexie (IndexedDB)
 * database per user, named after the user id, holding a mirror of their runs, results, keyword sets, watches,
 * archived creatives, watch runs' reports, subscription and last quota, the sync cursors, and the outbox of
 * writes not yet on the server.
 *
 * Results are stored one record per run (a run holds at most 1,000 rows), not one per row: the
 * Database page reads every row at once, and ~50 large records read back about ten times faster
 * than 50,000 small ones (measured in docs/local-first.md#why-results-are-stored-per-run and by
 * `npm run bench`).
 */
import Dexie, { type EntityTable } from 'dexie';
import { wipeCreativeCache } from '../browser/creative-cache.ts';
import type {
  ArchivedCreative,
  KeywordSet,
  LocaleCode,
  ProductSummary,
  Quota,
  Report,
  ReportSettings,
  SearchResult,
  SearchRun,
  StoreSummary,
  Subscription,
  Watch,
} from '../../../domain/index.ts';

/** The results of one run, in the order the server stored them. */
export interface RunResults {
  run: string;
  rows: SearchResult[];
}

/** A keyword set as the user sees it; `pending` while a local change has not reached the server. */
export interface LocalKeywordSet extends KeywordSet {
  pending?: boolean;
}

/** A write made on this device, pushed to the server in `seq` order. */
export interface OutboxItem {
  seq?: number;
  op: 'keywords.upsert';
  recordId: string;
  locale: LocaleCode;
  keywords: string[];
  /** The server's `updated` of the record this change was made over; '' when it had none. */
  baseUpdated: string;
  queuedAt: number;
}

export interface SyncCursor {
  updated: string;
  id: string;
}

/** Small values kept by key. */
export interface MetaRecords {
  subscription: { subscription: Subscription | null; at: number };
  quota: { quota: Quota; at: number };
  /** The report mail settings (src/web/data/local/report-settings.ts); null: the user has none yet. */
  reportSettings: { settings: ReportSettings | null; at: number };
  lastSyncedAt: number;
  /** The Insights computed last (src/web/data/local/insights-inputs.ts): the page paints from them first. */
  insights: SavedInsights;
}

/** Products and stores as the Insights worker last computed them, and when. */
export interface SavedInsights {
  products: ProductSummary[];
  stores: StoreSummary[];
  updatedAt: number;
}
/** The server's answers kept for offline use (offline-memory.ts). */
export type RememberedKey = 'subscription' | 'quota' | 'reportSettings';
export type MetaKey = keyof MetaRecords | `cursor:${string}`;
export interface MetaEntry {
  key: MetaKey;
  value: unknown;
}

export type LocalDb = Dexie & {
  runs: EntityTable<SearchRun, 'id'>;
  results: EntityTable<RunResults, 'run'>;
  keywordSets: EntityTable<LocalKeywordSet, 'id'>;
  watches: EntityTable<Watch, 'id'>;
  creatives: EntityTable<ArchivedCreative, 'id'>;
  reports: EntityTable<Report, 'id'>;
  outbox: EntityTable<OutboxItem, 'seq'>;
  meta: EntityTable<MetaEntry, 'key'>;
};

export const LOCAL_DB_PREFIX = 'adscout-user-';

export function localDbName(userId: string): string {
  return `${LOCAL_DB_PREFIX}${userId}`;
}

export function openLocalDb(userId: string): LocalDb {
  // 'immutable': rows handed to the grid are read-only anyway, and skipping the clone of 50k
  // objects per live query matters.
  const db = new Dexie(localDbName(userId), { cache: 'immutable' }) as LocalDb;
  db.version(1).stores({
    runs: 'id, updated',
    results: 'run',
    keywordSets: 'id, &locale',
    outbox: '++seq',
    meta: 'key',
  });
  // Version 2: the user's watches, mirrored so the Watches panel shows them offline.
  db.version(2).stores({ watches: 'id, updated' });
  // Version 3: the archived creatives (docs/creatives.md), so rows show their archived files offline.
  db.version(3).stores({ creatives: 'id, updated' });
  // Version 4: the watch runs' reports (docs/reports.md), so the Reports page reads them offline;
  // by `created` too: the mirror drops those past REPORT_RETENTION_DAYS, as the server does.
  db.version(4).stores({ reports: 'id, updated, created' });
  return db;
}

export async function readMeta<K extends keyof MetaRecords>(
  db: LocalDb,
  key: K,
): Promise<MetaRecords[K] | undefined> {
  const entry = await db.meta.get(key);
  return entry?.value as MetaRecords[K] | undefined;
}

export function writeMeta<K extends keyof MetaRecords>(
  db: LocalDb,
  key: K,
  value: MetaRecords[K],
): Promise<unknown> {
  return db.meta.put({ key, value });
}

/**
 * Deletes every user database on this browser except `keepUserId`'s
 * (docs/invariants.md#invariant-9-local-data-belongs-to-one-user: local data belongs to one user). Covers a
 * logout that never finished because the tab was closed. The cached creatives' files go with them
 * (creative-cache.ts): on a logout, and whenever another user's database was here.
 */
export async function deleteOtherUserDbs(keepUserId: string | null): Promise<void> {
  const keep = keepUserId ? localDbName(keepUserId) : null;
  const names = await Dexie.getDatabaseNames();
  const others = names.filter((name) => name.startsWith(LOCAL_DB_PREFIX) && name !== keep);
  await Promise.all(others.map((name) => Dexie.delete(name)));
  if (keep === null || others.length > 0) await wipeCreativeCache();
}
