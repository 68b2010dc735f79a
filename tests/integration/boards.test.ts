/**
 * Boards (docs/boards.md) against a real PocketBase: the owner's record writes and the hook's
 * refusals, each with its message; the limits (counted by SQL, many racing creates for the last places);
 * a duplicate save; the creative set by the server, and later by the archive; saving many; the
 * tombstones and the sync route; account deletion and "Download my data".
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { COLLECTIONS } from '../../src/domain/api/collections.ts';
import { SERVER_ROUTES } from '../../src/domain/api/routes.ts';
import { BOARD_ITEMS_PER_BOARD_MAX, BOARDS_PER_USER_MAX } from '../../src/domain/boards/board-contract.ts';
import { BOARD_MESSAGES } from '../../src/domain/boards/board-messages.ts';
import { PRODUCT_MESSAGES } from '../../src/domain/forms/messages.ts';
import { formatCount } from '../../src/domain/text/format.ts';
import { startTestServer, type TestServer, type TestUser } from './harness.ts';
import { addAds, createBoard, ownerWithAds, refusal, saveAd, send } from './boards-support.ts';
import { claimOnly, drainTasks, freshAdId, png, pngPart, upload } from './media-support.ts';

let server: TestServer;
let owner: TestUser;
let other: TestUser;

/** PocketBase ends an error's message with a full stop. */
/** Requests racing for the last FREE places of a limit. */
const RACERS = 24;
const FREE = 4;

const answered = (message: string) => (message.endsWith('.') ? message : `${message}.`);

beforeAll(async () => {
  server = await startTestServer({ env: { ADSCOUT_BILLING: 'local' }, clientsBehindProxy: true });
  owner = await ownerWithAds(server, 'owner', ['ad-1', 'ad-2', 'ad-3']);
  other = await ownerWithAds(server, 'other', ['ad-1', 'other-ad']);
});
afterAll(async () => {
  await server?.stop();
});

const items = (user: TestUser, board: string) =>
  server.superuser
    .collection(COLLECTIONS.boardItems)
    .getFullList({ filter: `user = "${user.id}" && board = "${board}"` });

describe('the record checks', () => {
  it('refuses an item on another user’s board, with the reason', async () => {
    const theirs = await createBoard(other);
    expect(await refusal(saveAd(owner, theirs.id, 'ad-1'))).toEqual({
      status: 400,
      message: answered(BOARD_MESSAGES.notYourBoard),
    });
    expect(await items(owner, theirs.id)).toHaveLength(0);
  });

  it('refuses a forged `user` on an item and on a board', async () => {
    const board = await createBoard(owner);
    const forged = owner.pb
      .collection(COLLECTIONS.boardItems)
      .create({ board: board.id, user: other.id, ad_id: 'ad-1' });
    expect(await refusal(forged)).toEqual({ status: 400, message: answered(BOARD_MESSAGES.notYourItem) });
    const forgedBoard = owner.pb.collection(COLLECTIONS.boards).create({ user: other.id, name: 'Theirs' });
    expect(await refusal(forgedBoard)).toEqual({
      status: 400,
      message: answered(BOARD_MESSAGES.notYourUser),
    });
  });

  it('refuses an ad the user does not have in their database', async () => {
    const board = await createBoard(owner);
    expect(await refusal(saveAd(owner, board.id, 'other-ad'))).toEqual({
      status: 400,
      message: answered(BOARD_MESSAGES.adNotInDatabase),
    });
  });

  it('refuses a move to another user’s board, and moves to the owner’s own', async () => {
    const from = await createBoard(owner, 'From');
    const to = await createBoard(owner, 'To');
    const theirs = await createBoard(other);
    const item = await saveAd(owner, from.id, 'ad-2');
    const moved = owner.pb.collection(COLLECTIONS.boardItems).update(item.id, { board: theirs.id });
    expect(await refusal(moved)).toEqual({ status: 400, message: answered(BOARD_MESSAGES.moveToOtherBoard) });
    expect((await owner.pb.collection(COLLECTIONS.boardItems).update(item.id, { board: to.id })).board).toBe(
      to.id,
    );
  });

  it('refuses the sharing fields through the record API', async () => {
    const board = await createBoard(owner);
    const write = owner.pb.collection(COLLECTIONS.boards).update(board.id, { share_token: 'x'.repeat(32) });
    expect(await refusal(write)).toEqual({
      status: 400,
      message: answered(BOARD_MESSAGES.shareFieldsByRoute('share_token')),
    });
    const create = owner.pb
      .collection(COLLECTIONS.boards)
      .create({ user: owner.id, name: 'n', share_notes: true });
    expect((await refusal(create)).status).toBe(400);
  });

  it('checks the labels (trimmed, 1–40 characters, at most 20) and ignores a `creative` sent', async () => {
    const board = await createBoard(owner);
    const item = await saveAd(owner, board.id, 'ad-3', {
      labels: ['  hook ', 'UGC'],
      creative: 'abcdefghijklmno',
    });
    expect(item.labels).toEqual(['hook', 'UGC']);
    expect(item.creative).toBe('');
    expect(item.added).not.toBe('');
    const tooMany = owner.pb
      .collection(COLLECTIONS.boardItems)
      .update(item.id, { labels: Array.from({ length: 21 }, (_, i) => `l${i}`) });
    expect(await refusal(tooMany)).toEqual({ status: 400, message: answered(BOARD_MESSAGES.tooManyLabels) });
  });

  it('answers a duplicate save 200 with the stored item, changing nothing', async () => {
    const board = await createBoard(owner);
    const first = await saveAd(owner, board.id, 'ad-1', { note: 'first' });
    const again = await saveAd(owner, board.id, 'ad-1', { note: 'second' });
    expect(again.id).toBe(first.id);
    expect(again.note).toBe('first');
    expect(again.updated).toBe(first.updated);
    expect(await items(owner, board.id)).toHaveLength(1);
  });
});

