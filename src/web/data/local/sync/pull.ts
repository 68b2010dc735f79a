/**
 * The pull: catches the mirror up on whatever realtime missed (before it connected, while it was
 * cut, while no tab was open). Each collection is read by an (updated, id) keyset cursor, so pages
 * stay cheap at any depth and a record changed during the pull is met again at the end; each page
 * is written with its cursor in one transaction (mirror.ts).
 */
import type PocketBase from 'pocketbase';
import type { RecordModel } from 'pocketbase';
import { SERVER_ROUTES } from '../../../../domain/api/routes.ts';
import { PERFORMANCE_MARKS } from '../../../../domain/pages/performance-marks.ts';
import type { SyncPage } from '../../../../domain/runs/sync-contract.ts';
import type {
  ArchivedCreative,
  KeywordSet,
  Report,
  SearchResult,
  SearchRun,
} from '../../../../domain/index.ts';
import { isRetryable } from '../../server/errors.ts';
import type { LocalDb, SyncCursor } from '../local-db.ts';
import type { Versioned } from './merge.ts';
import {
  applyItemDeletions,
  forgetItemsIfStale,
  markItemsPulled,
  replaceBoards,
  syncedBoards,
  writeBoardItems,
} from './board-mirror.ts';
import type { BriefRecord } from '../../../../domain/records/entities.ts';
import {
  localWatchIds,
  readCursor,
  replaceWatches,
  writeBriefs,
  writeCreatives,
  writeKeywordSets,
  writeReports,
  writeResults,
  writeRuns,
} from './mirror.ts';
import {
  BOARD_ITEM_DELETIONS,
  BOARD_ITEMS,
  BOARDS,
  BRIEFS,
  CREATIVES,
  KEYWORD_SETS,
  REPORTS,
  RESULTS,
  RUNS,
  WATCHES,
  type MirroredCollection,
} from './records.ts';
import type { SyncStatus } from './status.ts';

/**
 * Waits for every pull, then fails with the first failure, if any: a pull that failed does not
 * leave the others running past the pull's end (the next pull would overlap them).
 */
async function settleAll(pulls: Promise<void>[]): Promise<void> {
  const settled = await Promise.allSettled(pulls);
  const failed = settled.find((result) => result.status === 'rejected');
  if (failed) throw failed.reason;
}

interface PageSource<T> {
  /** The page after `cursor`, in (updated, id) order. */
  fetchPage(cursor: SyncCursor): Promise<T[]>;
  pageSize: number;
}

/**
 * Pages fetched and not yet handed to a write, at most: the fetches run this far ahead of a slow
 * write (about 1.4 MB a page of results), and a write takes every page waiting, up to this many.
 */
export const PAGES_AHEAD = 2;

/** A pull that met the sync route's rate limit starts again after this (its window is 1 s)... */
const RATE_LIMIT_WAIT_MS = 1_100;
/** ...this many times in a row at most; then the sync waits as for a server it cannot reach. */
const RATE_LIMITED_PULLS_MAX = 5;

function isRateLimited(error: unknown): boolean {
  return (error as { status?: number } | null)?.status === 429;
}

/** The cursor a write of `items` saves: its last record. */
function cursorAfter(items: readonly Versioned[]): SyncCursor {
  const last = items[items.length - 1]!;
  return { updated: last.updated, id: last.id };
}

/**
 * Reads pages from `cursor` on and writes them, in order, until a short page. The fetches do not
 * wait for the writes: the next page is asked for as soon as one arrives, up to `ahead` pages
 * waiting, so the pull takes about the longer of the two, not their sum. A write takes every
 * page waiting, in order, with the cursor of the last one (one transaction for them all, so the
 * cursor is still saved with its rows). Returns early, writing nothing more, once `isStopped`
 * says so. A failed write stops the pull (its cursor was not saved, so its pages are read again
 * next time), after the fetch in flight settles; a failed fetch stops it after the pages fetched
 * before it are written.
 */
