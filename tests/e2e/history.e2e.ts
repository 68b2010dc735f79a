/**
 * /app/history (docs/product.md: badges, exports, messages, the sort default): seeded runs and
 * rows reach the page through the local mirror; cards, filters, sort, the results dialog, the
 * per-run CSV export, 'Run again', and ad text that stays text
 * (docs/invariants.md#invariant-8-ad-text-is-data).
 */
import { readFileSync } from 'node:fs';
import type { Page } from '@playwright/test';
import { AD_FIELDS } from '../../src/domain/records/entities.ts';
import { subscriber } from '../fixtures/records.ts';
import { expect, test, type Admin, type E2eUser } from './fixtures.ts';
import { historyPage } from './history-page.ts';
import { forbidJsDialogs, toast } from './locators.ts';
import { COLLECTIONS } from '../../src/domain/api/collections.ts';

// Dates show in the browser's local time: Berlin is UTC+1 in November.
test.use({ timezoneId: 'Europe/Berlin' });

const DOG_LINK =
  'https://www.facebook.com/ads/library/?active_status=active&ad_type=all&country=DE&q=dog%20toys';
const XSS = '<img src=x onerror=alert(1)>';

interface Seeded {
  user: E2eUser;
  dogRun: string;
}

/** A subscriber with three runs: completed with 3 rows, failed with none, working with 1 row. */
async function seed(admin: Admin, label: string): Promise<Seeded> {
  const user = await subscriber(admin.pb, admin, label);
  const runs = admin.pb.collection(COLLECTIONS.searchRuns);
  const dog = await runs.create({
    user: user.id,
    search_name: 'Dog Toys DE',
    facebook_link: DOG_LINK,
    target_country: 'DE',
    keywords_used: 'chew toys, Ball',
    requested_count: 100,
    status: 'completed',
    started_at: '2026-11-22 13:05:00.000Z',
    finished_at: '2026-11-22 13:09:00.000Z',
    results_count: 3,
    source: 'demo',
    library_total: 4100,
  });
  await runs.create({
    user: user.id,
    search_name: 'cat beds',
    facebook_link: 'https://www.facebook.com/ads/library/?q=cat%20beds',
    target_country: 'US',
    keywords_used: '',
    requested_count: 50,
    status: 'failed',
    started_at: '2026-11-20 08:30:00.000Z',
    results_count: 0,
    error: 'Failed to scrape ads. Please try again.',
  });
  const bird = await runs.create({
    user: user.id,
    search_name: 'Bird Cages',
    facebook_link: 'https://www.facebook.com/ads/library/?q=bird%20cages',
    target_country: 'GB',
    keywords_used: 'cages',
    requested_count: 1000,
    status: 'working',
    started_at: '2026-11-21 10:00:00.000Z',
    results_count: 1,
    // A lease held far into the future: no worker claims this run and no sweep fails it.
    lease_owner: 'e2e-history-hold',
    lease_expires_at: '2099-01-01 00:00:00.000Z',
  });

  // Ids in creation order, so the local order (server `updated`, then id) is the creation order.
  const prefix = `h${Math.random().toString(36).slice(2, 8).padEnd(6, '0')}`;
  const id = (n: number) => `${prefix}${String(n).padStart(15 - prefix.length, '0')}`;
  const results = admin.pb.collection(COLLECTIONS.searchResults);
  await results.create({
    id: id(1),
    run: dog.id,
    user: user.id,
    active_status: 'Active',
    keywords: 'chew toys',
    country: 'DE',
    reach: 1200,
    reach_known: true,
    store_name: 'Pawsome',
    title: 'Chew toy "Max"',
    ad_id: '1001',
    category: 'Pets',
    format: 'Video',
    page_likes: 5400,
    start_date: '2026-11-01 00:00:00.000Z',
    platforms: 'facebook, instagram',
    page_profile_url: 'https://www.facebook.com/pawsome',
    ad_library_url: 'https://www.facebook.com/ads/library/?id=1001',
    product_link: 'https://shop.example/products/max',
    caption: 'Durable',
    cta_text: 'Shop now',
    body: 'He said "buy now"\nSecond line',
    cta_type: 'SHOP_NOW',
    link_description: 'Free shipping',
    age_ranges: '18-65+',
    page_id: 'p1',
    gender_audience: 'All',
  });
  await results.create({
    id: id(2),
    run: dog.id,
    user: user.id,
    title: 'Cat',
    ad_id: '1002',
    caption: "=cmd|' /C calc'!A0",
    body: XSS,
  });
  await results.create({
    id: id(3),
    run: dog.id,
    user: user.id,
    title: '+SUM(1)',
    ad_id: '1003',
    product_link: 'javascript:alert(1)',
  });
  await results.create({ id: id(4), run: bird.id, user: user.id, title: 'Cage', ad_id: '2001' });
  return { user, dogRun: dog.id };
}

