/** Public site (docs/product.md): every route and its key strings, the cookie banner, the phone layout. */
import { contentSecurityPolicy } from '../../src/hooks/site/security-headers.ts';
import { expect, KNOWN_ERRORS, test } from './fixtures.ts';
import { blocking } from './locators.ts';
import { SERVER_ROUTES } from '../../src/domain/api/routes.ts';

const todayLong = () =>
  new Date().toLocaleDateString('en-US', { year: 'numeric', month: 'long', day: 'numeric' });

test('the landing page shows its eight sections in order', async ({ page }) => {
  await page.goto('/');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(
    'Where winning ads are found — not guessed.',
  );
  const headings = await page.getByRole('heading', { level: 2 }).allInnerTexts();
  const order = [
    'Find, Study, and Replicate Winning Ads',
    'How It Works',
    'Real Results from Real Stores',
    "What You'll Get",
    'Pricing Plans',
    'Start Scouting Winning Ads Today',
  ].map((title) => headings.findIndex((h) => h.trim() === title));
  expect(order.every((index) => index >= 0)).toBe(true);
  expect([...order].sort((a, b) => a - b)).toEqual(order);
  // the "why we are different" section sits between How It Works and Real Results, with six cards
  expect(order[2]! - order[1]!).toBe(2);
  const benefits = page.locator('section', {
    has: page.getByRole('heading', { level: 2, name: headings[order[1]! + 1]! }),
  });
  await expect(benefits.getByRole('heading', { level: 3 })).toHaveCount(6);

  const results = page.locator('section', {
    has: page.getByRole('heading', { name: 'Real Results from Real Stores' }),
  });
  await expect(results.getByRole('img')).toHaveCount(6);
  for (const img of await results.getByRole('img').all()) {
    await img.scrollIntoViewIfNeeded(); // they load lazily
    await expect.poll(() => img.evaluate((el) => (el as HTMLImageElement).naturalWidth)).toBeGreaterThan(0);
    expect(await img.getAttribute('alt')).toBeTruthy();
  }

  const pricing = page.locator('section', { has: page.getByRole('heading', { name: 'Pricing Plans' }) });
  await expect(pricing).toContainText('€199');
  await expect(pricing).toContainText('€1,399');
  await expect(pricing).toContainText('2,500 results a month');
  await expect(pricing).toContainText('3,500 results a month');
  await expect(pricing).toContainText('Most Popular');
  await expect(pricing).toContainText('Best Value');
  for (const link of await page.getByRole('link', { name: 'Start Now' }).all()) {
    await expect(link).toHaveAttribute('href', '/register');
  }
  expect(await page.getByRole('link', { name: 'Start Now' }).count()).toBeGreaterThanOrEqual(4);
});

test('without DEMO_VIDEO_URL the demo video shows a poster, not a broken frame', async ({ page }) => {
  await page.goto('/');
  const howItWorks = page.locator('section', { has: page.getByRole('heading', { name: 'How It Works' }) });
  await expect(howItWorks.locator('iframe')).toHaveCount(0);
  await expect(howItWorks.locator('.video-poster')).toBeVisible();
});

test('with DEMO_VIDEO_URL the video is embedded, and offline the poster returns', async ({ page }) => {
  // What the server answers with a video configured (the stack under test runs without one):
  // the config route names it, and the page's CSP allows framing its origin, and only that.
  const video = 'http://127.0.0.1:9/demo-video';
  await page.route(`**${SERVER_ROUTES.config.path}`, async (route) => {
    const response = await route.fetch();
    const config = await response.json();
    await route.fulfill({ response, json: { ...config, demoVideoUrl: video } });
  });
  await page.route(
    (url) => url.pathname === '/',
    async (route) => {
      const response = await route.fetch();
      const policy = response.headers()['content-security-policy'] ?? '';
      expect(policy).toBe(contentSecurityPolicy(''));
      await route.fulfill({
        response,
        headers: { ...response.headers(), 'content-security-policy': contentSecurityPolicy(video) },
      });
    },
  );
  await page.goto('/');
  const howItWorks = page.locator('section', { has: page.getByRole('heading', { name: 'How It Works' }) });
  await expect(howItWorks.locator('iframe')).toHaveAttribute('src', 'http://127.0.0.1:9/demo-video');
  await expect(howItWorks.locator('iframe')).toHaveAttribute('title', /.+/);
  await page.context().setOffline(true);
  await expect(howItWorks.locator('iframe')).toHaveCount(0);
  await expect(howItWorks.locator('.video-poster')).toContainText("You're offline");
  await page.context().setOffline(false);
  await expect(howItWorks.locator('iframe')).toHaveCount(1);
});

