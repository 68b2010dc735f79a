/**
 * The creative archive end to end (docs/creatives.md): a scout whose media links expire right
 * after the run still shows its creatives in the grid and the detail view, online and offline.
 *
 * Its own stack (e2e-stack.ts): a worker whose demo source writes absolute, expiring links to a
 * double of Facebook's CDN (tests/fixtures/fake-cdn.ts, allowed by MEDIA_FETCH_ALLOW), which the
 * worker archives. Once every row has its creative, the CDN expires every link (403 "URL signature
 * expired", as Facebook's does), and everything the page shows must come from the archive. The
 * CDN's links are plain http:, which the app never shows (the page's CSP refuses them), so a
 * creative on screen is an archived one.
 */
import type { Locator, Page } from '@playwright/test';
import PocketBase from 'pocketbase';
import { startFakeCdn, SIGNATURE_EXPIRED, type FakeCdn } from '../fixtures/fake-cdn.ts';
import { GRID } from '../fixtures/grid-markup.ts';
import { subscriber } from '../fixtures/records.ts';
import { waitFor } from '../fixtures/wait-for.ts';
import { startE2eStack, type E2eStack } from './e2e-stack.ts';
import { connectAdmin, expect, KNOWN_ERRORS, test, type Admin, type E2eUser } from './fixtures.ts';
import { databasePage } from './database-page.ts';
import { controlledByServiceWorker, goOffline, goOnline } from './locators.ts';
import { startRun } from '../fixtures/user-api.ts';
import { COLLECTIONS } from '../../src/domain/api/collections.ts';
import { CREATIVE_FILES_PATH } from '../../src/domain/media/creative-files.ts';

const ADS = 12;
const FILES = CREATIVE_FILES_PATH;

let cdn: FakeCdn;
let stack: E2eStack;
let admin: Admin;

test.beforeAll(async () => {
  test.setTimeout(120_000);
  cdn = await startFakeCdn();
  stack = await startE2eStack({
    workerEnv: { SCOUT_DEMO_PACE_MS: '0', DEMO_MEDIA_BASE: cdn.url, MEDIA_FETCH_ALLOW: cdn.hostPort },
  });
  admin = await connectAdmin(stack.url, stack.dataDir);
});

test.afterAll(async () => {
  await stack?.stop();
  await cdn?.close();
});

/** A demo scout by `user` through their own API client, as /app/search creates it; the run's id. */
async function scout(user: E2eUser): Promise<string> {
  const pb = new PocketBase(stack.url);
  await pb.collection(COLLECTIONS.users).authWithPassword(user.email, user.password);
  return (
    await startRun({ id: user.id, pb }, { term: 'pet', search_name: 'Expiring links', requested_count: ADS })
  ).id;
}

/** Every rendered thumbnail of the grid: its image's src and whether it loaded. */
function gridThumbs(page: Page) {
  return page.evaluate(
    (images) =>
      [...document.querySelectorAll<HTMLImageElement>(images)].map((img) => ({
        src: img.getAttribute('src') ?? '',
        loaded: img.complete && img.naturalWidth > 0,
      })),
    `${GRID.root} ${GRID.thumbnailImage}`,
  );
}

async function expectArchivedThumbs(page: Page): Promise<void> {
  await expect
    .poll(async () => {
      const thumbs = await gridThumbs(page);
      return thumbs.length > 0 && thumbs.every((t) => t.src.startsWith(FILES) && t.loaded);
    })
    .toBe(true);
}

/** The detail view shows the archived creative: the image's (or, offline, a video poster's) 400x0 thumbnail, or the archived video. */
async function expectArchivedDetail(dialog: Locator): Promise<void> {
  const media = dialog.getByTestId('ad-creative').locator('img, video');
  await expect(media).toHaveCount(1);
  if ((await media.evaluate((element) => element.tagName)) === 'VIDEO') {
    await expect(media).toHaveAttribute('src', new RegExp(`^${FILES}[^?]+\\.mp4$`));
    await expect(media).toHaveAttribute('poster', new RegExp(`^${FILES}.+\\?thumb=400x0$`));
    await expect.poll(() => media.evaluate((video: HTMLVideoElement) => video.readyState >= 1)).toBe(true);
  } else {
    await expect(media).toHaveAttribute('src', new RegExp(`^${FILES}.+\\?thumb=400x0$`));
    await expect
      .poll(() => media.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0))
      .toBe(true);
  }
  await expect(dialog.getByTestId('ad-media-tile')).toHaveCount(0);
}

