/**
 * Realtime, the sync's first path: events are applied as they come (the pull only catches up on
 * what they missed). Result rows arriving together are written together; a run update means the
 * worker stored a batch of rows (in bulk, with no event per row), so a burst of them leads to one
 * pull. A creative's event means the server linked rows to it (and bumped their `updated`, with no
 * event per row): the creative is stored and a pull brings the rows. After a reconnect, missed events are not replayed: `onReconnect` pulls.
 */
import type PocketBase from 'pocketbase';
import type { RecordSubscription } from 'pocketbase';
import type { SearchResult } from '../../../../domain/index.ts';
import type { LocalDb } from '../local-db.ts';
import { followCollection } from '../../server/realtime.ts';
import {
  deleteKeywordSet,
  deleteResult,
  deleteRun,
  deleteStoredReport,
  deleteStoredWatch,
  writeBriefs,
  writeCreatives,
  writeKeywordSets,
  writeReports,
  writeResults,
  writeRuns,
  writeWatches,
} from './mirror.ts';
import {
  applyItemDeletions,
  deleteStoredBoard,
  deleteStoredItem,
  writeBoardItems,
  writeBoards,
} from './board-mirror.ts';
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
} from './records.ts';

export interface RealtimeOptions {
  pb: PocketBase;
  db: LocalDb;
  userId: string;
  /** How long events are gathered before acting on them (rows written, one pull scheduled). */
  batchMs: number;
  /**
   * How long creatives' events are gathered before the one pull they ask for: the archive saves a
   * creative for every file it stores (several a second while a run streams in), and a pull per
   * batchMs would spend the sync route's rate limit (pb_migrations/1795300780_update_sync_rate_limit.js).
   */
  archiveBatchMs: number;
  isStopped: () => boolean;
  /** Result rows written, after their transaction committed. */
  onResults: (rows: SearchResult[]) => void;
  pull: () => void;
  onReconnect: () => void;
}

export interface RealtimeFollower {
  /** Settles once every subscription is registered on the server (or failed to be). */
  ready: Promise<void>;
  /** Unsubscribes, drops what was gathered and waits for a write in progress. */
  stop(): Promise<void>;
}

export function followRealtime(options: RealtimeOptions): RealtimeFollower {
  const { pb, db, userId, batchMs, isStopped, onResults } = options;

  let pullTimer: ReturnType<typeof setTimeout> | null = null;
  /** One pull shortly after a burst of run updates (a batch of rows, then the settlement). */
  function schedulePull() {
    if (pullTimer || isStopped()) return;
    pullTimer = setTimeout(() => {
      pullTimer = null;
      if (!isStopped()) options.pull();
    }, batchMs);
  }

  let archivePullTimer: ReturnType<typeof setTimeout> | null = null;
  /** One pull for the creatives archived (and the rows linked to them) within archiveBatchMs. */
  function scheduleArchivePull() {
    if (archivePullTimer || isStopped()) return;
    archivePullTimer = setTimeout(() => {
      archivePullTimer = null;
      if (!isStopped()) options.pull();
    }, options.archiveBatchMs);
  }

  let gathered: SearchResult[] = [];
  let rowTimer: ReturnType<typeof setTimeout> | null = null;
  let rowWrite: Promise<void> = Promise.resolve();
  function gatherRow(row: SearchResult) {
    gathered.push(row);
    if (rowTimer) return;
    rowTimer = setTimeout(() => {
      rowTimer = null;
      const rows = gathered;
      gathered = [];
      // One write at a time, in arrival order.
      rowWrite = rowWrite
        .then(async () => {
          if (isStopped()) return;
          const written = await writeResults(db, rows);
          if (written.length) onResults(written);
        })
        .catch((error) => console.error('[sync] storing realtime rows failed', error));
    }, batchMs);
  }

  function onEvent(collection: string, event: RecordSubscription) {
    if (isStopped() || event.record.user !== userId) return;
    const logFailure = (write: Promise<void>) =>
      void write.catch((error) => console.error(`[sync] realtime ${collection} not stored`, error));
    const deleted = event.action === 'delete';
    if (collection === RESULTS.name) {
      const row = RESULTS.fromServer(event.record);
      if (deleted) logFailure(deleteResult(db, row));
      else gatherRow(row);
    } else if (collection === RUNS.name) {
      const run = RUNS.fromServer(event.record);
      if (deleted) logFailure(deleteRun(db, run.id));
      else {
        // The worker's rows come without events: the run's progress is the signal to pull them.
        schedulePull();
        logFailure(writeRuns(db, [run]));
      }
    } else if (collection === KEYWORD_SETS.name) {
      const set = KEYWORD_SETS.fromServer(event.record);
      logFailure(deleted ? deleteKeywordSet(db, set.id) : writeKeywordSets(db, [set]));
    } else if (collection === CREATIVES.name) {
      // Creatives are never deleted through the API; a save announces rows linked to it.
      if (deleted) return;
      scheduleArchivePull();
      logFailure(writeCreatives(db, [CREATIVES.fromServer(event.record)]));
    } else if (collection === WATCHES.name) {
      const watch = WATCHES.fromServer(event.record);
      logFailure(deleted ? deleteStoredWatch(db, watch.id) : writeWatches(db, [watch]));
    } else if (collection === REPORTS.name) {
      // a new report, or read_at changed on another device
      const report = REPORTS.fromServer(event.record);
      logFailure(deleted ? deleteStoredReport(db, report.id) : writeReports(db, [report]));
    } else if (collection === BOARDS.name) {
      // a board deleted elsewhere takes its items (the server deletes them without events)
      const board = BOARDS.fromServer(event.record);
      logFailure(deleted ? deleteStoredBoard(db, board.id) : writeBoards(db, [board]));
    } else if (collection === BOARD_ITEMS.name) {
      const item = BOARD_ITEMS.fromServer(event.record);
      logFailure(deleted ? deleteStoredItem(db, item.id) : writeBoardItems(db, [item]));
    } else if (collection === BRIEFS.name) {
      // a brief written (on this device or another); the server deletes one only with its account
      const brief = BRIEFS.fromServer(event.record);
      logFailure(deleted ? db.briefs.delete(brief.id) : writeBriefs(db, [brief]));
    } else if (collection === BOARD_ITEM_DELETIONS.name) {
      // a tombstone's create: the pull's cursor reads it again later, which deletes nothing more
      if (!deleted) logFailure(applyItemDeletions(db, [BOARD_ITEM_DELETIONS.fromServer(event.record)]));
    }
  }

  const followed = [
    RUNS,
    RESULTS,
    KEYWORD_SETS,
    WATCHES,
    CREATIVES,
    REPORTS,
    BOARDS,
    BOARD_ITEMS,
    BOARD_ITEM_DELETIONS,
    BRIEFS,
  ];
  const watches = followed.map(({ name }) =>
    followCollection(pb, name, (event) => onEvent(name, event), options.onReconnect),
  );
  return {
    ready: Promise.all(watches.map((watch) => watch.ready)).then(() => undefined),
    async stop() {
      for (const watch of watches) watch.stop();
      if (rowTimer) clearTimeout(rowTimer);
      if (pullTimer) clearTimeout(pullTimer);
      if (archivePullTimer) clearTimeout(archivePullTimer);
      await rowWrite;
    },
  };
}
