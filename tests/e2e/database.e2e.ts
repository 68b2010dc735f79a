/**
 * /app/database (SPEC §2, §4, §7, §8): seeded results reach the grid through the local mirror;
 * the Creative thumbnail and the 27 data columns, text that stays text, safe Link cells, the three filters, column toggles that
 * survive a reload, rows that arrive while the page is open, and the CSV export of exactly the
 * visible columns and filtered, sorted rows.
 */
import { readFileSync } from 'node:fs';
import type { Page } from '@playwright/test';
import { createRunWithResults, subscriber } from '../fixtures/records.ts';
import { SPEC_RESULT_HEADERS } from '../fixtures/spec-columns.ts';
import { expect, test, type Admin, type E2eUser } from './fixtures.ts';
import { forbidJsDialogs, toast } from './locators.ts';

const count = (page: Page) => page.getByTestId('database-count');
/** Rows the grid has rendered (body rows carry their row id; header rows do not). */
const renderedRows = (page: Page) => page.locator('.ag-row[row-id]');
const cell = (page: Page, rowId: string, colId: string) =>
  page.locator(`.ag-row[row-id="${rowId}"] .ag-cell[col-id="${colId}"]`);

const XSS = '<img src=x onerror=alert(1)>';
const FORMULA = '=HYPERLINK("http://evil.example","click")';

// the Creative thumbnail first (not a SPEC column, never exported), then SPEC's 24 in order
const HEADERS = ['Creative', ...SPEC_RESULT_HEADERS, 'Days Running', 'Variants', 'Winning Score'];

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

/**
 * The grid's headers in display order. Columns are virtualised (only those in view are in the
 * DOM), so this scrolls the grid sideways and collects them by aria-colindex.
 */
async function gridHeaders(page: Page): Promise<string[]> {
  return page.evaluate(async () => {
    const frames = () =>
      new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve)));
    const scroller = document.querySelector<HTMLElement>('.ag-body-horizontal-scroll-viewport');
    const seen = new Map<number, string>();
    const collect = () => {
      for (const el of document.querySelectorAll('.ag-header-cell[aria-colindex]')) {
        const text = el.querySelector('.ag-header-cell-text')?.textContent ?? '';
        seen.set(Number(el.getAttribute('aria-colindex')), text);
      }
    };
    if (scroller) {
      scroller.scrollLeft = 0;
      await frames();
    }
    collect();
    while (scroller && scroller.scrollLeft + scroller.clientWidth < scroller.scrollWidth - 1) {
      scroller.scrollLeft += Math.max(200, Math.floor(scroller.clientWidth / 2));
      await frames();
      collect();
    }
    if (scroller) {
      scroller.scrollLeft = 0;
      await frames();
    }
    return [...seen.entries()].sort((a, b) => a[0] - b[0]).map(([, text]) => text);
  });
}

/** Scrolls the grid sideways until the column's header is rendered. */
async function revealColumn(page: Page, colId: string): Promise<void> {
  await expect
    .poll(
      () =>
        page.evaluate((id) => {
          if (document.querySelector(`.ag-header-cell[col-id="${id}"]`)) return true;
          const scroller = document.querySelector<HTMLElement>('.ag-body-horizontal-scroll-viewport');
          if (scroller) scroller.scrollLeft += 300;
          return false;
        }, colId),
      { intervals: [50] },
    )
    .toBe(true);
}

async function openDatabase(page: Page, admin: Admin, user: E2eUser, expected: string): Promise<void> {
  await admin.signIn(page, user);
  await page.goto('/app/database');
  await expect(page.getByRole('heading', { level: 1, name: 'Search Database' })).toBeVisible();
  await expect(page.getByText('View all your scouted ad results')).toBeVisible();
  await expect(count(page)).toHaveText(expected, { timeout: 15_000 });
}

