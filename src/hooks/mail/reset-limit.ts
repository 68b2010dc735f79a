/**
 * Password-reset mails per account (docs/accounts.md,
 * docs/invariants.md#invariant-15-one-identity-per-email-whatever-its-case). PocketBase's limiter counts
 * reset requests per client address (`*:requestPasswordReset`, migration 1795300080); this counts the mails
 * one account is sent, from any client address, so nobody floods one inbox from many.
 *
 * It runs in PocketBase's reset hook, which fires only for a request PocketBase accepted for an
 * existing account (after its own 2-minute resend guard): a malformed request or an address with
 * no account counts for nobody and stores nothing. Over the limit the answer is PocketBase's own
 * 204 without the mail, so the limit tells nobody which addresses have accounts. The window is at
 * most the reset link's lifetime, so whenever an owner's request is refused, a mail sent within
 * the window still holds a live link (the limit can delay an owner, never lock them out).
 *
 * The counts live in PocketBase's app store (memory: a restart forgets them): one entry per
 * account asked for in the last window, each of at most `maxRequests` times; the prune cron
 * removes entries whose window has passed.
 */
import { PASSWORD_RESET_PER_ACCOUNT } from '../../domain/forms/limits.ts';
import { admitRequest } from './request-window.ts';

const KEY_PREFIX = 'adscout.resetRequests.';

/** The counted times of one entry (a comma-separated string in the store). */
function timesOf(value: unknown): number[] {
  return typeof value === 'string' && value ? value.split(',').map(Number) : [];
}

/** The counting window of a collection: the limit's, or the reset link's lifetime if shorter. */
export function resetWindowMs(collection: core.Collection): number {
  const lifetimeMs = Number(collection.passwordResetToken.duration) * 1000;
  return lifetimeMs > 0
    ? Math.min(PASSWORD_RESET_PER_ACCOUNT.windowMs, lifetimeMs)
    : PASSWORD_RESET_PER_ACCOUNT.windowMs;
}

/**
 * onRecordRequestPasswordResetRequest (every auth collection): counts the request against its
 * account, then lets PocketBase send the mail; over the limit, answers 204 with no mail.
 */
export function limitResetRequest(e: core.RecordRequestPasswordResetRequestEvent): void {
  const collection = e.collection!;
  const record = e.record!;
  const limit = { maxRequests: PASSWORD_RESET_PER_ACCOUNT.maxRequests, windowMs: resetWindowMs(collection) };
  const now = Date.now();
  let allowed = true;
  // setFunc runs under the store's lock: concurrent requests for one account count one by one
  $app.store().setFunc(`${KEY_PREFIX}${collection.id}.${record.id}`, (old: unknown) => {
    const decision = admitRequest(timesOf(old), now, limit);
    allowed = decision.allowed;
    return decision.times.join(',');
  });
  if (allowed) return e.next();
  console.log(
    `[adscout] password reset for ${collection.name} ${record.id} refused: ${limit.maxRequests} mails ` +
      `in the last ${Math.round(limit.windowMs / 60000)} minutes; answered 204, no mail sent`,
  );
  return e.noContent(204);
}

/**
 * Cron (pb_hooks/mail.pb.js): removes the entries whose newest request has left its window, so
 * the counts hold only accounts asked for lately. A request for the same account in the instant
 * between the check and the removal goes uncounted: one extra mail at most, never a lock-out.
 */
export function pruneResetCounts(): void {
  const store = $app.store();
  const entries = store.getAll();
  const windows: { [collectionId: string]: number } = {};
  const now = Date.now();
  let removed = 0;
  for (const key of Object.keys(entries)) {
    if (key.indexOf(KEY_PREFIX) !== 0) continue;
    const collectionId = key.slice(KEY_PREFIX.length).split('.')[0] || '';
    if (!(collectionId in windows)) {
      try {
        windows[collectionId] = resetWindowMs($app.findCollectionByNameOrId(collectionId));
      } catch {
        windows[collectionId] = 0; // the collection is gone: so is the entry
      }
    }
    const newest = Math.max(0, ...timesOf(entries[key]));
    if (newest <= now - windows[collectionId]!) {
      store.remove(key);
      removed += 1;
    }
  }
  if (removed > 0) console.log(`[adscout] forgot ${removed} expired password-reset counts`);
}
