/**
 * The installable PWA (docs/web-app.md#the-service-worker, docs/local-first.md#offline): the service worker,
 * the manifest, a real offline start from the precached shell and IndexedDB, a keyword reset made offline
 * reaching the server after reconnecting, the update prompt after a new deploy, and phone-sized screenshots.
 */
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ensurePocketBase, webBuildDir } from '../../scripts/bootstrap.mjs';
import { freePort, startPocketBase } from '../../scripts/lib/stack.mjs';
import { DEMO_MEDIA_DIR, DEMO_MEDIA_PREFIX } from '../../src/domain/text/url.ts';
import { defaultKeywords } from '../../src/web/data/local/default-keywords.ts';
import { createRunWithResults, subscriber } from '../fixtures/records.ts';
import { expect, KNOWN_ERRORS, test, type Admin, type E2eUser } from './fixtures.ts';
import { databasePage } from './database-page.ts';
import { historyPage } from './history-page.ts';
import { controlledByServiceWorker, goOffline, goOnline, toast } from './locators.ts';
import { COLLECTIONS } from '../../src/domain/api/collections.ts';

async function seededSubscriber(admin: Admin, label: string): Promise<E2eUser> {
  const user = await subscriber(admin.pb, admin, label, { plan: 'yearly' });
  await createRunWithResults(
    admin.pb,
    user.id,
    {
      search_name: 'Offline lamps',
      target_country: 'FR',
      keywords_used: 'lamp, night light',
      requested_count: 20,
      results_count: 3,
    },
    ['Lumière Maison', 'Night Owl Lights', 'Glow & Co'].map((store, i) => ({
      ad_id: `${label}-${i}`,
      store_name: store,
      title: `${store} bestseller`,
      country: 'FR',
      keywords: 'lamp',
    })),
  );
  return user;
}

test('the service worker registers and controls the page', async ({ page }) => {
  await page.goto('/');
  await controlledByServiceWorker(page);
  const script = await page.evaluate(() => navigator.serviceWorker.controller?.scriptURL);
  expect(script).toMatch(/\/sw\.js$/);
});

test('the precache holds the app shell but never the demo media, which the server serves', async ({
  page,
}) => {
  await page.goto('/');
  await controlledByServiceWorker(page);
  const demoImage = `${DEMO_MEDIA_PREFIX}portable-blender-a.jpg`;
  // the page loads a demo image through the service worker, as the detail view would
  const fetched = await page.evaluate(async (path) => {
    const response = await fetch(path);
    return { status: response.status, type: response.headers.get('content-type') ?? '' };
  }, demoImage);
  expect(fetched).toEqual({ status: 200, type: expect.stringMatching(/^image\/jpeg/) });
  const cached = await page.evaluate(async () => {
    const urls: string[] = [];
    for (const name of await caches.keys()) {
      for (const request of await (await caches.open(name)).keys()) urls.push(new URL(request.url).pathname);
    }
    return urls;
  });
  // the shell is there (so this looks at the right caches), no demo image is
  expect(cached).toContain('/index.html');
  expect(cached.filter((path) => path.startsWith(DEMO_MEDIA_PREFIX))).toEqual([]);
  expect(readFileSync(join(webBuildDir(), 'sw.js'), 'utf8')).not.toContain(DEMO_MEDIA_DIR);
});

test('the manifest has the installability fields and its icons exist', async ({ page, request }) => {
  await page.goto('/');
  const href = await page.locator('link[rel="manifest"]').getAttribute('href');
  expect(href).toBe('/manifest.webmanifest');
  const response = await request.get(href!);
  expect(response.ok()).toBe(true);
  expect(response.headers()['content-type']).toBe('application/manifest+json');
  const manifest = (await response.json()) as {
    name: string;
    short_name: string;
    description: string;
    start_url: string;
    display: string;
    theme_color: string;
    icons: Array<{ src: string; sizes: string; type: string; purpose: string }>;
  };
  expect(manifest).toMatchObject({
    name: expect.stringContaining('AdScout'),
    short_name: 'AdScout',
    display: 'standalone',
  });
  expect(manifest.description.length).toBeGreaterThan(20);
  expect(manifest.start_url).toBe('/app/search');
  expect(await page.locator('meta[name="theme-color"]').getAttribute('content')).toBe(manifest.theme_color);
  const wanted = [
    ['192x192', 'any'],
    ['512x512', 'any'],
    ['512x512', 'maskable'],
  ];
  for (const [sizes, purpose] of wanted) {
    const icon = manifest.icons.find((i) => i.sizes === sizes && i.purpose === purpose);
    expect(icon, `${sizes} ${purpose} icon`).toBeDefined();
    const png = await request.get(icon!.src);
    expect(png.ok()).toBe(true);
    const bytes = await png.body();
    // PNG signature, then the IHDR width and height
    expect(bytes.subarray(1, 4).toString('ascii')).toBe('PNG');
    expect(`${bytes.readUInt32BE(16)}x${bytes.readUInt32BE(20)}`).toBe(sizes);
  }
  const touch = await page.locator('link[rel="apple-touch-icon"]').getAttribute('href');
  expect((await request.get(touch!)).ok()).toBe(true);
});

