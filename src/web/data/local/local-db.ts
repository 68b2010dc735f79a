/**
 * The signed-in user's local database (docs/local-first.md#the-local-database): one Dexie (IndexedDB)
 * database per user, named after the user id, holding a mirror of their runs, results, keyword sets, watches,
 * archived creatives, watch runs' reports, boards and their items, briefs, subscription and last quota, the sync cursors, and the outbox of
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
import type { BoardItemRecord } from '../../../domain/boards/board-contract.ts';
import type { BoardRecord, BriefRecord } from '../../../domain/records/entities.ts';
import type { BriefsStatus } from '../../../domain/briefs/brief-contract.ts';

/** The results of one run, in the order the server stored them. */
export interface RunResults {
  run: string;
  rows: SearchResult[];
}

/** A keyword set as the user sees it; `pending` while a local change has not reached the server. */
export interface LocalKeywordSet extends KeywordSet {
  pending?: boolean;
}

/** A write made on this device, pushed to the server in `seq` order: one kind per kind of write. */
export type OutboxItem = KeywordOutboxItem | BoardOutboxItem;

/** A keyword list reset on this device. */
export interface KeywordOutboxItem {
  seq?: number;
  op: 'keywords.upsert';
  recordId: string;
  locale: LocaleCode;
  keywords: string[];
  /** The server's `updated` of the record this change was made over; '' when it had none. */
  baseUpdated: string;
  queuedAt: number;
}

/**
 * A change of a board or its items made on this device (sync/board-outbox.ts pushes it). `board`
 * is the board the entry belongs to (for an item: its board when the change was made), so that a
 * board refused on reconnect takes its queued items with it.
 */
export type BoardOutboxItem = {
  seq?: number;
  queuedAt: number;
  board: string;
  /**
   * Set before a create or delete is first sent: a later push (this page's retry, or another page
   * after a reload lost the answer) looks the write up before sending it again.
   */
  sentAt?: number;
} & (
  | { op: 'board.create'; name: string; description: string }
  | { op: 'board.update'; changes: { name?: string; description?: string } }
  | { op: 'board.delete' }
  /** Ads saved to `board`; `itemIds` are the ids the items have here until the server's answer. */
  | { op: 'items.create'; adIds: string[]; itemIds: string[] }
  /**
   * A note, labels or a move (`board` in the changes). `baseUpdated`: the server's `updated` of
   * the item the change was made over ('' for an item not on the server yet).
   */
  | { op: 'item.update'; itemId: string; changes: BoardItemChanges; baseUpdated: string }
  | { op: 'item.delete'; itemId: string }
);

export interface BoardItemChanges {
  note?: string;
  labels?: string[];
  board?: string;
}

/** A board as the user sees it; `pending` while a change made here has not reached the server. */
export interface LocalBoard extends BoardRecord {
  pending?: boolean;
}

/** A board item as the user sees it; `pending` while a change made here has not reached the server. */
export interface LocalBoardItem extends BoardItemRecord {
  pending?: boolean;
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
  /**
   * When the board items and their tombstones were last pulled to the end (ms since epoch): past
   * BOARD_TOMBSTONE_DAYS the tombstones of what was deleted meanwhile may be gone, so the items
   * are read anew (sync/board-mirror.ts).
   */
  boardItemsPulledAt: number;
  /** The Insights computed last (src/web/data/local/insights-inputs.ts): the page paints from them first. */
  insights: SavedInsights;
  /** Whether briefs are on and how many are left, as the server said last (src/web/data/local/briefs.ts). */
  briefsStatus: { status: BriefsStatus; at: number };
}

/** Products and stores as the Insights worker last computed them, and when. */
export interface SavedInsights {
  products: ProductSummary[];
  stores: StoreSummary[];
  updatedAt: number;
}
/** The server's answers kept for offline use (offline-memory.ts). */
export type RememberedKey = 'subscription' | 'quota' | 'reportSettings' | 'briefsStatus';
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
  boards: EntityTable<LocalBoard, 'id'>;
  boardItems: EntityTable<LocalBoardItem, 'id'>;
  briefs: EntityTable<BriefRecord, 'id'>;
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
  // Version 5: boards (docs/boards.md#in-the-app), read whole like watches, and their items: by
  // board (a board's page), by ad (the detail view's "on these boards"), and one (board, ad) pair
  // (an ad is on a board once). The deletions' tombstones are applied, not stored: only their
  // cursor is kept, in meta.
  db.version(5).stores({ boards: 'id, updated', boardItems: 'id, board, ad_id, updated, [board+ad_id]' });
  // Version 6: the briefs the operator's model wrote (docs/ai.md#briefs), shown again offline: by
  // ad (the detail view) and by product (Insights).
  db.version(6).stores({ briefs: 'id, updated, ad_id, product_key' });
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
