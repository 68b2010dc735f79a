/**
 * The AI page and the Database's use of tags and of the text read on creatives (docs/ai.md): the
 * AI page shows the seeded rows' hooks and offers and a click opens the Database filtered to one
 * (axe clean, and its tables fitting a 390 px phone with no sideways scroll); the Database finds
 * an ad by a word that is only in its creative's text, seeded through the superuser as the
 * worker's route would store it, and the detail view shows that text with its confidence.
 */
import { createHash } from 'node:crypto';
import type { Page } from '@playwright/test';
import { COLLECTIONS } from '../../src/domain/api/collections.ts';
import { DAY_MS, toPbDate } from '../../src/domain/text/format.ts';
import { createRunWithResults, subscriber } from '../fixtures/records.ts';
import { databasePage } from './database-page.ts';
import { expect, test, type Admin, type E2eUser } from './fixtures.ts';
import { blocking } from './locators.ts';

/** A 1×1 PNG: the creative's file (its text is what the test is about). */
const ONE_PIXEL_PNG =
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==';

const LINK = 'https://www.facebook.com/ads/library/?q=lamp';

function row(adId: string, over: Record<string, unknown>): Record<string, unknown> {
  return {
    ad_id: adId,
    store_name: `Store ${adId}`,
    title: 'A lamp',
    country: 'DE',
    start_date: toPbDate(Date.now() - 3 * DAY_MS),
    days_running: 3,
    winning_score: 50,
    ad_library_url: `https://www.facebook.com/ads/library/?id=${adId}`,
    ...over,
  };
}

async function seedTagged(admin: Admin, label: string): Promise<{ user: E2eUser; ids: string[] }> {
  const user = await subscriber(admin.pb, admin, label);
  const made = await createRunWithResults(
    admin.pb,
    user.id,
    { search_name: 'Lamps', facebook_link: LINK, target_country: 'DE', results_count: 3 },
    [
      row('ai-1', { tags: ['offer:free_shipping', 'lang:de', 'cta:shop_now'], days_running: 45 }),
      row('ai-2', { tags: ['offer:free_shipping', 'hook:urgency', 'lang:de'], country: 'AT' }),
      row('ai-3', { tags: ['hook:question', 'lang:en'], country: 'GB' }),
    ],
  );
  return { user, ids: made.resultIds };
}

/** Whether the page scrolls sideways, and any of its table boxes. */
function sidewaysScroll(page: Page): Promise<{ page: boolean; boxes: number }> {
  return page.evaluate(() => ({
    page: document.documentElement.scrollWidth > document.documentElement.clientWidth,
    boxes: [...document.querySelectorAll<HTMLElement>('.ai-table-box')].filter(
      (box) => box.scrollWidth > box.clientWidth + 1,
    ).length,
  }));
}

test('the AI page shows the tagged rows’ hooks and offers, and one opens the Database filtered to it', async ({
  page,
  admin,
}) => {
  // two pages and the Database's grid loaded on a busy machine: its own budget
  test.setTimeout(120_000);
  const { user, ids } = await seedTagged(admin, 'ai-page');
  await admin.signIn(page, user);
  await page.goto('/app/ai');
  await expect(page.getByRole('heading', { level: 1, name: 'AI Features' })).toBeVisible();
  const tags = page.getByTestId('ai-tags');
  await expect(tags).toBeVisible({ timeout: 20_000 });
  const shipping = tags.getByRole('row').filter({ hasText: 'Free shipping' });
  await expect(shipping.getByRole('cell').first()).toHaveText('2');
  await expect(tags).toContainText('Urgency');
  await expect(tags).toContainText('Question');
  await expect(page.getByTestId('ai-languages')).toContainText('Language: Deutsch');
  await expect(page.getByTestId('ai-countries')).toContainText('AT');
  await expect(page.getByText(/coming soon/i)).toHaveCount(0);

  await shipping.getByRole('link', { name: /^Free shipping/ }).click();
  // the router shows the Database once its page's code is in
  await expect(page).toHaveURL(/\/app\/database\?tag=offer%3Afree_shipping$/, { timeout: 30_000 });
  const db = databasePage(page);
  await expect(db.count).toHaveText('2 of 3 results', { timeout: 30_000 });
  await expect(db.row(ids[2]!)).toHaveCount(0);
  await db.revealColumn('tags');
  await expect(db.cell(ids[0]!, 'tags')).toHaveText('Free shipping, Language: Deutsch, CTA: Shop now');

  // the Filter panel shows the tag picked; unpicking it shows every row again
  await db.filterButton.click();
  const picked = db.filterPanel.getByRole('option', { name: 'Free shipping' });
  await expect(picked).toHaveAttribute('aria-selected', 'true');
  await picked.click();
  await expect(db.count).toHaveText('3 results');
  await expect(page).toHaveURL(/\/app\/database$/);
});

