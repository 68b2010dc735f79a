/**
 * The shared board's page (docs/boards.md#the-shared-page): the board's name and description, its
 * ads a page of SHARED_BOARD_PAGE_SIZE at a time ("Load more", pressed for the reader when it
 * scrolls into view), and the page's states: loading, not shared (404), too many requests (429),
 * failed (with a retry). Plain DOM, no framework: the page is read once by people who never open
 * the app, so its whole script is a few KB (docs/benchmarks.md).
 */
import type { SharedBoardPage } from '../../domain/boards/board-contract.ts';
import { DEFAULT_CONFIG } from '../../domain/pages/config.ts';
import { SERVER_ROUTES } from '../../domain/api/routes.ts';
import { parsePublicConfig } from '../../domain/records/constants.ts';
import { isHttpUrl } from '../../domain/text/url.ts';
import {
  BOARD_MESSAGES,
  SHARED_PAGE_MESSAGES as TEXT,
  sharedBoardCountMessage,
} from '../../domain/boards/board-messages.ts';
import { element, itemElement, outboundLink } from './render.ts';
import { fetchSharedPage, type SharedPageResult } from './share-api.ts';

/** Cards whose images load at once: what a phone shows before the reader scrolls. */
const EAGER_ITEMS = 2;
/** How far below the screen "Load more" is pressed for the reader. */
const LOAD_AHEAD = '800px';

export interface SharedBoardOptions {
  /** The token of the page's path, or null when the path holds none (answered as not shared). */
  token: string | null;
  fetchImpl?: typeof fetch;
  /** Load the next page as the reader scrolls (off in tests that page by the button). */
  autoLoad?: boolean;
}

export interface SharedBoardView {
  /** Settles when the first page (or the page's state) is shown. */
  ready: Promise<void>;
  /** Loads the next page, when there is one and none is loading. */
  loadMore(): Promise<void>;
}

/** Builds the page into `root` (its children are replaced) and loads the board's first page. */
export function mountSharedBoard(root: HTMLElement, options: SharedBoardOptions): SharedBoardView {
  const fetchImpl = options.fetchImpl ?? fetch.bind(globalThis);
  const header = element('header', 'share-header');
  const brand = element('p', 'share-brand', 'AdScout · shared board');
  const title = element('h1', 'share-name', 'Shared board');
  const description = element('p', 'share-description');
  description.hidden = true;
  header.append(brand, title);
  const status = element('p', 'share-status', TEXT.loading);
  status.setAttribute('role', 'status');
  const list = element('ul', 'share-items');
  list.hidden = true;
  const more = element('button', 'share-more', TEXT.loadMore);
  more.type = 'button';
  more.hidden = true;
  const retry = element('button', 'share-retry', TEXT.retry);
  retry.type = 'button';
  retry.hidden = true;
  const report = outboundLink(DEFAULT_CONFIG.communityChatUrl, TEXT.reportAbuse, 'share-report');
  const footer = element('footer', 'share-footer');
  footer.append(`${TEXT.reportAbuseHint} `, report);
  // Nothing that shows before the first answer moves when it arrives (Lighthouse's layout shift):
  // the name and the status line keep their place at the top, and what comes below them (the
  // description, the cards, the footer) appears with the answer.
  footer.hidden = true;
  header.append(status);
  root.replaceChildren(header, description, list, more, retry, footer);

  const shown = new Set<string>();
  let nextPage = 1;
  let totalPages = 0;
  let loading: Promise<void> | null = null;

  function show(page: SharedBoardPage): void {
    if (page.page === 1) {
      title.textContent = page.board.name;
      document.title = `${page.board.name} · AdScout`;
      description.textContent = page.board.description;
      description.hidden = !page.board.description;
    }
    for (const item of page.items) {
      // an item added while the reader pages may shift one into the next page as well
      if (shown.has(item.adId)) continue;
      list.append(itemElement(item, shown.size < EAGER_ITEMS));
      shown.add(item.adId);
    }
    totalPages = page.totalPages;
    nextPage = page.page + 1;
    list.hidden = shown.size === 0;
    status.textContent = shown.size === 0 ? TEXT.empty : sharedBoardCountMessage(shown.size, page.totalItems);
    more.hidden = nextPage > totalPages;
  }

  function showState(result: Exclude<SharedPageResult, { kind: 'page' }>): void {
    more.hidden = true;
    if (result.kind === 'failed') {
      console.warn(`[share] page ${nextPage} of the board could not be loaded: ${result.reason}`);
      status.textContent = TEXT.loadFailed;
      retry.hidden = false;
      return;
    }
    // a link that stopped working shows nothing of what it showed before
    if (result.kind === 'not-found') {
      list.replaceChildren();
      list.hidden = true;
      title.textContent = 'Shared board';
      description.hidden = true;
    }
    status.textContent =
      result.kind === 'not-found' ? BOARD_MESSAGES.sharedBoardGone : BOARD_MESSAGES.tooManyWrongLinks;
  }

  async function load(): Promise<void> {
    retry.hidden = true;
    more.disabled = true;
    const result = options.token
      ? await fetchSharedPage(options.token, nextPage, fetchImpl)
      : { kind: 'not-found' as const };
    more.disabled = false;
    footer.hidden = false;
    if (result.kind === 'page') show(result.page);
    else showState(result);
  }

  function loadMore(): Promise<void> {
    if (loading) return loading;
    if (nextPage > 1 && nextPage > totalPages) return Promise.resolve();
    loading = load().finally(() => (loading = null));
    return loading;
  }

  more.addEventListener('click', () => void loadMore());
  retry.addEventListener('click', () => void loadMore());
  if (options.autoLoad !== false && 'IntersectionObserver' in globalThis) {
    new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting) && !more.hidden) void loadMore();
      },
      { rootMargin: `0px 0px ${LOAD_AHEAD} 0px` },
    ).observe(more);
  }

  const ready = loadMore().then(() => {
    // where to report abuse: the operator's contact, as the app's Contact page gives it
    void loadContact(fetchImpl).then((url) => {
      if (url && isHttpUrl(url)) report.href = url;
    });
  });
  return { ready, loadMore };
}

/** The community chat's URL of the public config (SERVER_ROUTES.config), or null. */
async function loadContact(fetchImpl: typeof fetch): Promise<string | null> {
  try {
    const response = await fetchImpl(SERVER_ROUTES.config.path, { headers: { Accept: 'application/json' } });
    if (!response.ok) return null;
    return parsePublicConfig(await response.json())?.communityChatUrl ?? null;
  } catch {
    return null;
  }
}
