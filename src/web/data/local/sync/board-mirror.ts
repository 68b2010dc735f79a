/**
 * Every write the sync makes to the local boards and items, each in one transaction, by
 * board-merge.ts's rules: the server's (the whole list of boards, pulled pages of items and of
 * tombstones with their cursors, realtime's), and the outbox's (a change stored with its entry,
 * and its settlement).
 */
import { toPbDate } from '../../../../domain/index.ts';
import { BOARD_TOMBSTONE_DAYS, type BoardItemRecord } from '../../../../domain/boards/board-contract.ts';
import type { BoardRecord } from '../../../../domain/records/entities.ts';
import type {
  BoardItemChanges,
  BoardOutboxItem,
  LocalBoard,
  LocalBoardItem,
  LocalDb,
  OutboxItem,
  SyncCursor,
} from '../local-db.ts';
import {
  boardItemsToStore,
  entriesOfBoard,
  itemBase,
  isQueuedPlaceholder,
  itemsPullTooOld,
  mergeBoardList,
  pairKey,
  type Rebase,
} from './board-merge.ts';
import { saveCursor } from './mirror.ts';
import { BOARD_ITEM_DELETIONS, BOARD_ITEMS, type BoardItemDeletion } from './records.ts';

// --- from the server ---------------------------------------------------------------------------

/** The whole list of boards; the items of boards deleted elsewhere go with them. */
export async function replaceBoards(
  db: LocalDb,
  boards: BoardRecord[],
  knownBefore: ReadonlyMap<string, string>,
): Promise<void> {
  await db.transaction('rw', db.boards, db.boardItems, async () => {
    const { gone, puts } = mergeBoardList(await db.boards.toArray(), knownBefore, boards);
    if (gone.length) {
      await db.boards.bulkDelete(gone);
      await db.boardItems.where('board').anyOf(gone).delete();
    }
    if (puts.length) await db.boards.bulkPut(puts);
  });
}

/** The boards stored here now that are as the server had them (not pending): id → `updated`. */
export async function syncedBoards(db: LocalDb): Promise<Map<string, string>> {
  const boards = await db.boards.toArray();
  return new Map(boards.filter((board) => !board.pending).map((board) => [board.id, board.updated]));
}

/** Boards from realtime (or a save's answer). */
export async function writeBoards(db: LocalDb, boards: BoardRecord[]): Promise<void> {
  await replaceBoards(db, boards, new Map());
}

/** A board deleted on the server, and its items. */
export async function deleteStoredBoard(db: LocalDb, id: string): Promise<void> {
  await db.transaction('rw', db.boards, db.boardItems, async () => {
    await db.boards.delete(id);
    await db.boardItems.where('board').equals(id).delete();
  });
}

/** Items (a pulled page with its cursor, or realtime's), each kept when newer and not pending here. */
export async function writeBoardItems(
  db: LocalDb,
  items: BoardItemRecord[],
  cursor?: SyncCursor,
): Promise<void> {
  await db.transaction('rw', db.boardItems, db.meta, async () => {
    const stored = new Map<string, LocalBoardItem>();
    for (const item of await db.boardItems.bulkGet(items.map((item) => item.id)))
      if (item) stored.set(item.id, item);
    const pending = new Map<string, LocalBoardItem>();
    const pairs = items.map((item) => [item.board, item.ad_id] as [string, string]);
    for (const item of await db.boardItems.where('[board+ad_id]').anyOf(pairs).toArray())
      if (item.pending) pending.set(pairKey(item), item);
    const puts = boardItemsToStore(stored, pending, items);
    if (puts.length) await db.boardItems.bulkPut(puts);
    await saveCursor(db, BOARD_ITEMS.name, cursor);
  });
}

/** Tombstones (a pulled page with its cursor): each deletes the local item. */
export async function applyItemDeletions(
  db: LocalDb,
  deletions: Pick<BoardItemDeletion, 'item'>[],
  cursor?: SyncCursor,
): Promise<void> {
  await db.transaction('rw', db.boardItems, db.meta, async () => {
    if (deletions.length) await db.boardItems.bulkDelete(deletions.map((deletion) => deletion.item));
    await saveCursor(db, BOARD_ITEM_DELETIONS.name, cursor);
  });
}

/** An item deleted on the server (realtime). */
export async function deleteStoredItem(db: LocalDb, id: string): Promise<void> {
  await db.boardItems.delete(id);
}

/**
 * Before a pull of the items: when they were last pulled to the end more than
 * BOARD_TOMBSTONE_DAYS ago, the tombstones of what was deleted meanwhile may be pruned, so the
 * items here (but those changed here and not pushed) are dropped and pulled anew from the start.
 * Returns whether it did.
 */