describe('the limits', () => {
  /**
   * Of `tries` racing creates for the last `free` places, exactly `free` pass; the rest say why.
   * Plain requests, all sent at once (the SDK's client sent them one after the other).
   */
  async function race(
    tries: number,
    free: number,
    user: TestUser,
    collection: string,
    body: (i: number) => unknown,
    message: string,
  ) {
    const replies = await Promise.all(
      Array.from({ length: tries }, (_, i) =>
        send<{ message: string }>(server, 'POST', `/api/collections/${collection}/records`, {
          user,
          body: body(i),
        }),
      ),
    );
    expect(replies.filter((r) => r.status === 200)).toHaveLength(free);
    for (const reply of replies) if (reply.status !== 200) expect(reply.body.message).toBe(answered(message));
  }

  it(`lets exactly the last free places go to ${RACERS} racing creates of boards, up to ${BOARDS_PER_USER_MAX}`, async () => {
    const user = await ownerWithAds(server, 'many-boards', []);
    const batch = server.superuser.createBatch();
    for (let i = 0; i < BOARDS_PER_USER_MAX - FREE; i++)
      batch.collection(COLLECTIONS.boards).create({ user: user.id, name: `b${i}` });
    await batch.send();
    await race(
      RACERS,
      FREE,
      user,
      COLLECTIONS.boards,
      (i) => ({ name: `racer ${i}` }),
      BOARD_MESSAGES.tooManyBoards,
    );
    const count = await server.superuser
      .collection(COLLECTIONS.boards)
      .getList(1, 1, { filter: `user = "${user.id}"` });
    expect(count.totalItems).toBe(BOARDS_PER_USER_MAX);
  });

  it(
    `lets exactly the last free places go to ${RACERS} racing saves, up to ${formatCount(BOARD_ITEMS_PER_BOARD_MAX)} items a board`,
    { timeout: 180_000 },
    async () => {
      const racers = Array.from({ length: RACERS }, (_, i) => `last-${i}`);
      const user = await ownerWithAds(server, 'full-board', [...racers, 'one-more']);
      const board = await createBoard(user);
      // seeded by the superuser (past the hook): the ads need not be in the database
      for (let offset = 0; offset < BOARD_ITEMS_PER_BOARD_MAX - FREE; offset += 500) {
        const batch = server.superuser.createBatch();
        for (let i = offset; i < Math.min(offset + 500, BOARD_ITEMS_PER_BOARD_MAX - FREE); i++)
          batch
            .collection(COLLECTIONS.boardItems)
            .create({ board: board.id, user: user.id, ad_id: `seed-${i}` });
        await batch.send();
      }
      await race(
        RACERS,
        FREE,
        user,
        COLLECTIONS.boardItems,
        (i) => ({ board: board.id, ad_id: racers[i] }),
        BOARD_MESSAGES.boardFull,
      );
      const total = await server.superuser
        .collection(COLLECTIONS.boardItems)
        .getList(1, 1, { filter: `board = "${board.id}"` });
      expect(total.totalItems).toBe(BOARD_ITEMS_PER_BOARD_MAX);
      const many = await send(server, 'POST', SERVER_ROUTES.boardItems.url(board.id), {
        user,
        body: { adIds: ['one-more'] },
      });
      expect(many.status).toBe(400);
      expect((many.body as { message: string }).message).toBe(answered(BOARD_MESSAGES.boardFullFor(0)));
    },
  );
});

