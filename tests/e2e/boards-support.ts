/**
 * What the boards' e2e tests share (boards*.e2e.ts): a subscriber with ads in their database, a
 * board made on /app/boards, the server's items of a board, and an ad opened in the detail view.
 */
import type { Page } from '@playwright/test';
import { COLLECTIONS } from '../../src/domain/api/collections.ts';
import { createRunWithResults, subscriber } from '../fixtures/records.ts';
import { databasePage } from './database-page.ts';
import { expect, type Admin, type E2eUser } from './fixtures.ts';

/** The ads userWithAds gives unless told, titled Lamp 1, Lamp 2… in that order. */
export const ADS = ['bd-111', 'bd-222'];

export async function userWithAds(
  admin: Admin,
  label: string,
  ads: readonly string[] = ADS,
): Promise<E2eUser> {
  const user = await subscriber(admin.pb, admin, label);
  await createRunWithResults(
    admin.pb,
    user.id,
    { search_name: 'Board lamps', target_country: 'DE' },
    ads.map((adId, at) => ({ ad_id: adId, store_name: `Store ${at}`, title: `Lamp ${at + 1}` })),
  );
  return user;
}

/** The server's items of the user's board `name`, by Library ID. */
export async function serverItems(admin: Admin, user: E2eUser, name: string): Promise<string[]> {
  const boards = await admin.pb
    .collection(COLLECTIONS.boards)
    .getFullList({ filter: admin.pb.filter('user = {:user} && name = {:name}', { user: user.id, name }) });
  if (!boards[0]) return [];
  const items = await admin.pb
    .collection(COLLECTIONS.boardItems)
    .getFullList({ filter: admin.pb.filter('board = {:board}', { board: boards[0].id }) });
  return items.map((item) => item.ad_id as string).sort();
}

/** Makes a board on /app/boards and waits until the server has it. */
export async function newBoard(page: Page, admin: Admin, user: E2eUser, name: string): Promise<string> {
  await page.goto('/app/boards');
  await page.getByRole('textbox', { name: 'New board name' }).fill(name);
  await page.getByRole('button', { name: 'New board' }).click();
  await expect(page.getByTestId('board-card').filter({ hasText: name })).toBeVisible();
  let id = '';
  await expect
    .poll(async () => {
      const found = await admin.pb.collection(COLLECTIONS.boards).getFullList({
        filter: admin.pb.filter('user = {:user} && name = {:name}', { user: user.id, name }),
      });
      id = found[0]?.id ?? '';
      return id !== '';
    })
    .toBe(true);
  return id;
}

/** Opens the ad titled `title` from the Database page (a user of the default ADS). */
export async function openAd(page: Page, title: string) {
  const database = databasePage(page);
  await page.goto('/app/database');
  await expect(database.rows).toHaveCount(ADS.length, { timeout: 15_000 });
  await page.getByRole('gridcell', { name: title }).click();
  await expect(page.getByTestId('ad-detail')).toBeVisible();
}
