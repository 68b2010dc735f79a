/**
 * No serious or critical axe findings on the /app pages, with data on them and their panels open.
 * One test per page and per panel: each axe scan takes seconds on a busy machine, so each has its
 * own time budget.
 */
import type { Page } from '@playwright/test';
import { createRunWithResults, subscriber } from '../fixtures/records.ts';
import { databasePage } from './database-page.ts';
import { expect, test, type Admin } from './fixtures.ts';
import { historyPage } from './history-page.ts';
import { blocking } from './locators.ts';
import { COLLECTIONS } from '../../src/domain/api/collections.ts';

const STORE = 'Tuin & Zo';

/** A subscriber with one run of one row, signed in on `page`: the run and the row's id. */
async function signedInWithARun(page: Page, admin: Admin, label: string) {
  const user = await subscriber(admin.pb, admin, label);
  const made = await createRunWithResults(
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
        store_name: STORE,
        title: 'Solar garden lights',
        ad_library_url: 'https://www.facebook.com/ads/library/?id=1',
      },
    ],
  );
  await admin.signIn(page, user);
  return { user, run: made.run, rowId: made.resultIds[0]! };
}

/** The page at `path` with its heading shown, and what `ready` waits for (its data). */
async function scanPage(page: Page, path: string, ready?: () => Promise<void>): Promise<void> {
  await page.goto(`/app/${path}`);
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await ready?.();
  expect(await blocking(page), `axe on /app/${path}`).toEqual([]);
}

test.describe('the /app pages pass axe', () => {
  test('/app/search', async ({ page, admin }) => {
    await signedInWithARun(page, admin, 'a11y-search');
    await scanPage(page, 'search');
  });

  test('/app/history, with a run', async ({ page, admin }) => {
    await signedInWithARun(page, admin, 'a11y-history');
    await scanPage(page, 'history', () => expect(historyPage(page).card(/Garden lights/)).toBeVisible());
  });

  test('/app/database, with a row', async ({ page, admin }) => {
    await signedInWithARun(page, admin, 'a11y-database');
    await scanPage(page, 'database', () => expect(databasePage(page).rows).toHaveCount(1));
  });

  test('/app/insights, with a product', async ({ page, admin }) => {
    await signedInWithARun(page, admin, 'a11y-insights');
    await scanPage(page, 'insights', () => expect(page.getByTestId('products-table')).toBeVisible());
  });

  test('/app/reports, with an opened report', async ({ page, admin }) => {
    // a report made, its page and an opened report scanned: its own budget
    test.setTimeout(60_000);
    const { user, run, rowId } = await signedInWithARun(page, admin, 'a11y-reports');
    const item = {
      adId: 'a11y-1',
      row: rowId,
      creative: '',
      store: STORE,
      pageId: '',
      title: 'Solar garden lights',
      daysRunning: 4,
      winningScore: 61,
      active: true,
    };
    const report = await admin.pb.collection(COLLECTIONS.reports).create({
      user: user.id,
      run: run.id,
      watch_name: 'Garden lights daily',
      period_end: new Date().toISOString(),
      ads_count: 1,
      new_count: 3,
      stores_count: 1,
      new_ads: [item],
      stopped_ads: [],
      resumed_ads: [],
      unseen_ads: [],
      products: [],
      stores: [{ key: `n:${STORE}`, pageId: '', name: STORE, adsAdded: 1, adIds: ['a11y-1'] }],
    });
    await scanPage(page, `reports?report=${report.id}`, async () => {
      await expect(page.getByTestId('report').getByText('+2 more')).toBeVisible();
      // the ad's row has arrived: it opens the detail view
      await expect(page.getByRole('button', { name: /Solar garden lights/ })).toBeEnabled();
    });
  });

  test('/app/keywords', async ({ page, admin }) => {
    await signedInWithARun(page, admin, 'a11y-keywords');
    await scanPage(page, 'keywords?locale=nl-BE');
  });

  test('/app/ai', async ({ page, admin }) => {
    await signedInWithARun(page, admin, 'a11y-ai');
    await scanPage(page, 'ai');
  });

  test('/app/settings', async ({ page, admin }) => {
    await signedInWithARun(page, admin, 'a11y-settings');
    await scanPage(page, 'settings');
  });
});

test.describe('the /app panels and dialogs pass axe, open', () => {
  test('the Database Filter panel', async ({ page, admin }) => {
    await signedInWithARun(page, admin, 'a11y-filter');
    const db = databasePage(page);
    await page.goto('/app/database');
    await expect(page.getByText(STORE)).toBeVisible();
    await db.filterButton.click();
    await expect(db.filterPanel).toBeVisible();
    expect(await blocking(page), 'axe on the Filter panel').toEqual([]);
  });

  test('the Database Toggle Columns panel', async ({ page, admin }) => {
    await signedInWithARun(page, admin, 'a11y-columns');
    const db = databasePage(page);
    await page.goto('/app/database');
    await expect(page.getByText(STORE)).toBeVisible();
    await db.columnsButton.click();
    await expect(db.columnsPanel).toBeVisible();
    expect(await blocking(page), 'axe on the Toggle Columns panel').toEqual([]);
  });

  // this ad has no media: the tile shows; ad-detail.e2e.ts scans the view with an image and with
  // the media-unavailable tile
  test('the ad detail view of a Database row', async ({ page, admin }) => {
    await signedInWithARun(page, admin, 'a11y-detail');
    await page.goto('/app/database');
    await page.getByText(STORE).click();
    await expect(page.getByRole('dialog', { name: STORE })).toBeVisible();
    expect(await blocking(page), 'axe on the ad detail view').toEqual([]);
  });

  test('the History results dialog', async ({ page, admin }) => {
    await signedInWithARun(page, admin, 'a11y-results');
    const history = historyPage(page);
    await history.goto();
    await history.viewResults();
    await expect(history.resultsDialog(1)).toBeVisible();
    expect(await blocking(page), 'axe on the results dialog').toEqual([]);
  });
});
