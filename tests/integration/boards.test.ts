/**
 * Boards (docs/boards.md) against a real PocketBase: the owner's record writes and the hook's
 * refusals, each with its message; a duplicate save; the creative set by the server, and later by
 * the archive; saving many. The limits are boards-limits.test.ts's; deletions, tombstones and the
 * account boards-deletions.test.ts's.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { COLLECTIONS } from '../../src/domain/api/collections.ts';
import { SERVER_ROUTES } from '../../src/domain/api/routes.ts';
import { BOARD_ITEMS_BATCH_MAX } from '../../src/domain/boards/board-contract.ts';
import { BOARD_MESSAGES } from '../../src/domain/boards/board-messages.ts';
import { formatCount } from '../../src/domain/text/format.ts';
import { startTestServer, type TestServer, type TestUser } from './harness.ts';
import { createBoard, ownerWithAds, refusal, saveAd, send } from './boards-support.ts';
import { claimOnly, drainTasks, freshAdId, png, pngPart, upload } from './media-support.ts';

let server: TestServer;
let owner: TestUser;
let other: TestUser;

/** PocketBase ends an error's message with a full stop. */
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

  it('refuses a move onto a board that holds the ad already, and a change of the ad', async () => {
    const from = await createBoard(owner, 'From');
    const to = await createBoard(owner, 'To');
    const item = await saveAd(owner, from.id, 'ad-1');
    await saveAd(owner, to.id, 'ad-1');
    const items = owner.pb.collection(COLLECTIONS.boardItems);
    expect(await refusal(items.update(item.id, { board: to.id }))).toEqual({
      status: 400,
      message: answered(BOARD_MESSAGES.alreadyOnBoard),
    });
    expect(await refusal(items.update(item.id, { ad_id: 'ad-2' }))).toEqual({
      status: 400,
      message: answered(BOARD_MESSAGES.adIdFixed),
    });
    expect(await items.getOne(item.id)).toMatchObject({ board: from.id, ad_id: 'ad-1' });
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

  it(`refuses none or more than ${formatCount(BOARD_ITEMS_BATCH_MAX)} ads in one request`, async () => {
    const board = await createBoard(owner);
    for (const adIds of [[], Array.from({ length: BOARD_ITEMS_BATCH_MAX + 1 }, (_, i) => `ad-${i}`)]) {
      const reply = await send<{ message: string }>(server, 'POST', SERVER_ROUTES.boardItems.url(board.id), {
        user: owner,
        body: { adIds },
      });
      expect(reply.status).toBe(400);
      expect(reply.body.message).toBe(answered(BOARD_MESSAGES.batchInvalid));
    }
    expect(await items(owner, board.id)).toHaveLength(0);
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
