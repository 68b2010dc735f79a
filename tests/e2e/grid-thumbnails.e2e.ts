/**
 * The Database grid's Creative thumbnails wait until the grid rests (grid-columns.ts,
 * THUMBNAIL_SETTLE_MS): while it keeps scrolling no thumbnail is requested, and once it stops the
 * rows on screen load theirs. Media come from a test CDN through Playwright's routing.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { ROOT } from '../../scripts/lib/stack.mjs';
import { GRID } from '../fixtures/grid-markup.ts';
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

  // Scroll on, a step every 40 ms for 2 s. The page notes each scroll event and each thumbnail
  // the cells add, on its own clock: every thumbnail must come 150 ms (THUMBNAIL_SETTLE_MS) or more
  // after the scroll event before it. On a quiet machine that means none until the grid stops; on
  // a loaded one a step may come late, the grid rests meanwhile and may load, as designed.
  const viewport = page.locator(GRID.rowsViewport);
  const before = requested.length;
  const probe = await page.evaluate(async (rowsViewport) => {
    const body = document.querySelector<HTMLElement>(rowsViewport)!;
    const scrolls: number[] = [];
    const added: number[] = [];
    body.addEventListener('scroll', () => scrolls.push(performance.now()), { passive: true });
    new MutationObserver((records) => {
      const now = performance.now();
      for (const record of records)
        for (const node of record.addedNodes) if (node.nodeName === 'IMG') added.push(now);
    }).observe(body, { childList: true, subtree: true });
    (window as unknown as { thumbProbe: unknown }).thumbProbe = { scrolls, added };
    for (let step = 0; step < 50; step++) {
      body.scrollTop += 200;
      await new Promise((resolve) => setTimeout(resolve, 40));
    }
    return { scrolls: scrolls.length };
  }, GRID.rowsViewport);
  expect(probe.scrolls).toBeGreaterThan(10);
  // at rest: the rows now on screen (far below the first screen) load theirs
  await expect.poll(() => requested.length - before, { timeout: 10_000 }).toBeGreaterThan(0);
  const shownNow = await viewport.evaluate(
    (body, image) => [...body.querySelectorAll<HTMLImageElement>(image)].map((img) => img.src),
    GRID.thumbnailImage,
  );
  expect(shownNow.some((src) => requested.slice(before).includes(src))).toBe(true);
  // every thumbnail added since the scroll began waited for a rest of 150 ms (5 ms for the order
  // of the grid's and the probe's scroll listeners)
  const restsBefore = await page.evaluate(() => {
    const { scrolls, added } = (window as unknown as { thumbProbe: { scrolls: number[]; added: number[] } })
      .thumbProbe;
    return added.map((at) => at - Math.max(-Infinity, ...scrolls.filter((scroll) => scroll <= at)));
  });
  expect(restsBefore.length).toBeGreaterThan(0);
  expect(restsBefore.filter((rest) => rest < 145)).toEqual([]);
});