/** Signs in, opens the page and waits for the seeded runs to arrive in the local mirror. */
async function openHistory(page: Page, admin: Admin, user: E2eUser, count = 3) {
  await admin.signIn(page, user);
  await historyPage(page).goto();
  await expect(page.getByRole('heading', { level: 1, name: 'Search History' })).toBeVisible();
  await expect(historyPage(page).cards).toHaveCount(count, { timeout: 15_000 });
}

test('cards show each run, and the Filter & Sort panel filters, sorts and clears', async ({
  page,
  admin,
}) => {
  const history = historyPage(page);
  const jsDialogs = forbidJsDialogs(page);
  const { user } = await seed(admin, 'history-cards');
  await admin.signIn(page, user);
  await history.goto();
  await expect(page.getByText('View all your previous ad scouting searches')).toBeVisible();
  await expect(history.cards).toHaveCount(3, { timeout: 15_000 });

  // docs/product.md#constants-and-limits: newest first by default
  const names = history.cards.getByRole('heading', { level: 2 });
  await expect(names).toHaveText(['Dog Toys DE', 'Bird Cages', 'cat beds']);

  const dog = history.card('Dog Toys DE');
  await expect(dog.locator('.badge')).toHaveText('Completed');
  await expect(dog.locator('.badge')).toHaveClass(/badge-success/);
  await expect(dog.getByText('Nov 22, 2026 14:05', { exact: true })).toBeVisible();
  await expect(dog.getByText('DE - Germany', { exact: true })).toBeVisible();
  await expect(dog.getByText('100 ads', { exact: true })).toBeVisible();
  await expect(dog.getByText('3 ads', { exact: true })).toBeVisible();
  await expect(dog.getByText('chew toys, Ball', { exact: true })).toBeVisible();
  await expect(dog.getByTestId('run-coverage')).toHaveText(
    '3 of about 4,100 ads in the Library for this search',
  );
  await expect(dog.getByRole('button', { name: 'View results' })).toHaveAttribute('title', 'View results');
  await expect(dog.getByRole('button', { name: 'Export CSV' })).toHaveAttribute('title', 'Export CSV');

  const cat = history.card('cat beds');
  await expect(cat.locator('.badge')).toHaveText('Failed');
  await expect(cat.locator('.badge')).toHaveClass(/badge-danger/);
  await expect(cat.getByText('Nov 20, 2026 09:30', { exact: true })).toBeVisible();
  await expect(cat.getByText('US - United States', { exact: true })).toBeVisible();
  await expect(cat.getByText('50 ads', { exact: true })).toBeVisible();
  await expect(cat.getByText('0 ads', { exact: true })).toBeVisible();
  await expect(cat.getByText('None', { exact: true })).toBeVisible();
  // the source did not say how many ads the Library holds: nothing is shown
  await expect(cat.getByTestId('run-coverage')).toHaveCount(0);

  const bird = history.card('Bird Cages');
  await expect(bird.locator('.badge')).toHaveText('Working');
  await expect(bird.locator('.badge')).toHaveClass(/badge-warning/);
  await expect(bird.getByText('Nov 21, 2026 11:00', { exact: true })).toBeVisible();
  await expect(bird.getByText('1,000 ads', { exact: true })).toBeVisible();
  await expect(bird.getByText('1 ad', { exact: true })).toBeVisible();

  // the panel sits beside the list on a wide screen
  const panel = history.filterPanel;
  await expect(panel.getByRole('heading', { name: 'Filter & Sort' })).toBeVisible();
  const sortBy = panel.getByLabel('Sort By');
  const direction = panel.getByLabel('Direction');
  await expect(sortBy).toHaveValue('date');
  await expect(sortBy.locator('option')).toHaveText(['Date Created', 'Search Name', 'Results Count']);
  await expect(direction.locator('option')).toHaveText(['Descending', 'Ascending']);

  // each text filter narrows, ignoring case
  await panel.getByLabel('Search Name').fill('DOG');
  await expect(names).toHaveText(['Dog Toys DE']);
  await panel.getByLabel('Search Name').fill('c');
  await expect(names).toHaveText(['Bird Cages', 'cat beds']);
  await panel.getByLabel('Search Name').fill('');
  await panel.getByLabel('Country').fill('germ');
  await expect(names).toHaveText(['Dog Toys DE']);
  await panel.getByLabel('Country').fill('de');
  await expect(names).toHaveText(['Dog Toys DE']);
  await panel.getByLabel('Country').fill('UNITED');
  await expect(names).toHaveText(['Bird Cages', 'cat beds']);
  await panel.getByLabel('Country').fill('gb');
  await expect(names).toHaveText(['Bird Cages']);
  await panel.getByLabel('Country').fill('');
  await panel.getByLabel('Keywords').fill('BALL');
  await expect(names).toHaveText(['Dog Toys DE']);
  await expect(page.getByText('Showing 1 of 3 searches')).toBeVisible();

  // filters combine; nothing left shows the product's message
  await panel.getByLabel('Search Name').fill('bird');
  await expect(history.cards).toHaveCount(0);
  await expect(page.getByText('No searches match your filters.', { exact: true })).toBeVisible();

  await panel.getByRole('button', { name: 'Clear Filters' }).click();
  await expect(names).toHaveText(['Dog Toys DE', 'Bird Cages', 'cat beds']);
  await expect(panel.getByLabel('Search Name')).toHaveValue('');
  await expect(panel.getByLabel('Keywords')).toHaveValue('');
  await expect(page.getByText('No searches match your filters.')).toHaveCount(0);

  // sorting, both ways
  await sortBy.selectOption({ label: 'Search Name' });
  await expect(names).toHaveText(['Dog Toys DE', 'cat beds', 'Bird Cages']);
  await direction.selectOption({ label: 'Ascending' });
  await expect(names).toHaveText(['Bird Cages', 'cat beds', 'Dog Toys DE']);
  await sortBy.selectOption({ label: 'Results Count' });
  await expect(names).toHaveText(['cat beds', 'Bird Cages', 'Dog Toys DE']);
  await direction.selectOption({ label: 'Descending' });
  await expect(names).toHaveText(['Dog Toys DE', 'Bird Cages', 'cat beds']);
  await sortBy.selectOption({ label: 'Date Created' });
  await direction.selectOption({ label: 'Ascending' });
  await expect(names).toHaveText(['cat beds', 'Bird Cages', 'Dog Toys DE']);

  // Clear Filters also restores the default sort
  await panel.getByRole('button', { name: 'Clear Filters' }).click();
  await expect(sortBy).toHaveValue('date');
  await expect(direction).toHaveValue('desc');
  await expect(names).toHaveText(['Dog Toys DE', 'Bird Cages', 'cat beds']);

  // the panel can be hidden and shown again
  const toggle = history.filterToggle;
  await expect(toggle).toHaveAttribute('aria-expanded', 'true');
  await toggle.click();
  await expect(panel).toHaveCount(0);
  await toggle.click();
  await expect(panel).toBeVisible();
  expect(jsDialogs).toEqual([]);
});

