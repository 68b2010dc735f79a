// The shared board's page in Chromium (Vitest's browser mode: the components project runs
// *.test.tsx; the page itself is plain DOM). The server's answers are the contract's
// (tests/fixtures/shared-board-page.ts), given through the page's fetch.
import { afterEach, describe, expect, it } from 'vitest';
import { SERVER_ROUTES } from '../../domain/api/routes.ts';
import { sharedBoardPageSchema, type SharedItem } from '../../domain/boards/board-contract.ts';
import { BOARD_MESSAGES, SHARED_PAGE_MESSAGES } from '../../domain/boards/board-messages.ts';
import {
  HOSTILE_TEXT,
  imageItem,
  SHARE_TOKEN,
  sharedBoardPage,
  videoItem,
} from '../../../tests/fixtures/shared-board-page.ts';
import { tokenOfPath } from './share-api.ts';
import { mountSharedBoard, type SharedBoardOptions } from './share-page.ts';

const CHAT_URL = 'https://chat.example/adscout';

/** A fetch that answers the board's pages from `board` (or `status`), and the public config. */
function serverOf(
  items: SharedItem[],
  answer: { status?: number; board?: { name: string; description: string } } = {},
) {
  const requests: string[] = [];
  const fetchImpl = (async (input: RequestInfo | URL) => {
    const url = String(input);
    requests.push(url);
    if (url === SERVER_ROUTES.config.path) {
      return Response.json({
        communityChatUrl: CHAT_URL,
        demoVideoUrl: '',
        billingMode: 'local',
        scoutSource: 'demo',
        vapidPublicKey: '',
      });
    }
    const prefix = `${SERVER_ROUTES.sharedBoard.url(SHARE_TOKEN)}?page=`;
    if (!url.startsWith(prefix)) return new Response('not found', { status: 404 });
    if (answer.status) return Response.json({ message: 'no' }, { status: answer.status });
    const page = sharedBoardPage(items, Number(url.slice(prefix.length)), answer.board);
    // what the test serves is what the server may answer
    expect(sharedBoardPageSchema.safeParse(page).success).toBe(true);
    return Response.json(page);
  }) as typeof fetch;
  return { fetchImpl, requests };
}

let root: HTMLElement | null = null;

function mount(options: SharedBoardOptions) {
  root = document.createElement('main');
  document.body.append(root);
  return { root, view: mountSharedBoard(root, { autoLoad: false, ...options }) };
}

afterEach(() => {
  root?.remove();
  root = null;
});

const status = (el: HTMLElement) => el.querySelector('[role="status"]')?.textContent;
const cards = (el: HTMLElement) => [...el.querySelectorAll<HTMLLIElement>('li.share-item')];