test('offline, a reload still shows the database rows, the history, the keywords and the last known plan', async ({
  page,
  context,
  admin,
  errorGuard,
}) => {
  errorGuard.expect(...KNOWN_ERRORS.offline);
  const user = await seededSubscriber(admin, 'offline');
  await admin.signIn(page, user);
  await page.goto('/app/database');
  await expect(page.getByText('Night Owl Lights').first()).toBeVisible();
  await controlledByServiceWorker(page);
  // visit Settings once online so that the plan and quota are known on this device
  await page.goto('/app/settings');
  await expect(page.getByTestId('plan-name')).toHaveText('Yearly Subscription');
  await expect(page.getByText('3,500').first()).toBeVisible();

  await goOffline(context);
  await page.goto('/app/database');
  await expect(page.getByTestId('connection-banner')).toContainText(
    'You are viewing the data saved on this device',
  );
  for (const store of ['Lumière Maison', 'Night Owl Lights', 'Glow & Co'])
    await expect(page.getByText(store, { exact: true }).first()).toBeVisible();

  await page.goto('/app/history');
  await expect(historyPage(page).card(/Offline lamps/)).toBeVisible();

  await page.goto('/app/keywords?locale=fr-FR');
  await expect(page.getByRole('list', { name: 'Keywords for Français' }).locator('li')).toHaveCount(
    defaultKeywords('fr-FR').length,
  );

  await page.goto('/app/settings');
  await expect(page.getByTestId('plan-name')).toHaveText('Yearly Subscription');
  await expect(page.getByTestId('quota-as-of')).toBeVisible();
  await expect(page.getByRole('button', { name: /Buy 100 results/ })).toBeDisabled();
  await expect(
    page.getByText('Offline: buying results needs a connection to the server.', { exact: false }),
  ).toBeVisible();

  await page.goto('/app/search');
  await expect(page.getByRole('button', { name: 'Start Scouting' })).toBeDisabled();
  await expect(
    page.getByText('Offline: scouting needs a connection to the server.', { exact: false }),
  ).toBeVisible();
});

test('a keyword reset made offline reaches the server after reconnecting, without a reload', async ({
  page,
  context,
  admin,
  errorGuard,
}) => {
  errorGuard.expect(...KNOWN_ERRORS.offline);
  const user = await seededSubscriber(admin, 'kw-offline');
  const stored = await admin.pb
    .collection(COLLECTIONS.keywordSets)
    .create({ user: user.id, locale: 'es-ES', keywords: ['palabra propia'] });
  await admin.signIn(page, user);
  await page.goto('/app/keywords?locale=es-ES');
  await expect(page.getByText('palabra propia')).toBeVisible();
  await controlledByServiceWorker(page);

  await goOffline(context);
  await page.getByRole('button', { name: 'Reset to Defaults' }).click();
  await expect(toast(page, 'Keywords reset to defaults')).toBeVisible();
  await expect(page.getByTestId('keywords-meta')).toContainText('waiting to sync');
  await expect(page.getByTestId('connection-banner')).toContainText('1 change waits to sync');
  expect((await admin.pb.collection(COLLECTIONS.keywordSets).getOne(stored.id)).keywords).toEqual([
    'palabra propia',
  ]);

  await goOnline(context);
  await expect
    .poll(async () => (await admin.pb.collection(COLLECTIONS.keywordSets).getOne(stored.id)).keywords)
    .toEqual(defaultKeywords('es-ES'));
  await expect(page.getByTestId('keywords-meta')).toContainText('your saved list');
  await expect(page.getByTestId('connection-banner')).toHaveCount(0);
});