export async function pullPages<T extends Versioned>(
  source: PageSource<T>,
  cursor: SyncCursor,
  write: (items: T[], cursor: SyncCursor) => Promise<void>,
  isStopped: () => boolean,
  ahead = PAGES_AHEAD,
): Promise<void> {
  if (isStopped()) return;
  const waiting: T[][] = [];
  let fetchesDone = false;
  let fetchFailure: { error: unknown } | null = null;
  let writesDone = false;
  // Each side waits for the other by one pending wake-up at most.
  let pageArrived: (() => void) | null = null;
  let roomMade: (() => void) | null = null;
  const wakeWriter = () => {
    pageArrived?.();
    pageArrived = null;
  };
  const wakeFetcher = () => {
    roomMade?.();
    roomMade = null;
  };

  const fetches = (async () => {
    try {
      let after = cursor;
      for (;;) {
        while (waiting.length >= ahead && !writesDone) await new Promise<void>((r) => (roomMade = r));
        if (writesDone || isStopped()) return;
        const items = await source.fetchPage(after);
        if (writesDone || isStopped() || items.length === 0) return;
        waiting.push(items);
        wakeWriter();
        if (items.length < source.pageSize) return;
        after = cursorAfter(items);
      }
    } catch (error) {
      fetchFailure = { error };
    } finally {
      fetchesDone = true;
      wakeWriter();
    }
  })();

  try {
    for (;;) {
      while (waiting.length === 0 && !fetchesDone) await new Promise<void>((r) => (pageArrived = r));
      if (waiting.length === 0 || isStopped()) break;
      const pages = waiting.splice(0, waiting.length);
      wakeFetcher();
      const items = pages.length === 1 ? pages[0]! : pages.flat();
      await write(items, cursorAfter(items));
    }
  } finally {
    writesDone = true;
    wakeFetcher();
    await fetches;
  }
  // assigned in the fetches' closure, which the compiler does not follow
  const failed = fetchFailure as { error: unknown } | null;
  if (failed) throw failed.error;
}

/**
 * The user's records of `collection` after `cursor`, one page of `pageSize`, from the sync route
 * (src/hooks/sync): the same records and values as the collection's REST list with the same
 * keyset filter and sort, served without PocketBase's per-record serialization.
 */
function keysetPages<T>(pb: PocketBase, collection: MirroredCollection<T>, pageSize: number): PageSource<T> {
  return {
    pageSize,
    async fetchPage(cursor) {
      const page = await pb.send<SyncPage<RecordModel>>(SERVER_ROUTES.syncPage.url(collection.name), {
        query: { updated: cursor.updated, id: cursor.id, limit: pageSize, fields: collection.fields },
        requestKey: null,
      });
      return page.items.map((record) => collection.fromServer(record));
    },
  };
}

export interface PullerOptions {
  pb: PocketBase;
  db: LocalDb;
  pageSize: number;
  status: SyncStatus;
  isStopped: () => boolean;
  /** Result rows written by the pull, after their transaction committed. */
  onResults: (rows: SearchResult[]) => void;
}

export interface Puller {
  /** Pulls everything changed since the cursors; calls made during a pull coalesce into one more. */
  pull(): Promise<void>;
  /**
   * The pull realtime asks for when a run reports progress or a creative is archived: everything
   * but the boards, whose changes realtime brings itself; so the bursts of pulls while a scout
   * runs cost the sync route's rate limit no more requests than before boards.
   */
  pullRows(): Promise<void>;
  /** The pull in progress, if any. */
  running(): Promise<void> | null;
}