test('View results shows the rows as text in a modal table, and says when there are none', async ({
  page,
  admin,
}) => {
  const history = historyPage(page);
  const jsDialogs = forbidJsDialogs(page);
  const { user } = await seed(admin, 'history-view');
  await openHistory(page, admin, user);

  const opener = history.card('Dog Toys DE').getByRole('button', { name: 'View results' });
  await opener.click();
  const dialog = history.resultsDialog(3);
  await expect(dialog).toBeVisible();
  await expect(dialog.locator('thead th')).toHaveText(AD_FIELDS.map((field) => field.header));
  await expect(history.resultRows(dialog)).toHaveCount(3);
  await expect(dialog.locator('thead th').first()).toHaveCSS('position', 'sticky');

  // third-party text is text: the markup shows literally, and nothing was parsed or run
  await expect(dialog.getByText(XSS, { exact: true })).toBeVisible();
  await expect(dialog.locator('img')).toHaveCount(0);
  await expect(dialog.getByRole('cell', { name: 'Chew toy "Max"' })).toBeVisible();

  // numbers and dates show as the Database grid shows them
  const first = history.resultRows(dialog).first();
  await expect(first.getByRole('cell', { name: '1,200', exact: true })).toBeVisible();
  await expect(first.getByRole('cell', { name: '5,400', exact: true })).toBeVisible();
  await expect(first.getByRole('cell', { name: '2026-11-01', exact: true })).toBeVisible();

  // http(s) URLs are 'Link' anchors in a new tab; a javascript: URL is not a link and, as in the
  // Database grid, shows nothing
  const links = dialog.getByRole('link', { name: 'Link (opens in a new tab)', exact: true });
  await expect(links).toHaveCount(3);
  for (const link of await links.all()) {
    await expect(link).toHaveAttribute('target', '_blank');
    await expect(link).toHaveAttribute('rel', 'noopener noreferrer');
  }
  await expect(links.nth(2)).toHaveAttribute('href', 'https://shop.example/products/max');
  await expect(dialog.locator('a[href^="javascript"]')).toHaveCount(0);
  const productLink = AD_FIELDS.findIndex((field) => field.key === 'product_link');
  await expect(history.resultRows(dialog).nth(2).locator('td').nth(productLink)).toHaveText('');
  await expect(dialog.getByText('javascript:alert(1)')).toHaveCount(0);

  // a modal: the page behind is inert; Escape closes it and focus goes back to the button
  expect(await dialog.evaluate((el) => el.matches(':modal'))).toBe(true);
  await page.keyboard.press('Escape');
  await expect(dialog).toHaveCount(0);
  await expect(opener).toBeFocused();

  await history.viewResults('cat beds');
  const empty = history.resultsDialog(0);
  await expect(empty).toBeVisible();
  await expect(empty.getByText('No results to see.', { exact: true })).toBeVisible();
  await expect(empty.locator('table')).toHaveCount(0);
  await empty.getByRole('button', { name: 'Close' }).click();
  await expect(empty).toHaveCount(0);

  await history.viewResults('Bird Cages');
  await expect(history.resultsDialog(1)).toBeVisible();
  await expect(history.resultRows(history.resultsDialog(1))).toHaveCount(1);
  await page.keyboard.press('Escape');
  await expect(page.getByRole('dialog')).toHaveCount(0);
  expect(jsDialogs).toEqual([]);
});

