/**
 * The ad detail view (docs/ad-detail.md): opened from a Database row by a click or Enter, and
 * from a row of the History results dialog. It shows the creative (an https image served here
 * through Playwright's routing, as a CDN would), then the 'media unavailable' tile once media
 * fail; the arrows follow the grid's filter and sort (or the History dialog's list); closing it
 * puts the focus back on the row; axe finds nothing serious in it; hostile ad text stays text; a
 * demo scout's ads show the product images the app serves itself.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Locator, Page, Route } from '@playwright/test';
import { ROOT } from '../../scripts/lib/stack.mjs';
import { createRunWithResults, subscriber } from '../fixtures/records.ts';
import { expect, KNOWN_ERRORS, test, type Admin, type E2eUser, type ErrorGuard } from './fixtures.ts';
import { databasePage } from './database-page.ts';
import { historyPage } from './history-page.ts';
import { blocking as blockingOn, forbidJsDialogs, toast } from './locators.ts';

const CDN = 'https://media.adscout-e2e.test';
const PNG = readFileSync(join(ROOT, 'public', 'icons', 'icon-192.png'));
const XSS = '<img src=x onerror=alert(1)>';
const SCRIPT = '<script>alert("title")</script>';
const FORMULA = '=HYPERLINK("http://evil.example","click")';

const count = (page: Page) => databasePage(page).count;
const cell = (page: Page, id: string, colId: string) => databasePage(page).cell(id, colId);
const detail = (page: Page, name?: string) =>
  name === undefined ? page.getByTestId('ad-detail') : page.getByRole('dialog', { name, exact: true });
const creativeImage = (dialog: Locator) => dialog.getByTestId('ad-creative').locator('img');
const tile = (dialog: Locator) => dialog.getByTestId('ad-media-tile');
const kicker = (dialog: Locator) => dialog.locator('.ad-detail-kicker');

/**
 * Chromium logs every media load our CDN refuses (an expired link). `optional` where the test
 * may not show the expired ad (it walks a list in the page's order).
 */
function expectRefusedMedia(errorGuard: ErrorGuard, optional = false): void {
  errorGuard.expect(KNOWN_ERRORS.adMediaFailed(CDN, '/expired/', optional));
}

/**
 * The test's CDN: /ok/*.png are images until `expireAll()` (then 404, as a signed link expires),
 * /expired/* answer 404, and the video's request waits for `releaseVideo()` and then fails too.
 * Nothing is cached, so every view asks again.
 */
async function serveMedia(
  page: Page,
): Promise<{ releaseVideo: () => void; expireAll: () => void; requested: string[] }> {
  const requested: string[] = [];
  let expired = false;
  let releaseVideo = () => {};
  const videoReleased = new Promise<void>((resolve) => (releaseVideo = resolve));
  await page.route(`${CDN}/**`, async (route: Route) => {
    const url = route.request().url();
    requested.push(url);
    const headers = { 'Cache-Control': 'no-store', 'Access-Control-Allow-Origin': '*' };
    if (!expired && url.includes('/ok/') && url.endsWith('.png')) {
      await route.fulfill({ status: 200, contentType: 'image/png', body: PNG, headers });
    } else {
      if (url.endsWith('.mp4')) await videoReleased;
      await route.fulfill({ status: 404, contentType: 'text/plain', body: 'URL signature expired', headers });
    }
  });
  return { releaseVideo: () => releaseVideo(), expireAll: () => (expired = true), requested };
}

function ad(over: Record<string, unknown>): Record<string, unknown> {
  return {
    active_status: 'ACTIVE',
    keywords: 'lamp',
    country: 'US',
    category: 'Home decor',
    format: 'IMAGE',
    platforms: 'FACEBOOK, INSTAGRAM',
    start_date: '2026-09-01 00:00:00.000Z',
    cta_text: 'Shop now',
    cta_type: 'SHOP_NOW',
    days_running: 12,
    collation_count: 1,
    winning_score: 30,
    ...over,
  };
}

interface Seeded {
  user: E2eUser;
  ids: { alpha: string; bravo: string; charlie: string; delta: string; echo: string };
}