test('a new deploy shows the update prompt, and Reload switches to the new version', async ({ browser }) => {
  // A server of its own, serving a copy of the build, so that a "deploy" touches no other test.
  const publicDir = mkdtempSync(join(tmpdir(), 'adscout-deploy-'));
  const dataDir = mkdtempSync(join(tmpdir(), 'adscout-deploy-data-'));
  cpSync(webBuildDir(), publicDir, { recursive: true });
  const server = await startPocketBase({
    pocketbase: await ensurePocketBase(),
    dataDir,
    http: `127.0.0.1:${await freePort()}`,
    publicDir,
  });
  const context = await browser.newContext({ baseURL: server.url });
  try {
    const page = await context.newPage();
    await page.goto('/');
    await controlledByServiceWorker(page);
    const before = await page.evaluate(async () => (await navigator.serviceWorker.ready).active?.scriptURL);

    // deploy: a new service worker script (as a new build's precache manifest would give)
    const sw = join(publicDir, 'sw.js');
    writeFileSync(sw, `${readFileSync(sw, 'utf8')}\n// deploy ${Date.now()}\n`);
    await page.evaluate(async () => {
      const registration = await navigator.serviceWorker.getRegistration();
      await registration?.update();
    });

    const prompt = page.locator('.toast').filter({ hasText: 'A new version is available' });
    await expect(prompt).toBeVisible({ timeout: 20_000 });
    const reloaded = page.waitForEvent('load');
    await prompt.getByRole('button', { name: 'Reload' }).click();
    await reloaded;
    await expect
      .poll(() =>
        page.evaluate(async () => {
          const registration = await navigator.serviceWorker.getRegistration();
          return {
            waiting: Boolean(registration?.waiting),
            controlled: navigator.serviceWorker.controller !== null,
          };
        }),
      )
      .toEqual({ waiting: false, controlled: true });
    expect(before).toMatch(/\/sw\.js$/);
    await expect(page.locator('.toast').filter({ hasText: 'A new version is available' })).toHaveCount(0);
  } finally {
    await context.close();
    await server.stop();
    rmSync(publicDir, { recursive: true, force: true });
    rmSync(dataDir, { recursive: true, force: true });
  }
});

test('every /app page fits a 390×844 phone, with the navigation in a menu', async ({
  browser,
  admin,
}, testInfo) => {
  // nine pages, each with a full-page screenshot, and the menu twice: its own budget
  test.setTimeout(60_000);
  const user = await seededSubscriber(admin, 'phone');
  const context = await browser.newContext({
    baseURL: process.env.ADSCOUT_E2E_URL,
    viewport: { width: 390, height: 844 },
    deviceScaleFactor: 2,
    isMobile: true,
    hasTouch: true,
  });
  try {
    const page = await context.newPage();
    await admin.signIn(page, user);
    const pages = [
      ['search', 'Scout Winning Ads'],
      ['history', 'Search History'],
      ['database', 'Search Database'],
      ['reports', 'Reports'],
      ['boards', 'Boards'],
      ['keywords', 'Keywords'],
      ['ai', 'AI Features'],
      ['settings', 'Settings'],
    ] as const;
    for (const [path, heading] of pages) {
      await page.goto(path === 'keywords' ? '/app/keywords?locale=de-DE' : `/app/${path}`);
      await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible();
      // the rows are there (on a phone Store Name starts off screen, after the Creative column)
      if (path === 'database') await expect(databasePage(page).rows).toHaveCount(3);
      if (path === 'history') await expect(historyPage(page).card(/Offline lamps/)).toBeVisible();
      // nothing wider than the screen: the grid and tables scroll inside their own boxes
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
      expect(overflow, `/app/${path} is wider than the phone`).toBeLessThanOrEqual(0);
      const file = testInfo.outputPath(`phone-${path}.png`);
      await page.screenshot({ path: file, fullPage: true });
      await testInfo.attach(`phone-${path}`, { path: file, contentType: 'image/png' });
    }
    // the navigation folds into a menu that opens by touch
    await expect(page.getByRole('link', { name: 'Search History' })).toBeHidden();
    await page.getByRole('button', { name: 'Open menu' }).tap();
    await page.getByRole('link', { name: 'Search History' }).tap();
    await expect(page).toHaveURL(/\/app\/history$/);
    await page.getByRole('button', { name: 'Open menu' }).tap();
    await page.getByRole('link', { name: 'Reports' }).tap();
    await expect(page).toHaveURL(/\/app\/reports$/);
  } finally {
    await context.close();
  }
});

test('the remembered subscription never outlives the server’s answer', async ({ page, admin }) => {
  const user = await seededSubscriber(admin, 'lapsed');
  await admin.signIn(page, user);
  await page.goto('/app/history');
  await expect(historyPage(page).card(/Offline lamps/)).toBeVisible();
  // this browser now remembers an active plan; the server cancels it while the tab is away
  await page.goto('/privacy');
  const subscription = await admin.pb
    .collection(COLLECTIONS.subscriptions)
    .getFirstListItem(`user = "${user.id}"`);
  await admin.pb.collection(COLLECTIONS.subscriptions).update(subscription.id, { status: 'canceled' });
  await page.goto('/app/history');
  await expect(page.getByRole('heading', { name: 'Subscription Required' })).toBeVisible();
  await expect(historyPage(page).card(/Offline lamps/)).toHaveCount(0);
});
