/**
 * Pushing the outbox's board entries (docs/boards.md#in-the-app): what each kind of entry sends,
 * and how it settles (board-queue.ts stores it, board-merge.ts decides). outbox.ts keeps the
 * order and calls `pushBoardEntry` for each board entry, loading this module (and zod, which
 * parses the answers) with the first one: the first /app page needs neither
 * (docs/benchmarks/pwa.md); an error that is worth retrying
 * (offline, 429, 5xx) is thrown back to it, and a refusal (another 4xx) is settled here.
 *
 * - A retried create or delete that already happened counts as done: an entry is marked sent in
 *   the local database before it is first sent, and one sent before is looked up (by a list read,
 *   which answers an empty page, not a 404) before it is sent again, by this page or by the page
 *   that replaced it after a reload; the save route answers the ads already on the board as
 *   items, and a delete answered 404 is done.
 * - A board refused on reconnect takes its queued items with it, in one message.
 * - An item change made over an older server version loses; the user is told when the note
 *   differed (the keyword rule, merge.ts's decidePush).
 */
import type PocketBase from 'pocketbase';
import {
  boardItemSchema,
  boardItemsAnswerSchema,
  type BoardItemRecord,
} from '../../../../domain/boards/board-contract.ts';
import { boardSchema, type BoardRecord } from '../../../../domain/records/entities.ts';
import { SERVER_ROUTES } from '../../../../domain/api/routes.ts';
import { errorMessage, isRetryable } from '../../server/errors.ts';
import type { BoardItemChanges, BoardOutboxItem, LocalDb } from '../local-db.ts';
import {
  boardStillQueued,
  decideItemPush,
  entriesOfBoard,
  itemStillQueued,
  losingWith,
  noteConflictMessage,
  rebaseAfterItemChange,
  rebaseAfterSave,
  refusedBoardMessage,
} from './board-merge.ts';
import { settleBoardEntry } from './board-queue.ts';
import { BOARD_ITEMS, BOARDS } from './records.ts';
import type { SyncNotice } from './status.ts';

/** The server calls the board entries make (boardApi below; a test gives its own). */
export interface BoardApi {
  createBoard(board: { id: string; user: string; name: string; description: string }): Promise<BoardRecord>;
  getBoard(id: string): Promise<BoardRecord | null>;
  updateBoard(id: string, changes: { name?: string; description?: string }): Promise<BoardRecord>;
  /** false: it was not there (404). */
  deleteBoard(id: string): Promise<boolean>;
  saveAds(board: string, adIds: string[]): Promise<BoardItemRecord[]>;
  getItem(id: string): Promise<BoardItemRecord | null>;
  updateItem(id: string, changes: BoardItemChanges): Promise<BoardItemRecord>;
  /** false: it was not there (404). */
  deleteItem(id: string): Promise<boolean>;
}

function statusOf(error: unknown): number | undefined {
  return (error as { status?: number } | null)?.status;
}

async function orNull<T>(read: Promise<T>): Promise<T | null> {
  try {
    return await read;
  } catch (error) {
    if (statusOf(error) === 404) return null;
    throw error;
  }
}

async function deleted(remove: Promise<unknown>): Promise<boolean> {
  return (await orNull(remove.then(() => true))) ?? false;
}

/**
 * A record read by a list, not getOne: one that is not there is an empty page, not a 404 the
 * browser logs as an error (a create or delete looked up before it is sent again, below).
 */
async function byId<T>(
  pb: PocketBase,
  name: string,
  fields: string,
  id: string,
  parse: (record: unknown) => T,
) {
  const page = await pb
    .collection(name)
    .getList(1, 1, { requestKey: null, fields, filter: pb.filter('id = {:id}', { id }), skipTotal: true });
  return page.items[0] ? parse(page.items[0]) : null;
}

