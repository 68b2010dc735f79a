/** The boards pages' words (docs/boards.md#in-the-app), in one place for the pages and their tests. */
import { formatCount, parsePbDate, timeAgoText } from '../../../domain/index.ts';

const ads = (count: number) => `${formatCount(count)} ${count === 1 ? 'ad' : 'ads'}`;

export const BOARD_TEXT = {
  saved: (adCount: number, boardCount: number) =>
    `Saved ${ads(adCount)} to ${boardCount === 1 ? 'the board' : `${formatCount(boardCount)} boards`}`,
  nothingToSave: 'No ads to save',
  saveFailed: 'The board could not be saved on this device. Please try again.',
  /** "Deleting a board says how many items go." */
  deleteConfirm: (name: string, count: number) =>
    `Delete the board “${name}”? ${count === 0 ? 'It holds no ads.' : `Its ${ads(count)} will be removed from it.`} The ads stay in your database.`,
  deleted: (name: string) => `Board “${name}” deleted`,
  removed: (count: number) => `Removed ${ads(count)} from the board`,
  moved: (count: number, name: string) => `Moved ${ads(count)} to “${name}”`,
  copied: (count: number, name: string) => `Copied ${ads(count)} to “${name}”`,
  shareOffline: 'Sharing needs a connection to the server. It will be available again when you reconnect.',
  linkCopied: 'Link copied',
  /** The user cancelled "Download creatives" in the browser: the page stopped fetching files. */
  downloadCancelled: 'Download cancelled: no more files are fetched, and the ZIP on disk is incomplete.',
  /** Only where neither a file picker nor a service worker can take the ZIP as it is made. */
  zipInMemory:
    'This browser cannot save the ZIP as it is made: it is built in memory first, so a very large board may not fit.',
  ads,
} as const;

/** When a board last changed, for its card ('' : a board not on the server yet). */
export function changedText(updated: string, nowMs = Date.now()): string {
  const at = parsePbDate(updated);
  return at ? `changed ${timeAgoText(at.getTime(), nowMs)}` : 'not synced yet';
}
