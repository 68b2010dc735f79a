/**
 * board-mirror.ts stores what the server says of boards and items in a real Dexie database
 * (fake-indexeddb standing in for the browser's IndexedDB), by board-merge.ts's rules.
 */
import 'fake-indexeddb/auto';
import Dexie from 'dexie';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { BOARD_TOMBSTONE_DAYS, type BoardItemRecord } from '../../../../domain/boards/board-contract.ts';
import type { BoardRecord } from '../../../../domain/records/entities.ts';
import { COLLECTIONS } from '../../../../domain/api/collections.ts';
import { openLocalDb, type LocalDb } from '../local-db.ts';
import {
  applyItemDeletions,
  deleteStoredBoard,
  forgetItemsIfStale,
  markItemsPulled,
  replaceBoards,
  syncedBoards,
  writeBoardItems,
} from './board-mirror.ts';
import { storeSavedAds } from './board-queue.ts';
import { readCursor } from './mirror.ts';

let db: LocalDb;
let dbCount = 0;
beforeEach(() => {
  db = openLocalDb(`board-mirror-test-${++dbCount}`);
});
afterEach(async () => {
  db.close();
  await Dexie.delete(db.name);
});

const at = (second: number) => `2026-05-01 10:00:${String(second).padStart(2, '0')}.000Z`;
const board = (id: string, second = 1, name = id): BoardRecord => ({
  id,
  user: 'u',
  name,
  description: '',
  share_token: '',
  share_notes: false,
  created: at(0),
  updated: at(second),
});
const item = (id: string, boardId: string, adId: string, second = 1, note = ''): BoardItemRecord => ({
  id,
  board: boardId,
  user: 'u',
  ad_id: adId,
  creative: '',
  note,
  labels: [],
  added: at(0),
  created: at(0),
  updated: at(second),
});

describe('boards, read whole', () => {
  it('drops a board deleted elsewhere with its items, and keeps one created here and not pushed', async () => {
    await replaceBoards(db, [board('b1'), board('b2')], new Map());
    await writeBoardItems(db, [item('i1', 'b1', 'ad1'), item('i2', 'b2', 'ad2')]);
    await db.boards.add({ ...board('local'), pending: true });

    await replaceBoards(db, [board('b2')], await syncedBoards(db));
    expect((await db.boards.toArray()).map((b) => b.id).sort()).toEqual(['b2', 'local']);
    expect((await db.boardItems.toArray()).map((i) => i.id)).toEqual(['i2']);
  });

  it('keeps a board arriving meanwhile, and a pending local change over the server’s', async () => {
    await db.boards.add({ ...board('b1', 1, 'mine'), pending: true });
    await replaceBoards(db, [board('b1', 5, 'theirs')], new Map());
    expect((await db.boards.get('b1'))?.name).toBe('mine');
    await db.boards.add(board('arrived'));
    await replaceBoards(db, [], new Map([['b1', '']]));
    expect(await db.boards.get('arrived')).toBeDefined();
  });

  it('keeps a board created here whose create settled while the list was being read', async () => {
    // the list is read while the board is pending here; the create's answer lands before the list
    await db.boards.add({ ...board('mine', 0), pending: true });
    const before = await syncedBoards(db);
    await db.boards.put(board('mine', 3));
    await replaceBoards(db, [], before);
    expect(await db.boards.get('mine')).toBeDefined();
  });

  it('a board deleted by realtime takes its items', async () => {
    await replaceBoards(db, [board('b1')], new Map());
    await writeBoardItems(db, [item('i1', 'b1', 'ad1'), item('i2', 'b1', 'ad2')]);
    await deleteStoredBoard(db, 'b1');
    expect(await db.boardItems.count()).toBe(0);
  });
});

describe('items and tombstones', () => {
  it('stores a page of items with its cursor, the newer version winning', async () => {
    const cursor = { updated: at(2), id: 'i2' };
    await writeBoardItems(db, [item('i1', 'b1', 'ad1', 3, 'new'), item('i2', 'b1', 'ad2', 2)], cursor);
    await writeBoardItems(db, [item('i1', 'b1', 'ad1', 1, 'old')]);
    expect((await db.boardItems.get('i1'))?.note).toBe('new');
    expect(await readCursor(db, COLLECTIONS.boardItems)).toEqual(cursor);
  });

  it('leaves an item changed here alone, and an ad saved here whose item the server has under its own id', async () => {
    await db.boardItems.add({ ...item('i1', 'b1', 'ad1', 1, 'mine'), pending: true });
    await storeSavedAds(
      db,
      { userId: 'u', boards: ['b1'], adIds: ['ad2'], newId: () => 'local', batchMax: 1000 },
      0,
    );
    await writeBoardItems(db, [item('i1', 'b1', 'ad1', 5, 'theirs'), item('server', 'b1', 'ad2', 5)]);
    expect((await db.boardItems.get('i1'))?.note).toBe('mine');
    expect(await db.boardItems.get('server')).toBeUndefined();
    expect(await db.boardItems.get('local')).toBeDefined();
  });

  it('a tombstone deletes the local item, with its cursor', async () => {
    await writeBoardItems(db, [item('i1', 'b1', 'ad1'), item('i2', 'b1', 'ad2')]);
    const cursor = { updated: at(9), id: 't1' };
    await applyItemDeletions(db, [{ item: 'i1' }], cursor);
    expect((await db.boardItems.toArray()).map((i) => i.id)).toEqual(['i2']);
    expect(await readCursor(db, COLLECTIONS.boardItemDeletions)).toEqual(cursor);
  });

  it('drops the items and both cursors when the last full pull is older than the tombstones last', async () => {
    const now = Date.UTC(2026, 4, 1);
    await writeBoardItems(db, [item('i1', 'b1', 'ad1')], { updated: at(1), id: 'i1' });
    await applyItemDeletions(db, [], { updated: at(1), id: 't1' });
    await db.boardItems.add({ ...item('mine', 'b1', 'ad2'), pending: true });

    // never pulled to the end: nothing to distrust
    expect(await forgetItemsIfStale(db, now)).toBe(false);
    await markItemsPulled(db, now - BOARD_TOMBSTONE_DAYS * 86_400_000 + 1000);
    expect(await forgetItemsIfStale(db, now)).toBe(false);
    expect(await db.boardItems.count()).toBe(2);

    await markItemsPulled(db, now - BOARD_TOMBSTONE_DAYS * 86_400_000 - 1000);
    expect(await forgetItemsIfStale(db, now)).toBe(true);
    expect((await db.boardItems.toArray()).map((i) => i.id)).toEqual(['mine']);
    expect(await readCursor(db, COLLECTIONS.boardItems)).toEqual({ updated: '', id: '' });
    expect(await readCursor(db, COLLECTIONS.boardItemDeletions)).toEqual({ updated: '', id: '' });
  });
});
