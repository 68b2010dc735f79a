/**
 * What goes, and when (docs/boards.md#deletions) against a real PocketBase: a deleted item's
 * tombstone, served by the sync route to its owner only, and the daily cron that prunes them past
 * BOARD_TOMBSTONE_DAYS; a deleted board's items; "Download my data" (the boards without their share
 * token) and a deleted account's boards, items and tombstones.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { COLLECTIONS } from '../../src/domain/api/collections.ts';
import { SERVER_ROUTES } from '../../src/domain/api/routes.ts';
import { BOARD_TOMBSTONE_DAYS, type BoardShare } from '../../src/domain/boards/board-contract.ts';
import { PRODUCT_MESSAGES } from '../../src/domain/forms/messages.ts';
import { DAY_MS, toPbDate } from '../../src/domain/text/format.ts';
import { waitUntil } from '../fixtures/wait-for.ts';
import { startTestServer, statusOf, type TestServer, type TestUser } from './harness.ts';
import { addAds, createBoard, ownerWithAds, saveAd, send } from './boards-support.ts';
import { runCron, writeColumns } from './security/support.ts';

let server: TestServer;
let owner: TestUser;
let other: TestUser;

beforeAll(async () => {
  server = await startTestServer({ env: { ADSCOUT_BILLING: 'local' }, clientsBehindProxy: true });
  owner = await ownerWithAds(server, 'owner', ['ad-1', 'ad-2', 'ad-3']);
  other = await ownerWithAds(server, 'other', ['ad-1', 'other-ad']);
});
afterAll(async () => {
  await server?.stop();
});

const count = async (collection: string, filter: string) =>
  (await server.superuser.collection(collection).getList(1, 1, { filter })).totalItems;

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

  it('deletes a board’s items with it, without tombstones (a device drops a deleted board’s items itself)', async () => {
    const board = await createBoard(owner, 'Dropped');
    await saveAd(owner, board.id, 'ad-1');
    await saveAd(owner, board.id, 'ad-2');
    await owner.pb.collection(COLLECTIONS.boards).delete(board.id);
    expect(await count(COLLECTIONS.boardItems, `board = "${board.id}"`)).toBe(0);
    expect(await count(COLLECTIONS.boardItemDeletions, `board = "${board.id}"`)).toBe(0);
  });

  it(
    `the daily cron deletes tombstones older than ${BOARD_TOMBSTONE_DAYS} days, and only those`,
    { timeout: 90_000 },
    async () => {
      const board = await createBoard(owner, 'Pruned');
      const ages = { old: (BOARD_TOMBSTONE_DAYS + 1) * DAY_MS, nearly: (BOARD_TOMBSTONE_DAYS - 1) * DAY_MS };
      const tombstoneOf: Record<string, string> = {};
      for (const [name, ad] of [
        ['old', 'ad-1'],
        ['nearly', 'ad-2'],
        ['fresh', 'ad-3'],
      ] as const) {
        const item = await saveAd(owner, board.id, ad);
        await owner.pb.collection(COLLECTIONS.boardItems).delete(item.id);
        tombstoneOf[name] = (
          await server.superuser
            .collection(COLLECTIONS.boardItemDeletions)
            .getFirstListItem(`item = "${item.id}"`)
        ).id;
      }
      // PocketBase stamps `created` itself: date them back, with the server stopped
      await writeColumns(
        server,
        COLLECTIONS.boardItemDeletions,
        (['old', 'nearly'] as const).map((name) => ({
          id: tombstoneOf[name]!,
          values: { created: toPbDate(Date.now() - ages[name]) },
        })),
      );
      const exists = (name: string) =>
        statusOf(server.superuser.collection(COLLECTIONS.boardItemDeletions).getOne(tombstoneOf[name]!)).then(
          (status) => status === 0,
        );
      expect(await exists('old')).toBe(true);

      await runCron(server.superuser, 'adscout_board_tombstones');
      await waitUntil(
        `the prune of the ${BOARD_TOMBSTONE_DAYS + 1}-day-old tombstone`,
        async () => !(await exists('old')),
        { timeoutMs: 30_000 },
      );
      // one statement: what it kept is kept
      expect(await exists('nearly')).toBe(true);
      expect(await exists('fresh')).toBe(true);
    },
  );
});

describe('the account', () => {
  it('“Download my data” holds the boards, without a shared one’s token, and their items', async () => {
    const user = await ownerWithAds(server, 'exporter', ['x-1']);
    const board = await createBoard(user, 'Exported');
    await saveAd(user, board.id, 'x-1', { note: 'my note', labels: ['a'] });
    const shared = await send<BoardShare>(server, 'POST', SERVER_ROUTES.boardShare.url(board.id), {
      user,
      body: {},
    });
    expect(shared.status).toBe(200);
    const reply = await send<{
      boards: Record<string, unknown>[];
      board_items: { ad_id: string; note: string; labels: string[] }[];
    }>(server, 'GET', SERVER_ROUTES.accountExport.path, { user });
    expect(reply.status).toBe(200);
    expect(reply.body.boards.map((b) => b.name)).toEqual(['Exported']);
    // the token is a capability: whoever holds the file would hold the board
    expect(reply.body.boards[0]).not.toHaveProperty('share_token');
    expect(reply.text).not.toContain(shared.body.token);
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
    for (const name of [COLLECTIONS.boards, COLLECTIONS.boardItems, COLLECTIONS.boardItemDeletions])
      expect(await count(name, `user = "${user.id}"`), name).toBe(0);
    expect(PRODUCT_MESSAGES.accountDeleted).toBeTruthy();
  });
});
