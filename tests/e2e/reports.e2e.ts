/**
 * Reports in the PWA (docs/reports.md#in-the-app): a watch runs twice, a demo day apart, on a
 * stack of its own whose demo Library moves every few seconds (SCOUT_DEMO_DAY_SECONDS); the
 * worker stores a report for each run. The Reports page shows them newest first with their
 * counts, an opened report its lists with archived thumbnails; the navigation counts the unread
 * ones, opening a report reads it and "Mark all read" clears the rest, on this device and on the
 * user's other one (realtime); offline the page reads the same with "Mark all read" disabled; the
 * Watches panel links each watch's last report; a 390 px phone fits the page and has the item
 * in its menu.
 */
import type { Browser, BrowserContext, Page } from '@playwright/test';
import type { RecordModel } from 'pocketbase';
import { COLLECTIONS } from '../../src/domain/api/collections.ts';
import { reportSummary } from '../../src/domain/reports/report-text.ts';
import { subscriber } from '../fixtures/records.ts';
import { startE2eStack, type E2eStack } from './e2e-stack.ts';
import { connectAdmin, expect, KNOWN_ERRORS, test, type Admin, type E2eUser } from './fixtures.ts';
import { blocking, controlledByServiceWorker, goOffline } from './locators.ts';

/** A demo day of the stack's Library, in seconds: the second run sees the Library a day on. */
const DEMO_DAY_SECONDS = 4;
const LINK = 'https://www.facebook.com/ads/library/?active_status=all&country=US&q=posture%20corrector';

let stack: E2eStack;
let admin: Admin;

// one stack of its own for both tests: one worker runs them in turn
test.describe.configure({ mode: 'serial' });

test.beforeAll(async () => {
  test.setTimeout(120_000);
  stack = await startE2eStack({
    workerEnv: { SCOUT_DEMO_PACE_MS: '0', SCOUT_DEMO_DAY_SECONDS: String(DEMO_DAY_SECONDS) },
  });
  admin = await connectAdmin(stack.url, stack.dataDir);
});
test.afterAll(async () => {
  await stack?.stop();
});

async function reportsOf(user: E2eUser): Promise<RecordModel[]> {
  return admin.pb
    .collection(COLLECTIONS.reports)
    .getFullList({ filter: admin.pb.filter('user = {:u}', { u: user.id }), sort: '-period_end' });
}

/** Makes the watch due and runs the scheduler (what PocketBase does every minute), then waits for the run's report. */
async function runWatch(user: E2eUser, watch: RecordModel, reportsBefore: number): Promise<RecordModel[]> {
  await admin.pb.collection(COLLECTIONS.watches).update(watch.id, { next_run_at: new Date().toISOString() });
  await admin.pb.send('/api/crons/adscout_watch_scheduler', { method: 'POST' });
  await expect
    .poll(async () => (await reportsOf(user)).length, { timeout: 60_000, message: 'the run’s report' })
    .toBe(reportsBefore + 1);
  return reportsOf(user);
}

const navReports = (page: Page) => page.getByRole('navigation', { name: 'App' }).getByTestId('nav-reports');

/** Whether every image in `scope` that is shown has loaded a picture (not a broken one). */
async function firstThumbLoaded(page: Page, scope: string): Promise<boolean> {
  return page
    .locator(`${scope} .creative-thumb img`)
    .first()
    .evaluate((img: HTMLImageElement) => {
      return img.complete && img.naturalWidth > 0;
    });
}

async function signedInContext(browser: Browser, user: E2eUser): Promise<BrowserContext> {
  const context = await browser.newContext({ baseURL: stack.url });
  const page = await context.newPage();
  await admin.signIn(page, user);
  return context;
}

