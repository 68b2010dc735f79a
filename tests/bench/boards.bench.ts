/**
 * A board of 10,000 items in the browser (docs/boards.md#in-the-app, issue 35's "Measure"): one
 * subscribed user with 10,000 realistic results (10 demo runs of 1,000, lib/seed-results.ts),
 * every row with an archived creative (CREATIVES distinct demo renderings shared in turn,
 * lib/seed-creatives.ts), and one board holding all 10,000 ads, saved by the owner through the
 * server's batch route (SERVER_ROUTES.boardItems, 1,000 ads a request: the hooks' checks, and the
 * server names each item's creative). Seeding is not timed. In Debian's Chromium on a fresh
 * profile, after the first sync and one visit of each page (PocketBase makes the board cards'
 * thumbnails on their first request), OPEN_RUNS times:
 *
 * 1. /app/database, navigation start → 'adscout:database-first-rows-painted' (the same-run
 *    reference: the Database page's first rows, on the same 10,000 rows);
 * 2. /app/boards/:id, navigation start → 'adscout:board-first-thumbnails-painted' (every card of
 *    the grid's first row shows its loaded thumbnail; first-row-thumbnails.ts);
 *
 * and reports their medians and the ratio board / Database.
 */
import { cpus, loadavg } from 'node:os';
import PocketBase from 'pocketbase';
import { SERVER_ROUTES } from '../../src/domain/api/routes.ts';
import { COLLECTIONS } from '../../src/domain/api/collections.ts';
import { BOARD_ITEMS_BATCH_MAX, boardItemsAnswerSchema } from '../../src/domain/boards/board-contract.ts';
import { PERFORMANCE_MARKS } from '../../src/domain/pages/performance-marks.ts';
import { boardPath, ROUTES } from '../../src/domain/pages/routes.ts';
import { realisticRuns } from './lib/ad-rows.ts';
import { openSignedInBrowser, waitForMark, type BrowserSession } from './lib/browser.ts';
import { seedCreatives } from './lib/seed-creatives.ts';
import { seedRuns } from './lib/seed-results.ts';
import { startWebStack } from './lib/web-stack.ts';
import { median, type Benchmark, type Measurement } from './types.ts';
import { log, ms, runsOf } from './lib/bench-log.ts';

const RUNS = 10;
const ROWS_PER_RUN = 1000;
const TOTAL = RUNS * ROWS_PER_RUN;
/** Distinct creatives, shared by the rows in turn (each one a file and its thumbnails). */
const CREATIVES = 500;
const OPEN_RUNS = 5;
const BENCH = 'boards';

const MARKS = {
  caughtUp: PERFORMANCE_MARKS.sync.caughtUp,
  databaseFirstRows: PERFORMANCE_MARKS.database.firstRowsPainted,
  boardThumbnails: PERFORMANCE_MARKS.boards.firstThumbnailsPainted,
} as const;

const seconds = (since: number) => `${((performance.now() - since) / 1000).toFixed(1)} s`;

/** The owner's board of every ad in `adIds`, saved through the batch route as the owner. */
async function seedBoard(url: string, session: string, userId: string, adIds: string[]): Promise<string> {
  const owner = new PocketBase(url);
  owner.autoCancellation(false);
  const { token, record } = JSON.parse(session) as { token: string; record: Record<string, unknown> };
  owner.authStore.save(token, record as never);
  const board = await owner.collection(COLLECTIONS.boards).create({ user: userId, name: 'Ten thousand' });
  let saved = 0;
  for (let start = 0; start < adIds.length; start += BOARD_ITEMS_BATCH_MAX) {
    const answer = boardItemsAnswerSchema.parse(
      await owner.send(SERVER_ROUTES.boardItems.url(board.id), {
        method: 'POST',
        body: { adIds: adIds.slice(start, start + BOARD_ITEMS_BATCH_MAX) },
      }),
    );
    saved += answer.items.filter((item) => item.creative !== '').length;
  }
  if (saved !== adIds.length)
    throw new Error(`${saved} of ${adIds.length} board items came back with their creative`);
  return board.id;
}

interface Round {
  database: number;
  board: number;
}

async function openPage(session: BrowserSession, url: string, mark: string, what: string) {
  await session.page.goto(url, { waitUntil: 'commit' });
  const entry = await waitForMark(session.page, mark, {
    timeoutMs: 60_000,
    what,
    errors: session.pageErrors,
  });
  // the page's own sync settles before the next navigation
  await waitForMark(session.page, MARKS.caughtUp, { timeoutMs: 60_000, what, errors: session.pageErrors });
  return entry;
}

