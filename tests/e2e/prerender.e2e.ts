/**
 * The prerendered public pages (scripts/prerender.mjs): the HTML arrives with the page in it, the
 * app hydrates that HTML instead of replacing it (the fixture fails on React's hydration errors),
 * and the page then works as before. Per-visitor parts (cookie banner, signed-in state, the
 * remembered server config) differ from the prerendered HTML without breaking hydration.
 */
import type { Page } from '@playwright/test';
import { pageTitle } from '../../src/domain/pages/routes.ts';
import { CONSENT_STORAGE_KEY } from '../../src/web/data/browser/consent.ts';
import { expect, KNOWN_ERRORS, test } from './fixtures.ts';

/**
 * Remembers the <h1> the browser parsed from the HTML, before any script ran (module scripts
 * run after the document is interactive), to compare with the one on the page after hydration.
 */
async function rememberParsedHeading(page: Page): Promise<void> {
  await page.addInitScript(() => {
    document.addEventListener('readystatechange', () => {
      if (document.readyState !== 'interactive') return;
      (window as unknown as { parsedHeading: Element | null }).parsedHeading = document.querySelector('h1');
    });
  });
}

/**
 * Records whether the cookie banner took up room on the page when the first contentful paint was
 * reported (a first visit's banner is part of that paint: it was /login's late largest paint).
 */
async function rememberBannerAtFirstPaint(page: Page): Promise<void> {
  await page.addInitScript(() => {
    new PerformanceObserver((list, observer) => {
      if (list.getEntriesByName('first-contentful-paint').length === 0) return;
      observer.disconnect();
      const banner = document.querySelector('.cookie-banner');
      (window as unknown as { bannerAtFirstPaint: boolean }).bannerAtFirstPaint =
        banner !== null && banner.getBoundingClientRect().height > 0;
    }).observe({ type: 'paint', buffered: true });
  });
}

const bannerShownAtFirstPaint = async (page: Page): Promise<boolean> => {
  await page.waitForFunction(() => 'bannerAtFirstPaint' in window);
  return page.evaluate(() => (window as unknown as { bannerAtFirstPaint: boolean }).bannerAtFirstPaint);
};

const sameHeadingAsParsed = (page: Page) =>
  page.evaluate(() => {
    const parsed = (window as unknown as { parsedHeading: Element | null }).parsedHeading;
    return parsed !== null && parsed === document.querySelector('h1') && parsed.isConnected;
  });

