/**
 * Password-reset requests per address (issue 19). PocketBase's limiter counts them per client
 * address (`*:requestPasswordReset`, migration 1795300080); this counts them per email address,
 * so nobody can flood one inbox from many addresses. It counts every address asked for, known or
 * not, and answers both the same way, so the limit tells nobody which addresses have accounts.
 * The counts live in PocketBase's app store (memory: a restart forgets them).
 */
import { PASSWORD_RESET_PER_ADDRESS } from '../../domain/forms/limits.ts';
import { PRODUCT_MESSAGES } from '../../domain/forms/messages.ts';
import { admitRequest } from './request-window.ts';

const KEY_PREFIX = 'adscout.resetRequests.';

/** The email of a request body, as the limit counts it ('' when there is none). */
function addressOf(body: { [key: string]: unknown } | null): string {
  const value = body && body.email;
  return typeof value === 'string' ? value.trim().toLowerCase() : '';
}

/**
 * For POST /api/collections/{collection}/request-password-reset (called by the middleware of
 * pb_hooks/config.pb.js): throws a 429 when the address is over its limit.
 */
export function checkResetRequest(e: core.RequestEvent): void {
  const address = addressOf(e.requestInfo().body);
  if (!address) return;
  const now = Date.now();
  let allowed = true;
  let retryAfter = 0;
  // setFunc runs under the store's lock: concurrent requests for one address count one by one
  $app.store().setFunc(KEY_PREFIX + address, (old: unknown) => {
    const earlier = typeof old === 'string' && old ? old.split(',').map(Number) : [];
    const decision = admitRequest(earlier, now, PASSWORD_RESET_PER_ADDRESS);
    allowed = decision.allowed;
    retryAfter = decision.retryAfterSeconds;
    return decision.times.join(',');
  });
  if (!allowed) {
    e.response.header().set('Retry-After', String(retryAfter));
    throw new ApiError(429, PRODUCT_MESSAGES.tooManyResetRequests, {});
  }
}