describe('the shared board page', () => {
  it("shows the board's name and description and each ad's creative, store, title, copy, days running and link", async () => {
    const server = serverOf([imageItem(1), imageItem(2), imageItem(3)]);
    const { root, view } = mount({ token: SHARE_TOKEN, fetchImpl: server.fetchImpl });
    await view.ready;
    expect(root.querySelector('h1')?.textContent).toBe('Summer swipe file');
    expect(document.title).toBe('Summer swipe file · AdScout');
    expect(root.querySelector('.share-description')?.textContent).toBe(
      'Hooks that stopped the scroll.\nAll of June.',
    );
    expect(status(root)).toBe('Showing 3 of 3 ads');
    const [first, , third] = cards(root);
    expect(first!.querySelector('.share-store')?.textContent).toBe('Store 1');
    expect(first!.querySelector('h2')?.textContent).toBe('Title 1');
    expect(first!.querySelector('.share-copy')?.textContent).toBe('Copy of ad 1\nsecond line');
    expect(first!.querySelector('.share-facts')?.textContent).toBe('Days running1 day');
    expect(third!.querySelector('.share-facts dd')?.textContent).toBe('3 days');
    const image = first!.querySelector('img')!;
    expect(image.getAttribute('src')).toBe(imageItem(1).media!.image);
    expect([image.width, image.height]).toEqual([400, 400]);
    expect(image.alt).toBe('Ad creative: Title 1');
    // the first screen loads at once; the rest as the reader scrolls
    expect(image.loading).toBe('eager');
    expect(third!.querySelector('img')!.loading).toBe('lazy');
    const link = first!.querySelector<HTMLAnchorElement>('a.share-library')!;
    expect(link.href).toBe(imageItem(1).libraryUrl);
    expect(link.target).toBe('_blank');
    expect([...link.relList].sort()).toEqual(['nofollow', 'noopener', 'noreferrer']);
  });

  it('shows third-party text as text, never as markup', async () => {
    const hostile = imageItem(1, {
      store: HOSTILE_TEXT,
      title: HOSTILE_TEXT,
      copy: HOSTILE_TEXT,
      note: HOSTILE_TEXT,
    });
    const server = serverOf([hostile], { board: { name: HOSTILE_TEXT, description: HOSTILE_TEXT } });
    const { root, view } = mount({ token: SHARE_TOKEN, fetchImpl: server.fetchImpl });
    await view.ready;
    for (const selector of [
      'h1',
      '.share-description',
      '.share-store',
      'h2',
      '.share-copy',
      '.share-note-text',
    ]) {
      expect(root.querySelector(selector)?.textContent, selector).toBe(HOSTILE_TEXT);
    }
    expect(root.querySelectorAll('b, script, img[src="x"]')).toHaveLength(0);
    expect(root.querySelectorAll('img')).toHaveLength(1);
    expect((window as { __hostile?: number }).__hostile).toBeUndefined();
  });

  it("a video shows its poster as an image, and a <video preload='none'> only once played", async () => {
    const server = serverOf([videoItem(1)]);
    const { root, view } = mount({ token: SHARE_TOKEN, fetchImpl: server.fetchImpl });
    await view.ready;
    const media = videoItem(1).media!;
    expect(root.querySelector('video')).toBeNull();
    const play = root.querySelector<HTMLButtonElement>('button.share-play')!;
    expect(play.getAttribute('aria-label')).toBe('Play the video: Ad creative: Title 1');
    expect(play.querySelector('img')!.getAttribute('src')).toBe(media.image);
    play.click();
    const video = root.querySelector('video')!;
    expect(video.getAttribute('preload')).toBe('none');
    expect(video.getAttribute('poster')).toBe(media.image);
    expect(video.getAttribute('src')).toBe(media.file);
    expect(video.controls).toBe(true);
    expect(root.querySelector('button.share-play')).toBeNull();
  });

  it('a video archived without a poster shows its play button alone, never an empty image', async () => {
    const bare = videoItem(1);
    bare.media = { ...bare.media!, poster: '', thumb: '', image: '' };
    const server = serverOf([bare]);
    const { root, view } = mount({ token: SHARE_TOKEN, fetchImpl: server.fetchImpl });
    await view.ready;
    expect(root.querySelector('img')).toBeNull();
    root.querySelector<HTMLButtonElement>('button.share-play')!.click();
    const video = root.querySelector('video')!;
    expect(video.hasAttribute('poster')).toBe(false);
    expect(video.getAttribute('preload')).toBe('none');
  });

  it("shows the owner's note only when the answer has one, and says when a creative is not archived", async () => {
    const server = serverOf([
      imageItem(1, { note: 'Great hook' }),
      imageItem(2),
      imageItem(3, { note: '' }),
      imageItem(4, { media: null, daysRunning: null, libraryUrl: 'javascript:alert(1)' }),
    ]);
    const { root, view } = mount({ token: SHARE_TOKEN, fetchImpl: server.fetchImpl });
    await view.ready;
    const [withNote, without, empty, unarchived] = cards(root);
    expect(withNote!.querySelector('.share-note')?.textContent).toBe('NoteGreat hook');
    expect(without!.querySelector('.share-note')).toBeNull();
    expect(empty!.querySelector('.share-note')).toBeNull();
    expect(unarchived!.querySelector('img, video')).toBeNull();
    expect(unarchived!.querySelector('.share-no-media')?.textContent).toBe(
      'The creative is not archived yet.',
    );
    expect(unarchived!.querySelector('.share-facts')).toBeNull();
    // a link that is not http(s) is no link
    expect(unarchived!.querySelector('a')).toBeNull();
  });

  it('loads the next page of 60 on "Load more", once, until the last', async () => {
    const items = Array.from({ length: 130 }, (_, i) => imageItem(i + 1));
    const server = serverOf(items);
    const { root, view } = mount({ token: SHARE_TOKEN, fetchImpl: server.fetchImpl });
    await view.ready;
    expect(cards(root)).toHaveLength(60);
    const more = root.querySelector<HTMLButtonElement>('button.share-more')!;
    expect(more.hidden).toBe(false);
    // two presses while one page loads ask for it once
    await Promise.all([view.loadMore(), view.loadMore()]);
    expect(cards(root)).toHaveLength(120);
    expect(status(root)).toBe('Showing 120 of 130 ads');
    more.click();
    await view.loadMore();
    expect(cards(root)).toHaveLength(130);
    expect(more.hidden).toBe(true);
    const pages = server.requests.filter((url) => url !== SERVER_ROUTES.config.path);
    expect(pages.map((url) => url.slice(url.indexOf('?')))).toEqual(['?page=1', '?page=2', '?page=3']);
    expect(cards(root).map((card) => card.dataset.adId)).toEqual(items.map((item) => item.adId));
  });

  it('a link that is not shared (404) says so and shows nothing of a board', async () => {
    const server = serverOf([], { status: 404 });
    const { root, view } = mount({ token: SHARE_TOKEN, fetchImpl: server.fetchImpl });
    await view.ready;
    expect(status(root)).toBe(BOARD_MESSAGES.sharedBoardGone);
    expect(cards(root)).toHaveLength(0);
    expect(root.querySelector<HTMLElement>('button.share-more')!.hidden).toBe(true);
  });

  it('a path without a token that could be one is not shared, and asks the server nothing about it', async () => {
    expect(tokenOfPath(`/s/${SHARE_TOKEN}`)).toBe(SHARE_TOKEN);
    expect(tokenOfPath(`/s/${SHARE_TOKEN}/`)).toBe(SHARE_TOKEN);
    expect(tokenOfPath('/s/short')).toBeNull();
    expect(tokenOfPath('/s/%E0%A4%A')).toBeNull();
    expect(tokenOfPath(`/app/${SHARE_TOKEN}`)).toBeNull();
    const server = serverOf([imageItem(1)]);
    const { root, view } = mount({ token: tokenOfPath('/s/not-a-token'), fetchImpl: server.fetchImpl });
    await view.ready;
    expect(status(root)).toBe(BOARD_MESSAGES.sharedBoardGone);
    expect(server.requests.filter((url) => url !== SERVER_ROUTES.config.path)).toEqual([]);
  });

  it('too many requests (429) says to wait a minute', async () => {
    const server = serverOf([], { status: 429 });
    const { root, view } = mount({ token: SHARE_TOKEN, fetchImpl: server.fetchImpl });
    await view.ready;
    expect(status(root)).toBe(BOARD_MESSAGES.tooManyWrongLinks);
    expect(status(root)).toContain('wait a minute');
  });

  it('a failed load offers to try again, and the retry loads the board', async () => {
    let fail = true;
    const server = serverOf([imageItem(1)]);
    const fetchImpl = ((input: RequestInfo | URL, init?: RequestInit) =>
      fail && String(input) !== SERVER_ROUTES.config.path
        ? Promise.reject(new TypeError('Failed to fetch'))
        : server.fetchImpl(input, init)) as typeof fetch;
    const { root, view } = mount({ token: SHARE_TOKEN, fetchImpl });
    await view.ready;
    expect(status(root)).toBe(SHARED_PAGE_MESSAGES.loadFailed);
    const retry = root.querySelector<HTMLButtonElement>('button.share-retry')!;
    expect(retry.hidden).toBe(false);
    fail = false;
    retry.click();
    await view.loadMore();
    expect(cards(root)).toHaveLength(1);
    expect(retry.hidden).toBe(true);
  });

  it("links the report-abuse contact to the operator's, as the public config gives it", async () => {
    const server = serverOf([imageItem(1)]);
    const { root, view } = mount({ token: SHARE_TOKEN, fetchImpl: server.fetchImpl });
    await view.ready;
    const report = root.querySelector<HTMLAnchorElement>('a.share-report')!;
    expect(report.textContent).toContain(SHARED_PAGE_MESSAGES.reportAbuse);
    await expect.poll(() => report.href).toBe(CHAT_URL);
  });
});
