/**
 * A shared board's public page end to end (docs/boards.md#the-shared-page): an owner's board
 * shared through the share route (the app's Share button is the board page's business), opened
 * in a fresh browser context with no storage and no account; opened by the owner with the app
 * installed (its service worker controlling the origin), which must not answer /s/… with the app
 * shell; after "Stop sharing", the page's not-shared state. axe on the page.
 */
import type { Page } from '@playwright/test';
import PocketBase from 'pocketbase';
import { SERVER_ROUTES } from '../../src/domain/api/routes.ts';
import { COLLECTIONS } from '../../src/domain/api/collections.ts';
import type { BoardShare } from '../../src/domain/boards/board-contract.ts';
import { BOARD_MESSAGES } from '../../src/domain/boards/board-messages.ts';
import { HOSTILE_TEXT } from '../fixtures/shared-board-page.ts';
import { subscriber } from '../fixtures/records.ts';
import { seedSharedBoard } from '../fixtures/shared-board.ts';
import { expect, KNOWN_ERRORS, test, type Admin, type E2eUser } from './fixtures.ts';
import { blocking, controlledByServiceWorker } from './locators.ts';

const BOARD = { name: 'Client picks', description: 'For the Friday review.' };
const ADS = 3;

interface SharedBoard {
  owner: E2eUser;
  /** The owner's own API client. */
  client: PocketBase;
  boardId: string;
  share: BoardShare;
}

/** A subscriber's board of ADS archived ads, the first with a note and hostile text, shared with notes. */
async function sharedBoard(admin: Admin, baseURL: string, label: string): Promise<SharedBoard> {
  const owner = await subscriber(admin.pb, admin, label);
  const client = new PocketBase(baseURL);
  client.autoCancellation(false);
  const impersonated = await admin.pb.collection(COLLECTIONS.users).impersonate(owner.id, 3600);
  client.authStore.save(impersonated.authStore.token, impersonated.authStore.record);
  const { boardId, share } = await seedSharedBoard({
    superuser: admin.pb,
    ownerId: owner.id,
    client,
    ads: ADS,
    board: BOARD,
    row: (i) => (i === 0 ? { store_name: HOSTILE_TEXT } : {}),
    note: 'Open with this hook',
  });
  return { owner, client, boardId, share };
}

/** The shared page's cards, each with whether its creative loaded. */
function cards(page: Page) {
  return page.evaluate(() =>
    [...document.querySelectorAll<HTMLLIElement>('li.share-item')].map((card) => {
      const image = card.querySelector('img');
      return {
        store: card.querySelector('.share-store')?.textContent ?? '',
        note: card.querySelector('.share-note-text')?.textContent ?? null,
        loaded: image !== null && image.complete && image.naturalWidth > 0,
      };
    }),
  );
}

test('a shared link opened with no account and no storage shows the board and its creatives; axe finds nothing serious', async ({
  browser,
  admin,
  baseURL,
}) => {
  test.setTimeout(90_000);
  const { share } = await sharedBoard(admin, baseURL!, 'share-fresh');
  expect(share.url).toBe(`${baseURL}${SERVER_ROUTES.sharedBoardPage.url(share.token)}`);

  const context = await browser.newContext({ viewport: { width: 390, height: 844 } });
  try {
    const page = await context.newPage();
    const response = await page.goto(share.url);
    expect(response?.headers()['x-robots-tag']).toBe('noindex');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(BOARD.name);
    await expect(page.getByText(BOARD.description)).toBeVisible();
    await expect(page.getByRole('status')).toHaveText(`Showing ${ADS} of ${ADS} ads`);
    // the lazy images load as they come near the screen
    for (const card of await page.locator('li.share-item').all()) await card.scrollIntoViewIfNeeded();
    await expect.poll(async () => (await cards(page)).every((card) => card.loaded)).toBe(true);
    const shown = await cards(page);
    expect(shown).toHaveLength(ADS);
    // the store's markup is text, and the owner chose to share notes
    expect(shown.find((card) => card.note !== null)).toEqual({
      store: HOSTILE_TEXT,
      note: 'Open with this hook',
      loaded: true,
    });
    expect(await page.locator('li.share-item b, li.share-item script').count()).toBe(0);
    // no app: no manifest, no service worker
    expect(await page.locator('link[rel="manifest"]').count()).toBe(0);
    expect(await page.evaluate(async () => (await navigator.serviceWorker.getRegistrations()).length)).toBe(
      0,
    );
    expect(await page.locator('meta[name="robots"]').getAttribute('content')).toBe('noindex');
    await expect(page.getByRole('link', { name: /^Report this board/ })).toBeVisible();
    expect(await blocking(page), 'axe on the shared page').toEqual([]);
  } finally {
    await context.close();
  }
});

test('the owner, with the app installed, opens their own link and sees the shared page; after Stop sharing it says the board is not shared', async ({
  page,
  admin,
  baseURL,
  errorGuard,
}) => {
  test.setTimeout(90_000);
  const { owner, client, boardId, share } = await sharedBoard(admin, baseURL!, 'share-owner');
  await admin.signIn(page, owner);
  await page.goto('/app/database');
  await controlledByServiceWorker(page);

  await page.goto(share.url);
  // the page came from the server, not the app shell the service worker falls back to
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(BOARD.name);
  expect(await page.locator('#root').count()).toBe(0);
  expect(await page.evaluate(() => navigator.serviceWorker.controller !== null)).toBe(true);
  await expect.poll(async () => (await cards(page)).length).toBe(ADS);

  await client.send(SERVER_ROUTES.boardShareStop.url(boardId), { method: 'DELETE' });
  errorGuard.expect(KNOWN_ERRORS.refused(404, SERVER_ROUTES.sharedBoard.url(share.token)));
  await page.reload();
  await expect(page.getByRole('status')).toHaveText(BOARD_MESSAGES.sharedBoardGone);
  await expect(page.getByRole('heading', { level: 1 })).not.toHaveText(BOARD.name);
  expect(await page.locator('li.share-item').count()).toBe(0);
});
