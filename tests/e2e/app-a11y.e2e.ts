/** No serious or critical axe findings on the /app pages, with data on them and their panels open. */
import { createRunWithResults, subscriber } from '../fixtures/records.ts';
import { expect, test } from './fixtures.ts';
import { blocking } from './locators.ts';

test('the /app pages pass axe', async ({ page, admin }) => {
  test.setTimeout(60_000);
  const user = await subscriber(admin.pb, admin, 'a11y');
  await createRunWithResults(
    admin.pb,
    user.id,
    {
      search_name: 'Garden lights',
      facebook_link: 'https://www.facebook.com/ads/library/?q=garden',
      target_country: 'NL',
      keywords_used: 'solar, garden',
      results_count: 1,
    },
    [
      {
        ad_id: 'a11y-1',
        store_name: 'Tuin & Zo',
        title: 'Solar garden lights',
        ad_library_url: 'https://www.facebook.com/ads/library/?id=1',
      },
    ],
  );
  await admin.signIn(page, user);

  for (const path of ['search', 'history', 'database', 'keywords?locale=nl-BE', 'ai', 'settings']) {
    await page.goto(`/app/${path}`);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    if (path === 'history') await expect(page.getByRole('article', { name: /Garden lights/ })).toBeVisible();
    if (path === 'database') await expect(page.getByText('Tuin & Zo')).toBeVisible();
    expect(await blocking(page), `axe on /app/${path}`).toEqual([]);
  }

  // the panels and the dialog, open
  await page.goto('/app/database');
  await expect(page.getByText('Tuin & Zo')).toBeVisible();
  await page.getByRole('button', { name: 'Filter' }).click();
  expect(await blocking(page), 'axe on the Filter panel').toEqual([]);
  await page.keyboard.press('Escape');
  await page.getByRole('button', { name: 'Columns' }).click();
  expect(await blocking(page), 'axe on the Toggle Columns panel').toEqual([]);
  await page.keyboard.press('Escape');
  // the ad detail view of a row (this ad has no media: the tile shows; ad-detail.e2e.ts scans
  // it with an image and with the media-unavailable tile)
  await page.getByText('Tuin & Zo').click();
  await expect(page.getByRole('dialog', { name: 'Tuin & Zo' })).toBeVisible();
  expect(await blocking(page), 'axe on the ad detail view').toEqual([]);
  await page.keyboard.press('Escape');

  await page.goto('/app/history');
  await page.getByRole('button', { name: 'View results' }).click();
  await expect(page.getByRole('dialog', { name: /Search Results \(1\)/ })).toBeVisible();
  expect(await blocking(page), 'axe on the results dialog').toEqual([]);
});
