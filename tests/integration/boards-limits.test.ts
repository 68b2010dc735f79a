/**
 * The boards' limits (docs/boards.md#the-checks) against a real PocketBase: 200 boards a user and
 * 10,000 items a board, counted by SQL in the transaction that stores the record. Record creates
 * racing for a limit's last places, and saves of many (SERVER_ROUTES.boardItems) racing for fewer
 * places than they bring together, in which each request saves all its new ads or none.
 */
import type { RecordModel } from 'pocketbase';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { COLLECTIONS } from '../../src/domain/api/collections.ts';
import { SERVER_ROUTES } from '../../src/domain/api/routes.ts';
import {
  BOARD_ITEMS_BATCH_MAX,
  BOARD_ITEMS_PER_BOARD_MAX,
  BOARDS_PER_USER_MAX,
} from '../../src/domain/boards/board-contract.ts';
import { BOARD_MESSAGES } from '../../src/domain/boards/board-messages.ts';
import { formatCount } from '../../src/domain/text/format.ts';
import { startTestServer, type TestServer, type TestUser } from './harness.ts';
import {
  createBoard,
  ownerWithAds,
  refusal,
  saveAd,
  seedBoardsSql,
  seedItemsSql,
  send,
} from './boards-support.ts';
import { executeWhileStopped } from './security/support.ts';

let server: TestServer;

/** Requests racing for the last FREE places of a limit. */
const RACERS = 24;
const FREE = 4;
const racers = Array.from({ length: RACERS }, (_, i) => `last-${i}`);

/**
 * Saves of many racing for a board's last places: BATCHES requests at once, each of PER_BATCH
 * new ads, for ROOM places (any one fits, no two do), on ROUNDS boards. Each request's counts
 * (its ads, those on the board, the places left) and its insert take milliseconds for hundreds
 * of ads, so the requests overlap: counted outside the transaction, all four saved in the first
 * round (docs/boards.md#tests).
 */
const BATCHES = 4;
const PER_BATCH = 500;
const ROOM = 700;
const ROUNDS = 3;
const adsOf = (batch: number) => Array.from({ length: PER_BATCH }, (_, i) => `race-${batch}-${i}`);

/** Users and boards seeded to their limits' last places, by SQL, in one restart. */
let manyBoards: TestUser;
let fullBoard: { user: TestUser; board: RecordModel };
let batchRace: { user: TestUser; boards: RecordModel[] };

/** PocketBase ends an error's message with a full stop. */
const answered = (message: string) => (message.endsWith('.') ? message : `${message}.`);

beforeAll(async () => {
  server = await startTestServer({ env: { ADSCOUT_BILLING: 'local' }, clientsBehindProxy: true });
  manyBoards = await ownerWithAds(server, 'many-boards', []);
  const full = await ownerWithAds(server, 'full-board', [...racers, 'one-more']);
  fullBoard = { user: full, board: await createBoard(full) };
  const racing = await ownerWithAds(
    server,
    'batch-race',
    Array.from({ length: BATCHES }, (_, batch) => adsOf(batch)).flat(),
  );
  const boards = [];
  for (let round = 0; round < ROUNDS; round++) boards.push(await createBoard(racing, `Race ${round}`));
  batchRace = { user: racing, boards };
  // past the hooks, so the seeded ads need not be in the database: 20 batch requests of 500
  // record creates timed out beside other work
  await executeWhileStopped(server, 'seeding the limits', [
    seedBoardsSql(manyBoards.id, BOARDS_PER_USER_MAX - FREE),
    seedItemsSql(fullBoard.board.id, full.id, BOARD_ITEMS_PER_BOARD_MAX - FREE),
    ...boards.map((board) => seedItemsSql(board.id, racing.id, BOARD_ITEMS_PER_BOARD_MAX - ROOM)),
  ]);
}, 180_000);
afterAll(async () => {
  await server?.stop();
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

  it(
    `lets exactly the last free places go to ${RACERS} racing creates of boards, up to ${BOARDS_PER_USER_MAX}`,
    { timeout: 120_000 },
    async () => {
      const user = manyBoards;
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
    },
  );

  it(
    `lets exactly the last free places go to ${RACERS} racing saves, up to ${formatCount(BOARD_ITEMS_PER_BOARD_MAX)} items a board`,
    { timeout: 180_000 },
    async () => {
      const { user, board } = fullBoard;
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
      // nor a move onto it
      const elsewhere = await createBoard(user, 'Elsewhere');
      const item = await saveAd(user, elsewhere.id, 'one-more');
      expect(
        await refusal(user.pb.collection(COLLECTIONS.boardItems).update(item.id, { board: board.id })),
      ).toEqual({
        status: 400,
        message: answered(BOARD_MESSAGES.boardFull),
      });
    },
  );

  it(
    `lets ${BATCHES} racing saves of ${PER_BATCH} ads each save all or nothing, never past ${formatCount(BOARD_ITEMS_PER_BOARD_MAX)} items`,
    { timeout: 180_000 },
    async () => {
      expect(PER_BATCH).toBeLessThanOrEqual(BOARD_ITEMS_BATCH_MAX);
      expect(PER_BATCH <= ROOM && 2 * PER_BATCH > ROOM).toBe(true);
      const { user, boards } = batchRace;
      const count = async (filter: string) =>
        (await server.superuser.collection(COLLECTIONS.boardItems).getList(1, 1, { filter })).totalItems;

      for (const board of boards) {
        const replies = await Promise.all(
          Array.from({ length: BATCHES }, (_, batch) =>
            send<{ created?: number; message?: string }>(
              server,
              'POST',
              SERVER_ROUTES.boardItems.url(board.id),
              { user, body: { adIds: adsOf(batch) } },
            ),
          ),
        );
        const statuses = replies.map((reply) => reply.status);
        const total = await count(`board = "${board.id}"`);
        expect(total, `items after saves answered ${statuses.join(', ')}`).toBeLessThanOrEqual(
          BOARD_ITEMS_PER_BOARD_MAX,
        );
        for (const [batch, reply] of replies.entries()) {
          const saved = await count(`board = "${board.id}" && ad_id ~ "race-${batch}-%"`);
          if (reply.status === 200) {
            expect(reply.body.created).toBe(PER_BATCH);
            expect(saved, `ads of the save answered 200`).toBe(PER_BATCH);
          } else {
            expect(reply.status, reply.text).toBe(400);
            expect(reply.body.message).toBe(answered(BOARD_MESSAGES.boardFullFor(ROOM - PER_BATCH)));
            expect(saved, `ads of a refused save`).toBe(0);
          }
        }
        // one after the other, whatever their order: the first fits, the others find no room
        expect(statuses.filter((status) => status === 200)).toHaveLength(1);
        expect(total).toBe(BOARD_ITEMS_PER_BOARD_MAX - ROOM + PER_BATCH);
      }
    },
  );
});
