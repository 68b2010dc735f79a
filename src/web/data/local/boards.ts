/**
 * Boards as the pages read and change them (docs/boards.md#in-the-app): reads come from the local
 * database (offline too), and every change is stored here with its outbox entry in one
 * transaction, shown at once and pushed by the sync engine (sync/board-outbox.ts) now or on
 * reconnect. Sharing needs the server (src/web/data/server/board-share.ts).
 */
import { useLiveQuery } from 'dexie-react-hooks';
import { useEffect, useState } from 'react';
import type { SearchResult } from '../../../domain/index.ts';
import { loadResultsInParts } from './local-reads.ts';
import { BOARD_ITEMS_BATCH_MAX } from '../../../domain/boards/board-limits.ts';
import type { BoardRecord } from '../../../domain/records/entities.ts';
import { currentBinding, useLocalDb } from './local-data.ts';
import type { BoardItemChanges, LocalBoard, LocalBoardItem, LocalDb } from './local-db.ts';
import {
  storeBoardChange,
  storeBoardDeletion,
  storeItemChange,
  storeItemDeletions,
  storeNewBoard,
  storeSavedAds,
} from './sync/board-queue.ts';
import { newRecordId } from './sync/records.ts';

export type { LocalBoard, LocalBoardItem } from './local-db.ts';

/** A board with what its card shows. */
export interface BoardSummary {
  board: LocalBoard;
  count: number;
  /** The creatives of its newest items (at most four), for the card's cover. */
  cover: LocalBoardItem[];
  /** When it last changed: the board or its newest item ('' for one not on the server yet). */
  changed: string;
}

/** Items newest first: by `added`, then id (a total order). */
export function newestAdded(a: LocalBoardItem, b: LocalBoardItem): number {
  return a.added < b.added ? 1 : a.added > b.added ? -1 : a.id < b.id ? 1 : -1;
}

function byName(a: LocalBoard, b: LocalBoard): number {
  return a.name.localeCompare(b.name) || (a.id < b.id ? -1 : 1);
}

/** The user's boards by name; undefined while loading. */
export function useLocalBoards(): LocalBoard[] | undefined {
  const db = useLocalDb();
  return useLiveQuery(
    async () => (db ? (await db.boards.toArray()).slice().sort(byName) : []),
    [db],
    undefined,
  );
}

/** Every board with its count, cover and last change, by name. */
export async function readBoardSummaries(db: LocalDb): Promise<BoardSummary[]> {
  const boards = (await db.boards.toArray()).slice().sort(byName);
  return Promise.all(
    boards.map(async (board) => {
      const items = db.boardItems.where('board').equals(board.id);
      const [count, all] = await Promise.all([items.count(), items.toArray()]);
      const newest = all.slice().sort(newestAdded);
      const latest = all.reduce((max, item) => (item.updated > max ? item.updated : max), board.updated);
      return { board, count, cover: newest.filter((item) => item.creative).slice(0, 4), changed: latest };
    }),
  );
}

export function useBoardSummaries(): BoardSummary[] | undefined {
  const db = useLocalDb();
  return useLiveQuery(async () => (db ? readBoardSummaries(db) : []), [db], undefined);
}

/** One board (null: not here), and its items newest first; undefined while loading. */
export function useBoard(id: string): { board: LocalBoard | null; items: LocalBoardItem[] } | undefined {
  const db = useLocalDb();
  return useLiveQuery(
    async () => {
      if (!db) return { board: null, items: [] };
      const [board, items] = await Promise.all([
        db.boards.get(id),
        db.boardItems.where('board').equals(id).toArray(),
      ]);
      return { board: board ?? null, items: items.slice().sort(newestAdded) };
    },
    [db, id],
    undefined,
  );
}

/** The ids of the boards that hold `adId`. */
export function useBoardsOfAd(adId: string): Set<string> | undefined {
  const db = useLocalDb();
  return useLiveQuery(
    async () =>
      new Set(
        db && adId ? (await db.boardItems.where('ad_id').equals(adId).toArray()).map((i) => i.board) : [],
      ),
    [db, adId],
    undefined,
  );
}

function engine() {
  const binding = currentBinding();
  if (!binding) throw new Error('Not authenticated');
  return binding;
}