/** BoardApi over PocketBase: the record API, and the save route for ads (one or many). */
export function boardApi(pb: PocketBase): BoardApi {
  const boards = () => pb.collection(BOARDS.name);
  const items = () => pb.collection(BOARD_ITEMS.name);
  const board = (record: unknown) => boardSchema.parse(BOARDS.fromServer(record as never));
  const item = (record: unknown) => boardItemSchema.parse(BOARD_ITEMS.fromServer(record as never));
  const opts = { requestKey: null, fields: BOARDS.fields };
  const itemOpts = { requestKey: null, fields: BOARD_ITEMS.fields };
  return {
    createBoard: async (record) => board(await boards().create(record, opts)),
    getBoard: (id) => byId(pb, BOARDS.name, BOARDS.fields, id, board),
    updateBoard: async (id, changes) => board(await boards().update(id, changes, opts)),
    deleteBoard: (id) => deleted(boards().delete(id, { requestKey: null })),
    async saveAds(boardId, adIds) {
      const answer = await pb.send(SERVER_ROUTES.boardItems.url(boardId), {
        method: 'POST',
        body: { adIds },
        requestKey: null,
      });
      return boardItemsAnswerSchema.parse(answer).items;
    },
    getItem: (id) => byId(pb, BOARD_ITEMS.name, BOARD_ITEMS.fields, id, item),
    updateItem: async (id, changes) => item(await items().update(id, changes, itemOpts)),
    deleteItem: (id) => deleted(items().delete(id, { requestKey: null })),
  };
}

export interface BoardPushContext {
  api: BoardApi;
  db: LocalDb;
  userId: string;
  notify: (notice: SyncNotice) => void;
}

/**
 * Marks a create or delete sent, in the local database, before it is sent: the server may do it
 * while its answer is lost, to a dropped connection or to a reload of the page.
 */
async function markSent(db: LocalDb, entry: BoardOutboxItem): Promise<void> {
  if (entry.sentAt !== undefined) return;
  const sentAt = Date.now();
  await db.outbox.update(entry.seq!, (stored) => {
    if (stored.op !== 'keywords.upsert') stored.sentAt = sentAt;
  });
}

/** Pushes one board entry and settles it; throws only what is worth retrying. */
export async function pushBoardEntry(context: BoardPushContext, entry: BoardOutboxItem): Promise<void> {
  try {
    await push(context, entry);
  } catch (error) {
    if (isRetryable(error)) throw error;
    console.error('[sync] outbox board entry refused', entry, error);
    await refuse(context, entry, errorMessage(error, 'The server refused the change.'));
  }
}