export async function forgetItemsIfStale(db: LocalDb, nowMs = Date.now()): Promise<boolean> {
  return db.transaction('rw', db.boardItems, db.meta, async () => {
    const pulledAt = (await db.meta.get('boardItemsPulledAt'))?.value as number | undefined;
    if (!itemsPullTooOld(pulledAt, nowMs, BOARD_TOMBSTONE_DAYS)) return false;
    await db.boardItems.filter((item) => !item.pending).delete();
    await db.meta.bulkDelete([`cursor:${BOARD_ITEMS.name}`, `cursor:${BOARD_ITEM_DELETIONS.name}`]);
    await db.meta.delete('boardItemsPulledAt');
    return true;
  });
}

/** The items and their tombstones were pulled to the end now. */
export async function markItemsPulled(db: LocalDb, nowMs = Date.now()): Promise<void> {
  await db.meta.put({ key: 'boardItemsPulledAt', value: nowMs });
}

// --- the outbox: changes made here, stored with their entries ---------------------------------

type Entry<Op extends BoardOutboxItem['op']> = Omit<Extract<BoardOutboxItem, { op: Op }>, 'seq'>;

async function queue(db: LocalDb, entries: Omit<BoardOutboxItem, 'seq'>[]): Promise<number[]> {
  const seqs: number[] = [];
  for (const entry of entries) seqs.push((await db.outbox.add(entry as BoardOutboxItem)) as number);
  return seqs;
}

/** A new board, shown at once. */
export async function storeNewBoard(db: LocalDb, board: LocalBoard, queuedAt: number): Promise<number> {
  return db.transaction('rw', db.boards, db.outbox, async () => {
    await db.boards.add({ ...board, pending: true });
    const entry: Entry<'board.create'> = {
      op: 'board.create',
      board: board.id,
      name: board.name,
      description: board.description,
      queuedAt,
    };
    return (await queue(db, [entry]))[0]!;
  });
}

export async function storeBoardChange(
  db: LocalDb,
  id: string,
  changes: { name?: string; description?: string },
  queuedAt: number,
): Promise<number | null> {
  return db.transaction('rw', db.boards, db.outbox, async () => {
    const board = await db.boards.get(id);
    if (!board) return null;
    await db.boards.put({ ...board, ...changes, pending: true });
    const entry: Entry<'board.update'> = { op: 'board.update', board: id, changes, queuedAt };
    return (await queue(db, [entry]))[0]!;
  });
}

/**
 * A board deleted here: it and its items go at once; the saves and changes queued for it are
 * dropped (the board takes them along on the server too).
 */
export async function storeBoardDeletion(db: LocalDb, id: string, queuedAt: number): Promise<number> {
  return db.transaction('rw', db.boards, db.boardItems, db.outbox, async () => {
    await db.boards.delete(id);
    await db.boardItems.where('board').equals(id).delete();
    const dropped = entriesOfBoard(id, await db.outbox.toArray()).filter(
      (entry) => entry.op !== 'board.create' && entry.op !== 'board.update',
    );
    if (dropped.length) await db.outbox.bulkDelete(dropped.map((entry) => entry.seq!));
    const entry: Entry<'board.delete'> = { op: 'board.delete', board: id, queuedAt };
    return (await queue(db, [entry]))[0]!;
  });
}

/**
 * Ads saved to boards: an item each where the ad is not on the board yet (one is already: nothing
 * to do), made here with ids of this device until the server answers; one entry per board and
 * BOARD_ITEMS_BATCH_MAX ads. Returns the entries' numbers.
 */
export async function storeSavedAds(
  db: LocalDb,
  save: { userId: string; boards: string[]; adIds: string[]; newId: () => string; batchMax: number },
  queuedAt: number,
): Promise<number[]> {
  return db.transaction('rw', db.boardItems, db.outbox, async () => {
    const entries: Entry<'items.create'>[] = [];
    const added = toPbDate(queuedAt);
    for (const board of save.boards) {
      const onBoard = new Set(
        (await db.boardItems.where('board').equals(board).toArray()).map((item) => item.ad_id),
      );
      const fresh = [...new Set(save.adIds)].filter((adId) => !onBoard.has(adId));
      const items: LocalBoardItem[] = fresh.map((ad_id) => ({
        id: save.newId(),
        board,
        user: save.userId,
        ad_id,
        creative: '',
        note: '',
        labels: [],
        added,
        created: '',
        updated: '',
        pending: true,
      }));
      if (items.length) await db.boardItems.bulkAdd(items);
      for (let start = 0; start < items.length; start += save.batchMax) {
        const part = items.slice(start, start + save.batchMax);
        entries.push({
          op: 'items.create',
          board,
          adIds: part.map((item) => item.ad_id),
          itemIds: part.map((item) => item.id),
          queuedAt,
        });
      }
    }
    return queue(db, entries);
  });
}

