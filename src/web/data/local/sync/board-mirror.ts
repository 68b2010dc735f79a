/**
 * What the server sends of boards and items, written to the local database, each in one
 * transaction by board-merge.ts's rules: the whole list of boards, pulled pages of items and of
 * tombstones with their cursors, and realtime's. The outbox's writes are board-queue.ts's.
 */
import type { BoardItemRecord } from '../../../../domain/boards/board-contract.ts';
import { BOARD_TOMBSTONE_DAYS } from '../../../../domain/boards/board-limits.ts';
import type { BoardRecord } from '../../../../domain/records/entities.ts';
import type { LocalBoardItem, LocalDb, SyncCursor } from '../local-db.ts';
import { boardItemsToStore, itemsPullTooOld, mergeBoardList, pairKey } from './board-merge.ts';
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
