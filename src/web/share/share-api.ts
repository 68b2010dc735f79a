/**
 * The shared board's data, SERVER_ROUTES.sharedBoard (docs/boards.md#the-shared-page): one page of
 * SHARED_BOARD_PAGE_SIZE items, checked against the contract's schema. A 404 (a token that is
 * wrong, withdrawn, replaced, or whose owner's subscription lapsed: the server tells them apart to
 * no one) and a 429 (too many wrong tokens from this address) are states of the page, not errors.
 */
import { SERVER_ROUTES } from '../../domain/api/routes.ts';
import {
  SHARE_TOKEN_PATTERN,
  SHARED_BOARD_PATH_PREFIX,
  sharedBoardPageSchema,
  type SharedBoardPage,
} from '../../domain/boards/board-contract.ts';
import { messageOf } from '../../domain/text/error-message.ts';

export type SharedPageResult =
  | { kind: 'page'; page: SharedBoardPage }
  | { kind: 'not-found' }
  | { kind: 'rate-limited' }
  | { kind: 'failed'; reason: string };

/** The token of a page path `/s/<token>`, or null when the path holds none that could be one. */
export function tokenOfPath(pathname: string): string | null {
  if (!pathname.startsWith(SHARED_BOARD_PATH_PREFIX)) return null;
  let token: string;
  try {
    token = decodeURIComponent(pathname.slice(SHARED_BOARD_PATH_PREFIX.length).replace(/\/$/, ''));
  } catch {
    return null;
  }
  return SHARE_TOKEN_PATTERN.test(token) ? token : null;
}

/** Page `page` (from 1) of the board shared under `token`. Never throws. */
export async function fetchSharedPage(
  token: string,
  page: number,
  fetchImpl: typeof fetch = fetch,
): Promise<SharedPageResult> {
  const url = `${SERVER_ROUTES.sharedBoard.url(token)}?page=${page}`;
  let response: Response;
  try {
    response = await fetchImpl(url, { headers: { Accept: 'application/json' }, credentials: 'omit' });
  } catch (error) {
    return { kind: 'failed', reason: messageOf(error) };
  }
  if (response.status === 404) return { kind: 'not-found' };
  if (response.status === 429) return { kind: 'rate-limited' };
  if (!response.ok) return { kind: 'failed', reason: `HTTP ${response.status}` };
  try {
    const parsed = sharedBoardPageSchema.safeParse(await response.json());
    if (!parsed.success) return { kind: 'failed', reason: `unexpected answer: ${parsed.error.message}` };
    return { kind: 'page', page: parsed.data };
  } catch (error) {
    return { kind: 'failed', reason: messageOf(error) };
  }
}