test("Export CSV downloads the run's rows exactly, and says when a run has none", async ({ page, admin }) => {
  const history = historyPage(page);
  const { user } = await seed(admin, 'history-export');
  await openHistory(page, admin, user);
  // the rows are in the local mirror once the dialog counts them
  await history.viewResults('Dog Toys DE');
  await expect(history.resultsDialog(3)).toBeVisible();
  await page.keyboard.press('Escape');

  const downloading = page.waitForEvent('download');
  await history.card('Dog Toys DE').getByRole('button', { name: 'Export CSV' }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toBe('AdScout_SearchHistory_2026-11-22.csv');
  const bytes = readFileSync((await download.path())!);
  expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
  const expected =
    '\uFEFF' +
    [
      '"active_status","keywords","country","reach","store_name","title","ad_id","category","format","page_likes",' +
        '"start_date","end_date","platforms","page_profile_url","ad_library_url","product_link","caption","cta_text",' +
        '"body","cta_type","link_description","age_ranges","page_id","gender_audience"',
      '"Active","chew toys","DE","1200","Pawsome","Chew toy ""Max""","1001","Pets","Video","5400",' +
        '"2026-11-01 00:00:00.000Z","","facebook, instagram","https://www.facebook.com/pawsome",' +
        '"https://www.facebook.com/ads/library/?id=1001","https://shop.example/products/max","Durable","Shop now",' +
        '"He said ""buy now""\nSecond line","SHOP_NOW","Free shipping","18-65+","p1","All"',
      `"","","","","","Cat","1002","","","0","","","","","","","'=cmd|' /C calc'!A0","","${XSS}","","","","",""`,
      `"","","","","","'+SUM(1)","1003","","","0","","","","","","javascript:alert(1)","","","","","","","",""`,
    ].join('\r\n') +
    '\r\n';
  expect(bytes.toString('utf8')).toBe(expected);
  await expect(toast(page, 'CSV exported successfully')).toBeVisible();

  await history.card('cat beds').getByRole('button', { name: 'Export CSV' }).click();
  await expect(toast(page, 'No results to export')).toBeVisible();
});

test('Run again opens the search form filled with the run', async ({ page, admin }) => {
  const history = historyPage(page);
  const { user } = await seed(admin, 'history-again');
  await openHistory(page, admin, user);
  await history.card('Dog Toys DE').getByRole('button', { name: 'Run again' }).click();
  await expect(page).toHaveURL(/\/app\/search$/);
  await expect(page.getByLabel('Search name')).toHaveValue('Dog Toys DE');
  await expect(page.getByLabel('Facebook Ad Library link')).toHaveValue(DOG_LINK);
  await expect(page.getByLabel('Target country')).toHaveValue('DE');
  await expect(page.getByLabel('Keywords (optional)')).toHaveValue('chew toys, Ball');
  await expect(page.getByLabel('Number of ads')).toHaveValue('100');
});

test('on a phone the panel opens from a button, nothing overflows, and a run without a country says N/A', async ({
  page,
  admin,
}) => {
  const history = historyPage(page);
  await page.setViewportSize({ width: 390, height: 844 });
  const { user } = await seed(admin, 'history-phone');
  await openHistory(page, admin, user);

  // A run with no country can only come from an older local mirror (the server requires one):
  // put it into this user's local database directly, then reload.
  await page.evaluate(
    async ({ userId }) => {
      const names = (await indexedDB.databases()).map((db) => db.name ?? '');
      const name = names.find((candidate) => candidate.includes(userId));
      if (!name) throw new Error(`no local database for ${userId} among ${names.join(', ')}`);
      await new Promise<void>((resolve, reject) => {
        const open = indexedDB.open(name);
        open.onerror = () => reject(open.error);
        open.onsuccess = () => {
          const db = open.result;
          const tx = db.transaction('runs', 'readwrite');
          tx.objectStore('runs').put({
            id: 'legacyrun000001',
            created: '2026-11-19 12:00:00.000Z',
            updated: '2026-11-19 12:00:00.000Z',
            user: userId,
            search_name: 'Legacy run',
            facebook_link: 'https://www.facebook.com/ads/library/?q=legacy',
            target_country: '',
            keywords_used: '',
            requested_count: 10,
            status: 'completed',
            started_at: '2026-11-19 12:00:00.000Z',
            finished_at: '',
            results_count: 0,
            new_count: 0,
            charged_count: 0,
            progress: 0,
            error: '',
            source: '',
          });
          tx.oncomplete = () => {
            db.close();
            resolve();
          };
          tx.onerror = () => reject(tx.error);
        };
      });
    },
    { userId: user.id },
  );
  await page.reload();
  await expect(history.cards).toHaveCount(4, { timeout: 15_000 });
  await expect(history.card('Legacy run').getByText('N/A', { exact: true })).toBeVisible();

  // the panel starts closed on a phone and opens from the button
  const panel = history.filterPanel;
  const toggle = history.filterToggle;
  await expect(panel).toHaveCount(0);
  await expect(toggle).toHaveAttribute('aria-expanded', 'false');
  await toggle.click();
  await expect(panel.getByRole('heading', { name: 'Filter & Sort' })).toBeVisible();
  await panel.getByLabel('Country').fill('Kingdom');
  await expect(history.cards).toHaveCount(1);
  await panel.getByRole('button', { name: 'Hide filters' }).click();
  await expect(panel).toHaveCount(0);
  // hiding the panel keeps the filter
  await expect(history.cards).toHaveCount(1);

  const overflow = () => page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(await overflow()).toBeLessThanOrEqual(0);

  await toggle.click();
  await panel.getByRole('button', { name: 'Clear Filters' }).click();
  await expect(history.cards).toHaveCount(4);
  expect(await overflow()).toBeLessThanOrEqual(0);

  // the dialog fits the phone; its table scrolls inside it
  await history.viewResults('Dog Toys DE');
  const dialog = history.resultsDialog(3);
  await expect(dialog).toBeVisible();
  const box = (await dialog.boundingBox())!;
  expect(box.x).toBeGreaterThanOrEqual(0);
  expect(box.x + box.width).toBeLessThanOrEqual(390);
  const scroller = dialog.getByRole('region', { name: 'Results table' });
  expect(await scroller.evaluate((el) => el.scrollWidth > el.clientWidth)).toBe(true);
  await dialog.getByRole('button', { name: 'Close' }).click();
  await expect(dialog).toHaveCount(0);
});

test('a user without runs gets an empty state that leads to a search', async ({ page, admin }) => {
  const history = historyPage(page);
  const user = await subscriber(admin.pb, admin, 'history-empty');
  await admin.signIn(page, user);
  await history.goto();
  await expect(page.getByRole('heading', { name: 'No searches yet' })).toBeVisible({ timeout: 15_000 });
  await expect(history.cards).toHaveCount(0);
  await expect(page.getByText('No searches match your filters.')).toHaveCount(0);
  await page.getByRole('link', { name: 'Start a search' }).click();
  await expect(page).toHaveURL(/\/app\/search$/);
});
