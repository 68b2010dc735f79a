/** The built PWA is served by PocketBase on one origin, with SPA fallback for deep links. */
import { expect, KNOWN_ERRORS, test } from './fixtures.ts';
import { SERVER_ROUTES } from '../../src/domain/api/routes.ts';

test(`the API answers /api/health and ${SERVER_ROUTES.config.path}`, async ({ request }) => {
  expect((await request.get('/api/health')).status()).toBe(200);
  const config = await (await request.get(SERVER_ROUTES.config.path)).json();
  expect(config).toMatchObject({ billingMode: 'local', scoutSource: 'demo' });
});

test('GET / renders the app', async ({ page }) => {
  await page.goto('/');
  await expect(page.getByRole('link', { name: 'AdScout' })).toBeVisible();
  await expect(
    page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Start Now' }),
  ).toHaveAttribute('href', '/register');
});

test('a deep link is served index.html and the router shows the 404 page, logging the path', async ({
  page,
  request,
  errorGuard,
}) => {
  const response = await request.get('/some/deep/link');
  expect(response.status()).toBe(200);
  expect(await response.text()).toContain('<div id="root"></div>');

  // the guard fails the test unless the page logs exactly this
  errorGuard.expect(KNOWN_ERRORS.notFound('/some/deep/link'));
  await page.goto('/some/deep/link');
  await expect(page.getByText('Page not found')).toBeVisible();
  await expect(page.getByText("The page you're looking for doesn't exist.")).toBeVisible();
  await page.getByRole('link', { name: 'Go back to Home' }).click();
  await expect(page).toHaveURL(/\/$/);
});
