/**
 * The ad detail view opened from a row of the History results dialog (docs/ad-detail.md): its
 * arrows follow that list, and the dialog clamps long text to two lines while the view has all
 * of it. The ads and the test CDN are in ad-detail-support.ts.
 */
import { createRunWithResults, subscriber } from '../fixtures/records.ts';
import { expect, test } from './fixtures.ts';
import { historyPage } from './history-page.ts';
import { detail, kicker, expectRefusedMedia, serveMedia, seed, blocking } from './ad-detail-support.ts';

test('a row of the History results dialog opens the detail view; its arrows follow that list', async ({
  page,
  admin,
  errorGuard,
}) => {
  // a dozen steps, each waiting on the page, and an axe run: a CI run beside the suite's other
  // workers spent the whole default 30 s on it
  test.setTimeout(90_000);
  expectRefusedMedia(errorGuard, true);
  await serveMedia(page);
  const { user } = await seed(admin, 'detail-history');
  await admin.signIn(page, user);
  const history = historyPage(page);
  await history.goto();
  await history.viewResults();
  const results = history.resultsDialog(5);
  await expect(results).toBeVisible();
  const rows = history.resultRows(results);
  await expect(rows).toHaveCount(5);
  const stores = await rows
    .locator('td:nth-child(5)')
    .evaluateAll((cells) => cells.map((c) => c.textContent ?? ''));

  // a click on the second row opens its ad over the results
  await rows.nth(1).locator('td').first().click();
  const second = detail(page, stores[1]!);
  await expect(second).toBeVisible();
  await expect(kicker(second)).toHaveText(/^Ad 2 of 5 /);
  await page.keyboard.press('ArrowDown');
  const third = detail(page, stores[2]!);
  await expect(kicker(third)).toHaveText(/^Ad 3 of 5 /);
  expect(await blocking(page), 'axe on the detail view over the results dialog').toEqual([]);

  // Escape closes the detail view only; the row it showed has the focus
  await page.keyboard.press('Escape');
  await expect(detail(page)).toHaveCount(0);
  await expect(results).toBeVisible();
  await expect(rows.nth(2)).toBeFocused();

  // the rows are one tab stop walked with the arrows; Enter opens the focused one
  await page.keyboard.press('ArrowUp');
  await expect(rows.nth(1)).toBeFocused();
  await page.keyboard.press('End');
  await expect(rows.nth(4)).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(detail(page, stores[4]!)).toBeVisible();
  await page.keyboard.press('ArrowUp');
  await expect(detail(page, stores[3]!)).toBeVisible();
  await detail(page).getByRole('button', { name: 'Close' }).click();
  await expect(rows.nth(3)).toBeFocused();

  await page.keyboard.press('Escape');
  await expect(results).toHaveCount(0);
});

test('the History results dialog clamps long text to two lines; the detail view has all of it', async ({
  page,
  admin,
}) => {
  const user = await subscriber(admin.pb, admin, 'detail-clamp');
  const long = Array.from({ length: 40 }, (_, i) => `Sentence ${i + 1} of a long ad body.`).join('\n');
  await createRunWithResults(
    admin.pb,
    user.id,
    { search_name: 'Long copy', results_count: 12 },
    Array.from({ length: 12 }, (_, i) => ({
      ad_id: `long-${i}`,
      store_name: `Store ${i}`,
      body: long,
      title: long,
    })),
  );
  await admin.signIn(page, user);
  const history = historyPage(page);
  await history.goto();
  await history.viewResults();
  const rows = history.resultRows(history.resultsDialog(12));
  await expect(rows).toHaveCount(12);
  const lineHeight = await rows
    .first()
    .locator('.cell-clamp')
    .first()
    .evaluate((el) => parseFloat(getComputedStyle(el).lineHeight));
  for (const row of (await rows.all()).slice(0, 3)) {
    const height = (await row.boundingBox())!.height;
    // two lines of text plus the cell's padding and border
    expect(height).toBeLessThan(lineHeight * 2 + 24);
  }
  // the rows share one creation time, so their order is not Store 0 first: pick it by its name
  await rows
    .filter({ has: page.getByRole('cell', { name: 'Store 0', exact: true }) })
    .locator('td')
    .first()
    .click();
  const view = detail(page, 'Store 0');
  await expect(view.getByTestId('ad-copy').getByText(long, { exact: true }).first()).toBeVisible();
});