/** Five ads; Charlie is the one the 'lamp' keyword filter leaves out. */
async function seed(admin: Admin, label: string): Promise<Seeded> {
  const user = await subscriber(admin.pb, admin, label);
  const library = (id: string) => `https://www.facebook.com/ads/library/?id=${id}`;
  const rows = [
    ad({
      ad_id: '9001',
      store_name: 'Alpha Lamps',
      page_id: '1111',
      title: SCRIPT,
      body: `${XSS}\nSecond line of the body`,
      link_description: FORMULA,
      media_url: `${CDN}/ok/alpha.png`,
      ad_library_url: library('9001'),
      page_profile_url: 'https://www.facebook.com/alpha',
      product_link: 'javascript:alert(1)',
      days_running: 42,
      collation_count: 5,
      winning_score: 77.5,
      page_likes: 12500,
    }),
    ad({
      ad_id: '9002',
      store_name: 'Bravo Pets',
      media_url: `${CDN}/expired/bravo.jpg`,
      ad_library_url: library('9002'),
    }),
    ad({ ad_id: '9003', store_name: 'Charlie Gym', keywords: 'rope', media_url: `${CDN}/ok/charlie.png` }),
    ad({
      ad_id: '9004',
      store_name: 'Delta Kitchen',
      format: 'CAROUSEL',
      media_url: `${CDN}/ok/delta.png`,
      card_count: 4,
      ad_library_url: library('9004'),
    }),
    ad({
      ad_id: '9005',
      store_name: 'Echo Video',
      format: 'VIDEO',
      media_url: `${CDN}/ok/echo.mp4`,
      media_poster_url: `${CDN}/ok/echo.png`,
      ad_library_url: library('9005'),
    }),
  ];
  const created = await createRunWithResults(
    admin.pb,
    user.id,
    { search_name: 'Lamps', keywords_used: 'lamp', results_count: rows.length },
    rows,
  );
  const [alpha, bravo, charlie, delta, echo] = created.resultIds;
  if (!alpha || !bravo || !charlie || !delta || !echo) throw new Error('seeding failed');
  return { user, ids: { alpha, bravo, charlie, delta, echo } };
}

async function openDatabase(page: Page, admin: Admin, user: E2eUser, rows: number): Promise<void> {
  await databasePage(page).open(admin, user, `${rows} results`);
}

/** Keywords 'lamp', sorted by Store Name ascending: Alpha, Bravo, Delta, Echo. */
async function filterAndSort(page: Page): Promise<void> {
  const db = databasePage(page);
  await db.filterButton.click();
  await db.filterPanel.getByLabel('Keywords').fill('lamp');
  await page.keyboard.press('Escape');
  await expect(db.count).toHaveText('4 of 5 results');
  await db.sortBy('store_name', 'ascending');
}

const focusedRowId = (page: Page) => databasePage(page).focusedRowId();

/** The serious and critical axe findings in the detail view. */
const blocking = (page: Page) => blockingOn(page, '[data-testid="ad-detail"]');

// The detail view of a Database row in four tests, each with its own time budget: the first
// view, the arrows, the keyboard and focus, and links that expire.

test('a click on a row opens its ad: the image, the winning signals and the facts', async ({
  page,
  admin,
  errorGuard,
}) => {
  expectRefusedMedia(errorGuard, true); // Bravo's thumbnail, if the grid shows it by then
  await serveMedia(page);
  const { user, ids } = await seed(admin, 'detail-open');
  await openDatabase(page, admin, user, 5);
  await filterAndSort(page);

  // labelled with the store name, the image shown
  await cell(page, ids.alpha, 'country').click();
  const alpha = detail(page, 'Alpha Lamps');
  await expect(alpha).toBeVisible();
  expect(await alpha.evaluate((el) => el.matches(':modal'))).toBe(true);
  await expect(kicker(alpha)).toHaveText(/^Ad 1 of 4 /);
  const image = creativeImage(alpha);
  await expect(image).toHaveAttribute('src', `${CDN}/ok/alpha.png`);
  await expect
    .poll(() => image.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth))
    .toBe(192);
  await expect(image).toBeVisible();
  await expect(image).toHaveAttribute('alt', 'Creative of the ad by Alpha Lamps');
  await expect(tile(alpha)).toHaveCount(0);
  // the winning signals and the facts
  await expect(alpha.getByText('42 days', { exact: true })).toBeVisible();
  await expect(alpha.getByText('77.5 / 100', { exact: true })).toBeVisible();
  await expect(alpha.getByText('US - United States', { exact: true })).toBeVisible();
  await expect(alpha.getByText('FACEBOOK, INSTAGRAM', { exact: true })).toBeVisible();
  await expect(alpha.getByText('Still running', { exact: true })).toBeVisible();
  expect(await blocking(page), 'axe on the detail view with its image').toEqual([]);
});

