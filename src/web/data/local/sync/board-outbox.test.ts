/**
 * The outbox's board entries, end to end on this side: stored with their entries in a real Dexie
 * database (fake-indexeddb), pushed in order by outbox.ts, settled by board-outbox.ts. The server
 * is `FakeBoards`, which keeps boards and items in memory under the rules the board hooks enforce
 * (docs/boards.md): one item per (board, ad), a save of an ad already there answered with the
 * existing item, ids unique, a delete of what is gone answered 404. The real server's side of the
 * same exchange is the e2e test's (tests/e2e/boards.e2e.ts).
 */
import 'fake-indexeddb/auto';
import Dexie from 'dexie';
import { ClientResponseError } from 'pocketbase';
import type PocketBase from 'pocketbase';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { BoardItemRecord } from '../../../../domain/boards/board-contract.ts';
import type { BoardRecord } from '../../../../domain/records/entities.ts';
import { openLocalDb, type LocalDb } from '../local-db.ts';
import type { BoardApi } from './board-outbox.ts';
import {
  storeBoardDeletion,
  storeItemChange,
  storeItemDeletions,
  storeNewBoard,
  storeSavedAds,
} from './board-queue.ts';
import { createOutbox, type Outbox } from './outbox.ts';
import { createSyncStatus, type SyncNotice } from './status.ts';

const refused = (status: number, message: string) =>
  new ClientResponseError({ status, response: { message, data: {} } });

/** The server's side in memory; `offline` makes every call fail as a lost connection does. */
class FakeBoards implements BoardApi {
  boards = new Map<string, BoardRecord>();
  items = new Map<string, BoardItemRecord>();
  offline = false;
  /** Refuse creating boards with this message (the limit, say). */
  refuseBoards: string | null = null;
  /** The next create or delete reaches the server but its answer is lost. */
  loseNextAnswer = false;
  calls: string[] = [];
  private clock = 0;
  private nextId = 0;

  private stamp() {
    return `2026-05-01 10:00:00.${String(++this.clock).padStart(3, '0')}Z`;
  }
  private gate(call: string) {
    this.calls.push(call);
    if (this.offline) throw new ClientResponseError({ status: 0 });
  }
  async createBoard(input: { id: string; user: string; name: string; description: string }) {
    this.gate('createBoard');
    if (this.refuseBoards) throw refused(400, this.refuseBoards);
    if (this.boards.has(input.id)) throw refused(400, 'The id is taken.');
    const now = this.stamp();
    const board = { ...input, share_token: '', share_notes: false, created: now, updated: now };
    this.boards.set(input.id, board);
    this.answerLost();
    return board;
  }
  private answerLost() {
    if (!this.loseNextAnswer) return;
    this.loseNextAnswer = false;
    throw new ClientResponseError({ status: 0 });
  }
  async getBoard(id: string) {
    this.gate('getBoard');
    return this.boards.get(id) ?? null;
  }
  async updateBoard(id: string, changes: { name?: string; description?: string }) {
    this.gate('updateBoard');
    const board = this.boards.get(id);
    if (!board) throw refused(404, 'Not found.');
    const next = { ...board, ...changes, updated: this.stamp() };
    this.boards.set(id, next);
    return next;
  }
  async deleteBoard(id: string) {
    this.gate('deleteBoard');
    if (!this.boards.delete(id)) return false; // BoardApi: a 404 answers false
    for (const [key, item] of this.items) if (item.board === id) this.items.delete(key);
    this.answerLost();
    return true;
  }
  async saveAds(board: string, adIds: string[]) {
    this.gate('saveAds');
    if (!this.boards.has(board)) throw refused(404, 'The board does not exist.');
    return adIds.map((adId) => {
      const existing = [...this.items.values()].find((i) => i.board === board && i.ad_id === adId);
      if (existing) return existing;
      const now = this.stamp();
      const item: BoardItemRecord = {
        id: `srv${++this.nextId}`,
        board,
        user: 'u',
        ad_id: adId,
        creative: '',
        note: '',
        labels: [],
        added: now,
        created: now,
        updated: now,
      };
      this.items.set(item.id, item);
      return item;
    });
  }
  async getItem(id: string) {
    this.gate('getItem');
    return this.items.get(id) ?? null;
  }
  async updateItem(id: string, changes: Partial<BoardItemRecord>) {
    this.gate('updateItem');
    const item = this.items.get(id);
    if (!item) throw refused(404, 'Not found.');
    const next = { ...item, ...changes, updated: this.stamp() };
    this.items.set(id, next);
    return next;
  }
  async deleteItem(id: string) {
    this.gate('deleteItem');
    if (!this.items.delete(id)) return false;
    this.answerLost();
    return true;
  }
}