async function push({ api, db, userId, notify }: BoardPushContext, entry: BoardOutboxItem): Promise<void> {
  const stillQueued = (id: string, queued: Parameters<typeof boardStillQueued>[2]) =>
    boardStillQueued(id, entry.seq!, queued);
  switch (entry.op) {
    case 'board.create': {
      // A create sent before (its answer lost, or the page reloaded before it came) may have
      // reached the server: look it up first rather than send it again, which the server would
      // refuse as a taken id (a 400 the browser logs although nothing went wrong).
      const before = entry.sentAt !== undefined ? await api.getBoard(entry.board) : null;
      if (before) {
        await settleBoardEntry(db, entry, { boards: [before], stillQueued });
        return;
      }
      await markSent(db, entry);
      let saved: BoardRecord;
      try {
        saved = await api.createBoard({
          id: entry.board,
          user: userId,
          name: entry.name,
          description: entry.description,
        });
      } catch (error) {
        // a retried create (the first one reached the server, its answer did not come back)
        const already = isRetryable(error) ? null : await api.getBoard(entry.board);
        if (!already) throw error;
        saved = already;
      }
      await settleBoardEntry(db, entry, { boards: [saved], stillQueued });
      return;
    }
    case 'board.update': {
      const saved = await orNull(api.updateBoard(entry.board, entry.changes));
      // deleted elsewhere meanwhile: nothing to change, and the list's next read drops it here
      if (!saved) await settleBoardEntry(db, entry, { deleteBoards: [entry.board] });
      else await settleBoardEntry(db, entry, { boards: [saved], stillQueued });
      return;
    }
    case 'board.delete':
      // sent before and gone: done, without the 404 the browser would log
      if (entry.sentAt === undefined || (await api.getBoard(entry.board))) {
        await markSent(db, entry);
        await api.deleteBoard(entry.board); // 404: it already happened
      }
      await settleBoardEntry(db, entry, {});
      return;
    case 'items.create': {
      const answered = await api.saveAds(entry.board, entry.adIds);
      const byAd = new Map(answered.map((item) => [item.ad_id, item]));
      const placeholders = new Map<string, BoardItemRecord>();
      const replaces = new Map<string, string>();
      entry.adIds.forEach((adId, at) => {
        const server = byAd.get(adId);
        const local = entry.itemIds[at]!;
        if (!server) return;
        placeholders.set(local, server);
        replaces.set(server.id, local);
      });
      await settleBoardEntry(db, entry, {
        items: answered,
        deleteItems: entry.itemIds.filter((id) => !answered.some((item) => item.id === id)),
        rebase: (queued) => rebaseAfterSave(placeholders, queued),
        stillQueued: (id, queued) => queued.some((other) => 'itemId' in other && other.itemId === id),
        replaces,
      });
      return;
    }
    case 'item.update': {
      const server = await api.getItem(entry.itemId);
      const decision = decideItemPush(entry, server);
      if (decision.kind === 'gone') {
        await settleBoardEntry(db, entry, { deleteItems: [entry.itemId] });
        return;
      }
      if (decision.kind === 'server-wins') {
        // the changes made over the same older version lose with it; one message for them all
        const losing = losingWith(entry, await db.outbox.toArray());
        await settleBoardEntry(db, entry, {
          items: [decision.server],
          dropEntries: losing.map((other) => other.seq!),
          stillQueued: (id, queued) => itemStillQueued(id, entry.seq!, queued),
        });
        const noteLost = [entry, ...losing].some(
          (change) => change.changes.note !== undefined && change.changes.note !== decision.server.note,
        );
        if (noteLost) notify({ kind: 'warning', message: noteConflictMessage(decision.server.ad_id) });
        return;
      }
      const saved = await api.updateItem(entry.itemId, entry.changes);
      await settleBoardEntry(db, entry, {
        items: [saved],
        rebase: (queued) => rebaseAfterItemChange(entry.itemId, entry.seq!, saved.updated, queued),
        stillQueued: (id, queued) => itemStillQueued(id, entry.seq!, queued),
      });
      return;
    }
    case 'item.delete':
      if (entry.sentAt === undefined || (await api.getItem(entry.itemId))) {
        await markSent(db, entry);
        await api.deleteItem(entry.itemId); // 404: it already happened
      }
      await settleBoardEntry(db, entry, {});
      return;
  }
}

/**
 * A refused entry leaves the outbox and the local copy becomes the server's. A refused board
 * create takes every entry queued for the board and its items with it, in one message.
 */
async function refuse(
  { api, db, notify }: BoardPushContext,
  entry: BoardOutboxItem,
  reason: string,
): Promise<void> {
  if (entry.op === 'board.create') {
    const taken = entriesOfBoard(entry.board, await db.outbox.toArray()).filter(
      (other) => other.seq !== entry.seq,
    );
    const ads = new Set<string>();
    for (const other of taken) if (other.op === 'items.create') other.adIds.forEach((id) => ads.add(id));
    await settleBoardEntry(db, entry, {
      deleteBoards: [entry.board],
      dropEntries: taken.map((other) => other.seq!),
    });
    notify({ kind: 'error', message: refusedBoardMessage(entry.name, reason, ads.size) });
    return;
  }
  notify({ kind: 'error', message: reason });
  if (entry.op === 'items.create') {
    await settleBoardEntry(db, entry, { deleteItems: entry.itemIds });
  } else if (entry.op === 'item.update') {
    const server = await api.getItem(entry.itemId).catch(() => null);
    await settleBoardEntry(db, entry, server ? { items: [server] } : { deleteItems: [entry.itemId] });
  } else if (entry.op === 'board.update') {
    const server = await api.getBoard(entry.board).catch(() => null);
    await settleBoardEntry(db, entry, server ? { boards: [server] } : { deleteBoards: [entry.board] });
  } else {
    await settleBoardEntry(db, entry, {});
  }
}
