/**
 * The ad detail view of a Database row (docs/ad-detail.md): opened by a click or Enter, with the
 * creative, the winning signals and the facts; the arrows follow the grid's filter and sort;
 * closing it puts the focus back on the row; axe finds nothing serious in it; hostile ad text
 * stays text; Export CSV leaves the Creative column out. The ads and the test CDN are in
 * ad-detail-support.ts; the media's failures in ad-detail-media.e2e.ts, the History dialog's
 * view in ad-detail-history.e2e.ts.
 */
import { readFileSync } from 'node:fs';
import { expect, KNOWN_ERRORS, test } from './fixtures.ts';
import { databasePage } from './database-page.ts';
import { forbidJsDialogs } from './locators.ts';
import {
  CDN,
  XSS,
  SCRIPT,
  FORMULA,
  cell,
  detail,
  creativeImage,
  tile,
  kicker,
  expectRefusedMedia,
  serveMedia,
  seed,
  openDatabase,
  filterAndSort,
  focusedRowId,
  blocking,
} from './ad-detail-support.ts';

// The detail view of a Database row in separate tests, each with its own time budget: the first
// view, the arrows, the keyboard and focus, hostile text, the export.

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
  // the 27 data columns and Tags (docs/ai.md#in-the-database); Text on creative is hidden by default
  expect(header.split(',')).toHaveLength(28);
  expect(header).toContain('"Tags"');
  expect(header.startsWith('"Active Status","Keywords"')).toBe(true);
  expect(header).not.toContain('Creative');
});