test('a scout whose media links expire after the run still shows its creatives, online and offline', async ({
  page,
  context,
  errorGuard,
}) => {
  test.setTimeout(120_000);
  const user = await subscriber(admin.pb, admin, 'archive');
  const runId = await scout(user);

  // the run completes, and every row's creative is archived while its link still works
  const rows = await waitFor(
    'every row of the run archived',
    async () => {
      const run = await admin.pb.collection(COLLECTIONS.searchRuns).getOne(runId);
      if (run.status !== 'completed') return null;
      const stored = await admin.pb
        .collection(COLLECTIONS.searchResults)
        .getFullList({ filter: `run = "${runId}"`, fields: 'id,ad_id,media_url,creative' });
      return stored;
    },
    (stored) => stored !== null && stored.length === ADS && stored.every((row) => row.creative),
    { timeoutMs: 60_000 },
  ).then((stored) => stored!);
  expect(rows.every((row) => row.media_url.startsWith(cdn.url))).toBe(true);

  // the links expire: the CDN refuses every one of them from now on
  cdn.expireAll();
  const expired = await fetch(rows[0]!.media_url);
  expect(expired.status).toBe(403);
  expect(await expired.text()).toContain(SIGNATURE_EXPIRED);

  // online: the grid and the detail view show the archived files
  await admin.signIn(page, user);
  await page.goto(`${stack.url}/app/database`);
  await expect(page.getByTestId('database-count')).toHaveText(`${ADS} results`, { timeout: 15_000 });
  await controlledByServiceWorker(page);
  await expect(page.getByTestId('database-count')).toHaveText(`${ADS} results`, { timeout: 15_000 });
  await expectArchivedThumbs(page);

  // a video ad and an image ad (the demo's pet search has both), each viewed once online
  const creatives = await admin.pb
    .collection(COLLECTIONS.creatives)
    .getFullList({ filter: `user = "${user.id}"`, fields: 'id,mime' });
  const mimeOf = new Map(creatives.map((creative) => [creative.id, creative.mime as string]));
  const video = rows.find((row) => mimeOf.get(row.creative)?.startsWith('video/'));
  const image = rows.find((row) => mimeOf.get(row.creative)?.startsWith('image/'));
  expect(video, 'the demo search has a video ad').toBeDefined();
  expect(image, 'the demo search has an image ad').toBeDefined();
  const viewed = [video!, image!];
  const dialog = page.getByTestId('ad-detail');
  for (const row of viewed) {
    await databasePage(page).cell(row.id, 'country').click();
    await expect(dialog).toBeVisible();
    await expectArchivedDetail(dialog);
    await expect(dialog.getByText(/^Archived /)).toBeVisible();
    await expect(dialog.getByRole('link', { name: 'Download creative' })).toHaveAttribute(
      'download',
      new RegExp(`^ad-${row.ad_id}\\.(jpg|png|webp|gif|mp4)$`),
    );
    await page.keyboard.press('Escape');
    await expect(dialog).toHaveCount(0);
  }

  // the thumbnails of the newest ads are kept for offline use once the page is idle
  await expect
    .poll(() => page.evaluate(async () => (await (await caches.open('adscout-creatives')).keys()).length), {
      timeout: 30_000,
    })
    .toBeGreaterThanOrEqual(new Set(rows.map((row) => row.creative)).size);

  // offline: the same page, from the service worker and the caches (the API calls the page makes
  // fail and are logged; every creative shown is checked to have loaded)
  errorGuard.expect(...KNOWN_ERRORS.offline);
  await goOffline(context);
  await page.reload();
  await expect(page.getByTestId('database-count')).toHaveText(`${ADS} results`, { timeout: 15_000 });
  await expectArchivedThumbs(page);
  for (const row of viewed) {
    await databasePage(page).cell(row.id, 'country').click();
    await expect(dialog).toBeVisible();
    await expectArchivedDetail(dialog);
    await page.keyboard.press('Escape');
    await expect(dialog).toHaveCount(0);
  }
  await goOnline(context);
});
