/**
 * The Share panel of a board's page end to end (docs/boards.md#in-the-app, "Share"), against the
 * real server: "Share" turns the link on and shows it, "Copy link" puts it on the clipboard (read
 * back); the link opened in a fresh context with no storage shows the board; "Include my notes"
 * shows the owner's note there; "Make a new link" shows a new one, and the old link's page shows
 * its 404 state at once; "Stop sharing", and the link's page shows its 404 state.
 * (shared-board.e2e.ts covers the public page itself.)
 */
import type { Browser, Page } from '@playwright/test';
import PocketBase from 'pocketbase';
import { SERVER_ROUTES } from '../../src/domain/api/routes.ts';
import { COLLECTIONS } from '../../src/domain/api/collections.ts';
import { BOARD_MESSAGES } from '../../src/domain/boards/board-messages.ts';
import { boardPath } from '../../src/domain/pages/routes.ts';
import { BOARD_TEXT } from '../../src/web/features/boards/board-text.ts';
import { subscriber } from '../fixtures/records.ts';
import { seedBoard } from '../fixtures/shared-board.ts';
import { expect, KNOWN_ERRORS, test } from './fixtures.ts';

const BOARD = { name: 'Launch picks', description: 'For the Monday call.' };
const ADS = 3;
const NOTE = 'Lead with the unboxing';

/** The token of a shared board's link. */
function tokenOf(url: string): string {
  return url.slice(url.lastIndexOf('/') + 1);
}

/** A page of a context with no storage and no account: what a person given the link opens. */
async function strangerPage(browser: Browser): Promise<{ page: Page; close: () => Promise<void> }> {
  const context = await browser.newContext({ viewport: { width: 390, height: 844 } });
  return { page: await context.newPage(), close: () => context.close() };
}

test('Share on a board page: the link shown and copied, notes included, a new link (the old one gone at once), sharing stopped', async ({
  page,
  context,
  browser,
  admin,
  baseURL,
  errorGuard,
}) => {
  test.setTimeout(120_000);
  const owner = await subscriber(admin.pb, admin, 'boards-share');
  const client = new PocketBase(baseURL);
  client.autoCancellation(false);
  const impersonated = await admin.pb.collection(COLLECTIONS.users).impersonate(owner.id, 3600);
  client.authStore.save(impersonated.authStore.token, impersonated.authStore.record);
  const { boardId } = await seedBoard({
    superuser: admin.pb,
    ownerId: owner.id,
    client,
    ads: ADS,
    board: BOARD,
    note: NOTE,
  });
  const serverToken = async () =>
    (await admin.pb.collection(COLLECTIONS.boards).getOne(boardId)).share_token as string;

  await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: baseURL! });
  await admin.signIn(page, owner);
  await page.goto(boardPath(boardId));
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(BOARD.name, { timeout: 15_000 });
  const panel = page.getByTestId('share-panel');
  const link = panel.getByRole('textbox', { name: 'Link to the shared board' });
  const notes = panel.getByRole('checkbox', { name: 'Include my notes' });

  // "Share": the link is on and shown, and "Copy link" puts it on the clipboard
  await panel.getByRole('button', { name: 'Share', exact: true }).click();
  await expect(link).toHaveValue(/\/s\/[A-Za-z0-9_-]{32}$/);
  const first = await link.inputValue();
  expect(first).toBe(`${baseURL}${SERVER_ROUTES.sharedBoardPage.url(tokenOf(first))}`);
  expect(await serverToken()).toBe(tokenOf(first));
  await expect(notes).not.toBeChecked();
  await panel.getByRole('button', { name: 'Copy link' }).click();
  await expect(page.getByText(BOARD_TEXT.linkCopied)).toBeVisible();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(first);

  // the link in a fresh context: the board, without the note
  const stranger = await strangerPage(browser);
  try {
    const shared = stranger.page;
    await shared.goto(first);
    await expect(shared.getByRole('heading', { level: 1 })).toHaveText(BOARD.name);
    await expect(shared.getByRole('status')).toHaveText(`Showing ${ADS} of ${ADS} ads`);
    expect(await shared.locator('.share-note-text').count()).toBe(0);

    // "Include my notes": the same link shows the note
    // a click, not check(): the box is the server's answer, so it turns on only when that comes
    await notes.click();
    await expect(notes).toBeChecked();
    await expect
      .poll(async () => (await admin.pb.collection(COLLECTIONS.boards).getOne(boardId)).share_notes)
      .toBe(true);
    await shared.reload();
    await expect(shared.locator('.share-note-text')).toHaveText(NOTE);

    // "Make a new link": a new link shown; the old link's page is gone at once
    await panel.getByRole('button', { name: 'Make a new link' }).click();
    await expect(link).not.toHaveValue(first);
    const second = await link.inputValue();
    expect(tokenOf(second)).toMatch(/^[A-Za-z0-9_-]{32}$/);
    expect(await serverToken()).toBe(tokenOf(second));
    errorGuard.expect(KNOWN_ERRORS.refused(404, SERVER_ROUTES.sharedBoard.url(tokenOf(first))));
    await shared.reload();
    await expect(shared.getByRole('status')).toHaveText(BOARD_MESSAGES.sharedBoardGone);
    expect(await shared.locator('li.share-item').count()).toBe(0);
    await shared.goto(second);
    await expect(shared.getByRole('heading', { level: 1 })).toHaveText(BOARD.name);
    await expect(shared.locator('.share-note-text')).toHaveText(NOTE);

    // "Stop sharing": the panel offers "Share" again, and the link's page is gone
    await panel.getByRole('button', { name: 'Stop sharing' }).click();
    await expect(panel.getByRole('button', { name: 'Share', exact: true })).toBeVisible();
    await expect(link).toHaveCount(0);
    expect(await serverToken()).toBe('');
    errorGuard.expect(KNOWN_ERRORS.refused(404, SERVER_ROUTES.sharedBoard.url(tokenOf(second))));
    await shared.reload();
    await expect(shared.getByRole('status')).toHaveText(BOARD_MESSAGES.sharedBoardGone);
    await expect(shared.getByRole('heading', { level: 1 })).not.toHaveText(BOARD.name);
    expect(await shared.locator('li.share-item').count()).toBe(0);
  } finally {
    await stranger.close();
  }
});