async function openRound(session: BrowserSession, origin: string, boardId: string): Promise<Round> {
  const database = await openPage(
    session,
    `${origin}/app/database`,
    MARKS.databaseFirstRows,
    'after opening /app/database',
  );
  const board = await openPage(
    session,
    `${origin}${boardPath(boardId)}`,
    MARKS.boardThumbnails,
    `after opening ${boardPath(boardId)} (the board page sets it)`,
  );
  const items = (board.detail as { items?: number } | null)?.items;
  if (items !== TOTAL)
    throw new Error(`'${MARKS.boardThumbnails}' reported ${String(items)} items, expected ${TOTAL}`);
  return { database: database.startTime, board: board.startTime };
}

const benchmark: Benchmark = {
  name: `a board of ${TOTAL.toLocaleString('en-US')} items in Chromium: first thumbnails painted beside the Database's first rows`,
  async run() {
    const load = () => `${loadavg()[0]!.toFixed(1)} on ${cpus().length} CPUs`;
    const loadAtStart = load();
    const stack = await startWebStack();
    let session: BrowserSession | null = null;
    try {
      const user = await stack.subscriber('boards');
      let started = performance.now();
      const creatives = await seedCreatives(stack.superuser, user.id, CREATIVES);
      log(`seeded ${CREATIVES} creatives in ${seconds(started)}`);
      started = performance.now();
      const runs = realisticRuns(RUNS, ROWS_PER_RUN);
      await seedRuns(stack.superuser, user.id, runs, (index) => ({
        creative: creatives.ids[index % CREATIVES],
      }));
      const adIds = [...new Set(runs.flatMap((run) => run.rows.map((row) => row.ad_id)))];
      if (adIds.length !== TOTAL)
        throw new Error(`the seeded rows hold ${adIds.length} ads, expected ${TOTAL}`);
      log(`seeded ${TOTAL.toLocaleString('en-US')} rows in ${seconds(started)}`);
      started = performance.now();
      const boardId = await seedBoard(stack.url, user.session, user.id, adIds);
      log(
        `saved ${TOTAL.toLocaleString('en-US')} ads to a board through the batch route in ${seconds(started)}`,
      );

      session = await openSignedInBrowser(stack.url, user.session);
      const { page } = session;
      await page.goto(`${stack.url}/app/history`, { waitUntil: 'commit' });
      const synced = await waitForMark(page, MARKS.caughtUp, {
        timeoutMs: 180_000,
        what: 'after opening /app/history on a fresh profile',
        errors: session.pageErrors,
      });
      log(`first sync caught up after ${ms(synced.startTime)}`);
      // the first visits: PocketBase makes the cards' thumbnails, the service worker takes the app
      const warm = await openRound(session, stack.url, boardId);
      log(`first visits: database ${ms(warm.database)}, board ${ms(warm.board)}`);

      const rounds: Round[] = [];
      for (let i = 0; i < OPEN_RUNS; i++) {
        const round = await openRound(session, stack.url, boardId);
        rounds.push(round);
        log(`open ${i + 1}/${OPEN_RUNS}: database ${ms(round.database)}, board ${ms(round.board)}`);
      }
      const loadNow = load();
      const board = median(rounds.map((r) => r.board));
      const database = median(rounds.map((r) => r.database));
      return [
        {
          benchmark: BENCH,
          metric: `${ROUTES.board.path}, navigation → first row of thumbnails painted, ${TOTAL.toLocaleString('en-US')} items (median of ${OPEN_RUNS})`,
          value: board,
          unit: 'ms',
          note: `'${MARKS.boardThumbnails}'; runs: ${runsOf(rounds.map((r) => r.board))} ms; first visit ${ms(warm.board)}; ${CREATIVES} distinct creatives; load ${loadAtStart} at the start, ${loadNow} at the end`,
        },
        {
          benchmark: BENCH,
          metric: `reference: /app/database, navigation → first rows painted, the same ${TOTAL.toLocaleString('en-US')} rows (median of ${OPEN_RUNS})`,
          value: database,
          unit: 'ms',
          note: `'${MARKS.databaseFirstRows}', opened just before each board visit; runs: ${runsOf(rounds.map((r) => r.database))} ms; first visit ${ms(warm.database)}`,
        },
        {
          benchmark: BENCH,
          metric: 'board first thumbnails / Database first rows',
          value: board / database,
          unit: '×',
        },
      ] satisfies Measurement[];
    } finally {
      await session?.close().catch(() => undefined);
      await stack.stop();
    }
  },
};

export default benchmark;
