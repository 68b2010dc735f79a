/**
 * Wrong share tokens per client address (docs/boards.md#rate-limits): after
 * SHARE_WRONG_TOKENS_PER_MINUTE in a minute, every lookup of a shared board or file from that
 * address answers 429 until the minute ends, valid links included, so guessing tokens costs a
 * minute per 30 guesses. The address is PocketBase's `e.realIP()` (the proxy's header when
 * TRUSTED_PROXY_HEADERS says so). Valid links have PocketBase's own, generous limit
 * (pb_migrations/1795310030_update_share_rate_limit.js).
 *
 * The counts live in PocketBase's app store (memory: a restart forgets them), one entry per
 * address that tried a wrong token lately; the cron removes those whose minute has ended.
 */
import { BOARD_MESSAGES } from '../../domain/boards/board-messages.ts';
import {
  countWrongToken,
  parseWrongTokens,
  windowOpen,
  wrongTokensBlocked,
} from '../../domain/boards/board-rules.ts';

const KEY_PREFIX = 'adscout.shareWrongTokens.';

/** A 429 while the address is over the limit. */
export function refuseBlockedAddress(address: string): void {
  if (wrongTokensBlocked(parseWrongTokens($app.store().get(KEY_PREFIX + address)), Date.now()))
    throw new TooManyRequestsError(BOARD_MESSAGES.tooManyWrongLinks);
}

/** Counts one wrong token of the address (under the store's lock: concurrent ones count one by one). */
export function countWrongLookup(address: string): void {
  const now = Date.now();
  $app.store().setFunc(KEY_PREFIX + address, (old: unknown) => {
    const window = countWrongToken(parseWrongTokens(old), now);
    return `${window.start}:${window.count}`;
  });
}

/** Cron (pb_hooks/boards.pb.js): forgets the addresses whose minute has ended. */
export function pruneWrongTokenCounts(): void {
  const store = $app.store();
  const entries = store.getAll();
  const now = Date.now();
  for (const key of Object.keys(entries)) {
    if (key.indexOf(KEY_PREFIX) === 0 && !windowOpen(parseWrongTokens(entries[key]), now)) store.remove(key);
  }
}