test('header and footer links', async ({ page }) => {
  await page.goto('/');
  const header = page.getByRole('banner');
  await expect(header.getByRole('link', { name: 'AdScout' })).toHaveAttribute('href', '/');
  const nav = page.getByRole('navigation', { name: 'Main' });
  await expect(nav.getByRole('link', { name: 'Home' })).toHaveAttribute('href', '/');
  await expect(nav.getByRole('link', { name: 'Contact' })).toHaveAttribute('href', '/contact');
  await expect(nav.getByRole('link', { name: 'Login' })).toHaveAttribute('href', '/login');
  await expect(nav.getByRole('link', { name: 'Start Now' })).toHaveAttribute('href', '/register');
  const config = await (await page.request.get(SERVER_ROUTES.config.path)).json();
  const community = nav.getByRole('link', { name: /Community/ });
  await expect(community).toHaveAttribute('href', config.communityChatUrl);
  await expect(community).toHaveAttribute('target', '_blank');
  await expect(community).toHaveAttribute('rel', /noopener/);

  const footer = page.getByRole('contentinfo');
  await expect(footer).toContainText('© 2025');
  await expect(footer.getByRole('link', { name: 'Terms' })).toHaveAttribute('href', '/terms');
  await expect(footer.getByRole('link', { name: 'Privacy' })).toHaveAttribute('href', '/privacy');
  await expect(footer.getByRole('link', { name: 'Contact' })).toHaveAttribute('href', '/contact');
  await expect(footer.getByRole('link', { name: /Community/ })).toHaveAttribute(
    'href',
    config.communityChatUrl,
  );

  // the header stays in view while the page scrolls
  await page.mouse.wheel(0, 3000);
  await expect(header).toBeInViewport();
});

test('legal, contact and support pages', async ({ page }) => {
  await page.goto('/terms');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Terms of Service');
  await expect(page.getByText('Last updated:')).toHaveText(`Last updated: ${todayLong()}`);
  const terms = (await page.getByRole('main').innerText()).toLowerCase();
  for (const phrase of [
    'renew automatically',
    'non-refundable',
    'anniversary',
    'carry over',
    'scrape',
    'credential',
  ]) {
    expect(terms).toContain(phrase);
  }

  await page.goto('/privacy');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Privacy Policy');
  await expect(page.getByText('Last updated:')).toHaveText(`Last updated: ${todayLong()}`);
  const privacy = (await page.getByRole('main').innerText()).toLowerCase();
  for (const phrase of ['18', 'payment provider', 'hosting', 'analytics', 'community']) {
    expect(privacy).toContain(phrase);
  }

  await page.goto('/contact');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Contact');

  await page.goto('/support');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Need Help?');
  await expect(page.getByRole('main')).toContainText('support ticket');
  await expect(
    page
      .getByRole('main')
      .getByRole('link', { name: /community chat/i })
      .first(),
  ).toHaveAttribute('target', '_blank');
});

test('the 404 page for any other path, with the path logged to the console', async ({ page, errorGuard }) => {
  // the guard fails the test unless the page logs exactly this
  errorGuard.expect(KNOWN_ERRORS.notFound('/no/such/page'));
  await page.goto('/no/such/page');
  await expect(page.getByText('Page not found')).toBeVisible();
  await expect(page.getByText("The page you're looking for doesn't exist.")).toBeVisible();
  await expect
    .poll(() => errorGuard.seen().map((error) => error.text))
    .toContain('404 Error: User attempted to access non-existent route: /no/such/page');
  await page.getByRole('link', { name: 'Go back to Home' }).click();
  await expect(page).toHaveURL(/\/$/);
});

for (const choice of ['Accept', 'Reject'] as const) {
  test(`the cookie banner remembers "${choice}" across a reload`, async ({ page }) => {
    await page.goto('/');
    const banner = page.getByRole('region', { name: 'Cookie consent' });
    await expect(banner).toBeVisible();
    await banner.getByRole('button', { name: choice }).click();
    await expect(banner).toBeHidden();
    const stored = await page.evaluate(() => window.localStorage.getItem('adscout.cookie-consent'));
    expect(stored).toBe(choice === 'Accept' ? 'accepted' : 'rejected');
    await page.reload();
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await expect(banner).toBeHidden();
    await page.goto('/terms');
    await expect(banner).toBeHidden();
  });
}

test.describe('on a phone', () => {
  test.use({ viewport: { width: 375, height: 740 }, isMobile: true, hasTouch: true });

  test('the navigation folds behind a menu button and nothing overflows sideways', async ({ page }) => {
    await page.goto('/');
    const nav = page.getByRole('navigation', { name: 'Main' });
    await expect(nav).toBeHidden();
    const menu = page.getByRole('button', { name: 'Open menu' });
    await expect(menu).toBeVisible();
    await menu.click();
    await expect(nav).toBeVisible();
    await expect(page.getByRole('button', { name: 'Close menu' })).toHaveAttribute('aria-expanded', 'true');
    await nav.getByRole('link', { name: 'Contact' }).click();
    await expect(page).toHaveURL(/\/contact$/);
    await expect(nav).toBeHidden();
    for (const path of ['/', '/login', '/register', '/subscribe', '/terms']) {
      await page.goto(path);
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
      expect(overflow, `horizontal overflow on ${path}`).toBeLessThanOrEqual(0);
    }
  });
});

// One test per page: each axe scan takes seconds on a busy machine, so each has its own budget.
test.describe('accessibility: no serious or critical axe violations', () => {
  for (const path of [
    '/',
    '/contact',
    '/support',
    '/terms',
    '/privacy',
    '/login',
    '/register',
    '/subscribe',
    '/nope',
  ]) {
    test(`on ${path}`, async ({ page, errorGuard }) => {
      if (path === '/nope') errorGuard.expect(KNOWN_ERRORS.notFound('/nope'));
      await page.goto(path);
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
      expect(await blocking(page), `axe on ${path}`).toEqual([]);
    });
  }
});
