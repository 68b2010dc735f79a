/**
 * Accounts and the /app shell (docs/product.md): validation, register → subscribe → logout → login, guards
 * and the gate.
 */
import { createSubscription } from '../fixtures/records.ts';
import { expect, KNOWN_ERRORS, test, uniqueEmail } from './fixtures.ts';
import { toast } from './locators.ts';
import { COLLECTIONS } from '../../src/domain/api/collections.ts';
import { collectionRoute } from '../fixtures/route-paths.ts';

test.describe('login validation', () => {
  const cases = [
    { email: 'not-an-email', password: 'secret1', message: 'Invalid email format' },
    {
      email: `${'a'.repeat(250)}@x.com`,
      password: 'secret1',
      message: 'Email must be less than 255 characters',
    },
    { email: 'someone@example.com', password: '12345', message: 'Password must be at least 6 characters' },
  ];
  for (const { email, password, message } of cases) {
    test(message, async ({ page }) => {
      await page.goto('/login');
      await expect(page.getByRole('heading', { name: 'Welcome Back' })).toBeVisible();
      await page.getByLabel('Email').fill(email);
      await page.getByLabel('Password').fill(password);
      await page.getByRole('button', { name: 'Log In' }).click();
      await expect(page.getByText(message, { exact: true })).toBeVisible();
      await expect(page).toHaveURL(/\/login$/);
    });
  }

  test('wrong credentials show the server message', async ({ page, errorGuard }) => {
    errorGuard.expect(KNOWN_ERRORS.refused(400, collectionRoute(COLLECTIONS.users, 'auth-with-password')));
    await page.goto('/login');
    await page.getByLabel('Email').fill('nobody@adscout.test');
    await page.getByLabel('Password').fill('wrong-password');
    await page.getByRole('button', { name: 'Log In' }).click();
    await expect(toast(page, 'Failed to authenticate.')).toBeVisible();
    await expect(page).toHaveURL(/\/login$/);
  });
});

test.describe('register validation shows the first failing rule', () => {
  const cases = [
    { email: 'bad@', password: 'Abcdefg1', message: 'Invalid email format' },
    {
      email: `${'b'.repeat(250)}@x.com`,
      password: 'Abcdefg1',
      message: 'Email must be less than 255 characters',
    },
    { email: 'new@example.com', password: 'abc', message: 'Password must be at least 8 characters' },
    {
      email: 'new@example.com',
      password: 'abcdefgh1',
      message: 'Password must contain at least one uppercase letter',
    },
    {
      email: 'new@example.com',
      password: 'ABCDEFGH1',
      message: 'Password must contain at least one lowercase letter',
    },
    { email: 'new@example.com', password: 'Abcdefghi', message: 'Password must contain at least one number' },
  ];
  for (const { email, password, message } of cases) {
    test(message, async ({ page }) => {
      await page.goto('/register');
      await expect(page.getByRole('heading', { name: 'Create Account' })).toBeVisible();
      await page.getByLabel('Email').fill(email);
      await page.getByLabel('Password').fill(password);
      await page.getByRole('button', { name: 'Create Account' }).click();
      await expect(page.getByText(message, { exact: true })).toBeVisible();
      // one message for the password at a time
      await expect(page.locator('.field-error')).toHaveCount(1);
      await expect(page).toHaveURL(/\/register$/);
    });
  }

  test('an address that is taken shows the server message', async ({ page, admin, errorGuard }) => {
    errorGuard.expect(KNOWN_ERRORS.refused(400, collectionRoute(COLLECTIONS.users, 'records')));
    const existing = await admin.createUser('taken');
    await page.goto('/register');
    await page.getByLabel('Email').fill(existing.email);
    await page.getByLabel('Password').fill('Another-Pass-1');
    await page.getByRole('button', { name: 'Create Account' }).click();
    await expect(page.locator('.toast-error')).toBeVisible();
    await expect(page).toHaveURL(/\/register$/);
  });
});