export function createPuller(options: PullerOptions): Puller {
  const { pb, db, pageSize, status, isStopped, onResults } = options;

  async function pullCollection<T extends Versioned>(
    collection: MirroredCollection<T>,
    write: (items: T[], cursor: SyncCursor) => Promise<void>,
  ): Promise<void> {
    const source = keysetPages(pb, collection, pageSize);
    await pullPages(source, await readCursor(db, collection.name), write, isStopped);
  }

  /** Watches are few (at most 20 a user): read whole, so deletions made elsewhere arrive too. */
  async function pullWatches(): Promise<void> {
    const knownBefore = await localWatchIds(db);
    // the list rule gives a user their own watches only
    const records = await pb.collection(WATCHES.name).getFullList({
      fields: WATCHES.fields,
      requestKey: null,
    });
    if (isStopped()) return;
    const watches = records.map((record) => WATCHES.fromServer(record));
    await replaceWatches(db, watches, knownBefore);
  }

  /**
   * Boards are few (at most BOARDS_PER_USER_MAX a user): read whole, like watches, and a board
   * deleted elsewhere takes its local items along. Their items and the items' tombstones come by
   * the keyset, after a check that this device has not been away longer than the tombstones last.
   */
  async function pullBoards(): Promise<void> {
    const knownBefore = await syncedBoards(db);
    const records = await pb.collection(BOARDS.name).getFullList({ fields: BOARDS.fields, requestKey: null });
    if (isStopped()) return;
    await replaceBoards(
      db,
      records.map((record) => BOARDS.fromServer(record)),
      knownBefore,
    );
    await forgetItemsIfStale(db);
    // A user with no boards has no items on the server, and none here: nothing to pull, and two
    // fewer requests against the sync route's rate limit, which every page of a pull shares.
    if (records.length > 0 || (await db.boardItems.count()) > 0) {
      await pullCollection(BOARD_ITEMS, (items, cursor) => writeBoardItems(db, items, cursor));
      await pullCollection(BOARD_ITEM_DELETIONS, (deletions, cursor) =>
        applyItemDeletions(db, deletions, cursor),
      );
    }
    if (!isStopped()) await markItemsPulled(db);
  }

  /**
   * Briefs come with the full pulls only, like the boards: realtime brings those written while the
   * app is open, and a scout's many pullRows cost the rate limit no more pages.
   */
  async function pullBoardsAndBriefs(): Promise<void> {
    boardsDue = false;
    try {
      await pullCollection<BriefRecord>(BRIEFS, (briefs, cursor) => writeBriefs(db, briefs, cursor));
      await pullBoards();
    } catch (error) {
      boardsDue = true; // the next pull tries them again
      throw error;
    }
  }

  async function pullAll(): Promise<void> {
    status.set({ phase: 'pulling', pulledRows: 0 });
    try {
      // The collections are independent of each other but for one order, the creatives before the
      // rows (a row naming its creative finds it stored already), so their pulls run side by
      // side: one after another, the small ones cost the first sync a round trip each before
      // its first page of rows (docs/benchmarks/local-first.md).
      const rows = pullCollection<ArchivedCreative>(CREATIVES, (creatives, cursor) =>
        writeCreatives(db, creatives, cursor),
      ).then(() =>
        pullCollection<SearchResult>(RESULTS, async (rows, cursor) => {
          const written = await writeResults(db, rows, cursor);
          if (written.length) onResults(written);
          status.set({ pulledRows: status.get().pulledRows + rows.length });
        }),
      );
      await settleAll([
        rows,
        pullCollection<SearchRun>(RUNS, (runs, cursor) => writeRuns(db, runs, cursor)),
        pullCollection<KeywordSet>(KEYWORD_SETS, (sets, cursor) => writeKeywordSets(db, sets, cursor)),
        pullWatches(),
        pullCollection<Report>(REPORTS, (reports, cursor) => writeReports(db, reports, cursor)),
        boardsDue ? pullBoardsAndBriefs() : Promise.resolve(),
      ]);
      if (isStopped()) return;
      const now = Date.now();
      await db.meta.put({ key: 'lastSyncedAt', value: now });
      status.set({ phase: 'idle', caughtUp: true, lastPulledAt: now });
      // For benchmarks and diagnostics: when the mirror caught up, and with how many rows.
      performance.mark(PERFORMANCE_MARKS.sync.caughtUp, { detail: { rows: status.get().pulledRows } });
    } catch (error) {
      if (isStopped()) return;
      if (isRateLimited(error) && rateLimitedPulls < RATE_LIMITED_PULLS_MAX) {
        // the sync route's limit is per second (pb_migrations/1795300780_update_sync_rate_limit.js):
        // pullRows pulls again after one, the cursors saved so far kept
        rateLimitedPulls += 1;
        console.warn('[sync] the server asked to slow down; pulling again in a second', error);
        return;
      }
      const offline = isRetryable(error);
      if (!offline) console.error('[sync] pull failed', error);
      else console.warn('[sync] server unreachable; will pull again on reconnect', error);
      status.set({ phase: offline ? 'offline' : 'error' });
    }
  }

  let pulling: Promise<void> | null = null;
  let pullAgain = false;
  /** Pulls in a row that the sync route's rate limit (429) cut short. */
  let rateLimitedPulls = 0;
  /** Whether the next pull reads the boards too (every pull but realtime's pullRows). */
  let boardsDue = true;
  function pull(): Promise<void> {
    boardsDue = true;
    return pullRows();
  }
  function pullRows(): Promise<void> {
    if (pulling) {
      pullAgain = true;
      return pulling;
    }
    pulling = (async () => {
      try {
        do {
          pullAgain = false;
          const limitedBefore = rateLimitedPulls;
          await pullAll();
          if (rateLimitedPulls > limitedBefore) {
            await new Promise((resolve) => setTimeout(resolve, RATE_LIMIT_WAIT_MS));
            pullAgain = true;
          } else rateLimitedPulls = 0;
        } while (pullAgain && !isStopped());
      } finally {
        pulling = null;
      }
    })();
    return pulling;
  }
  return { pull, pullRows, running: () => pulling };
}