test('a watch run twice a demo day apart: Reports shows what changed, unread counted, read everywhere, offline the same', async ({
  page,
  context,
  browser,
  errorGuard,
}) => {
  test.setTimeout(180_000);
  errorGuard.expect(
    ...KNOWN_ERRORS.offline,
    // offline, a thumbnail of the demo's media that this browser never cached cannot load
    KNOWN_ERRORS.adMediaFailed(stack.url, '/demo-media/', true),
  );
  const user = await subscriber(admin.pb, admin, 'reports');
  const watch = await admin.pb.collection(COLLECTIONS.watches).create({
    user: user.id,
    name: 'Posture US',
    facebook_link: LINK,
    target_country: 'US',
    requested_count: 20,
    cadence: 'daily',
    active: true,
    next_run_at: new Date(Date.now() + 86_400_000).toISOString(),
  });

  const [first] = await runWatch(user, watch, 0);
  // a demo day passes (the stack's Library moves every DEMO_DAY_SECONDS), then the watch runs again
  const firstDay = Math.floor(
    Date.parse(String(first!.period_end).replace(' ', 'T')) / (DEMO_DAY_SECONDS * 1000),
  );
  await expect
    .poll(() => Math.floor(Date.now() / (DEMO_DAY_SECONDS * 1000)), { message: 'the next demo day' })
    .toBeGreaterThan(firstDay);
  const reports = await runWatch(user, watch, 1);
  const [second, firstAgain] = reports;
  expect(firstAgain!.id).toBe(first!.id);
  expect(first!.new_count).toBeGreaterThan(0);
  expect(String(second!.period_start)).toBe(String(first!.period_end));

  // the page: newest first, each naming its watch, with its news in words
  await admin.signIn(page, user);
  await page.goto(`${stack.url}/app/reports`);
  await expect(page.getByRole('heading', { level: 1, name: 'Reports' })).toBeVisible();
  const cards = page.getByTestId('report');
  await expect(cards).toHaveCount(2);
  for (const [index, report] of [second!, first!].entries()) {
    await expect(cards.nth(index).getByRole('heading', { level: 2 })).toHaveText('Posture US');
    await expect(cards.nth(index).getByTestId('report-summary')).toHaveText(
      reportSummary({
        new_count: Number(report.new_count),
        stopped_count: Number(report.stopped_count),
        resumed_count: Number(report.resumed_count),
        products_count: Number(report.products_count),
        stores_count: Number(report.stores_count),
      }),
    );
  }
  await expect(cards.nth(1)).toContainText('First run');
  // both unread: the navigation says how many, in the link's name too
  await expect(navReports(page)).toHaveAccessibleName('Reports, 2 unread');
  await expect(navReports(page).locator('.nav-badge')).toHaveText('2');
  expect(await blocking(page), 'axe on /app/reports').toEqual([]);

  // the user's other device, open on the page too
  const otherContext = await signedInContext(browser, user);
  const other = await otherContext.newPage();
  try {
    await other.goto('/app/reports');
    await expect(navReports(other)).toHaveAccessibleName('Reports, 2 unread');

    // opening the first report shows its lists, with thumbnails, and reads it
    const firstCard = cards.nth(1);
    await firstCard.getByRole('button', { name: 'Open report' }).click();
    const newList = firstCard
      .locator('.report-section')
      .filter({ has: page.getByRole('heading', { name: /^New/ }) });
    await expect(newList.locator('.report-item').first()).toBeEnabled();
    await expect
      .poll(() => firstThumbLoaded(page, `#report-${first!.id}`), { message: 'a loaded thumbnail' })
      .toBe(true);
    if (Number(first!.new_count) > Number((first!.new_ads as unknown[]).length))
      await expect(newList).toContainText(/\+\d+ more/);
    await expect(navReports(page)).toHaveAccessibleName('Reports, 1 unread');
    await expect(navReports(other)).toHaveAccessibleName('Reports, 1 unread');
    expect(await blocking(page), 'axe on an opened report').toEqual([]);

    // an ad opens the ad detail view
    await newList.locator('.report-item').first().click();
    const detail = page.getByTestId('ad-detail');
    await expect(detail).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(detail).toBeHidden();

    // Mark all read clears the rest, here and on the other device
    await page.getByRole('button', { name: 'Mark all read' }).click();
    await expect(navReports(page)).toHaveAccessibleName('Reports');
    await expect(navReports(page).locator('.nav-badge')).toHaveCount(0);
    await expect(page.getByTestId('reports-unread')).toHaveText('All read');
    await expect(navReports(other)).toHaveAccessibleName('Reports');
    await expect(other.getByTestId('reports-unread')).toHaveText('All read');
    for (const report of await reportsOf(user)) expect(report.read_at).not.toBe('');
  } finally {
    await otherContext.close();
  }

  // the Watches panel links the watch's last report
  await page.goto(`${stack.url}/app/search`);
  const lastReport = page.getByTestId('watch-last-report');
  await expect(lastReport).toContainText(/ago|just now/);
  await lastReport.click();
  await expect(page).toHaveURL(new RegExp(`/app/reports\\?report=${second!.id}$`));
  await expect(page.locator(`#report-${second!.id}`)).toHaveClass(/report-highlighted/);
  await expect(
    page.locator(`#report-${second!.id}`).getByRole('button', { name: 'Hide report' }),
  ).toBeVisible();

  // offline, the page reads the same; marking read needs the server
  await controlledByServiceWorker(page);
  await goOffline(context);
  await page.reload();
  await expect(cards).toHaveCount(2);
  await expect(cards.nth(0).getByTestId('report-summary')).toBeVisible();
  await expect(page.getByTestId('reports-read-only')).toHaveText(
    'Reports can be marked read only while you are online. They are shown as last synced.',
  );
  await expect(page.getByRole('button', { name: 'Mark all read' })).toBeDisabled();
});

test('on a 390×844 phone the Reports page fits and Reports is in the menu', async ({ browser }) => {
  test.setTimeout(90_000);
  const user = await subscriber(admin.pb, admin, 'reports-phone');
  const watch = await admin.pb.collection(COLLECTIONS.watches).create({
    user: user.id,
    name: 'Posture US on a phone, with a long name that has to wrap',
    facebook_link: LINK,
    target_country: 'US',
    requested_count: 20,
    cadence: 'daily',
    active: true,
    next_run_at: new Date(Date.now() + 86_400_000).toISOString(),
  });
  const [report] = await runWatch(user, watch, 0);
  const context = await browser.newContext({
    baseURL: stack.url,
    viewport: { width: 390, height: 844 },
    deviceScaleFactor: 2,
    isMobile: true,
    hasTouch: true,
  });
  try {
    const page = await context.newPage();
    await admin.signIn(page, user);
    await page.goto(`/app/reports?report=${report!.id}`);
    await expect(page.locator(`#report-${report!.id} .report-item`).first()).toBeVisible();
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow, '/app/reports is wider than the phone').toBeLessThanOrEqual(0);
    // the navigation folds into the menu, Reports in it
    await page.goto('/app/search');
    await expect(page.getByRole('link', { name: /^Reports/ })).toBeHidden();
    await page.getByRole('button', { name: 'Open menu' }).tap();
    await page.getByRole('link', { name: /^Reports/ }).tap();
    await expect(page).toHaveURL(/\/app\/reports$/);
  } finally {
    await context.close();
  }
});
