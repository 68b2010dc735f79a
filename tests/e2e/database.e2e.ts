/**
 * /app/database (docs/product.md): seeded results reach the grid through the local mirror;
 * the Creative thumbnail, the 27 data columns and Tags (Text on creative hidden until shown), text that stays text, safe Link cells, the three filters, column toggles that
 * survive a reload, rows that arrive while the page is open, and the CSV export of exactly the
 * visible columns and filtered, sorted rows.
 */
import { readFileSync } from 'node:fs';
import { createRunWithResults, subscriber } from '../fixtures/records.ts';
import { SPEC_RESULT_HEADERS } from '../fixtures/spec-columns.ts';
import { databasePage, type DatabasePage } from './database-page.ts';
import { expect, test, type Admin, type E2eUser } from './fixtures.ts';
import { forbidJsDialogs, toast } from './locators.ts';
import { COLLECTIONS } from '../../src/domain/api/collections.ts';

const XSS = '<img src=x onerror=alert(1)>';
const FORMULA = '=HYPERLINK("http://evil.example","click")';

// the Creative thumbnail first (not one of the product's columns, never exported), then the product's 24 in
// order, then the derived three and Tags; Text on creative is hidden until shown (docs/ai.md#in-the-database)
const HEADERS = ['Creative', ...SPEC_RESULT_HEADERS, 'Days Running', 'Variants', 'Winning Score', 'Tags'];

interface Seeded {
  user: E2eUser;
  runId: string;
  /** Row ids by short name. */
  ids: { paws: string; cats: string; beds: string };
}

function ad(overrides: Record<string, unknown>): Record<string, unknown> {
  return {
    active_status: 'Active',
    reach: 0,
    title: 'An ad',
    category: 'Pets',
    format: 'image',
    page_likes: 0,
    start_date: '',
    end_date: '',
    platforms: 'FACEBOOK',
    page_profile_url: '',
    ad_library_url: '',
    product_link: '',
    caption: '',
    cta_text: 'Shop now',
    body: 'Plain body',
    cta_type: 'SHOP_NOW',
    link_description: '',
    age_ranges: '18-65+',
    page_id: '100',
    gender_audience: 'All',
    collation_count: 1,
    days_running: 10,
    winning_score: 20,
    ...overrides,
  };
}

/** A subscriber with one completed run and three results. */
async function seed(admin: Admin, label: string): Promise<Seeded> {
  const user = await subscriber(admin.pb, admin, label);
  const run = {
    search_name: 'Pets',
    facebook_link: 'https://www.facebook.com/ads/library/?q=pets',
    target_country: 'US',
    keywords_used: 'dog toys',
    requested_count: 100,
    status: 'completed',
    started_at: '2026-11-22 10:00:00.000Z',
    finished_at: '2026-11-22 10:04:00.000Z',
    results_count: 3,
    source: 'demo',
  };
  const rows = [
    ad({
      ad_id: '111',
      keywords: 'dog toys',
      country: 'US',
      store_name: 'Happy Paws',
      reach: 12345,
      reach_known: true,
      page_likes: 1500000,
      start_date: '2026-10-01 08:30:00.000Z',
      end_date: '2026-11-20 00:00:00.000Z',
      page_profile_url: 'https://www.facebook.com/happypaws',
      ad_library_url: 'https://www.facebook.com/ads/library/?id=111',
      product_link: 'javascript:alert(1)',
      body: XSS,
      link_description: FORMULA,
      winning_score: 61.5,
    }),
    ad({
      ad_id: '222',
      keywords: 'cat tree',
      country: 'GB',
      store_name: 'Cat Castle',
      ad_library_url: 'https://www.facebook.com/ads/library/?id=222',
      link_description: 'Climb high',
    }),
    ad({
      ad_id: '333',
      keywords: 'Dog beds',
      country: 'DE',
      store_name: 'Paw Print Co',
      ad_library_url: 'https://www.facebook.com/ads/library/?id=333',
      link_description: 'Say "woof"',
    }),
  ];
  const created = await createRunWithResults(admin.pb, user.id, run, rows);
  const [paws, cats, beds] = created.resultIds;
  if (!paws || !cats || !beds) throw new Error('seeding failed');
  return { user, runId: created.run.id, ids: { paws, cats, beds } };
}

async function openDatabase(db: DatabasePage, admin: Admin, user: E2eUser, expected: string): Promise<void> {
  await db.open(admin, user, expected);
  await expect(db.page.getByRole('heading', { level: 1, name: 'Search Database' })).toBeVisible();
  await expect(db.page.getByText('View all your scouted ad results')).toBeVisible();
}

