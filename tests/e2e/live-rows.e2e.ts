/**
 * Rows of a running scout reach the open Database page as they are stored (realtime into
 * IndexedDB, then into the grid as transactions), without a reload or a re-read of every row.
 */
import { subscriber } from '../fixtures/records.ts';
import { expect, test } from './fixtures.ts';
import { COLLECTIONS } from '../../src/domain/api/collections.ts';

const LINK = 'https://www.facebook.com/ads/library/?active_status=active&ad_type=all&country=US&q=yoga%20mat';

test('the Database page fills up while a scout is still running', async ({ page, admin }) => {
  // the last pages' rows reached the screen in 30-48 s in full runs beside the OCR child and the
  // other Playwright worker (950 of 1,000 at 30 s): the wait has 90 s, the test 150 s
  test.setTimeout(150_000);
  const user = await subscriber(admin.pb, admin, 'live');
  await admin.signIn(page, user);
  await page.goto('/app/search');
  await page.getByLabel('Search name').fill('Yoga mats US');
  await page.getByLabel('Facebook Ad Library link').fill(LINK);
  // 1,000 ads: 40 pages of 25 at the e2e worker's 250 ms per page, about ten seconds of scouting
  await page.getByLabel('Number of ads').fill('1000');
  await page.getByRole('button', { name: 'Start Scouting' }).click();
  await expect(page.getByRole('region', { name: 'Active Job Running' })).toBeVisible();

  await page.getByRole('link', { name: 'Search Database' }).first().click();
  const count = page.getByTestId('database-count');
  const seen = new Set<string>();
  await expect
    .poll(
      async () => {
        const text = (await count.textContent().catch(() => null)) ?? '';
        if (text) seen.add(text);
        return text;
      },
      { timeout: 90_000, intervals: [100] },
    )
    .toBe('1,000 results');
  const run = await admin.pb.collection(COLLECTIONS.searchRuns).getFirstListItem(`user = "${user.id}"`);
  expect(run.results_count).toBe(1000);
  // counts below 1,000 were on screen on the way: the rows arrived while the scout ran
  const partial = [...seen].filter((text) => /^\d[\d,]* results?$/.test(text) && text !== '1,000 results');
  expect(partial.length, `counts seen: ${[...seen].join(' | ')}`).toBeGreaterThanOrEqual(2);
});
