/**
 * The outbox's board writes to the local database, each in one transaction: a change made here
 * stored with its entry (shown at once), and an entry's settlement once the server answered
 * (board-outbox.ts), by board-merge.ts's rules. board-mirror.ts stores what the server sends.
 */
import { toPbDate } from '../../../../domain/index.ts';
import type { BoardItemRecord } from '../../../../domain/boards/board-contract.ts';
import type { BoardRecord } from '../../../../domain/records/entities.ts';
import type {
  BoardItemChanges,
  BoardOutboxItem,
  LocalBoard,
  LocalBoardItem,
  LocalDb,
  OutboxItem,
} from '../local-db.ts';
import { entriesOfBoard, itemBase, isQueuedPlaceholder, type Rebase } from './board-merge.ts';

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
