/**
 * The Database grid's Creative thumbnails wait until the grid rests (grid-columns.ts,
 * THUMBNAIL_SETTLE_MS): while it keeps scrolling no thumbnail is requested, and once it stops the
 * rows on screen load theirs. Media come from a test CDN through Playwright's routing.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { ROOT } from '../../scripts/lib/stack.mjs';
import { createRunWithResults, subscriber } from '../fixtures/records.ts';
import { databasePage } from './database-page.ts';
import { expect, test } from './fixtures.ts';

const CDN = 'https://media.adscout-e2e.test';
const PNG = readFileSync(join(ROOT, 'public', 'icons', 'icon-192.png'));
const ROWS = 300;

test('thumbnails wait while the grid scrolls, and load for the rows it stops on', async ({ page, admin }) => {
  test.setTimeout(60_000);
  const requested: string[] = [];
  await page.route(`${CDN}/**`, async (route) => {
    requested.push(route.request().url());
    await route.fulfill({
      status: 200,
      contentType: 'image/png',
      body: PNG,
      headers: { 'Cache-Control': 'no-store' },
    });
  });
  const user = await subscriber(admin.pb, admin, 'thumbs-scroll');
  await createRunWithResults(
    admin.pb,
    user.id,
    {},
    Array.from({ length: ROWS }, (_, i) => ({
      ad_id: `77${String(i).padStart(4, '0')}`,
      store_name: `Store ${String(i).padStart(3, '0')}`,
      format: 'IMAGE',
      media_url: `${CDN}/ok/${i}.png`,
    })),
  );
  const db = databasePage(page);
  await db.open(admin, user, `${ROWS} results`);
  await db.sortBy('store_name', 'ascending');
  // the first screen's thumbnails load: the positive signal that this grid loads thumbnails at all
  await expect.poll(() => requested.length, { timeout: 15_000 }).toBeGreaterThan(0);
  const thumbs = db.column('creative').locator('img');
  await expect.poll(() => thumbs.count()).toBeGreaterThan(0);

  // scroll on, a step every 40 ms for 2 s: no thumbnail is asked for meanwhile
  const viewport = page.locator('.ag-grid-viewport');
  const before = requested.length;
  await page.evaluate(async () => {
    const body = document.querySelector<HTMLElement>('.ag-grid-viewport')!;
    for (let step = 0; step < 50; step++) {
      body.scrollTop += 200;
      await new Promise((resolve) => setTimeout(resolve, 40));
    }
  });
  const whileScrolling = requested.length - before;
  // at rest: the rows now on screen (far below the first screen) load theirs
  await expect
    .poll(() => requested.slice(before).length, { timeout: 10_000 })
    .toBeGreaterThan(whileScrolling);
  expect(whileScrolling).toBe(0);
  const shownNow = await viewport.evaluate((body) =>
    [...body.querySelectorAll<HTMLImageElement>('.creative-thumb img')].map((img) => img.src),
  );
  expect(shownNow.some((src) => requested.slice(before).includes(src))).toBe(true);
});