for (const [path, heading] of [
  ['/', 'Where winning ads are found — not guessed.'],
  ['/login', 'Welcome Back'],
  ['/terms', 'Terms of Service'],
  ['/subscribe', 'Choose Your Plan'],
] as const) {
  test(`${path} arrives prerendered and hydrates in place`, async ({ page }) => {
    await rememberParsedHeading(page);
    await rememberBannerAtFirstPaint(page);
    await page.goto(path);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(heading);
    // a first visit's cookie banner comes with the page; its buttons work once the page hydrated
    expect(await bannerShownAtFirstPaint(page)).toBe(true);
    await expect(page.getByRole('region', { name: 'Cookie consent' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Accept' })).toBeEnabled();
    expect(await sameHeadingAsParsed(page)).toBe(true);
    await expect(page).toHaveTitle(pageTitle(path));
  });
}

test('the app is requested only after the prerendered page painted', async ({ page }) => {
  await page.goto('/');
  // the banner's buttons work once the app hydrated: every script of the app was requested by then
  await expect(page.getByRole('button', { name: 'Accept' })).toBeEnabled();
  const timing = await page.evaluate(() => ({
    firstPaint: performance.getEntriesByName('first-contentful-paint')[0]?.startTime ?? null,
    scripts: performance
      .getEntriesByType('resource')
      .filter((entry) => /\/assets\/(?!start-)[^/]+\.js$/.test(new URL(entry.name).pathname))
      .map((entry) => ({ path: new URL(entry.name).pathname, requested: entry.startTime })),
  }));
  expect(timing.firstPaint).not.toBeNull();
  expect(timing.scripts.length).toBeGreaterThan(0);
  const early = timing.scripts.filter((script) => script.requested < timing.firstPaint!);
  expect(early, `scripts requested before the first paint at ${timing.firstPaint} ms`).toEqual([]);
});

test('before the app runs, the cookie banner shows to a first visit and stays hidden once chosen', async ({
  page,
}) => {
  // the app's entry never arrives (held, not refused): what shows is the prerendered page and
  // what its start script did (scripts/prerender.mjs)
  await page.route(/\/assets\/index-[^/]+\.js$/, () => undefined);
  await page.goto('/login');
  const banner = page.getByRole('region', { name: 'Cookie consent' });
  await expect(banner).toBeVisible();
  await expect(banner.getByRole('button', { name: 'Accept' })).toBeDisabled();
  await page.evaluate((key) => localStorage.setItem(key, 'rejected'), CONSENT_STORAGE_KEY);
  await page.reload();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Welcome Back');
  await expect(page.locator('html')).toHaveAttribute('data-consent', 'rejected');
  await expect(banner).toBeHidden();
});

test('every page has its own title, in the HTML and after each navigation in the app', async ({
  page,
  errorGuard,
}) => {
  errorGuard.expect(KNOWN_ERRORS.notFound('/no/such/page'));
  await page.goto('/');
  await expect(page).toHaveTitle('AdScout — Find, Study, and Replicate Winning Ads');
  await page.getByRole('contentinfo').getByRole('link', { name: 'Terms' }).click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Terms of Service');
  await expect(page).toHaveTitle('Terms of Service — AdScout');
  await page.goto('/no/such/page');
  await expect(page).toHaveTitle('Page not found — AdScout');
  await page.goto('/app/history');
  await expect(page).toHaveURL(/\/login$/);
  await expect(page).toHaveTitle('Log In — AdScout');
});

test('the legal pages fill in the visitor’s date after hydrating', async ({ page }) => {
  await page.goto('/privacy');
  const today = new Date().toLocaleDateString('en-US', { year: 'numeric', month: 'long', day: 'numeric' });
  await expect(page.locator('.legal-updated')).toHaveText(`Last updated: ${today}`);
});

test('a prerendered /login logs in once hydrated', async ({ page, admin }) => {
  const user = await admin.createUser('prerender');
  await rememberParsedHeading(page);
  await page.goto('/login');
  await page.getByLabel('Email').fill(user.email);
  await page.getByLabel('Password').fill(user.password);
  // disabled until the page hydrated, so the form is never sent by the browser itself
  await page.getByRole('button', { name: 'Log In' }).click();
  await expect(page).toHaveURL(/\/app\/search$/);
});

test('a returning visitor (consent given, config remembered, signed in) hydrates without errors', async ({
  page,
  admin,
}) => {
  const user = await admin.createUser('returning');
  await admin.signIn(page, user);
  await page.evaluate(
    ([consentKey]) => {
      localStorage.setItem(consentKey!, 'accepted');
      localStorage.setItem(
        'adscout.public-config',
        JSON.stringify({
          communityChatUrl: 'https://chat.adscout.test/remembered',
          demoVideoUrl: '',
          billingMode: 'local',
          scoutSource: 'demo',
        }),
      );
    },
    [CONSENT_STORAGE_KEY],
  );
  await rememberParsedHeading(page);
  await page.goto('/terms');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Terms of Service');
  await expect(page.locator('.legal-updated time')).toBeVisible();
  await expect(page.getByRole('region', { name: 'Cookie consent' })).toHaveCount(0);
  expect(await sameHeadingAsParsed(page)).toBe(true);
  // a signed-in visitor on the prerendered /login goes on to the app once it hydrated
  await page.goto('/login');
  await expect(page).toHaveURL(/\/app\/search$/);
});
