/**
 * The boards' limits and fixed values (docs/boards.md), without zod: the /app shell's board code
 * and the sync read them, and the first /app page needs no zod (docs/benchmarks/pwa.md).
 * board-contract.ts, whose schemas check them, exports them too.
 */
/** Boards a user may have. */
export const BOARDS_PER_USER_MAX = 200;
/** Items one board may hold. */
export const BOARD_ITEMS_PER_BOARD_MAX = 10_000;
/** Ad ids one `boardItems` request may save. */
export const BOARD_ITEMS_BATCH_MAX = 1000;
export const BOARD_NAME_MAX = 100;
export const BOARD_DESCRIPTION_MAX = 2000;
export const BOARD_NOTE_MAX = 2000;
/** Labels one item may carry, and the characters of each: the user's own words. */
export const BOARD_LABELS_MAX = 20;
export const BOARD_LABEL_MAX = 40;
/** Items one page of the shared board holds. */
export const SHARED_BOARD_PAGE_SIZE = 60;
/** Days a deleted item's tombstone is kept for the devices that were closed at the time. */
export const BOARD_TOMBSTONE_DAYS = 180;
/** The share token: URL-safe, from a secure source, 128 bits or more. */
export const SHARE_TOKEN_MIN_LENGTH = 22;
export const SHARE_TOKEN_PATTERN = /^[A-Za-z0-9_-]{22,64}$/;
/** The public page of a shared board: `/s/<token>` on the app's origin. */
export const SHARED_BOARD_PATH_PREFIX = '/s/';
/** Wrong share tokens one client address may try in a minute before lookups answer 429. */
export const SHARE_WRONG_TOKENS_PER_MINUTE = 30;
/** Requests of valid links and their files one client address may make in 10 s. */
export const SHARE_REQUESTS_PER_10S = 300;
