/**
 * The quota ledger on the server (docs/billing.md#quota,
 * docs/invariants.md#invariant-3-the-quota-is-never-overspent). Balances are indexed sums over usage_ledger,
 * never counts of result rows; the arithmetic is balances.ts. Writers (run creation, settlement, billing)
 * call these inside their own transaction, and the single SQLite writer serializes them, so no interleaving
 * can overspend.
 */
import { COLLECTIONS } from '../../domain/api/collections.ts';
import type { Quota } from '../../domain/records/entities.ts';
import { toPbDate } from '../../domain/text/format.ts';
import { computeQuota, splitCharge, takeBackAmount, type LedgerSums } from './balances.ts';
import { currentPeriod } from './periods.ts';

/** The user's subscription record, or null. */
export function subscriptionOf(app: CoreApp, userId: string): core.Record | null {
  try {
    return app.findFirstRecordByFilter(COLLECTIONS.subscriptions, 'user = {:user}', { user: userId });
  } catch (_) {
    return null;
  }
}

/** The current quota period of a subscription (anchored on quota_anchor, else its creation). */
function periodOf(subscription: core.Record | null, now: Date) {
  const anchorText = subscription
    ? subscription.getString('quota_anchor') || subscription.getString('created')
    : '';
  const anchor = anchorText ? new Date(anchorText.replace(' ', 'T')) : now;
  return currentPeriod(isNaN(anchor.getTime()) ? now : anchor, now);
}

/**
 * The user's current quota period (the same one the results' quota counts in): other allowances
 * per period, such as the briefs' (src/hooks/briefs), count from it too.
 */
export function quotaPeriodOf(app: CoreApp, userId: string, now: Date) {
  return periodOf(subscriptionOf(app, userId), now);
}

function sums(app: CoreApp, userId: string, periodStart: string): LedgerSums {
  const row = new DynamicModel({ plan_used: 0, granted: 0, addon_used: 0, reserved: 0, released: 0 });
  app
    .db()
    .newQuery(
      `SELECT
         COALESCE(SUM(CASE WHEN kind = 'plan_use' AND period_start = {:period} THEN amount END), 0) AS plan_used,
         COALESCE(SUM(CASE WHEN kind IN ('addon_grant', 'addon_restore') THEN amount
                           WHEN kind = 'addon_revoke' THEN -amount END), 0) AS granted,
         COALESCE(SUM(CASE WHEN kind = 'addon_use' THEN amount END), 0) AS addon_used,
         COALESCE(SUM(CASE WHEN kind = 'reservation' THEN amount END), 0) AS reserved,
         COALESCE(SUM(CASE WHEN kind = 'reservation_release' THEN amount END), 0) AS released
       FROM ${COLLECTIONS.usageLedger} WHERE user = {:user}`,
    )
    .bind({ user: userId, period: periodStart })
    .one(row);
  return {
    planUsedThisPeriod: row.plan_used,
    addonGranted: row.granted,
    addonUsed: row.addon_used,
    reserved: row.reserved,
    released: row.released,
  };
}

/** The quota shape of docs/product.md#entities-and-fields for a user, plus the period it was computed for. */
export function quotaFor(app: CoreApp, userId: string, now?: Date): { quota: Quota; periodStart: string } {
  const at = now || new Date();
  const subscription = subscriptionOf(app, userId);
  const period = periodOf(subscription, at);
  const quota = computeQuota(
    subscription ? { plan: subscription.getString('plan'), status: subscription.getString('status') } : null,
    sums(app, userId, toPbDate(period.start)),
  );
  return { quota: quota, periodStart: toPbDate(period.start) };
}

function entry(app: CoreApp, fields: { [field: string]: unknown }): core.Record {
  const record = new Record(app.findCollectionByNameOrId(COLLECTIONS.usageLedger));
  record.load(fields);
  app.save(record);
  return record;
}

/** Holds `amount` results for a working run. */
export function reserve(txApp: CoreApp, userId: string, runId: string, amount: number): void {
  entry(txApp, { user: userId, run: runId, kind: 'reservation', amount: amount });
}

/** The units still held for a run (its reservations less its releases). */
export function heldFor(txApp: CoreApp, runId: string): number {
  const row = new DynamicModel({ held: 0 });
  txApp
    .db()
    .newQuery(
      `SELECT COALESCE(SUM(CASE kind WHEN 'reservation' THEN amount WHEN 'reservation_release' THEN -amount END), 0) AS held
       FROM ${COLLECTIONS.usageLedger} WHERE run = {:run}`,
    )
    .bind({ run: runId })
    .one(row);
  return row.held;
}