test('shows every result in 29 columns, text as text, and Link cells only for http(s) URLs', async ({
  page,
  admin,
}) => {
  const db = databasePage(page);
  const dialogs = forbidJsDialogs(page);
  const { user, runId, ids } = await seed(admin, 'db-grid');
  await openDatabase(db, admin, user, '3 results');
  await expect(db.rows).toHaveCount(3);

  expect(await db.headers()).toEqual(HEADERS);
  // every column, Text on creative hidden too (AG Grid counts it), and the checkbox column
  await expect(page.getByRole('grid')).toHaveAttribute('aria-colcount', '31');

  await expect(db.cell(ids.paws, 'store_name')).toHaveText('Happy Paws');
  await expect(db.cell(ids.paws, 'country')).toHaveText('US');
  await expect(db.cell(ids.paws, 'reach')).toHaveText('12,345');
  // a reach the source did not give is empty, not 0
  await expect(db.cell(ids.cats, 'reach')).toHaveText('');
  await db.revealColumn('end_date');
  await expect(db.cell(ids.paws, 'page_likes')).toHaveText('1,500,000');
  await expect(db.cell(ids.paws, 'start_date')).toHaveText('2026-10-01');
  await expect(db.cell(ids.paws, 'end_date')).toHaveText('2026-11-20');
  await expect(db.cell(ids.cats, 'start_date')).toHaveText('');

  await db.revealColumn('product_link');
  const profile = db.cell(ids.paws, 'page_profile_url').getByRole('link', {
    name: 'Link (opens in a new tab)',
    exact: true,
  });
  await expect(profile).toHaveAttribute('href', 'https://www.facebook.com/happypaws');
  await expect(profile).toHaveAttribute('target', '_blank');
  await expect(profile).toHaveAttribute('rel', /\bnoopener\b/);
  await expect(db.cell(ids.paws, 'ad_library_url').getByRole('link', { name: 'Link' })).toHaveAttribute(
    'href',
    'https://www.facebook.com/ads/library/?id=111',
  );
  // javascript: is not a link, and an empty URL shows nothing
  await expect(db.cell(ids.paws, 'product_link').locator('a')).toHaveCount(0);
  await expect(db.cell(ids.paws, 'product_link')).toHaveText('');
  await expect(db.cell(ids.cats, 'page_profile_url').locator('a')).toHaveCount(0);

  await db.revealColumn('body');
  await expect(db.cell(ids.paws, 'body')).toHaveText(XSS);
  await expect(db.cell(ids.paws, 'body').locator('img')).toHaveCount(0);
  await expect(page.locator('img[src="x"]')).toHaveCount(0);

  await db.revealColumn('winning_score');
  await expect(db.cell(ids.paws, 'winning_score')).toHaveText('61.5');

  // A row stored on the server while the page is open arrives without a reload.
  const added = await admin.pb.collection(COLLECTIONS.searchResults).create({
    run: runId,
    user: user.id,
    ...ad({ ad_id: '444', keywords: 'bird cage', country: 'FR', store_name: 'Nest & Co' }),
  });
  await expect(db.count).toHaveText('4 results');
  await expect(db.rows).toHaveCount(4);
  await db.scrollToStart();
  await expect(db.cell(added.id, 'store_name')).toHaveText('Nest & Co');

  expect(dialogs).toEqual([]);
});

test('the three filters narrow the rows case-insensitively, per keystroke, and clear', async ({
  page,
  admin,
}) => {
  const db = databasePage(page);
  const { user, ids } = await seed(admin, 'db-filter');
  await openDatabase(db, admin, user, '3 results');

  const filterButton = db.filterButton;
  await filterButton.click();
  const panel = db.filterPanel;
  await expect(panel).toBeVisible();
  await expect(panel.getByLabel('Country')).toBeFocused();

  await panel.getByLabel('Country').fill('gb');
  await expect(db.count).toHaveText('1 of 3 results');
  await expect(db.rows).toHaveCount(1);
  await expect(db.cell(ids.cats, 'store_name')).toHaveText('Cat Castle');

  await panel.getByLabel('Country').fill('');
  await panel.getByLabel('Keywords').pressSequentially('DOG');
  await expect(db.count).toHaveText('2 of 3 results');
  await expect(db.rows).toHaveCount(2);

  await panel.getByLabel('Store Name').fill('print');
  await expect(db.count).toHaveText('1 of 3 results');
  await expect(db.cell(ids.beds, 'store_name')).toHaveText('Paw Print Co');

  await panel.getByLabel('Store Name').fill('nothing like this');
  await expect(db.count).toHaveText('0 of 3 results');
  await expect(db.rows).toHaveCount(0);
  await expect(page.getByText('No results match your filters.')).toBeVisible();

  await panel.getByRole('button', { name: 'Clear Filters' }).click();
  await expect(panel.getByLabel('Keywords')).toHaveValue('');
  await expect(panel.getByLabel('Store Name')).toHaveValue('');
  await expect(db.count).toHaveText('3 results');
  await expect(db.rows).toHaveCount(3);

  // Escape closes the panel and focus goes back to the button that opened it.
  await page.keyboard.press('Escape');
  await expect(panel).toBeHidden();
  await expect(filterButton).toBeFocused();

  // The close button works too, and the filters are kept while the panel is shut.
  await filterButton.click();
  await panel.getByLabel('Country').fill('de');
  await panel.getByRole('button', { name: 'Close' }).click();
  await expect(panel).toBeHidden();
  await expect(db.count).toHaveText('1 of 3 results');
});

