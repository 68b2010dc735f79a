/**
 * Own your account (docs/accounts.md), in Chromium against the real stack (no SMTP: mails are read from
 * the outbox as a superuser): forgot password → the mail → reset → log in; and deleting the
 * account → logged out, the local database wiped, and the old login refused.
 */
import { createSubscription } from '../fixtures/records.ts';
import { expect, KNOWN_ERRORS, test } from './fixtures.ts';
import { toast } from './locators.ts';
import { collectionRoute } from '../fixtures/route-paths.ts';
import { COLLECTIONS } from '../../src/domain/api/collections.ts';
import { SERVER_ROUTES } from '../../src/domain/api/routes.ts';

interface OutboxMail {
  subject: string;
  html: string;
}

test('forgot password: the link in the mail sets a new password with the registration rules, then login works', async ({
  page,
  admin,
}) => {
  const user = await admin.createUser('forgetful');
  await page.goto('/login');
  await page.getByRole('link', { name: 'Forgot password?' }).click();
  await expect(page).toHaveURL(/\/forgot-password$/);
  // the page is loaded on demand: the login form stays on screen until it has come
  await expect(page.getByRole('heading', { name: 'Forgot Password' })).toBeVisible();
  await page.getByLabel('Email').fill(user.email);
  await page.getByRole('button', { name: 'Send Reset Link' }).click();
  const answer = 'If an account exists for that address, we sent a link to reset the password.';
  await expect(page.getByRole('main').getByRole('status')).toHaveText(answer);

  let mail: OutboxMail | undefined;
  await expect
    .poll(async () => {
      const { items } = await admin.pb.send<{ items: OutboxMail[] }>(SERVER_ROUTES.localOutbox.path, {
        query: { to: user.email },
      });
      mail = items[0];
      return mail?.subject;
    })
    .toBe('Reset your AdScout password');
  const link = /href="(https?:\/\/[^"]+\/reset-password\?token=[^"]+)"/.exec(mail!.html)![1]!;
  await page.goto(link);
  await expect(page.getByRole('heading', { name: 'Choose a New Password' })).toBeVisible();

  // the registration rules and messages
  await page.getByLabel('New password').fill('alllowercase1');
  await page.getByRole('button', { name: 'Save New Password' }).click();
  await expect(
    page.getByText('Password must contain at least one uppercase letter', { exact: true }),
  ).toBeVisible();

  await page.getByLabel('New password').fill('Brand-New-Pass-7');
  await page.getByRole('button', { name: 'Save New Password' }).click();
  await expect(page).toHaveURL(/\/login$/);
  await expect(toast(page, 'Your password was reset. Log in with your new password.')).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Welcome Back' })).toBeVisible();

  await page.getByLabel('Email').fill(user.email);
  await page.getByLabel('Password', { exact: true }).fill('Brand-New-Pass-7');
  await page.getByRole('button', { name: 'Log In' }).click();
  await expect(toast(page, 'Logged in successfully!')).toBeVisible();
  await expect(page).toHaveURL(/\/app\//);
});

test('delete account: logged out on /, local data wiped, and the old login fails', async ({
  page,
  admin,
  errorGuard,
}) => {
  errorGuard.expect(KNOWN_ERRORS.refused(400, collectionRoute(COLLECTIONS.users, 'auth-with-password')));
  const user = await admin.createUser('leaving');
  await createSubscription(admin.pb, user.id);
  await admin.signIn(page, user);
  await page.goto('/app/settings');
  // the local database exists while signed in
  await expect
    .poll(() => page.evaluate(async () => (await indexedDB.databases()).map((db) => db.name ?? '')))
    .toContain(`adscout-user-${user.id}`);

  const form = page.getByRole('form', { name: 'Delete account' });
  await expect(page.getByRole('region', { name: 'Delete Account' })).toContainText('canceled now');
  await form.getByLabel('Current password').fill(user.password);
  await form.getByRole('button', { name: 'Delete My Account' }).click();
  await expect(form.getByText('Please type DELETE to confirm', { exact: true })).toBeVisible();
  await form.getByLabel('Type DELETE to confirm').fill('DELETE');
  await form.getByRole('button', { name: 'Delete My Account' }).click();

  await expect(toast(page, 'Your account and its data were deleted.')).toBeVisible();
  await expect(page).toHaveURL(/\/$/);
  expect(await page.evaluate(() => window.localStorage.getItem('pocketbase_auth'))).toBeNull();
  const databases = await page.evaluate(async () => (await indexedDB.databases()).map((db) => db.name ?? ''));
  expect(databases.filter((name) => name.startsWith('adscout-user-'))).toEqual([]);

  await page.goto('/login');
  await expect(page.getByRole('heading', { name: 'Welcome Back' })).toBeVisible();
  await page.getByLabel('Email').fill(user.email);
  await page.getByLabel('Password', { exact: true }).fill(user.password);
  await page.getByRole('button', { name: 'Log In' }).click();
  await expect(toast(page, 'Failed to authenticate.')).toBeVisible();
  await expect(page).toHaveURL(/\/login$/);
});
