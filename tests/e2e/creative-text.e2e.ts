/**
 * The text on a demo scout's creatives end to end (docs/ai.md#the-text-on-a-creative): a user
 * starts a demo scout on /app/search; its own stack's worker (e2e-stack.ts, archiving and reading,
 * OCR_CONCURRENCY=1) archives the creatives from the app's /demo-media/ and reads their text; the
 * readings reach the browser by the sync; then the Database finds an ad by a word printed only on
 * its image (a word of the demo renderer's drawings, src/demo-library/media.ts, that no row's copy
 * holds), through the Filter panel's "Text on creative" and through the toolbar's quick search,
 * which keeps it in the address (`?q=`). On a 390 px phone the search box fits the screen.
 *
 * Its own stack: the suite's worker reads every other test's creatives too, and reads only while
 * it has no run in progress, so a full run would keep these waiting behind the others'.
 *
 * The keyword matches nothing in the catalogue, so the demo source sells it in one niche and every
 * image is that niche's drawing. For this keyword (and country US) that is the pet niche's, 'Pet
 * supplies' (buildUniverse of src/demo-library/shops.ts): 'supplies' is in no ad's copy. Not every
 * niche would do: tesseract reads nothing on the fitness drawing (docs/ai.md#what-it-does-not-do).
 */
import PocketBase from 'pocketbase';
import { COLLECTIONS } from '../../src/domain/api/collections.ts';
import { demoMediaSources } from '../../src/demo-library/media.ts';
import { subscriber } from '../fixtures/records.ts';
import { waitFor } from '../fixtures/wait-for.ts';
import { databasePage } from './database-page.ts';
import { startE2eStack, type E2eStack } from './e2e-stack.ts';
import { connectAdmin, expect, test, type Admin } from './fixtures.ts';
import { toast } from './locators.ts';

const ADS = 8;
const TERM = 'trellix sail';
const LINK = `https://www.facebook.com/ads/library/?active_status=active&ad_type=all&country=US&q=${encodeURIComponent(TERM)}&search_type=keyword_unordered&media_type=all`;
/** The fields of a row the quick search searches besides its creative's text (resultSearchText). */
const COPY_FIELDS = ['title', 'body', 'caption', 'store_name', 'link_description', 'keywords'] as const;
/** A reading is done, one way or another (TEXT_STATUSES). */
const SETTLED = new Set(['read', 'none', 'unreadable']);

let stack: E2eStack;
let admin: Admin;

test.beforeAll(async () => {
  test.setTimeout(120_000);
  stack = await startE2eStack({
    workerEnv: { SCOUT_DEMO_PACE_MS: '0', MEDIA_CONCURRENCY: '4', OCR_CONCURRENCY: '1' },
  });
  admin = await connectAdmin(stack.url, stack.dataDir);
});

test.afterAll(async () => {
  await stack?.stop();
});

/** Every word (four letters or more, lower case) the demo renderer prints on its drawings. */
function renderedWords(): Set<string> {
  const words = new Set<string>();
  for (const { svg } of demoMediaSources().values())
    for (const [, text] of svg.matchAll(/<text[^>]*>([^<]*)<\/text>/g))
      for (const word of text!.toLowerCase().split(/[^\p{L}]+/u)) if (word.length >= 4) words.add(word);
  return words;
}

