/**
 * Move and copy on a board's page (docs/boards.md#in-the-app) against the real server: an ad moved
 * to another board and one copied (with its note) leave and reach the boards' pages at once, the
 * outbox's entries settle on the server (the moved item is the same record, the copy a new one
 * with the note), and a second device that pulls from the server shows both boards the same.
 * board-move-copy.test.tsx checks the page's local writes and outbox entries in detail.
 */
import type { BrowserContext, Page } from '@playwright/test';
import type { RecordModel } from 'pocketbase';
import { COLLECTIONS } from '../../src/domain/api/collections.ts';
import { newBoard, userWithAds } from './boards-support.ts';
import { databasePage } from './database-page.ts';
import { expect, test, type Admin } from './fixtures.ts';

const ADS = ['mc-111', 'mc-222', 'mc-333'];

/** The server's items of a board, by Library ID. */
async function itemsOn(admin: Admin, board: string): Promise<RecordModel[]> {
  const items = await admin.pb
    .collection(COLLECTIONS.boardItems)
    .getFullList({ filter: admin.pb.filter('board = {:board}', { board }) });
  return items.sort((a, b) => (a.ad_id < b.ad_id ? -1 : 1));
}

/** Opens a board's page and waits until its cards are those titled `titles` (any order). */
async function expectTitles(page: Page, board: string, titles: string[]): Promise<void> {
  await page.goto(`/app/boards/${board}`);
  const shown = page.getByTestId('board-item').locator('.board-item-title');
  await expect.poll(async () => (await shown.allTextContents()).sort(), { timeout: 15_000 }).toEqual(titles);
}

test('an ad moved and an ad copied to another board: both pages, the server and a second device agree', async ({
  page,
  browser,
  admin,
}) => {
  // saves, a note, a move, a copy and a second device's first sync: a minute and more beside the
  // other Playwright worker on a busy machine
  test.setTimeout(150_000);
  const user = await userWithAds(admin, 'boards-move-copy', ADS);
  await admin.signIn(page, user);
  const from = await newBoard(page, admin, user, 'Inbox');
  const to = await newBoard(page, admin, user, 'Keepers');

  await page.goto('/app/database');
  await expect(databasePage(page).rows).toHaveCount(ADS.length, { timeout: 15_000 });
  await page.getByRole('button', { name: 'Save the ads shown to a board' }).click();
  const picker = page.getByTestId('board-picker');
  await picker.getByRole('checkbox', { name: 'Inbox' }).check();
  await picker.getByRole('button', { name: 'Save' }).click();
  await expect
    .poll(async () => (await itemsOn(admin, from)).map((i) => i.ad_id), { timeout: 15_000 })
    .toEqual(ADS);
  const before = await itemsOn(admin, from);

  await expectTitles(page, from, ['Lamp 1', 'Lamp 2', 'Lamp 3']);
  const note = page.getByRole('textbox', { name: 'Note on Lamp 1' });
  await note.fill('Strong opening');
  await note.blur();
  await expect
    .poll(async () => (await itemsOn(admin, from))[0]?.note, { timeout: 15_000 })
    .toBe('Strong opening');

  // Lamp 2 moved to Keepers: it leaves this page at once
  const selection = page.getByRole('group', { name: 'Selected ads' });
  await page.getByRole('checkbox', { name: 'Lamp 2' }).check();
  await selection.getByRole('combobox', { name: 'Move to' }).selectOption({ label: 'Keepers' });
  await expect(page.getByTestId('board-item')).toHaveCount(2);
  // Lamp 1 copied, with its note: it stays
  await page.getByRole('checkbox', { name: 'Lamp 1' }).check();
  await selection.getByRole('combobox', { name: 'Copy to' }).selectOption({ label: 'Keepers' });
  await expect(page.getByText('Copied 1 ad to “Keepers”')).toBeVisible();
  await expect(page.getByTestId('board-item')).toHaveCount(2);

  // the server: the moved item is the same record on the other board; the copy a new one with the note
  await expect
    .poll(async () => (await itemsOn(admin, to)).map((i) => [i.ad_id, i.note]), { timeout: 15_000 })
    .toEqual([
      ['mc-111', 'Strong opening'],
      ['mc-222', ''],
    ]);
  const after = { from: await itemsOn(admin, from), to: await itemsOn(admin, to) };
  expect(after.from.map((i) => i.ad_id)).toEqual(['mc-111', 'mc-333']);
  expect(after.to[1]!.id).toBe(before[1]!.id);
  expect(after.to[0]!.id).not.toBe(before[0]!.id);
  expect(after.from[0]!.id).toBe(before[0]!.id);

  // this device's pages, settled: nothing waits to sync
  await expectTitles(page, to, ['Lamp 1', 'Lamp 2']);
  await expect(page.getByText('Waiting to sync')).toHaveCount(0);
  await expectTitles(page, from, ['Lamp 1', 'Lamp 3']);
  await expect(page.getByText('Waiting to sync')).toHaveCount(0);

  // a second device, which has only what it pulls from the server
  const other: BrowserContext = await browser.newContext({ baseURL: process.env.ADSCOUT_E2E_URL });
  try {
    const second = await other.newPage();
    await admin.signIn(second, user);
    await expectTitles(second, to, ['Lamp 1', 'Lamp 2']);
    await expect(second.getByRole('textbox', { name: 'Note on Lamp 1' })).toHaveValue('Strong opening');
    await expectTitles(second, from, ['Lamp 1', 'Lamp 3']);
  } finally {
    await other.close();
  }
});
