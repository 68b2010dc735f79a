/**
 * Billing in local mode, end to end (docs/product.md: /subscribe and /app/settings): register,
 * choose Monthly, pay on the test checkout, and watch the gate and Settings follow over
 * realtime; buy a credit pack; cancel at period end; a failed payment suspends the plan.
 */
import type { Page } from '@playwright/test';
import { expect, KNOWN_ERRORS, test, uniqueEmail } from './fixtures.ts';
import { toast } from './locators.ts';
import { COLLECTIONS } from '../../src/domain/api/collections.ts';
import { SERVER_ROUTES } from '../../src/domain/api/routes.ts';

async function inPopup(page: Page, open: () => Promise<void>): Promise<Page> {
  const popupOpened = page.waitForEvent('popup');
  await open();
  const popup = await popupOpened;
  await popup.waitForLoadState();
  return popup;
}

test('subscribe, pay, buy credits, cancel at period end and survive a failed payment', async ({ page }) => {
  test.setTimeout(60_000);
  await page.goto('/register');
  await page.getByLabel('Email').fill(uniqueEmail('billing'));
  await page.getByLabel('Password').fill('Billing-Pass-2026');
  await page.getByRole('button', { name: 'Create Account' }).click();
  await expect(page).toHaveURL(/\/subscribe$/);

  // Checkout opens in a new tab; meanwhile the app shows the gate.
  const checkout = await inPopup(page, () => page.getByRole('button', { name: 'Select Monthly' }).click());
  await expect(checkout.getByText('Test checkout — no real payment', { exact: false })).toBeVisible();
  await expect(checkout.getByText('€199 / month')).toBeVisible();
  await page.goto('/app/search');
  await expect(page.getByRole('heading', { name: 'Subscription Required' })).toBeVisible();

  await checkout.getByRole('button', { name: 'Pay' }).click();
  await expect(checkout).toHaveURL(/\/app\/settings$/);
  await expect(toast(checkout, 'Subscription synced! Your Monthly plan is now active.')).toBeVisible();
  await checkout.close();

  // The gate lifts without a reload.
  await expect(page.getByRole('heading', { level: 1, name: 'Scout Winning Ads' })).toBeVisible();
  await page.getByRole('navigation', { name: 'App' }).getByRole('link', { name: 'Settings' }).click();
  await expect(page.getByTestId('plan-name')).toHaveText('Monthly Subscription');
  await expect(page.getByTestId('total-remaining')).toHaveText('2,500');
  await expect(page.getByText('0 of 2,500 (0%)')).toBeVisible();

  // A credit pack.
  const pack = await inPopup(page, () => page.getByRole('button', { name: 'Buy 500 results — €15' }).click());
  await expect(pack.getByText('500 result credits')).toBeVisible();
  await pack.getByRole('button', { name: 'Pay' }).click();
  await expect(pack).toHaveURL(/\/app\/settings$/);
  await pack.close();
  await expect(page.getByTestId('total-remaining')).toHaveText('3,000');
  await expect(page.getByTestId('addon-remaining')).toHaveText('500');

  // Cancel at period end in the portal.
  const portal = await inPopup(page, () => page.getByRole('button', { name: 'Manage Subscription' }).click());
  await expect(portal.getByText('Test customer portal', { exact: false })).toBeVisible();
  await portal.getByRole('button', { name: 'Cancel at period end' }).click();
  await expect(page.getByText(/^Will be cancelled on [A-Z][a-z]+ \d{1,2}, \d{4}$/)).toBeVisible();

  // A failed payment suspends the plan, and the gate comes back.
  await portal.getByRole('button', { name: 'Simulate a failed payment' }).click();
  await expect(page.getByTestId('plan-name')).toHaveText('Subscription Suspended - Payment Required');
  await expect(
    page.getByText('Your subscription payment failed. Please update your payment method.'),
  ).toBeVisible();
  await expect(page.getByRole('button', { name: 'Update Payment Method' })).toBeVisible();
  await page
    .getByRole('navigation', { name: 'App' })
    .getByRole('link', { name: 'Search', exact: true })
    .click();
  await expect(page.getByRole('heading', { name: 'Subscription Required' })).toBeVisible();

  // Recovering the payment lifts it again.
  await portal.getByRole('button', { name: 'Recover the payment' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Scout Winning Ads' })).toBeVisible();
  await portal.close();
});

test('Cancel on the test checkout comes back canceled, says so and resets the URL', async ({
  page,
  admin,
}) => {
  const user = await admin.createUser('canceled');
  await admin.signIn(page, user);
  await page.goto('/app/settings');
  const checkout = await inPopup(page, () =>
    page.getByRole('button', { name: 'Buy 100 results — €12' }).click(),
  );
  // Cancel is a form POST (a GET of its URL changes nothing), allowed by the page's own CSP
  await checkout.getByRole('button', { name: 'Cancel' }).click();
  await expect(
    toast(checkout, 'Payment was canceled. Your credits/subscription have not been updated.'),
  ).toBeVisible();
  await expect(checkout).toHaveURL(/\/app\/settings$/);
  await expect(checkout.getByTestId('plan-name')).toHaveText('No active plan');
  await expect(checkout.getByTestId('addon-remaining')).toHaveText('0');
  await checkout.close();
});

test('returning with success=true but no subscription says none was found', async ({ page, admin }) => {
  const user = await admin.createUser('nosub');
  await admin.signIn(page, user);
  await page.goto('/app/settings?success=true');
  await expect(
    toast(page, 'No active subscription found. Please contact support if you believe this is an error.'),
  ).toBeVisible();
  await expect(page).toHaveURL(/\/app\/settings$/);
});

test('settings validation and account changes, each asking for the current password', async ({
  page,
  admin,
  errorGuard,
}) => {
  // the wrong current password below is refused by the server
  errorGuard.expect(KNOWN_ERRORS.refused(400, SERVER_ROUTES.accountEmail.path));
  const user = await admin.createUser('account');
  await admin.signIn(page, user);
  await page.goto('/app/settings');
  const emailCard = page.getByRole('region', { name: 'Current Email' });
  const passwordCard = page.getByRole('region', { name: 'Update Password' });
  await expect(emailCard.getByLabel('Current email', { exact: true })).toHaveValue(user.email);
  await expect(emailCard.getByLabel('Current email', { exact: true })).toHaveAttribute('readonly', '');
  await emailCard.getByRole('button', { name: 'Update Email' }).click();
  await expect(emailCard.getByText('Please enter a new email')).toBeVisible();
  await expect(emailCard.getByText('Please enter your current password')).toBeVisible();
  const next = uniqueEmail('renamed');
  await emailCard.getByLabel('New email').fill(next);
  await emailCard.getByLabel('Current password').fill('not-my-password');
  await emailCard.getByRole('button', { name: 'Update Email' }).click();
  await expect(toast(page, 'The current password is not correct.')).toBeVisible();
  await expect(emailCard.getByLabel('Current email', { exact: true })).toHaveValue(user.email);
  await emailCard.getByLabel('Current password').fill(user.password);
  await emailCard.getByRole('button', { name: 'Update Email' }).click();
  await expect(toast(page, 'Email updated successfully')).toBeVisible();
  await expect(emailCard.getByLabel('Current email', { exact: true })).toHaveValue(next);
  await expect(emailCard.getByLabel('Current password')).toHaveValue('');

  await expect(passwordCard.getByPlaceholder('Enter new password (min 6 characters)')).toBeVisible();
  await expect(passwordCard.getByLabel('Current password')).toHaveAttribute(
    'autocomplete',
    'current-password',
  );
  await passwordCard.getByLabel('New password').fill('12345');
  await passwordCard.getByRole('button', { name: 'Update Password' }).click();
  await expect(passwordCard.getByText('Password must be at least 6 characters')).toBeVisible();
  await expect(passwordCard.getByText('Please enter your current password')).toBeVisible();
  await passwordCard.getByLabel('Current password').fill(user.password);
  await passwordCard.getByLabel('New password').fill('six6ix'); // 6 characters: the product's Settings minimum
  await passwordCard.getByRole('button', { name: 'Update Password' }).click();
  await expect(toast(page, 'Password updated successfully')).toBeVisible();
  // still signed in after the token change
  await page.reload();
  await expect(emailCard.getByLabel('Current email', { exact: true })).toHaveValue(next);
  const logs = await admin.pb
    .collection(COLLECTIONS.auditLogs)
    .getFullList({ filter: `user = "${user.id}"`, sort: 'created' });
  expect(logs.map((l) => l.action)).toEqual(['email_update_refused', 'email_updated', 'password_updated']);
});