test('the arrows follow the filter and sort: an expired link shows the tile, a carousel its first card, a video plays until its link fails', async ({
  page,
  admin,
  errorGuard,
}) => {
  expectRefusedMedia(errorGuard);
  // the video's link expires too
  errorGuard.expect(KNOWN_ERRORS.adMediaFailed(CDN, '/ok/'));
  const media = await serveMedia(page);
  const { user, ids } = await seed(admin, 'detail-arrows');
  await openDatabase(page, admin, user, 5);
  await filterAndSort(page);
  await cell(page, ids.alpha, 'country').click();
  await expect(detail(page, 'Alpha Lamps')).toBeVisible();

  // ↓: the next row as the grid shows it; its CDN link has expired: the tile, no broken image
  await page.keyboard.press('ArrowDown');
  const bravo = detail(page, 'Bravo Pets');
  await expect(bravo).toBeVisible();
  await expect(kicker(bravo)).toHaveText(/^Ad 2 of 4 /);
  await expect(tile(bravo)).toBeVisible();
  await expect(tile(bravo).getByText('Media unavailable', { exact: true })).toBeVisible();
  await expect(bravo.locator('img')).toHaveCount(0);
  const library = tile(bravo).getByRole('link', { name: /^Open in Ad Library/ });
  await expect(library).toHaveAttribute('href', 'https://www.facebook.com/ads/library/?id=9002');
  await expect(library).toHaveAttribute('target', '_blank');
  await expect(library).toHaveAttribute('rel', /\bnoopener\b/);
  expect(await blocking(page), 'axe on the detail view with the media tile').toEqual([]);

  // ↓ skips Charlie (filtered out): Delta's carousel shows its first card and its count
  await page.keyboard.press('ArrowDown');
  const delta = detail(page, 'Delta Kitchen');
  await expect(delta).toBeVisible();
  await expect(creativeImage(delta)).toHaveAttribute('src', `${CDN}/ok/delta.png`);
  await expect(delta.getByText('Carousel: card 1 of 4 (image)', { exact: true })).toBeVisible();
  await expect(delta.getByText('1 / 4', { exact: true })).toBeVisible();

  // ↓: a video plays in the page, with its preview image as the poster, until its link fails
  await page.keyboard.press('ArrowDown');
  const echo = detail(page, 'Echo Video');
  await expect(echo).toBeVisible();
  const video = echo.locator('video');
  await expect(video).toHaveAttribute('src', `${CDN}/ok/echo.mp4`);
  await expect(video).toHaveAttribute('poster', `${CDN}/ok/echo.png`);
  await expect(video).toHaveAttribute('controls', '');
  await expect(video).toHaveAttribute('preload', 'metadata');
  media.releaseVideo();
  await expect(tile(echo).getByText('Media unavailable', { exact: true })).toBeVisible();
  await expect(echo.locator('video')).toHaveCount(0);

  // the last row: ↓ stays; ↑ goes back
  await page.keyboard.press('ArrowDown');
  await expect(detail(page, 'Echo Video')).toBeVisible();
  await page.keyboard.press('ArrowUp');
  await expect(detail(page, 'Delta Kitchen')).toBeVisible();
});

test('closing the detail view focuses its row; Enter on a focused row opens its ad', async ({
  page,
  admin,
  errorGuard,
}) => {
  expectRefusedMedia(errorGuard);
  await serveMedia(page);
  const { user, ids } = await seed(admin, 'detail-focus');
  await openDatabase(page, admin, user, 5);
  await filterAndSort(page);
  await cell(page, ids.delta, 'country').click();
  await expect(detail(page, 'Delta Kitchen')).toBeVisible();

  // Escape closes it; the focus is on the row it showed
  await page.keyboard.press('Escape');
  await expect(detail(page)).toHaveCount(0);
  await expect.poll(() => focusedRowId(page)).toBe(ids.delta);

  // the keyboard: ↑ in the grid (Charlie is filtered out), Enter opens that row's ad; the close
  // button puts the focus back
  await page.keyboard.press('ArrowUp');
  await expect.poll(() => focusedRowId(page)).toBe(ids.bravo);
  await page.keyboard.press('Enter');
  const bravo = detail(page, 'Bravo Pets');
  await expect(bravo).toBeVisible();
  await expect(bravo.getByRole('button', { name: 'Close' })).toBeFocused();
  await bravo.getByRole('button', { name: 'Close' }).click();
  await expect(detail(page)).toHaveCount(0);
  await expect.poll(() => focusedRowId(page)).toBe(ids.bravo);
});