test('column toggles hide and show columns and are remembered across a reload', async ({ page, admin }) => {
  const db = databasePage(page);
  const { user } = await seed(admin, 'db-columns');
  await openDatabase(db, admin, user, '3 results');

  await db.columnsButton.click();
  const panel = db.columnsPanel;
  await expect(panel).toBeVisible();
  const boxes = panel.getByRole('checkbox');
  await expect(boxes).toHaveCount(30);
  for (let i = 0; i < HEADERS.length; i++) {
    await expect(boxes.nth(i)).toBeChecked();
    await expect(panel.locator('label').nth(i)).toHaveText(HEADERS[i] as string);
  }
  await expect(panel.getByRole('checkbox', { name: 'Text on creative', exact: true })).not.toBeChecked();

  await panel.getByRole('checkbox', { name: 'Keywords', exact: true }).uncheck();
  await panel.getByRole('checkbox', { name: 'Body', exact: true }).uncheck();
  await expect(db.header('keywords')).toHaveCount(0);
  await page.keyboard.press('Escape');
  await expect(panel).toBeHidden();
  const without = HEADERS.filter((header) => header !== 'Keywords' && header !== 'Body');
  expect(await db.headers()).toEqual(without);
  expect(await page.evaluate((id) => localStorage.getItem(`adscout.columns.${id}`), user.id)).toBe(
    '["keywords","body"]',
  );

  await page.reload();
  await expect(db.count).toHaveText('3 results', { timeout: 15_000 });
  expect(await db.headers()).toEqual(without);
  await db.columnsButton.click();
  await expect(panel.getByRole('checkbox', { name: 'Keywords', exact: true })).not.toBeChecked();
  await expect(panel.getByRole('checkbox', { name: 'Body', exact: true })).not.toBeChecked();
  await expect(panel.getByRole('checkbox', { name: 'Country', exact: true })).toBeChecked();

  // Showing one again brings it back in its place.
  await panel.getByRole('checkbox', { name: 'Keywords', exact: true }).check();
  await page.keyboard.press('Escape');
  expect(await db.headers()).toEqual(HEADERS.filter((header) => header !== 'Body'));
  expect(await page.evaluate((id) => localStorage.getItem(`adscout.columns.${id}`), user.id)).toBe(
    '["body"]',
  );
});

test('Export CSV downloads the visible columns and the filtered, sorted rows', async ({ page, admin }) => {
  // 22 columns hidden one click at each, each a re-render of the grid: 15–20 s on a busy machine
  test.setTimeout(60_000);
  const db = databasePage(page);
  const { user } = await seed(admin, 'db-export');
  await openDatabase(db, admin, user, '3 results');

  const keep = new Set(['Country', 'Reach', 'Store Name', 'Start Date', 'Ad Library', 'Link Description']);
  await db.columnsButton.click();
  const columns = db.columnsPanel;
  for (const header of HEADERS) {
    if (!keep.has(header)) await columns.getByRole('checkbox', { name: header, exact: true }).uncheck();
  }
  await page.keyboard.press('Escape');
  expect(await db.headers()).toEqual([
    'Country',
    'Reach',
    'Store Name',
    'Start Date',
    'Ad Library',
    'Link Description',
  ]);

  await db.filterButton.click();
  await db.filterPanel.getByLabel('Keywords').fill('dog');
  await page.keyboard.press('Escape');
  await expect(db.count).toHaveText('2 of 3 results');

  // Sorted by store name, descending: a second click on the header.
  await db.sortBy('store_name', 'descending');
  await expect(db.cellAt(0, 'store_name')).toHaveText('Paw Print Co');

  const downloading = page.waitForEvent('download');
  await db.exportButton.click();
  const download = await downloading;
  expect(download.suggestedFilename()).toMatch(/^AdScout_SearchDatabase_\d{4}-\d{2}-\d{2}\.csv$/);
  const path = await download.path();
  const csv = readFileSync(path, 'utf8');
  expect(csv).toBe(
    '\uFEFF' +
      '"Country","Reach","Store Name","Start Date","Ad Library","Link Description"\r\n' +
      '"DE","","Paw Print Co","","https://www.facebook.com/ads/library/?id=333","Say ""woof"""\r\n' +
      `"US","12345","Happy Paws","2026-10-01","https://www.facebook.com/ads/library/?id=111","'=HYPERLINK(""http://evil.example"",""click"")"\r\n`,
  );
  await expect(toast(page, 'Export successful')).toBeVisible();
});

test('a user without results sees an empty database and "No results to export"', async ({ page, admin }) => {
  const db = databasePage(page);
  const user = await subscriber(admin.pb, admin, 'db-empty');
  await openDatabase(db, admin, user, '0 results');
  await expect(page.getByText('No results to see.')).toBeVisible();
  await expect(db.header('active_status')).toBeVisible();
  let downloaded = false;
  page.on('download', () => {
    downloaded = true;
  });
  await db.exportButton.click();
  await expect(toast(page, 'No results to export')).toBeVisible();
  expect(downloaded).toBe(false);
});
