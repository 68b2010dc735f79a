/**
 * "Download creatives" through the app's service worker (docs/boards.md#in-the-app), in Chromium
 * without `showSaveFilePicker` (deleted before the app loads), as in Firefox and Safari: the ZIP
 * is a download of the worker's path, its files those of the server named by Library ID with the
 * CSV; a cancel in the browser's downloads reaches the page, which stops and says so.
 */
import { readFileSync } from 'node:fs';
import type { Page, Route } from '@playwright/test';
import PocketBase from 'pocketbase';
import { COLLECTIONS } from '../../src/domain/api/collections.ts';
import { STREAM_DOWNLOAD_PREFIX } from '../../src/domain/downloads/stream-download.ts';
import { CREATIVE_FILES_PATH, creativeDownloadName } from '../../src/domain/media/creative-files.ts';
import { boardPath } from '../../src/domain/pages/routes.ts';
import { BOARD_TEXT } from '../../src/web/features/boards/board-text.ts';
import { subscriber } from '../fixtures/records.ts';
import { seedBoard } from '../fixtures/shared-board.ts';
import { zipEntries } from '../fixtures/zip-entries.ts';
import { expect, test, type Admin, type E2eUser } from './fixtures.ts';
import { controlledByServiceWorker, toast } from './locators.ts';

const ADS = 3;
const BOARD = { name: 'Été picks', description: '' };

/** An owner's board of ADS archived ads, open in `page` under the service worker, no file picker. */
async function boardPage(page: Page, admin: Admin, baseURL: string, label: string) {
  const owner: E2eUser = await subscriber(admin.pb, admin, label);
  const client = new PocketBase(baseURL);
  client.autoCancellation(false);
  const impersonated = await admin.pb.collection(COLLECTIONS.users).impersonate(owner.id, 3600);
  client.authStore.save(impersonated.authStore.token, impersonated.authStore.record);
  const { boardId, adIds } = await seedBoard({
    superuser: admin.pb,
    ownerId: owner.id,
    client,
    ads: ADS,
    board: BOARD,
  });
  // as in Firefox and Safari: no File System Access API
  await page.addInitScript(() => {
    delete (window as { showSaveFilePicker?: unknown }).showSaveFilePicker;
  });
  await admin.signIn(page, owner);
  await page.goto(boardPath(boardId));
  await controlledByServiceWorker(page);
  expect(await page.evaluate(() => 'showSaveFilePicker' in window)).toBe(false);
  await expect(page.getByTestId('board-item')).toHaveCount(ADS, { timeout: 15_000 });
  return { boardId, adIds };
}

test('Download creatives without a file picker: a ZIP streamed by the service worker, every original named by Library ID, and the CSV', async ({
  page,
  admin,
  baseURL,
}) => {
  test.setTimeout(150_000);
  const { boardId, adIds } = await boardPage(page, admin, baseURL!, 'boards-zip');

  const downloading = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Download creatives' }).click();
  const download = await downloading;
  // the service worker's path, not a Blob's URL
  expect(download.url()).toMatch(
    new RegExp(`^${baseURL}${STREAM_DOWNLOAD_PREFIX}[A-Za-z0-9_-]{16,64}/AdScout_Board_`),
  );
  expect(download.suggestedFilename()).toMatch(/^AdScout_Board_Été-picks_\d{4}-\d{2}-\d{2}\.zip$/);
  const files = zipEntries(new Uint8Array(readFileSync(await download.path())));
  await expect(toast(page, 'Creatives downloaded')).toBeVisible();
  await expect(page.getByText(BOARD_TEXT.zipInMemory)).toHaveCount(0);

  // each original as the server stores it, named by Library ID
  const items = await admin.pb
    .collection(COLLECTIONS.boardItems)
    .getFullList({ filter: admin.pb.filter('board = {:board}', { board: boardId }) });
  const expected = new Map<string, Uint8Array>();
  for (const item of items) {
    const creative = await admin.pb.collection(COLLECTIONS.creatives).getOne(item.creative as string);
    const original = await fetch(admin.pb.files.getURL(creative, creative.file as string));
    expected.set(
      creativeDownloadName(
        { id: creative.id, file: creative.file as string, poster: '', mime: creative.mime as string },
        item.ad_id as string,
      ),
      new Uint8Array(await original.arrayBuffer()),
    );
  }
  expect(expected.size).toBe(ADS);
  expect([...files.keys()].sort()).toEqual(['ads.csv', ...expected.keys()].sort());
  for (const [name, bytes] of expected) expect(files.get(name), name).toEqual(bytes);
  // ignoreBOM: keep the BOM, which TextDecoder would otherwise take away
  const csv = new TextDecoder('utf-8', { ignoreBOM: true }).decode(files.get('ads.csv'));
  expect(csv.startsWith('\uFEFF"Library ID","Note","Labels","Saved On"')).toBe(true);
  for (const adId of adIds) expect(csv).toContain(`"${adId}"`);
});

test('cancelling the download in the browser reaches the page: it stops fetching the originals and says so', async ({
  page,
  admin,
  baseURL,
}) => {
  test.setTimeout(150_000);
  await boardPage(page, admin, baseURL!, 'boards-zip-cancel');
  // the first original comes; the next ones never do, so the download is still being made
  const held: Route[] = [];
  const failed: string[] = [];
  page.on('requestfailed', (request) => failed.push(request.url()));
  let originals = 0;
  await page.route(
    (url) => url.pathname.startsWith(CREATIVE_FILES_PATH) && !url.searchParams.has('thumb'),
    (route) => (originals++ === 0 ? route.continue() : void held.push(route)),
  );

  const downloading = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Download creatives' }).click();
  const download = await downloading;
  expect(download.url()).toContain(STREAM_DOWNLOAD_PREFIX);
  await expect.poll(() => held.length).toBe(1);
  await expect(page.getByText(/Preparing the ZIP: 1 of 3/)).toBeVisible();

  await download.cancel();
  expect(await download.failure()).toBe('canceled');
  await expect(toast(page, BOARD_TEXT.downloadCancelled)).toBeVisible();
  await expect(page.getByRole('button', { name: 'Download creatives' })).toBeEnabled();
  await expect(page.getByText(/Preparing the ZIP/)).toHaveCount(0);
  // the fetch under way was stopped, and no other was asked for
  await expect.poll(() => failed).toContain(held[0]!.request().url());
  expect(originals).toBe(2);
});