test('the AI page passes axe and fits a 390 px phone', async ({ page, admin }) => {
  // an axe scan takes seconds, tens of them on a busy machine: its own budget
  test.setTimeout(120_000);
  const { user } = await seedTagged(admin, 'ai-phone');
  await page.setViewportSize({ width: 390, height: 844 });
  await admin.signIn(page, user);
  await page.goto('/app/ai');
  await expect(page.getByTestId('ai-tags')).toBeVisible({ timeout: 20_000 });
  await expect(page.getByTestId('ai-languages')).toBeVisible();
  expect(await sidewaysScroll(page)).toEqual({ page: false, boxes: 0 });
  expect(await blocking(page), 'axe on /app/ai').toEqual([]);
});

test('the Database finds an ad by a word only on its creative, and the detail view shows the text', async ({
  page,
  admin,
}) => {
  // the grid scrolled sideways to a column and a detail view, on a busy machine: its own budget
  test.setTimeout(120_000);
  const user = await subscriber(admin.pb, admin, 'ai-text');
  const png = Buffer.from(ONE_PIXEL_PNG, 'base64');
  const form = new FormData();
  form.set('user', user.id);
  form.set('sha256', createHash('sha256').update(png).digest('hex'));
  form.set('mime', 'image/png');
  form.set('bytes', String(png.length));
  form.set('width', '1');
  form.set('height', '1');
  form.set('file', new Blob([new Uint8Array(png)], { type: 'image/png' }), 'creative.png');
  // as the worker's route stores a reading (docs/ai.md#the-text-on-a-creative)
  form.set('text', 'SOMMERSCHLUSSVERKAUF\n-50% nur heute');
  form.set('text_status', 'read');
  form.set('text_confidence', '88');
  form.set('text_language', 'de');
  form.set('text_tags', JSON.stringify(['offer:percent_off', 'hook:urgency']));
  const creative = await admin.pb.collection(COLLECTIONS.creatives).create(form);
  const made = await createRunWithResults(
    admin.pb,
    user.id,
    { search_name: 'Lamps', facebook_link: LINK, target_country: 'DE', results_count: 2 },
    [
      row('txt-1', { creative: creative.id, title: 'A lamp for the garden' }),
      row('txt-2', { title: 'Another lamp' }),
    ],
  );
  const [withText, without] = made.resultIds as [string, string];

  const db = databasePage(page);
  await db.open(admin, user, '2 results');
  await db.filterButton.click();
  await db.filterPanel.getByLabel('Text on creative').fill('sommerschluss');
  await expect(db.count).toHaveText('1 of 2 results');
  await page.keyboard.press('Escape');
  await expect(db.row(without)).toHaveCount(0);

  // the column is hidden until shown; shown, it holds the text as read
  await expect(db.header('creative_text')).toHaveCount(0);
  await db.columnsButton.click();
  await db.columnsPanel.getByRole('checkbox', { name: 'Text on creative', exact: true }).check();
  await page.keyboard.press('Escape');
  await db.revealColumn('creative_text');
  await expect(db.cell(withText, 'creative_text')).toContainText('SOMMERSCHLUSSVERKAUF');

  await db.cell(withText, 'creative_text').click();
  const detail = page.getByTestId('ad-detail');
  await expect(detail).toBeVisible();
  const text = detail.getByTestId('ad-creative-text');
  await expect(text).toContainText('SOMMERSCHLUSSVERKAUF');
  await expect(text).toContainText('Confidence: High, 88 of 100 · Deutsch');
});