/** Creates a board here at once (pushed now or on reconnect); returns its id. */
export async function createBoard(name: string, description = ''): Promise<string> {
  const { engine: sync, userId } = engine();
  const board: BoardRecord = {
    id: newRecordId(),
    user: userId,
    name,
    description,
    share_token: '',
    share_notes: false,
    created: '',
    updated: '',
  };
  await sync.queueBoardChange((db) => storeNewBoard(db, board, Date.now()));
  return board.id;
}

export async function changeBoard(
  id: string,
  changes: { name?: string; description?: string },
): Promise<void> {
  await engine().engine.queueBoardChange((db) => storeBoardChange(db, id, changes, Date.now()));
}

export async function deleteBoard(id: string): Promise<void> {
  await engine().engine.queueBoardChange((db) => storeBoardDeletion(db, id, Date.now()));
}

/** Saves ads to boards (an ad already on a board stays as it is). */
export async function saveAdsToBoards(boards: string[], adIds: string[]): Promise<void> {
  const { engine: sync, userId } = engine();
  await sync.queueBoardChange((db) =>
    storeSavedAds(
      db,
      { userId, boards, adIds, newId: newRecordId, batchMax: BOARD_ITEMS_BATCH_MAX },
      Date.now(),
    ),
  );
}

export async function changeItem(id: string, changes: BoardItemChanges): Promise<void> {
  await engine().engine.queueBoardChange((db) => storeItemChange(db, id, changes, Date.now()));
}

export async function removeItems(ids: string[]): Promise<void> {
  await engine().engine.queueBoardChange((db) => storeItemDeletions(db, ids, Date.now()));
}

/**
 * Moves items to another board; an ad the target holds already is only removed from here (a board
 * holds an ad once).
 */
export async function moveItems(items: LocalBoardItem[], target: string): Promise<void> {
  const { engine: sync } = engine();
  await sync.queueBoardChange(async (db) => {
    const there = new Set(
      (await db.boardItems.where('board').equals(target).toArray()).map((item) => item.ad_id),
    );
    const now = Date.now();
    const duplicates = items.filter((item) => there.has(item.ad_id)).map((item) => item.id);
    if (duplicates.length) await storeItemDeletions(db, duplicates, now);
    for (const item of items)
      if (!there.has(item.ad_id)) await storeItemChange(db, item.id, { board: target }, now);
  });
}

/** Copies items to another board, with their notes and labels. */
export async function copyItems(items: LocalBoardItem[], target: string): Promise<void> {
  const { engine: sync, userId } = engine();
  await sync.queueBoardChange(async (db) => {
    const now = Date.now();
    await storeSavedAds(
      db,
      {
        userId,
        boards: [target],
        adIds: items.map((item) => item.ad_id),
        newId: newRecordId,
        batchMax: BOARD_ITEMS_BATCH_MAX,
      },
      now,
    );
    for (const item of items) {
      if (!item.note && !item.labels?.length) continue;
      const copy = await db.boardItems.where('[board+ad_id]').equals([target, item.ad_id]).first();
      if (copy?.pending && !copy.note && !copy.labels?.length)
        await storeItemChange(db, copy.id, { note: item.note, labels: item.labels ?? [] }, now);
    }
  });
}

/**
 * The newest row of each ad the user has here, by Library ID (a board's cards show the ad as the
 * Database has it); null while reading. Read once per page, a few runs at a time, as the Database
 * page reads its rows (local-reads.ts).
 */
export function useAdRows(): Map<string, SearchResult> | null {
  const db = useLocalDb();
  const [rows, setRows] = useState<Map<string, SearchResult> | null>(null);
  useEffect(() => {
    let live = true;
    void loadResultsInParts(() => new Promise((resolve) => setTimeout(resolve, 0)))
      .then((all) => {
        const byAd = new Map<string, SearchResult>();
        // newest first: the first row of an ad is its newest
        for (const row of all) if (row.ad_id && !byAd.has(row.ad_id)) byAd.set(row.ad_id, row);
        if (live) setRows(byAd);
      })
      .catch((error) => {
        console.error('[boards] reading the ads failed', error);
        if (live) setRows(new Map());
      });
    return () => {
      live = false;
    };
  }, [db]);
  return rows;
}

/** The Library IDs of result rows (an Insights product's rows), each once. */
export async function adIdsOfRows(rowIds: readonly string[]): Promise<string[]> {
  const wanted = new Set(rowIds);
  const rows = await loadResultsInParts(() => Promise.resolve());
  return [...new Set(rows.filter((row) => wanted.has(row.id) && row.ad_id).map((row) => row.ad_id))];
}
