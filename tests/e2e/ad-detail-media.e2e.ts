/**
 * The ad detail view's media (docs/ad-detail.md): the grid's thumbnail and the view's image from a
 * CDN (Playwright's routing, ad-detail-support.ts) until the link expires, then the broken-image
 * mark and the 'media unavailable' tile; offline the tile at once and the image online again; a
 * demo scout's ads show the product images the app serves itself.
 */
import { GRID } from '../fixtures/grid-markup.ts';
import { subscriber } from '../fixtures/records.ts';
import { expect, KNOWN_ERRORS, test } from './fixtures.ts';
import { databasePage } from './database-page.ts';
import { toast } from './locators.ts';
import {
  CDN,
  count,
  cell,
  detail,
  creativeImage,
  tile,
  expectRefusedMedia,
  serveMedia,
  seed,
  openDatabase,
} from './ad-detail-support.ts';
import { CREATIVE_FILES_PATH } from '../../src/domain/media/creative-files.ts';
import { DEMO_MEDIA_PREFIX } from '../../src/domain/text/url.ts';

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
  await expect(cell(page, ids.alpha, 'creative').locator(GRID.thumbnailFailed)).toHaveCount(1);
  await cell(page, ids.alpha, 'country').click();
  const expired = detail(page, 'Alpha Lamps');
  await expect(tile(expired).getByText('Media unavailable', { exact: true })).toBeVisible();
  await expect(expired.locator('img')).toHaveCount(0);
  await expect(tile(expired).getByRole('link', { name: /^Open in Ad Library/ })).toHaveAttribute(
    'href',
    'https://www.facebook.com/ads/library/?id=9001',
  );
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
      page.evaluate((grid) => {
        const thumbs = [...document.querySelectorAll(`${grid.root} ${grid.thumbnail}`)];
        return thumbs.filter((thumb) => {
          const img = thumb.querySelector('img');
          return img ? img.complete : thumb.matches(grid.thumbnailFailed);
        }).length;
      }, GRID),
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
    new RegExp(
      `^(?:${DEMO_MEDIA_PREFIX}[a-z0-9-]+\\.(?:jpg|png|webp|gif)|${CREATIVE_FILES_PATH}[a-z0-9]+/[^?]+\\?thumb=400x0)$`,
    ),
  );
  await expect
    .poll(() => image.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth))
    .toBeGreaterThanOrEqual(400);
  await expect(image).toBeVisible();
});
