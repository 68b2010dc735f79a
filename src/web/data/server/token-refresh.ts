/**
 * When the browser renews its session token (docs/product.md#calls-and-exports: automatic access-token
 * refresh).
 */
import { DAY_MS } from '../../../domain/text/format.ts';

/** Renew once less than this much of the token's life is left (PocketBase's default is 7 days). */
export const TOKEN_REFRESH_MARGIN_MS = 3 * DAY_MS;

/** How often an open app checks whether its token needs renewing. */
export const TOKEN_CHECK_INTERVAL_MS = 15 * 60 * 1000;

/**
 * True when a token that expires at `expSeconds` (the JWT `exp` claim) should be renewed now.
 * An expired token cannot be renewed: the user must log in again.
 */
export function tokenNeedsRefresh(expSeconds: number | undefined, nowMs: number): boolean {
  if (!expSeconds || !Number.isFinite(expSeconds)) return false;
  const expiresAt = expSeconds * 1000;
  return expiresAt > nowMs && expiresAt - nowMs < TOKEN_REFRESH_MARGIN_MS;
}