/**
 * Settles a run's reservation: releases what it still holds (so open reservations are
 * reservations − releases) and charges `charge` results — at most the reservation — plan first
 * (for the current period) then credits, never more than the balances hold. Returns what was
 * charged. A second call finds nothing held and charges nothing more than it is told to.
 */
export function settleReservation(txApp: CoreApp, runId: string, charge: number, now: Date): number {
  const userId = txApp.findRecordById(COLLECTIONS.searchRuns, runId).getString('user');
  const held = heldFor(txApp, runId);
  if (held > 0) entry(txApp, { user: userId, run: runId, kind: 'reservation_release', amount: held });
  const current = quotaFor(txApp, userId, now);
  const split = splitCharge(Math.min(charge, held > 0 ? held : charge), {
    planRemaining: current.quota.plan_remaining_this_month,
    addonRemaining: current.quota.addon_remaining,
  });
  if (split.plan > 0) {
    entry(txApp, {
      user: userId,
      run: runId,
      kind: 'plan_use',
      amount: split.plan,
      period_start: current.periodStart,
    });
  }
  if (split.addon > 0) entry(txApp, { user: userId, run: runId, kind: 'addon_use', amount: split.addon });
  return split.plan + split.addon;
}

/** Grants add-on credits once per checkout session (a unique index enforces it too). */
export function grantCredits(
  txApp: CoreApp,
  userId: string,
  checkoutSession: string,
  amount: number,
): boolean {
  const existing = txApp.findRecordsByFilter(
    COLLECTIONS.usageLedger,
    "kind = 'addon_grant' && checkout_session = {:session}",
    '',
    1,
    0,
    { session: checkoutSession },
  );
  if (existing.length > 0) return false;
  entry(txApp, { user: userId, kind: 'addon_grant', amount: amount, checkout_session: checkoutSession });
  return true;
}

/** The ledger rows of one checkout session (its grant, and what was taken back or restored). */
function sessionRows(app: CoreApp, checkoutSession: string): core.Record[] {
  return app.findRecordsByFilter(
    COLLECTIONS.usageLedger,
    "checkout_session = {:session} && (kind = 'addon_grant' || kind = 'addon_revoke' || kind = 'addon_restore')",
    'created,id',
    0,
    0,
    { session: checkoutSession },
  ) as core.Record[];
}

/**
 * A version of a pack's ledger rows: a caller that fetched the pack's state from Stripe outside
 * its transaction compares it inside, and fetches again when it changed.
 */
export function packVersion(app: CoreApp, checkoutSession: string): number {
  return sessionRows(app, checkoutSession).length;
}

/**
 * Takes a credit pack back (a refund or a lost dispute: `reversed`) or gives it back (no longer
 * reversed), once per change of state, in the caller's transaction. Taking back removes
 * min(the pack, the unreserved add-on balance) (balances.ts) as one `addon_revoke` row; giving
 * back restores exactly that as an `addon_restore` row. A pack that was never granted has nothing
 * to take. Returns what changed.
 */
export function setPackReversed(
  txApp: CoreApp,
  userId: string,
  checkoutSession: string,
  reversed: boolean,
  now: Date,
): 'taken_back' | 'restored' | 'unchanged' {
  let granted = 0;
  let revokes = 0;
  let restores = 0;
  let held = 0;
  for (const row of sessionRows(txApp, checkoutSession)) {
    const kind = row.getString('kind');
    const amount = row.getInt('amount');
    if (kind === 'addon_grant') granted += amount;
    else if (kind === 'addon_revoke') {
      revokes += 1;
      held += amount;
    } else if (kind === 'addon_restore') {
      restores += 1;
      held -= amount;
    }
  }
  const isReversed = revokes > restores;
  if (reversed && !isReversed && granted > 0) {
    const amount = takeBackAmount(granted, quotaFor(txApp, userId, now).quota);
    entry(txApp, { user: userId, kind: 'addon_revoke', amount: amount, checkout_session: checkoutSession });
    return 'taken_back';
  }
  if (!reversed && isReversed) {
    entry(txApp, {
      user: userId,
      kind: 'addon_restore',
      amount: Math.max(0, held),
      checkout_session: checkoutSession,
    });
    return 'restored';
  }
  return 'unchanged';
}
