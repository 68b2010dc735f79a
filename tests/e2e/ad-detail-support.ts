/**
 * What the ad detail view's e2e tests share (ad-detail*.e2e.ts): the test CDN (served through
 * Playwright's routing, as a CDN would), five seeded ads with hostile text among them, and the
 * view's locators.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Locator, Page, Route } from '@playwright/test';
import { ROOT } from '../../scripts/lib/stack.mjs';
import { createRunWithResults, subscriber } from '../fixtures/records.ts';
import { expect, KNOWN_ERRORS, type Admin, type E2eUser, type ErrorGuard } from './fixtures.ts';
import { databasePage } from './database-page.ts';
import { blocking as blockingOn } from './locators.ts';
export const CDN = 'https://media.adscout-e2e.test';
const PNG = readFileSync(join(ROOT, 'public', 'icons', 'icon-192.png'));
export const XSS = '<img src=x onerror=alert(1)>';
export const SCRIPT = '<script>alert("title")</script>';
export const FORMULA = '=HYPERLINK("http://evil.example","click")';

export const count = (page: Page) => databasePage(page).count;
export const cell = (page: Page, id: string, colId: string) => databasePage(page).cell(id, colId);
export const detail = (page: Page, name?: string) =>
  name === undefined ? page.getByTestId('ad-detail') : page.getByRole('dialog', { name, exact: true });
export const creativeImage = (dialog: Locator) => dialog.getByTestId('ad-creative').locator('img');
export const tile = (dialog: Locator) => dialog.getByTestId('ad-media-tile');
export const kicker = (dialog: Locator) => dialog.locator('.ad-detail-kicker');

/**
 * Chromium logs every media load our CDN refuses (an expired link). `optional` where the test
 * may not show the expired ad (it walks a list in the page's order).
 */
export function expectRefusedMedia(errorGuard: ErrorGuard, optional = false): void {
  errorGuard.expect(KNOWN_ERRORS.adMediaFailed(CDN, '/expired/', optional));
}

/**
 * The test's CDN: /ok/*.png are images until `expireAll()` (then 404, as a signed link expires),
 * /expired/* answer 404, and the video's request waits for `releaseVideo()` and then fails too.
 * Nothing is cached, so every view asks again.
 */
export async function serveMedia(
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

export interface Seeded {
  user: E2eUser;
  ids: { alpha: string; bravo: string; charlie: string; delta: string; echo: string };
}

/** Five ads; Charlie is the one the 'lamp' keyword filter leaves out. */
export async function seed(admin: Admin, label: string): Promise<Seeded> {
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

export async function openDatabase(page: Page, admin: Admin, user: E2eUser, rows: number): Promise<void> {
  await databasePage(page).open(admin, user, `${rows} results`);
}

/** Keywords 'lamp', sorted by Store Name ascending: Alpha, Bravo, Delta, Echo. */
export async function filterAndSort(page: Page): Promise<void> {
  const db = databasePage(page);
  await db.filterButton.click();
  await db.filterPanel.getByLabel('Keywords').fill('lamp');
  await page.keyboard.press('Escape');
  await expect(db.count).toHaveText('4 of 5 results');
  await db.sortBy('store_name', 'ascending');
}

export const focusedRowId = (page: Page) => databasePage(page).focusedRowId();

/** The serious and critical axe findings in the detail view. */
export const blocking = (page: Page) => blockingOn(page, '[data-testid="ad-detail"]');