describe('saving many', () => {
  it('saves the new ads, counts the existing ones, and answers every item', async () => {
    const board = await createBoard(owner);
    await saveAd(owner, board.id, 'ad-1', { note: 'kept' });
    const reply = await send<{
      created: number;
      existing: number;
      items: { ad_id: string; note: string; user: string }[];
    }>(server, 'POST', SERVER_ROUTES.boardItems.url(board.id), {
      user: owner,
      body: { adIds: ['ad-1', 'ad-2', 'ad-2'] },
    });
    expect(reply.status).toBe(200);
    expect(reply.body.created).toBe(1);
    expect(reply.body.existing).toBe(1);
    expect(reply.body.items.map((i) => [i.ad_id, i.note, i.user]).sort()).toEqual([
      ['ad-1', 'kept', owner.id],
      ['ad-2', '', owner.id],
    ]);
  });

  it('saves nothing when an ad is not in the database, and refuses another user’s board', async () => {
    const board = await createBoard(owner);
    const reply = await send(server, 'POST', SERVER_ROUTES.boardItems.url(board.id), {
      user: owner,
      body: { adIds: ['ad-1', 'other-ad'] },
    });
    expect(reply.status).toBe(400);
    expect((reply.body as { message: string }).message).toBe(answered(BOARD_MESSAGES.adsNotInDatabase(1)));
    expect(await items(owner, board.id)).toHaveLength(0);
    const theirs = await createBoard(other);
    const refused = await send(server, 'POST', SERVER_ROUTES.boardItems.url(theirs.id), {
      user: owner,
      body: { adIds: ['ad-1'] },
    });
    expect(refused.status).toBe(404);
  });
});

describe('the creative', () => {
  it('is set by the server from the user’s rows, and later when the archive links the ad', async () => {
    await drainTasks(server);
    const archived = freshAdId('archived');
    const task = await claimOnly(server, owner, archived);
    expect((await upload(server, task.id, 'w1', { file: pngPart(await png(1)) })).status).toBe(200);
    const board = await createBoard(owner);
    const first = await saveAd(owner, board.id, archived);
    expect(first.creative).not.toBe('');

    const later = freshAdId('later');
    const pending = await claimOnly(server, owner, later);
    const item = await saveAd(owner, board.id, later);
    expect(item.creative).toBe('');
    const uploaded = await upload(server, pending.id, 'w1', { file: pngPart(await png(2)) });
    expect(uploaded.status).toBe(200);
    const linked = await owner.pb.collection(COLLECTIONS.boardItems).getOne(item.id);
    expect(linked.creative).toBe(uploaded.body.creative);
    expect(linked.updated > item.updated).toBe(true);
  });
});

describe('deletions', () => {
  it('writes a tombstone with the deletion, served by the sync route like the items', async () => {
    const board = await createBoard(owner);
    const item = await saveAd(owner, board.id, 'ad-3');
    const path = `${SERVER_ROUTES.syncPage.url(COLLECTIONS.boardItems)}?fields=id,board,ad_id,updated`;
    const pulled = await send<{ items: { id: string }[] }>(server, 'GET', path, { user: owner });
    expect(pulled.body.items.map((i) => i.id)).toContain(item.id);
    await owner.pb.collection(COLLECTIONS.boardItems).delete(item.id);
    const tombstones = await send<{ items: { item: string; board: string }[] }>(
      server,
      'GET',
      `${SERVER_ROUTES.syncPage.url(COLLECTIONS.boardItemDeletions)}?fields=id,item,board,updated`,
      { user: owner },
    );
    expect(tombstones.status).toBe(200);
    expect(tombstones.body.items).toContainEqual(expect.objectContaining({ item: item.id, board: board.id }));
    const theirs = await send<{ items: unknown[] }>(
      server,
      'GET',
      `${SERVER_ROUTES.syncPage.url(COLLECTIONS.boardItemDeletions)}?fields=id,item`,
      { user: other },
    );
    expect(theirs.body.items).toEqual([]);
  });
});

describe('the account', () => {
  it('“Download my data” holds the boards and their items', async () => {
    const user = await ownerWithAds(server, 'exporter', ['x-1']);
    const board = await createBoard(user, 'Exported');
    await saveAd(user, board.id, 'x-1', { note: 'my note', labels: ['a'] });
    const reply = await send<{
      boards: { name: string }[];
      board_items: { ad_id: string; note: string; labels: string[] }[];
    }>(server, 'GET', SERVER_ROUTES.accountExport.path, { user });
    expect(reply.status).toBe(200);
    expect(reply.body.boards.map((b) => b.name)).toEqual(['Exported']);
    expect(reply.body.board_items).toEqual([
      expect.objectContaining({ ad_id: 'x-1', note: 'my note', labels: ['a'] }),
    ]);
  });

  it('deleting an account deletes its boards, items and tombstones', async () => {
    const user = await ownerWithAds(server, 'leaver', ['y-1', 'y-2']);
    await addAds(server, user, ['y-3']);
    const board = await createBoard(user);
    await saveAd(user, board.id, 'y-1');
    const gone = await saveAd(user, board.id, 'y-2');
    await user.pb.collection(COLLECTIONS.boardItems).delete(gone.id);
    const reply = await send(server, 'POST', SERVER_ROUTES.accountDelete.path, {
      user,
      body: { oldPassword: user.password, confirm: 'DELETE' },
    });
    expect(reply.status, reply.text).toBe(200);
    for (const name of [COLLECTIONS.boards, COLLECTIONS.boardItems, COLLECTIONS.boardItemDeletions]) {
      const left = await server.superuser.collection(name).getList(1, 1, { filter: `user = "${user.id}"` });
      expect(left.totalItems, name).toBe(0);
    }
    expect(PRODUCT_MESSAGES.accountDeleted).toBeTruthy();
  });
});
