/**
 * Watches in the PWA (docs/watches.md): a watch created from the scout form, its first run (started by
 * the scheduler cron) followed by the Active Job card, reported by the watch toast and shown in
 * History with the Watch badge and its new ads; Pause/Resume and Delete in the Watches panel;
 * the panel offline (read-only, with the reason); and the Settings opt-in that shows a system
 * notification through the service worker when the page is hidden.
 */
import type { Page } from '@playwright/test';
import { DAY_MS } from '../../src/domain/text/format.ts';
import { subscriber } from '../fixtures/records.ts';
import { expect, KNOWN_ERRORS, test, type Admin, type E2eUser } from './fixtures.ts';
import { historyPage } from './history-page.ts';
import { blocking, controlledByServiceWorker, goOffline, toast } from './locators.ts';
import { COLLECTIONS } from '../../src/domain/api/collections.ts';

const LINK = 'https://www.facebook.com/ads/library/?active_status=active&country=US&q=garden%20lights';

/** What PocketBase does every minute; a test does not wait for the clock. */
async function runScheduler(admin: Admin): Promise<void> {
  await admin.pb.send('/api/crons/adscout_watch_scheduler', { method: 'POST' });
}

async function watchesOf(admin: Admin, user: E2eUser) {
  return admin.pb
    .collection(COLLECTIONS.watches)
    .getFullList({ filter: admin.pb.filter('user = {:u}', { u: user.id }) });
}

/** Fills the scout form with a Daily watch of `count` ads and submits it. */
async function createWatchFromForm(page: Page, name: string, count: number): Promise<void> {
  await page.getByLabel('Search name').fill(name);
  await page.getByLabel('Facebook Ad Library link').fill(LINK);
  await page.getByLabel('Number of ads').fill(String(count));
  await page.getByRole('radio', { name: 'Daily' }).check();
  await page.getByRole('button', { name: 'Create Watch' }).click();
  await expect(toast(page, 'Watch created. Its first run starts within a minute.')).toBeVisible();
}

test('a watch made from the form runs, is reported, shows in History, and can be paused and deleted', async ({
  page,
  admin,
}) => {
  // the whole life of a watch, a scout of 50 ads and three axe scans: longer than most e2e tests
  test.setTimeout(90_000);
  const user = await subscriber(admin.pb, admin, 'watcher');
  await admin.signIn(page, user);
  await page.goto('/app/search');
  await expect(page.getByRole('radio', { name: 'Off' })).toBeChecked();
  await expect(page.getByRole('region', { name: 'Watches' })).toBeHidden();

  await createWatchFromForm(page, 'Garden lights daily', 50);
  const panel = page.getByRole('region', { name: 'Watches' });
  const item = panel.getByRole('listitem', { name: 'Garden lights daily' });
  await expect(item).toBeVisible();
  await expect(item).toContainText('Daily');
  await expect(item).toContainText('No run yet');
  // the form is back to a one-off scout, and no run was started by the form
  await expect(page.getByRole('radio', { name: 'Off' })).toBeChecked();
  await expect(page.getByRole('button', { name: 'Start Scouting' })).toBeEnabled();
  const [watch] = await watchesOf(admin, user);
  expect(watch).toMatchObject({
    name: 'Garden lights daily',
    cadence: 'daily',
    active: true,
    requested_count: 50,
  });

  await runScheduler(admin);
  // the Active Job card follows the watch's run, then the watch toast reports it
  await expect(page.getByRole('region', { name: 'Active Job Running' })).toContainText('Garden lights daily');
  await expect(toast(page, 'Garden lights daily: 50 new ads')).toBeVisible({ timeout: 20_000 });
  await expect(toast(page, 'Scout completed! Found 50 ads.')).toBeHidden();
  await expect(item).toContainText('50 new of 50 ads');
  await expect(item).not.toContainText('Within a minute');

  // the toast's link opens the run in History, with the Watch badge and its new ads
  await page
    .locator('.toast-region .toast', { hasText: 'Garden lights daily: 50 new ads' })
    .getByRole('button', { name: 'View run' })
    .click();
  await expect(page).toHaveURL(/\/app\/history\?run=/);
  await expect(page.getByRole('dialog')).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(page).toHaveURL(/\/app\/history$/);
  const card = historyPage(page).card(/Garden lights daily/);
  await expect(card.getByText('Watch', { exact: true })).toBeVisible();
  await expect(card.getByTestId('history-new-count')).toHaveText('50 ads');

  // pause and resume
  await page.goto('/app/search');
  await expect(item).toBeVisible();
  expect(await blocking(page), 'axe on the Watches panel').toEqual([]);
  await item.getByRole('button', { name: 'Pause' }).click();
  await expect(item.getByText('Paused', { exact: true }).first()).toBeVisible();
  expect((await watchesOf(admin, user))[0]!.active).toBe(false);
  await item.getByRole('button', { name: 'Resume' }).click();
  await expect(item.getByRole('button', { name: 'Pause' })).toBeVisible();
  expect((await watchesOf(admin, user))[0]!.active).toBe(true);

  // edit
  await item.getByRole('button', { name: 'Edit' }).click();
  const form = item.getByRole('form', { name: 'Edit Garden lights daily' });
  expect(await blocking(page), 'axe on the edit form').toEqual([]);
  await form.getByLabel('Repeat').selectOption('weekly');
  await form.getByRole('button', { name: 'Save' }).click();
  await expect(toast(page, 'Watch saved')).toBeVisible();
  await expect(item).toContainText('Weekly');
  expect((await watchesOf(admin, user))[0]!.cadence).toBe('weekly');

  // delete, after a confirmation; the run stays in History
  await item.getByRole('button', { name: 'Delete' }).click();
  const confirm = item.getByRole('alertdialog');
  await expect(confirm).toContainText('Its past runs and their ads stay');
  expect(await blocking(page), 'axe on the delete confirmation').toEqual([]);
  await confirm.getByRole('button', { name: 'Keep it' }).click();
  await expect(confirm).toBeHidden();
  await item.getByRole('button', { name: 'Delete' }).click();
  await item.getByRole('alertdialog').getByRole('button', { name: 'Delete watch' }).click();
  await expect(toast(page, 'Watch deleted')).toBeVisible();
  await expect(panel).toBeHidden();
  expect(await watchesOf(admin, user)).toHaveLength(0);
  await page.goto('/app/history');
  await expect(historyPage(page).card(/Garden lights daily/)).toBeVisible();
});