test('shows every result in 28 columns, text as text, and Link cells only for http(s) URLs', async ({
  page,
  admin,
}) => {
  const dialogs = forbidJsDialogs(page);
  const { user, runId, ids } = await seed(admin, 'db-grid');
  await openDatabase(page, admin, user, '3 results');
  await expect(renderedRows(page)).toHaveCount(3);

  expect(await gridHeaders(page)).toEqual(HEADERS);
  await expect(page.getByRole('grid')).toHaveAttribute('aria-colcount', '28');

  await expect(cell(page, ids.paws, 'store_name')).toHaveText('Happy Paws');
  await expect(cell(page, ids.paws, 'country')).toHaveText('US');
  await expect(cell(page, ids.paws, 'reach')).toHaveText('12,345');
  await revealColumn(page, 'end_date');
  await expect(cell(page, ids.paws, 'page_likes')).toHaveText('1,500,000');
  await expect(cell(page, ids.paws, 'start_date')).toHaveText('2026-10-01');
  await expect(cell(page, ids.paws, 'end_date')).toHaveText('2026-11-20');
  await expect(cell(page, ids.cats, 'start_date')).toHaveText('');

  await revealColumn(page, 'product_link');
  const profile = cell(page, ids.paws, 'page_profile_url').getByRole('link', {
    name: 'Link (opens in a new tab)',
    exact: true,
  });
  await expect(profile).toHaveAttribute('href', 'https://www.facebook.com/happypaws');
  await expect(profile).toHaveAttribute('target', '_blank');
  await expect(profile).toHaveAttribute('rel', /\bnoopener\b/);
  await expect(cell(page, ids.paws, 'ad_library_url').getByRole('link', { name: 'Link' })).toHaveAttribute(
    'href',
    'https://www.facebook.com/ads/library/?id=111',
  );
  // javascript: is not a link, and an empty URL shows nothing
  await expect(cell(page, ids.paws, 'product_link').locator('a')).toHaveCount(0);
  await expect(cell(page, ids.paws, 'product_link')).toHaveText('');
  await expect(cell(page, ids.cats, 'page_profile_url').locator('a')).toHaveCount(0);

  await revealColumn(page, 'body');
  await expect(cell(page, ids.paws, 'body')).toHaveText(XSS);
  await expect(cell(page, ids.paws, 'body').locator('img')).toHaveCount(0);
  await expect(page.locator('.ag-root img[src="x"]')).toHaveCount(0);

  await revealColumn(page, 'winning_score');
  await expect(cell(page, ids.paws, 'winning_score')).toHaveText('61.5');

  // A row stored on the server while the page is open arrives without a reload.
  const added = await admin.pb.collection('search_results').create({
    run: runId,
    user: user.id,
    ...ad({ ad_id: '444', keywords: 'bird cage', country: 'FR', store_name: 'Nest & Co' }),
  });
  await expect(count(page)).toHaveText('4 results');
  await expect(renderedRows(page)).toHaveCount(4);
  await page.evaluate(() => {
    const scroller = document.querySelector<HTMLElement>('.ag-body-horizontal-scroll-viewport');
    if (scroller) scroller.scrollLeft = 0;
  });
  await expect(cell(page, added.id, 'store_name')).toHaveText('Nest & Co');

  expect(dialogs).toEqual([]);
});

test('the three filters narrow the rows case-insensitively, per keystroke, and clear', async ({
  page,
  admin,
}) => {
  const { user, ids } = await seed(admin, 'db-filter');
  await openDatabase(page, admin, user, '3 results');

  const filterButton = page.getByRole('button', { name: 'Filter', exact: true });
  await filterButton.click();
  const panel = page.getByRole('dialog', { name: 'Filter' });
  await expect(panel).toBeVisible();
  await expect(panel.getByLabel('Country')).toBeFocused();

  await panel.getByLabel('Country').fill('gb');
  await expect(count(page)).toHaveText('1 of 3 results');
  await expect(renderedRows(page)).toHaveCount(1);
  await expect(cell(page, ids.cats, 'store_name')).toHaveText('Cat Castle');

  await panel.getByLabel('Country').fill('');
  await panel.getByLabel('Keywords').pressSequentially('DOG');
  await expect(count(page)).toHaveText('2 of 3 results');
  await expect(renderedRows(page)).toHaveCount(2);

  await panel.getByLabel('Store Name').fill('print');
  await expect(count(page)).toHaveText('1 of 3 results');
  await expect(cell(page, ids.beds, 'store_name')).toHaveText('Paw Print Co');

  await panel.getByLabel('Store Name').fill('nothing like this');
  await expect(count(page)).toHaveText('0 of 3 results');
  await expect(renderedRows(page)).toHaveCount(0);
  await expect(page.getByText('No results match your filters.')).toBeVisible();

  await panel.getByRole('button', { name: 'Clear Filters' }).click();
  await expect(panel.getByLabel('Keywords')).toHaveValue('');
  await expect(panel.getByLabel('Store Name')).toHaveValue('');
  await expect(count(page)).toHaveText('3 results');
  await expect(renderedRows(page)).toHaveCount(3);

  // Escape closes the panel and focus goes back to the button that opened it.
  await page.keyboard.press('Escape');
  await expect(panel).toBeHidden();
  await expect(filterButton).toBeFocused();

  // The close button works too, and the filters are kept while the panel is shut.
  await filterButton.click();
  await panel.getByLabel('Country').fill('de');
  await panel.getByRole('button', { name: 'Close' }).click();
  await expect(panel).toBeHidden();
  await expect(count(page)).toHaveText('1 of 3 results');
});