let db: LocalDb;
let server: FakeBoards;
let notices: SyncNotice[];
let outbox: Outbox;
let count = 0;
let ids = 0;
const newId = () => `local${++ids}`;

/** An outbox over `db` and `server`, as a page makes one. */
const newOutbox = () =>
  createOutbox({
    pb: {} as PocketBase, // only the keyword entries use it
    db,
    userId: 'u',
    status: createSyncStatus(),
    isStopped: () => false,
    notify: (notice) => notices.push(notice),
    boards: server,
  });

beforeEach(() => {
  db = openLocalDb(`board-outbox-test-${++count}`);
  server = new FakeBoards();
  notices = [];
  outbox = newOutbox();
});
afterEach(async () => {
  db.close();
  await Dexie.delete(db.name);
});

const newBoard = (id: string, name = id): BoardRecord => ({
  id,
  user: 'u',
  name,
  description: '',
  share_token: '',
  share_notes: false,
  created: '',
  updated: '',
});
const save = (boards: string[], adIds: string[]) =>
  storeSavedAds(db, { userId: 'u', boards, adIds, newId, batchMax: 2 }, 0);

describe('the outbox’s board entries', () => {
  it('shows a save made offline at once and pushes it in order on reconnect, the items taking the server’s ids', async () => {
    server.offline = true;
    await storeNewBoard(db, newBoard('b1', 'Hooks'), 0);
    await save(['b1'], ['ad1', 'ad2', 'ad3']);
    // shown at once: the board and its three items, pending
    expect((await db.boards.get('b1'))?.pending).toBe(true);
    expect(await db.boardItems.where('board').equals('b1').count()).toBe(3);
    // a note written before anything reached the server
    const first = (await db.boardItems.where('[board+ad_id]').equals(['b1', 'ad1']).first())!;
    await storeItemChange(db, first.id, { note: 'great hook' }, 0);
    expect(await outbox.flush()).toBe('offline');
    expect(await db.outbox.count()).toBe(4); // board, two saves (batches of 2), the note

    server.offline = false;
    expect(await outbox.flush()).toBe('done');
    expect(server.calls.filter((call) => call !== 'getItem')).toEqual([
      'createBoard', // the offline attempt
      'getBoard', // sent before: looked up first, not there
      'createBoard',
      'saveAds',
      'saveAds',
      'updateItem',
    ]);
    expect(await db.outbox.count()).toBe(0);
    const local = await db.boardItems.orderBy('ad_id').toArray();
    expect(local.map((i) => [i.id, i.ad_id, i.pending ?? false])).toEqual([
      ['srv1', 'ad1', false],
      ['srv2', 'ad2', false],
      ['srv3', 'ad3', false],
    ]);
    expect(server.items.get('srv1')?.note).toBe('great hook');
    expect(local[0]?.note).toBe('great hook');
    expect((await db.boards.get('b1'))?.pending).toBeFalsy();
  });

  it('counts a retried create or delete that already happened as done', async () => {
    server.loseNextAnswer = true; // the board reaches the server, its answer does not come back
    await storeNewBoard(db, newBoard('b1'), 0);
    expect(await outbox.flush()).toBe('offline');
    expect(await outbox.flush()).toBe('done');
    expect([...server.boards.keys()]).toEqual(['b1']);
    expect(notices).toEqual([]);
    // found by its id, not sent again (the server would refuse the taken id: a 400 in the console)
    expect(server.calls.filter((call) => call === 'createBoard')).toEqual(['createBoard']);

    // the ad is on the board already (another device): the save answers the existing item
    await server.saveAds('b1', ['ad1']);
    await save(['b1'], ['ad1']);
    expect(await outbox.flush()).toBe('done');
    expect((await db.boardItems.toArray()).map((i) => i.id)).toEqual(['srv1']);

    // deleted on the server meanwhile: the delete's 404 is done
    await server.deleteItem('srv1');
    await storeItemDeletions(db, ['srv1'], 0);
    await storeBoardDeletion(db, 'b1', 0);
    await server.deleteBoard('b1');
    expect(await outbox.flush()).toBe('done');
    expect(await db.outbox.count()).toBe(0);
    expect(notices, server.calls.join()).toEqual([]);
  });

  it('a page reloaded before a create’s or a delete’s answer came looks it up instead of sending it again', async () => {
    // the page that replaced the one that sent them: a new outbox over the same database
    const reloaded = newOutbox;
    server.loseNextAnswer = true;
    await storeNewBoard(db, newBoard('b1'), 0);
    expect(await outbox.flush()).toBe('offline');
    expect(await reloaded().flush()).toBe('done');
    expect(server.calls.filter((call) => call === 'createBoard')).toEqual(['createBoard']);

    await save(['b1'], ['ad1']);
    expect(await reloaded().flush()).toBe('done');
    server.loseNextAnswer = true;
    await storeItemDeletions(db, ['srv1'], 0);
    expect(await reloaded().flush()).toBe('offline');
    server.loseNextAnswer = true;
    await storeBoardDeletion(db, 'b1', 0);
    expect(await reloaded().flush()).toBe('offline');
    expect(await reloaded().flush()).toBe('done');
    // each delete sent once: found gone by a list read, not answered 404 (logged by the browser)
    expect(server.calls.filter((call) => call.startsWith('delete'))).toEqual(['deleteItem', 'deleteBoard']);
    expect(await db.outbox.count()).toBe(0);
    expect(notices).toEqual([]);
  });

  it('a board refused on reconnect takes its queued items with it, in one message', async () => {
    server.offline = true;
    await storeNewBoard(db, newBoard('b1', 'Summer'), 0);
    await save(['b1'], ['ad1', 'ad2', 'ad3']);
    await storeNewBoard(db, newBoard('b2', 'Kept'), 0);
    server.offline = false;
    server.refuseBoards = 'You have 200 boards, the most an account may have.';
    expect(await outbox.flush()).toBe('done');
    expect(notices).toEqual([
      {
        kind: 'error',
        message:
          'The board “Summer” could not be saved: You have 200 boards, the most an account may have. The 3 ads saved to it on this device went with it.',
      },
      // the next board is its own entry, refused with its own message
      {
        kind: 'error',
        message: 'The board “Kept” could not be saved: You have 200 boards, the most an account may have.',
      },
    ]);
    expect(await db.boards.count()).toBe(0);
    expect(await db.boardItems.count()).toBe(0);
    expect(await db.outbox.count()).toBe(0);
    expect(server.calls).not.toContain('saveAds');
  });

  it('a note changed over an older server version loses, and the user is told', async () => {
    await storeNewBoard(db, newBoard('b1'), 0);
    await save(['b1'], ['ad1']);
    await outbox.flush();
    // this device goes offline and writes a note; another device writes one first
    server.offline = true;
    await storeItemChange(db, 'srv1', { note: 'mine' }, 0);
    await storeItemChange(db, 'srv1', { note: 'mine, longer' }, 0);
    server.offline = false;
    await server.updateItem('srv1', { note: 'theirs' });
    expect(await outbox.flush()).toBe('done');
    expect(server.items.get('srv1')?.note).toBe('theirs');
    expect((await db.boardItems.get('srv1'))?.note).toBe('theirs');
    // one message: the second change was made over the same older version, and loses with the first
    expect(await db.outbox.count()).toBe(0);
    expect(notices).toEqual([
      {
        kind: 'warning',
        message:
          'Your note on ad ad1 was made over an older version. The newer version from the server was kept.',
      },
    ]);
  });

  it('a change over the version it was made on is pushed, and the next one made meanwhile follows it', async () => {
    await storeNewBoard(db, newBoard('b1'), 0);
    await storeNewBoard(db, newBoard('b2'), 0);
    await save(['b1'], ['ad1']);
    await outbox.flush();
    server.offline = true;
    await storeItemChange(db, 'srv1', { labels: ['ugc'] }, 0);
    await storeItemChange(db, 'srv1', { board: 'b2' }, 0);
    server.offline = false;
    expect(await outbox.flush()).toBe('done');
    expect(server.items.get('srv1')).toMatchObject({ labels: ['ugc'], board: 'b2' });
    const local = await db.boardItems.get('srv1');
    expect(local).toMatchObject({ labels: ['ugc'], board: 'b2' });
    expect(local?.pending).toBeFalsy();
    expect(notices).toEqual([]);
  });
});