test("the grid's thumbnail loads from the CDN; once the link expired, the thumbnail shows the broken-image mark and the view the tile", async ({
  page,
  admin,
  errorGuard,
}) => {
  expectRefusedMedia(errorGuard, true); // Bravo's thumbnail, if the grid shows it by then
  // every link expires
  errorGuard.expect(KNOWN_ERRORS.adMediaFailed(CDN, '/ok/'));
  const media = await serveMedia(page);
  const { user, ids } = await seed(admin, 'detail-expiry');
  await openDatabase(page, admin, user, 5);

  // lazily, for the rows on screen
  const thumbnail = cell(page, ids.alpha, 'creative').locator('img');
  await expect(thumbnail).toHaveAttribute('src', `${CDN}/ok/alpha.png`);
  await expect
    .poll(() => thumbnail.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth))
    .toBe(192);
  expect(media.requested.filter((url) => url.endsWith('/ok/alpha.png')).length).toBeGreaterThan(0);

  // on the next visit (a page that no longer holds the image) its thumbnail shows the
  // broken-image mark and the view of its ad shows the tile
  media.expireAll();
  await page.reload();
  await expect(count(page)).toHaveText(/ results$/, { timeout: 15_000 });
  await expect(cell(page, ids.alpha, 'creative').locator('.creative-thumb-failed')).toHaveCount(1);
  await cell(page, ids.alpha, 'country').click();
  const expired = detail(page, 'Alpha Lamps');
  await expect(tile(expired).getByText('Media unavailable', { exact: true })).toBeVisible();
  await expect(expired.locator('img')).toHaveCount(0);
  await expect(tile(expired).getByRole('link', { name: /^Open in Ad Library/ })).toHaveAttribute(
    'href',
    'https://www.facebook.com/ads/library/?id=9001',
  );
});

test('hostile ad text stays text in the detail view, and only http(s) links leave it', async ({
  page,
  admin,
  errorGuard,
}) => {
  expectRefusedMedia(errorGuard);
  const dialogs = forbidJsDialogs(page);
  await serveMedia(page);
  const { user, ids } = await seed(admin, 'detail-hostile');
  await openDatabase(page, admin, user, 5);

  await cell(page, ids.alpha, 'country').click();
  const alpha = detail(page, 'Alpha Lamps');
  await expect(alpha).toBeVisible();
  const copy = alpha.getByTestId('ad-copy');
  await expect(copy.getByText(SCRIPT, { exact: true })).toBeVisible();
  await expect(copy.getByText(`${XSS}\nSecond line of the body`, { exact: true })).toBeVisible();
  await expect(copy.getByText(FORMULA, { exact: true })).toBeVisible();
  // nothing of it became markup: one image (the creative), no script, no handler ran
  await expect(alpha.locator('img')).toHaveCount(1);
  await expect(page.locator('img[src="x"]')).toHaveCount(0);
  await expect(alpha.locator('script')).toHaveCount(0);

  // links open in a new tab without an opener; javascript: is no link at all
  const links = alpha.locator('.ad-links a');
  await expect(links).toHaveText([/^Open in Ad Library/, /^Page profile/]);
  for (const link of await links.all()) {
    await expect(link).toHaveAttribute('target', '_blank');
    await expect(link).toHaveAttribute('rel', /\bnoopener\b/);
  }
  await expect(alpha.locator('a[href^="javascript"]')).toHaveCount(0);
  await expect(alpha.getByText('javascript:alert(1)')).toHaveCount(0);

  // a click on a Link cell of a row follows the link, it does not open the ad
  await page.keyboard.press('Escape');
  await expect(detail(page)).toHaveCount(0);
  await databasePage(page).revealColumn('ad_library_url');
  const popup = page.waitForEvent('popup');
  await cell(page, ids.alpha, 'ad_library_url').getByRole('link').click();
  await (await popup).close();
  await expect(detail(page)).toHaveCount(0);
  expect(dialogs).toEqual([]);
});