test('column toggles hide and show columns and are remembered across a reload', async ({ page, admin }) => {
  const { user } = await seed(admin, 'db-columns');
  await openDatabase(page, admin, user, '3 results');

  await page.getByRole('button', { name: 'Columns', exact: true }).click();
  const panel = page.getByRole('dialog', { name: 'Toggle Columns' });
  await expect(panel).toBeVisible();
  const boxes = panel.getByRole('checkbox');
  await expect(boxes).toHaveCount(28);
  for (let i = 0; i < HEADERS.length; i++) {
    await expect(boxes.nth(i)).toBeChecked();
    await expect(panel.locator('label').nth(i)).toHaveText(HEADERS[i] as string);
  }

  await panel.getByRole('checkbox', { name: 'Keywords', exact: true }).uncheck();
  await panel.getByRole('checkbox', { name: 'Body', exact: true }).uncheck();
  await expect(page.locator('.ag-header-cell[col-id="keywords"]')).toHaveCount(0);
  await page.keyboard.press('Escape');
  await expect(panel).toBeHidden();
  const without = HEADERS.filter((header) => header !== 'Keywords' && header !== 'Body');
  expect(await gridHeaders(page)).toEqual(without);
  expect(await page.evaluate((id) => localStorage.getItem(`adscout.columns.${id}`), user.id)).toBe(
    '["keywords","body"]',
  );

  await page.reload();
  await expect(count(page)).toHaveText('3 results', { timeout: 15_000 });
  expect(await gridHeaders(page)).toEqual(without);
  await page.getByRole('button', { name: 'Columns', exact: true }).click();
  await expect(panel.getByRole('checkbox', { name: 'Keywords', exact: true })).not.toBeChecked();
  await expect(panel.getByRole('checkbox', { name: 'Body', exact: true })).not.toBeChecked();
  await expect(panel.getByRole('checkbox', { name: 'Country', exact: true })).toBeChecked();

  // Showing one again brings it back in its place.
  await panel.getByRole('checkbox', { name: 'Keywords', exact: true }).check();
  await page.keyboard.press('Escape');
  expect(await gridHeaders(page)).toEqual(HEADERS.filter((header) => header !== 'Body'));
  expect(await page.evaluate((id) => localStorage.getItem(`adscout.columns.${id}`), user.id)).toBe(
    '["body"]',
  );
});

test('Export CSV downloads the visible columns and the filtered, sorted rows', async ({ page, admin }) => {
  const { user } = await seed(admin, 'db-export');
  await openDatabase(page, admin, user, '3 results');

  const keep = new Set(['Country', 'Reach', 'Store Name', 'Start Date', 'Ad Library', 'Link Description']);
  await page.getByRole('button', { name: 'Columns', exact: true }).click();
  const columns = page.getByRole('dialog', { name: 'Toggle Columns' });
  for (const header of HEADERS) {
    if (!keep.has(header)) await columns.getByRole('checkbox', { name: header, exact: true }).uncheck();
  }
  await page.keyboard.press('Escape');
  expect(await gridHeaders(page)).toEqual([
    'Country',
    'Reach',
    'Store Name',
    'Start Date',
    'Ad Library',
    'Link Description',
  ]);

  await page.getByRole('button', { name: 'Filter', exact: true }).click();
  await page.getByRole('dialog', { name: 'Filter' }).getByLabel('Keywords').fill('dog');
  await page.keyboard.press('Escape');
  await expect(count(page)).toHaveText('2 of 3 results');

  // Sorted by store name, descending: a second click on the header.
  const storeHeader = page.locator('.ag-header-cell[col-id="store_name"] .ag-header-cell-label');
  await storeHeader.click();
  await expect(page.locator('.ag-header-cell[col-id="store_name"]')).toHaveAttribute(
    'aria-sort',
    'ascending',
  );
  await storeHeader.click();
  await expect(page.locator('.ag-header-cell[col-id="store_name"]')).toHaveAttribute(
    'aria-sort',
    'descending',
  );
  await expect(page.locator('.ag-row[row-id][row-index="0"] .ag-cell[col-id="store_name"]')).toHaveText(
    'Paw Print Co',
  );

  const downloading = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Export CSV' }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toMatch(/^AdScout_SearchDatabase_\d{4}-\d{2}-\d{2}\.csv$/);
  const path = await download.path();
  const csv = readFileSync(path, 'utf8');
  expect(csv).toBe(
    '\uFEFF' +
      '"Country","Reach","Store Name","Start Date","Ad Library","Link Description"\r\n' +
      '"DE","0","Paw Print Co","","https://www.facebook.com/ads/library/?id=333","Say ""woof"""\r\n' +
      `"US","12345","Happy Paws","2026-10-01","https://www.facebook.com/ads/library/?id=111","'=HYPERLINK(""http://evil.example"",""click"")"\r\n`,
  );
  await expect(toast(page, 'Export successful')).toBeVisible();
});

test('a user without results sees an empty database and "No results to export"', async ({ page, admin }) => {
  const user = await subscriber(admin.pb, admin, 'db-empty');
  await openDatabase(page, admin, user, '0 results');
  await expect(page.getByText('No results to see.')).toBeVisible();
  await expect(page.locator('.ag-header-cell[col-id="active_status"]')).toBeVisible();
  let downloaded = false;
  page.on('download', () => {
    downloaded = true;
  });
  await page.getByRole('button', { name: 'Export CSV' }).click();
  await expect(toast(page, 'No results to export')).toBeVisible();
  expect(downloaded).toBe(false);
});