test('offline, the Watches panel shows the synced watches read-only and says why', async ({
  page,
  context,
  admin,
  errorGuard,
}) => {
  errorGuard.expect(...KNOWN_ERRORS.offline);
  const user = await subscriber(admin.pb, admin, 'watch-offline');
  await admin.pb.collection(COLLECTIONS.watches).create({
    user: user.id,
    name: 'Weekly pet beds',
    facebook_link: LINK,
    target_country: 'DE',
    requested_count: 30,
    cadence: 'weekly',
    active: true,
    next_run_at: new Date(Date.now() + 3 * DAY_MS).toISOString(),
  });
  await admin.signIn(page, user);
  await page.goto('/app/search');
  const item = page
    .getByRole('region', { name: 'Watches' })
    .getByRole('listitem', { name: 'Weekly pet beds' });
  await expect(item).toContainText('Weekly');
  await expect(item.getByRole('button', { name: 'Pause' })).toBeEnabled();
  await controlledByServiceWorker(page);

  await goOffline(context);
  await page.reload();
  await expect(item).toContainText('Weekly');
  await expect(page.getByTestId('watches-read-only')).toHaveText(
    'Watches can be changed only while you are online. They are shown as last synced.',
  );
  for (const name of ['Pause', 'Edit', 'Delete'])
    await expect(item.getByRole('button', { name })).toBeDisabled();
  await expect(page.getByRole('button', { name: 'Create Watch' })).toBeHidden();
});

test('with "Notify me when a scout finishes" on, a hidden page gets a system notification', async ({
  page,
  context,
  admin,
  errorGuard,
}) => {
  test.setTimeout(90_000);
  // turning the setting on also subscribes to Web Push, which incognito Chromium refuses
  errorGuard.expect(KNOWN_ERRORS.pushInIncognito);
  await context.grantPermissions(['notifications']);
  // count permission requests, let the test hide the page, and record what the service worker shows
  await page.addInitScript(() => {
    const w = window as unknown as { permissionAsks: number; pageHidden: boolean; shown: unknown[] };
    w.permissionAsks = 0;
    w.pageHidden = false;
    w.shown = [];
    const ask = Notification.requestPermission.bind(Notification);
    Notification.requestPermission = (() => {
      w.permissionAsks += 1;
      return ask();
    }) as typeof Notification.requestPermission;
    Object.defineProperty(document, 'visibilityState', {
      configurable: true,
      get: () => (w.pageHidden ? 'hidden' : 'visible'),
    });
    const show = ServiceWorkerRegistration.prototype.showNotification;
    ServiceWorkerRegistration.prototype.showNotification = function (title, options) {
      w.shown.push({ title, body: options?.body, url: (options?.data as { url?: string } | undefined)?.url });
      return show.call(this, title, options);
    };
  });
  const user = await subscriber(admin.pb, admin, 'notify');
  await admin.signIn(page, user);
  await page.goto('/app/search');
  await controlledByServiceWorker(page);
  await page.goto('/app/settings');
  const setting = page.getByRole('switch', { name: 'Notify me when a scout finishes' });
  await expect(setting).not.toBeChecked();
  expect(await page.evaluate(() => (window as unknown as { permissionAsks: number }).permissionAsks)).toBe(0);
  // the switch turns on once the browser answered the permission request (asynchronously)
  await setting.click();
  await expect(setting).toBeChecked();
  expect(await page.evaluate(() => (window as unknown as { permissionAsks: number }).permissionAsks)).toBe(1);

  await page.goto('/app/search');
  await createWatchFromForm(page, 'Night lamps', 25);
  await page.evaluate(() => {
    (window as unknown as { pageHidden: boolean }).pageHidden = true;
  });
  await runScheduler(admin);
  await expect
    .poll(() => page.evaluate(() => (window as unknown as { shown: unknown[] }).shown), { timeout: 20_000 })
    .toEqual([
      {
        title: 'AdScout',
        body: 'Night lamps: 25 new ads',
        url: expect.stringMatching(/^\/app\/history\?run=/),
      },
    ]);

  // turned off, nothing more is shown
  await page.evaluate(() => {
    (window as unknown as { pageHidden: boolean }).pageHidden = false;
  });
  await page.goto('/app/settings');
  await setting.click();
  await expect(setting).not.toBeChecked();
});