test('offline, the creative area is the media-unavailable tile at once; online again, the image', async ({
  page,
  context,
  admin,
  errorGuard,
}) => {
  // going offline cuts the realtime stream and any media still loading: allowed, not required
  errorGuard.expect(
    ...KNOWN_ERRORS.offline.map((error) => ({ ...error, optional: true })),
    KNOWN_ERRORS.adMediaFailed(CDN, '/', true),
  );
  const media = await serveMedia(page);
  const { user, ids } = await seed(admin, 'detail-offline');
  await openDatabase(page, admin, user, 5);
  // every thumbnail of the grid loaded or failed (they load one by one, after a settle delay), so
  // no request made while online can reach the test's CDN after the count below
  await expect
    .poll(() =>
      page.evaluate(() => {
        const thumbs = [...document.querySelectorAll('[data-testid="database-grid"] .creative-thumb')];
        return thumbs.filter((thumb) => {
          const img = thumb.querySelector('img');
          return img ? img.complete : thumb.classList.contains('creative-thumb-failed');
        }).length;
      }),
    )
    .toBe(5);

  await context.setOffline(true);
  const asked = media.requested.length;
  await cell(page, ids.alpha, 'country').click();
  const alpha = detail(page, 'Alpha Lamps');
  await expect(alpha).toBeVisible();
  await expect(tile(alpha).getByText('Media unavailable', { exact: true })).toBeVisible();
  await expect(tile(alpha).getByText(/You are offline/)).toBeVisible();
  await expect(tile(alpha).getByRole('link', { name: /^Open in Ad Library/ })).toHaveAttribute(
    'href',
    'https://www.facebook.com/ads/library/?id=9001',
  );
  await expect(alpha.locator('img, video')).toHaveCount(0);
  // nothing was even tried
  expect(media.requested.slice(asked)).toEqual([]);

  await context.setOffline(false);
  await expect(creativeImage(alpha)).toBeVisible();
  await expect(tile(alpha)).toHaveCount(0);
});

test('Export CSV leaves the Creative column out, even while it is shown', async ({
  page,
  admin,
  errorGuard,
}) => {
  expectRefusedMedia(errorGuard, true);
  await serveMedia(page);
  const { user } = await seed(admin, 'detail-export');
  await openDatabase(page, admin, user, 5);
  await expect(databasePage(page).header('creative')).toBeVisible();
  const downloading = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Export CSV' }).click();
  const csv = readFileSync((await (await downloading).path())!, 'utf8');
  const header = csv.replace(/^\uFEFF/, '').split('\r\n')[0]!;
  expect(header.split(',')).toHaveLength(27);
  expect(header.startsWith('"Active Status","Keywords"')).toBe(true);
  expect(header).not.toContain('Creative');
});

test('a row of the History results dialog opens the detail view; its arrows follow that list', async ({
  page,
  admin,
  errorGuard,
}) => {
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

test("a demo scout's ads show the product images the app serves itself", async ({ page, admin }) => {
  const user = await subscriber(admin.pb, admin, 'detail-demo');
  await admin.signIn(page, user);
  await page.goto('/app/search');
  await page.getByLabel('Search name').fill('Blenders');
  await page
    .getByLabel('Facebook Ad Library link')
    .fill(
      'https://www.facebook.com/ads/library/?active_status=active&ad_type=all&country=US&q=blender&media_type=image',
    );
  await page.getByLabel('Number of ads').fill('10');
  await page.getByRole('button', { name: 'Start Scouting' }).click();
  await expect(toast(page, 'Scout completed! Found 10 ads.')).toBeVisible({ timeout: 20_000 });

  await page.goto('/app/database');
  await expect(count(page)).toHaveText('10 results', { timeout: 15_000 });
  // the thumbnails of the rows on screen load (from /demo-media/, or the archive once it has them)
  const thumbs = databasePage(page).column('creative').locator('img');
  await expect(thumbs.first()).toBeVisible();
  await expect
    .poll(() => thumbs.first().evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth))
    .toBeGreaterThan(0);

  await databasePage(page).cellAt(0, 'store_name').click();
  const view = detail(page);
  await expect(view).toBeVisible();
  const image = creativeImage(view);
  // the demo's own file, or once the worker archived it its 400x0 thumbnail (docs/creatives.md)
  await expect(image).toHaveAttribute(
    'src',
    /^(?:\/demo-media\/[a-z0-9-]+\.(?:jpg|png|webp|gif)|\/api\/files\/creatives\/[a-z0-9]+\/[^?]+\?thumb=400x0)$/,
  );
  await expect
    .poll(() => image.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth))
    .toBeGreaterThanOrEqual(400);
  await expect(image).toBeVisible();
});