/** A note, labels or a move, shown at once. Returns the entry's number, null when the item is gone. */
export async function storeItemChange(
  db: LocalDb,
  itemId: string,
  changes: BoardItemChanges,
  queuedAt: number,
): Promise<number | null> {
  return db.transaction('rw', db.boardItems, db.outbox, async () => {
    const item = await db.boardItems.get(itemId);
    if (!item) return null;
    const queued = await db.outbox.toArray();
    const baseUpdated = itemBase(item, queued, isQueuedPlaceholder(itemId, queued));
    await db.boardItems.put({ ...item, ...changes, pending: true });
    const entry: Entry<'item.update'> = {
      op: 'item.update',
      board: item.board,
      itemId,
      changes,
      baseUpdated,
      queuedAt,
    };
    return (await queue(db, [entry]))[0]!;
  });
}

/** Items removed here, gone at once. */
export async function storeItemDeletions(
  db: LocalDb,
  itemIds: string[],
  queuedAt: number,
): Promise<number[]> {
  return db.transaction('rw', db.boardItems, db.outbox, async () => {
    const items = (await db.boardItems.bulkGet(itemIds)).filter((item) => item !== undefined);
    await db.boardItems.bulkDelete(items.map((item) => item.id));
    return queue(
      db,
      items.map((item) => ({ op: 'item.delete', board: item.board, itemId: item.id, queuedAt })),
    );
  });
}

// --- the outbox: settling an entry ------------------------------------------------------------

async function applyRebase(db: LocalDb, rebase: readonly Rebase[]) {
  for (const { seq, changes } of rebase)
    await db.outbox
      .where('seq')
      .equals(seq)
      .modify((entry) => void Object.assign(entry, changes));
}

/**
 * Drops `entry` from the outbox and stores what the server answered, in one transaction: `boards`
 * and `items` to store (pending when more changes of them wait, then keeping the local fields),
 * `deleteItems` and `deleteBoards` to drop, and the queued entries to rewrite.
 */
export async function settleBoardEntry(
  db: LocalDb,
  entry: OutboxItem,
  writes: {
    boards?: BoardRecord[];
    items?: BoardItemRecord[];
    deleteItems?: string[];
    deleteBoards?: string[];
    dropEntries?: number[];
    rebase?: (queued: OutboxItem[]) => Rebase[];
    /** Whether the stored version stays pending (more changes of it wait). */
    stillQueued?: (id: string, queued: OutboxItem[]) => boolean;
    /** Server item id → the id the item had here (a save's answer). */
    replaces?: ReadonlyMap<string, string>;
  },
): Promise<void> {
  await db.transaction('rw', db.outbox, db.boards, db.boardItems, async () => {
    await db.outbox.delete(entry.seq!);
    if (writes.dropEntries?.length) await db.outbox.bulkDelete(writes.dropEntries);
    const queued = await db.outbox.toArray();
    if (writes.rebase) await applyRebase(db, writes.rebase(queued));
    const pendingStill = (id: string) => writes.stillQueued?.(id, queued) ?? false;
    // read before the deletes: a placeholder's local fields (a note written meanwhile) carry over
    const localItems = new Map<string, LocalBoardItem>();
    for (const item of writes.items ?? []) {
      const local = await db.boardItems.get(writes.replaces?.get(item.id) ?? item.id);
      if (local) localItems.set(item.id, local);
    }
    if (writes.deleteBoards?.length) {
      await db.boards.bulkDelete(writes.deleteBoards);
      await db.boardItems.where('board').anyOf(writes.deleteBoards).delete();
    }
    if (writes.deleteItems?.length) await db.boardItems.bulkDelete(writes.deleteItems);
    for (const board of writes.boards ?? []) {
      const local = await db.boards.get(board.id);
      if (pendingStill(board.id) && local) await db.boards.put({ ...local, updated: board.updated });
      else await db.boards.put(board);
    }
    for (const item of writes.items ?? []) {
      const local = localItems.get(item.id);
      if (pendingStill(item.id) && local)
        await db.boardItems.put({
          ...item,
          note: local.note,
          labels: local.labels,
          board: local.board,
          pending: true,
        });
      else await db.boardItems.put(item);
    }
  });
}
