/**
 * Boards in the app (docs/boards.md#in-the-app) against the real server: saving from the detail
 * view (its B key, offline, reaching the server after reconnecting) and from the rows ticked on
 * the Database page; a removal on one device reaching another (two browser contexts of one user); the CSV
 * export; a board created just before a reload not sent again; axe on the two pages.
 */
import { readFileSync } from 'node:fs';
import type { BrowserContext } from '@playwright/test';
import { COLLECTIONS } from '../../src/domain/api/collections.ts';
import { ADS, newBoard, openAd, serverItems, userWithAds } from './boards-support.ts';
import { databasePage } from './database-page.ts';
import { expect, KNOWN_ERRORS, test } from './fixtures.ts';
import { blocking, goOffline, goOnline } from './locators.ts';

test('an ad saved from the detail view by its B key while offline reaches the server after reconnecting', async ({
  page,
  context,
  admin,
  errorGuard,
}) => {
  test.setTimeout(90_000);
  // the save's push and the pulls fail while offline, as they should
  errorGuard.expect(...KNOWN_ERRORS.offline.map((error) => ({ ...error, optional: true })));
  const user = await userWithAds(admin, 'boards-detail');
  await admin.signIn(page, user);
  await newBoard(page, admin, user, 'Hooks');
  await openAd(page, 'Lamp 1');
  const detail = page.getByTestId('ad-detail');
  await expect(detail.getByText('Not on a board yet.')).toBeVisible();
  await expect(detail.getByRole('button', { name: /Save to board/ })).toHaveAttribute(
    'aria-keyshortcuts',
    'B',
  );

  await goOffline(context);
  await detail.getByRole('button', { name: 'Close' }).focus();
  await page.keyboard.press('b');
  const picker = page.getByTestId('board-picker');
  await picker.getByRole('checkbox', { name: 'Hooks' }).check();
  await picker.getByRole('button', { name: 'Save' }).click();
  await expect(picker).toBeHidden();
  // shown at once, offline
  await expect(detail.getByRole('link', { name: 'Hooks' })).toBeVisible();
  expect(await serverItems(admin, user, 'Hooks')).toEqual([]);

  await goOnline(context);
  await page.evaluate(() => window.dispatchEvent(new Event('online')));
  await expect.poll(() => serverItems(admin, user, 'Hooks'), { timeout: 15_000 }).toEqual(['bd-111']);
});

test('the Database page saves the rows ticked; a removal on one device reaches the other; the CSV holds notes', async ({
  page,
  browser,
  admin,
}) => {
  // a scout, two devices and their syncs: 35-55 s beside the other Playwright worker on a busy machine
  test.setTimeout(150_000);
  const user = await userWithAds(admin, 'boards-db', [...ADS, 'bd-333']);
  await admin.signIn(page, user);
  const boardId = await newBoard(page, admin, user, 'Summer');
  await page.goto('/app/database');
  const database = databasePage(page);
  await expect(database.rows).toHaveCount(3, { timeout: 15_000 });
  // two of the three rows ticked: only those are saved
  for (const title of ['Lamp 1', 'Lamp 2'])
    await database.rows.filter({ hasText: title }).getByRole('checkbox').check();
  await expect(database.ticked).toHaveText('2 selected');
  await page.getByRole('button', { name: 'Save 2 selected to board' }).click();
  const picker = page.getByTestId('board-picker');
  await expect(picker.getByRole('heading', { name: 'Save 2 ads to boards' })).toBeVisible();
  await picker.getByRole('checkbox', { name: 'Summer' }).check();
  await picker.getByRole('button', { name: 'Save' }).click();
  await expect.poll(() => serverItems(admin, user, 'Summer'), { timeout: 15_000 }).toEqual(ADS);
  // the rows stay ticked until cleared; then the button saves the rows shown again
  await page.getByRole('button', { name: 'Clear selection' }).click();
  await expect(database.ticked).toHaveText('');
  await expect(page.getByRole('button', { name: 'Save the ads shown to a board' })).toBeVisible();

  // a second device of the same user has the board with both ads
  const other: BrowserContext = await browser.newContext({ baseURL: process.env.ADSCOUT_E2E_URL });
  try {
    const second = await other.newPage();
    await admin.signIn(second, user);
    await second.goto(`/app/boards/${boardId}`);
    await expect(second.getByTestId('board-item')).toHaveCount(2, { timeout: 15_000 });
    // that device is closed while the first removes an ad
    await second.goto('/privacy');

    await page.goto(`/app/boards/${boardId}`);
    await expect(page.getByTestId('board-item')).toHaveCount(2);
    const note = page.getByRole('textbox', { name: 'Note on Lamp 1' });
    await note.fill('=cmd|calc');
    await note.blur();
    await page
      .getByTestId('board-item')
      .filter({ hasText: 'Lamp 2' })
      .getByRole('button', { name: 'Remove' })
      .click();
    await expect(page.getByTestId('board-item')).toHaveCount(1);
    await expect.poll(() => serverItems(admin, user, 'Summer'), { timeout: 15_000 }).toEqual(['bd-111']);

    // opened again, the second device drops the removed ad (the tombstone's pull)
    await second.goto(`/app/boards/${boardId}`);
    await expect(second.getByTestId('board-item')).toHaveCount(1, { timeout: 15_000 });

    // the CSV: the one builder's BOM and formula guard, with the note and labels columns
    await expect
      .poll(async () => {
        const items = await admin.pb
          .collection(COLLECTIONS.boardItems)
          .getFullList({ filter: `board = "${boardId}"` });
        return items[0]?.note;
      })
      .toBe('=cmd|calc');
    const download = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Export CSV' }).click();
    const file = await (await download).path();
    const csv = readFileSync(file, 'utf8');
    expect(csv.startsWith('\uFEFF"Library ID","Note","Labels","Saved On"')).toBe(true);
    expect(csv).toContain(`"bd-111","'=cmd|calc",""`);
  } finally {
    await other.close();
  }
});