test('a demo scout’s creatives get their text, and the Database finds an ad by a word only on its image', async ({
  page,
}) => {
  // a scout, its creatives archived and read one by one at the lowest priority on a busy
  // machine, then the Database: its own generous budget
  test.setTimeout(420_000);
  const user = await subscriber(admin.pb, admin, 'creative-text');
  await admin.signIn(page, user);
  await page.goto(`${stack.url}/app/search`);
  await page.getByLabel('Search name').fill('Kites');
  await page.getByLabel('Facebook Ad Library link').fill(LINK);
  await page.getByLabel('Number of ads').fill(String(ADS));
  await page.getByRole('button', { name: 'Start Scouting' }).click();
  await expect(toast(page, `Scout completed! Found ${ADS} ads.`)).toBeVisible({ timeout: 60_000 });

  // the worker archives each row's creative, then reads it: wait until every one is settled
  const userPb = new PocketBase(stack.url);
  userPb.autoCancellation(false);
  await userPb.collection(COLLECTIONS.users).authWithPassword(user.email, user.password);
  // the rows as they are once every one has its archived creative
  const rows = await waitFor(
    'every row’s creative archived',
    () => userPb.collection(COLLECTIONS.searchResults).getFullList({ requestKey: null }),
    (now) => now.length === ADS && now.every((row) => Boolean(row.creative)),
    { timeoutMs: 180_000, intervalMs: 1000 },
  );
  const creativeIds = [...new Set(rows.map((row) => String(row.creative)))];
  const creatives = await waitFor(
    'every creative’s text read',
    async () =>
      (
        await admin.pb
          .collection(COLLECTIONS.creatives)
          .getFullList({ filter: `user = "${user.id}"`, requestKey: null })
      ).filter((creative) => creativeIds.includes(creative.id)),
    (ours) => ours.length === creativeIds.length && ours.every((c) => SETTLED.has(String(c.text_status))),
    { timeoutMs: 300_000, intervalMs: 1000 },
  );
  const read = creatives.filter((creative) => creative.text_status === 'read' && creative.text);
  expect(
    read.length,
    `creatives with text read: ${JSON.stringify(creatives.map((c) => [c.text_status, c.text, c.mime, c.file]))}`,
  ).toBeGreaterThan(0);

  // a word the renderer printed, read on a creative, in no row's copy
  const copy = rows.map((row) =>
    COPY_FIELDS.map((field) => String(row[field] ?? ''))
      .join('\n')
      .toLowerCase(),
  );
  const printed = renderedWords();
  const word = read
    .flatMap((creative) =>
      String(creative.text)
        .toLowerCase()
        .split(/[^\p{L}]+/u),
    )
    .find((candidate) => printed.has(candidate) && copy.every((text) => !text.includes(candidate)));
  expect(
    word,
    `a printed word read on a creative and in no row's copy: ${read.map((c) => c.text).join(' | ')}`,
  ).toBeTruthy();
  const withWord = rows.filter((row) =>
    read.some(
      (creative) => creative.id === row.creative && String(creative.text).toLowerCase().includes(word!),
    ),
  );
  const target = withWord[0]!;
  for (const field of COPY_FIELDS) expect(String(target[field] ?? '').toLowerCase()).not.toContain(word);
  const expected = `${withWord.length} of ${ADS} results`;

  // the Filter panel's "Text on creative", once the readings have reached the browser
  const db = databasePage(page);
  await page.goto(`${stack.url}/app/database`);
  await expect(db.count).toHaveText(`${ADS} results`, { timeout: 30_000 });
  await db.filterButton.click();
  await db.filterPanel.getByLabel('Text on creative').fill(word!.toUpperCase());
  await expect(db.count).toHaveText(expected, { timeout: 60_000 });
  await expect(db.row(target.id)).toHaveCount(1);
  await db.filterPanel.getByLabel('Text on creative').fill('');
  await page.keyboard.press('Escape');
  await expect(db.count).toHaveText(`${ADS} results`);

  // the toolbar's quick search, kept in the address
  const search = page.getByRole('searchbox', { name: 'Search' });
  await search.fill(word!);
  await expect(db.count).toHaveText(expected);
  await expect(page).toHaveURL(new RegExp(`/app/database\\?q=${word}$`));
  await expect(db.row(target.id)).toHaveCount(1);
  // a word of the copy finds the rows by their own text, the same box
  await search.fill(TERM);
  await expect(db.count).toHaveText(`${ADS} of ${ADS} results`);

  // the address's search is the page's on a reload, and the box fits a 390 px phone
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto(`${stack.url}/app/database?q=${encodeURIComponent(word!)}`);
  await expect(db.count).toHaveText(expected, { timeout: 30_000 });
  await expect(search).toHaveValue(word!);
  const box = await search.boundingBox();
  expect(box).not.toBeNull();
  expect(box!.x).toBeGreaterThanOrEqual(0);
  expect(box!.x + box!.width).toBeLessThanOrEqual(390);
  expect(
    await page.evaluate(() => document.documentElement.scrollWidth > document.documentElement.clientWidth),
  ).toBe(false);
});
