/**
 * /app/keywords (docs/product.md): the locale picker, stored sets over defaults, reset, scout with a keyword.
 */
import { LOCALES } from '../../src/domain/index.ts';
import { defaultKeywords } from '../../src/web/data/local/default-keywords.ts';
import { subscriber } from '../fixtures/records.ts';
import { expect, test } from './fixtures.ts';
import { toast } from './locators.ts';
import { COLLECTIONS } from '../../src/domain/api/collections.ts';

test('the picker lists the 15 locales and shows a locale’s default list with the note', async ({
  page,
  admin,
}) => {
  const user = await subscriber(admin.pb, admin, 'kw-defaults');
  await admin.signIn(page, user);
  await page.goto('/app/keywords');
  const picker = page.getByLabel('Language/country');
  await expect(picker.locator('option').first()).toHaveText('Select language/country');
  await expect(picker.locator('option:not([disabled])')).toHaveText(LOCALES.map((locale) => locale.label));
  await expect(
    page.getByText('/products and /collections remain untranslated across all locales.'),
  ).toBeVisible();
  await expect(page.getByRole('button', { name: 'Reset to Defaults' })).toHaveCount(0);

  await picker.selectOption({ label: 'Deutsch' });
  const grid = page.getByRole('list', { name: 'Keywords for Deutsch' });
  await expect(grid.locator('.keyword-text')).toHaveText(defaultKeywords('de-DE'));
  await expect(grid.locator('.keyword-text').nth(2)).toHaveText('/products');
  await expect(page.getByTestId('keywords-meta')).toContainText('default list');
  // the choice survives a reload
  await page.reload();
  await expect(page.getByLabel('Language/country')).toHaveValue('de-DE');
});

test('a stored set overrides the defaults, and Reset to Defaults overwrites it on the server', async ({
  page,
  admin,
}) => {
  const user = await subscriber(admin.pb, admin, 'kw-reset');
  const stored = await admin.pb
    .collection(COLLECTIONS.keywordSets)
    .create({ user: user.id, locale: 'fr-FR', keywords: ['mon mot-clé', 'livraison express'] });
  await admin.signIn(page, user);
  await page.goto('/app/keywords?locale=fr-FR');
  const grid = page.getByRole('list', { name: 'Keywords for Français' });
  await expect(grid.locator('.keyword-text')).toHaveText(['mon mot-clé', 'livraison express']);
  await expect(page.getByTestId('keywords-meta')).toContainText('your saved list');

  await page.getByRole('button', { name: 'Reset to Defaults' }).click();
  await expect(toast(page, 'Keywords reset to defaults')).toBeVisible();
  await expect(grid.locator('.keyword-text')).toHaveText(defaultKeywords('fr-FR'));
  const after = await admin.pb.collection(COLLECTIONS.keywordSets).getOne(stored.id);
  expect(after.keywords).toEqual(defaultKeywords('fr-FR'));
  const all = await admin.pb
    .collection(COLLECTIONS.keywordSets)
    .getFullList({ filter: `user = "${user.id}"` });
  expect(all).toHaveLength(1);
});

test('a keyword is sent to the scout form', async ({ page, admin }) => {
  const user = await subscriber(admin.pb, admin, 'kw-scout');
  await admin.signIn(page, user);
  await page.goto('/app/keywords?locale=en-US');
  const keyword = defaultKeywords('en-US')[5]!;
  await page.getByRole('button', { name: `Scout with “${keyword}”` }).click();
  await expect(page).toHaveURL(/\/app\/search$/);
  await expect(page.getByLabel('Keywords (optional)')).toHaveValue(keyword);
  await expect(page.getByLabel('Search name')).toHaveValue('');
});
