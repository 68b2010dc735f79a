/** /app/search (docs/product.md): a subscribed user scouts demo ads and watches the run complete. */
import { subscriber } from '../fixtures/records.ts';
import { expect, test } from './fixtures.ts';
import { toast } from './locators.ts';
import { COLLECTIONS } from '../../src/domain/api/collections.ts';

const LINK =
  'https://www.facebook.com/ads/library/?active_status=active&ad_type=all&country=US&q=dog%20toys&search_type=keyword_unordered&media_type=all';

test('a subscriber scouts 100 demo ads, watches progress, and sees the count and quota change', async ({
  page,
  admin,
}) => {
  const user = await subscriber(admin.pb, admin, 'scout');
  await admin.signIn(page, user);
  await page.goto('/app/search');
  await expect(page.getByRole('heading', { level: 1, name: 'Scout Winning Ads' })).toBeVisible();
  await expect(page.getByText(/Demo source/)).toBeVisible();
  await expect(page.getByTestId('search-total-remaining')).toHaveText('2,500');
  await expect(page.getByText('2 to 10 minutes', { exact: false })).toBeVisible();
  await expect(page.getByLabel('Target country')).toHaveValue('US');
  await expect(page.getByLabel('Number of ads')).toHaveValue('100');

  await page.getByLabel('Search name').fill('Dog toys US');
  await page.getByLabel('Facebook Ad Library link').fill(LINK);
  await page.getByRole('button', { name: 'Start Scouting' }).click();

  await expect(toast(page, 'Scout job started! This may take a few minutes...')).toBeVisible();
  const card = page.getByRole('region', { name: 'Active Job Running' });
  await expect(card).toBeVisible();
  await expect(card).toContainText('Dog toys US');
  await expect(card.getByText('Working', { exact: true })).toBeVisible();
  await expect(page.getByTestId('run-progress')).toHaveText(/of 100 ads found so far/);
  await expect(page.getByRole('button', { name: 'Job Already Running' })).toBeDisabled();

  await expect(toast(page, 'Scout completed! Found 100 ads.')).toBeVisible({ timeout: 20_000 });
  await expect(card).toBeHidden();
  await expect(page.getByTestId('summary-results')).toHaveText('100');
  await expect(page.getByTestId('search-total-remaining')).toHaveText('2,400');
  await expect(page.getByRole('button', { name: 'Start Scouting' })).toBeEnabled();
});

test('the form refuses bad input, warns when results run low, and refuses a run over the balance', async ({
  page,
  admin,
}) => {
  const anchor = new Date().toISOString();
  const user = await subscriber(admin.pb, admin, 'low', { quota_anchor: anchor });
  // 2,450 of this month's 2,500 results are used
  await admin.pb
    .collection(COLLECTIONS.usageLedger)
    .create({ user: user.id, kind: 'plan_use', amount: 2450, period_start: anchor });
  await admin.signIn(page, user);
  await page.goto('/app/search');
  await expect(page.getByTestId('search-total-remaining')).toHaveText('50');
  await expect(page.getByText('Low results remaining')).toBeVisible();
  await expect(page.getByRole('link', { name: 'Buy Results' })).toHaveAttribute('href', '/app/settings');
  await expect(page.getByRole('link', { name: 'Go to Database' })).toHaveAttribute('href', '/app/database');

  await page.getByRole('button', { name: 'Start Scouting' }).click();
  await expect(page.getByText('Search name is required')).toBeVisible();
  await page.getByLabel('Search name').fill('Cats');
  await page.getByLabel('Facebook Ad Library link').fill('https://example.com/not-the-library');
  await page.getByRole('button', { name: 'Start Scouting' }).click();
  await expect(page.getByText(/Please paste a link to the Facebook Ad Library/)).toBeVisible();
  await page.getByLabel('Facebook Ad Library link').fill(LINK);
  await page.getByLabel('Number of ads').fill('1001');
  await page.getByRole('button', { name: 'Start Scouting' }).click();
  await expect(page.getByText('Number of ads must be between 1 and 1000')).toBeVisible();

  await page.getByLabel('Number of ads').fill('100');
  await page.getByRole('button', { name: 'Start Scouting' }).click();
  await expect(
    toast(page, "You don't have enough results! You have 50 results available, but requested 100."),
  ).toBeVisible();
  const runs = await admin.pb
    .collection(COLLECTIONS.searchRuns)
    .getFullList({ filter: `user = "${user.id}"` });
  expect(runs).toHaveLength(0);
});