test('register, land on /subscribe, log out, log back in', async ({ page }) => {
  const email = uniqueEmail('journey');
  const password = 'Winning-Ads-2026';

  await page.goto('/');
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Start Now' }).click();
  await expect(page).toHaveURL(/\/register$/);
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Create Account' }).click();
  await expect(page).toHaveURL(/\/subscribe$/);
  await expect(toast(page, 'Account created! Please choose a plan to continue.')).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Choose Your Plan' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Select Monthly' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Select Yearly' })).toBeVisible();

  // the session survives a reload
  await page.goto('/app/settings');
  await page.reload();
  await expect(page).toHaveURL(/\/app\/settings$/);
  const appNav = page.getByRole('navigation', { name: 'App' });
  for (const [name, href] of [
    ['Search', '/app/search'],
    ['Search History', '/app/history'],
    ['Search Database', '/app/database'],
    ['Keywords', '/app/keywords'],
    ['AI', '/app/ai'],
    ['Settings', '/app/settings'],
  ] as const) {
    await expect(appNav.getByRole('link', { name, exact: true })).toHaveAttribute('href', href);
  }

  await appNav.getByRole('button', { name: 'Logout' }).click();
  await expect(page).toHaveURL(/\/$/);
  await expect(toast(page, 'Logged out successfully')).toBeVisible();
  expect(await page.evaluate(() => window.localStorage.getItem('pocketbase_auth'))).toBeNull();

  await page.goto('/app/search');
  await expect(page).toHaveURL(/\/login$/);
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Log In' }).click();
  await expect(page).toHaveURL(/\/app\/search$/);
  await expect(toast(page, 'Logged in successfully!')).toBeVisible();

  // a visitor who already has a session skips the login form
  await page.goto('/login');
  await expect(page).toHaveURL(/\/app\/search$/);
});

test('a visitor without a session is sent to /login from every /app page', async ({ page }) => {
  for (const path of [
    '/app',
    '/app/search',
    '/app/history',
    '/app/database',
    '/app/keywords',
    '/app/ai',
    '/app/settings',
  ]) {
    await page.goto(path);
    await expect(page).toHaveURL(/\/login$/);
    await expect(page.getByRole('heading', { name: 'Welcome Back' })).toBeVisible();
  }
});

test('choosing a plan without a session asks to log in first', async ({ page }) => {
  await page.goto('/subscribe');
  await page.getByRole('button', { name: 'Select Monthly' }).click();
  await expect(toast(page, 'Please log in first')).toBeVisible();
  await expect(page).toHaveURL(/\/login$/);
});

test('the gate: without a subscription only Settings opens, and it lifts over realtime', async ({
  page,
  admin,
}) => {
  const user = await admin.createUser('gate');
  await admin.signIn(page, user);
  for (const path of ['/app/search', '/app/history', '/app/database', '/app/keywords', '/app/ai']) {
    await page.goto(path);
    await expect(page.getByRole('heading', { name: 'Subscription Required' })).toBeVisible();
    await expect(page.getByText('Please take a subscription to access this feature.')).toBeVisible();
    await expect(page.getByRole('link', { name: 'View Plans' })).toHaveAttribute('href', '/subscribe');
  }
  await page.goto('/app/settings');
  await expect(page.getByRole('heading', { name: 'Subscription Required' })).toHaveCount(0);
  await expect(page.getByRole('heading', { level: 1, name: 'Settings' })).toBeVisible();

  // The server activates the subscription (as billing would): the open page follows, no reload.
  await page.goto('/app/ai');
  await expect(page.getByRole('heading', { name: 'Subscription Required' })).toBeVisible();
  const subscription = await createSubscription(admin.pb, user.id);
  await expect(page.getByRole('heading', { name: 'AI Features' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Hooks and offers that win' })).toBeVisible();

  // ...and drops again when payment fails.
  await admin.pb.collection(COLLECTIONS.subscriptions).update(subscription.id, { status: 'suspended' });
  await expect(page.getByRole('heading', { name: 'Subscription Required' })).toBeVisible();
});

test("another user's subscription does not open the gate", async ({ page, admin }) => {
  const [user, other] = await Promise.all([admin.createUser('mine'), admin.createUser('theirs')]);
  await createSubscription(admin.pb, other.id, { plan: 'yearly' });
  await admin.signIn(page, user);
  await page.goto('/app/search');
  await expect(page.getByRole('heading', { name: 'Subscription Required' })).toBeVisible();
});