test('a board created just before a reload is looked up by the page that replaces it, not sent again', async ({
  page,
  admin,
}) => {
  test.setTimeout(90_000);
  const user = await userWithAds(admin, 'boards-reload');
  await admin.signIn(page, user);
  await page.goto('/app/boards');
  const creates: string[] = [];
  let stored!: () => void;
  const onServer = new Promise<void>((resolve) => (stored = resolve));
  await page.route(`**/api/collections/${COLLECTIONS.boards}/records*`, async (route) => {
    if (route.request().method() !== 'POST') return route.continue();
    creates.push(route.request().url());
    if (creates.length > 1) return route.continue();
    await route.fetch(); // the server stores the board; its answer never reaches the page
    stored();
  });
  await page.getByRole('textbox', { name: 'New board name' }).fill('Reloaded');
  await page.getByRole('button', { name: 'New board' }).click();
  await onServer;
  await page.reload();
  const card = page.getByTestId('board-card').filter({ hasText: 'Reloaded' });
  await expect(card).toBeVisible();
  await expect(card).not.toContainText('Waiting to sync', { timeout: 15_000 });
  // sent once: a second create would be refused as a taken id (a 400 in the console)
  expect(creates).toHaveLength(1);
  const onServerNow = await admin.pb
    .collection(COLLECTIONS.boards)
    .getFullList({ filter: admin.pb.filter('user = {:user}', { user: user.id }) });
  expect(onServerNow.map((board) => board.name)).toEqual(['Reloaded']);
});

test.describe('the boards pages pass axe', () => {
  // one scan per test: each takes seconds on a quiet machine and tens of seconds on a busy one
  // (a load of 17 took over a minute for sign-in, a board, the Database and the scan)
  test('/app/boards', async ({ page, admin }) => {
    test.setTimeout(120_000);
    const user = await userWithAds(admin, 'boards-a11y-list');
    await admin.signIn(page, user);
    await newBoard(page, admin, user, 'Axe');
    expect(await blocking(page), 'axe on /app/boards').toEqual([]);
  });

  test('the Save to board picker', async ({ page, admin }) => {
    test.setTimeout(120_000);
    const user = await userWithAds(admin, 'boards-a11y-picker');
    await admin.signIn(page, user);
    await newBoard(page, admin, user, 'Axe');
    await openAd(page, 'Lamp 2');
    await page
      .getByTestId('ad-detail')
      .getByRole('button', { name: /Save to board/ })
      .click();
    await page.getByTestId('board-picker').getByRole('checkbox', { name: 'Axe' }).check();
    expect(await blocking(page, '[data-testid="board-picker"]'), 'axe on the picker').toEqual([]);
  });

  test('/app/boards/:id, with an ad on the board', async ({ page, admin }) => {
    test.setTimeout(120_000);
    const user = await userWithAds(admin, 'boards-a11y-board');
    await admin.signIn(page, user);
    const boardId = await newBoard(page, admin, user, 'Axe');
    await openAd(page, 'Lamp 2');
    await page
      .getByTestId('ad-detail')
      .getByRole('button', { name: /Save to board/ })
      .click();
    await page.getByTestId('board-picker').getByRole('checkbox', { name: 'Axe' }).check();
    await page.getByTestId('board-picker').getByRole('button', { name: 'Save' }).click();
    await expect(page.getByTestId('ad-detail').getByRole('link', { name: 'Axe' })).toBeVisible();
    await page.goto(`/app/boards/${boardId}`);
    await expect(page.getByTestId('board-item')).toHaveCount(1, { timeout: 15_000 });
    expect(await blocking(page), 'axe on /app/boards/:id').toEqual([]);
  });
});
