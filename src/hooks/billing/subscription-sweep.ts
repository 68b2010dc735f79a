/**
 * The subscription sweep (cron, every minute;
 * docs/invariants.md#invariant-10-access-follows-the-subscription): subscriptions end without anyone acting.
 * Local mode is its own payment provider: a plan set to cancel at period end is canceled once the period is
 * over, and an active one renews. In Stripe mode Stripe is the source of truth: a subscription whose period
 * ended over an hour ago with no update since (a lost webhook) is fetched from Stripe again, at most once an
 * hour each, also when ticks overlap (claimRefetch). The rules are subscription-sweep-rules.ts; every
 * change is a record save, so open apps hear it live.
 */
import { COLLECTIONS } from '../../domain/api/collections.ts';
import { parsePbDate, toPbDate } from '../../domain/text/format.ts';
import { billingMode } from '../config/index.ts';
import { renewedPeriodEnd } from '../quota/index.ts';
import { applySubscription } from './fulfil.ts';
import { storeFreshState } from './stripe-billing.ts';
import { mapStripeStatus } from './stripe-protocol.ts';
import {
  billingMonths,
  STRIPE_REFETCH_AFTER_MS,
  sweepAction,
  type SweepAction,
} from './subscription-sweep-rules.ts';

/** Local records are cheap to change; Stripe calls take up to 20 s each, so fewer per tick. */
const LOCAL_BATCH = 500;
const STRIPE_BATCH = 20;

function actionOf(record: core.Record, now: Date): SweepAction {
  return sweepAction(
    {
      plan: record.getString('plan'),
      status: record.getString('status'),
      cancelAtPeriodEnd: record.getBool('cancel_at_period_end'),
      currentPeriodEnd: parsePbDate(record.getString('current_period_end')),
      updated: parsePbDate(record.getString('updated')),
      stripeCustomerId: record.getString('stripe_customer_id'),
    },
    billingMode(),
    now,
  );
}

function candidates(filter: string, params: { [name: string]: unknown }, limit: number): core.Record[] {
  return $app
    .findRecordsByFilter(COLLECTIONS.subscriptions, filter, 'current_period_end', limit, 0, params)
    .filter((record): record is core.Record => Boolean(record));
}

/** Local mode: ends or renews one subscription, re-read in the transaction that changes it. */
function settleLocally(id: string, now: Date): SweepAction {
  let done: SweepAction = null;
  $app.runInTransaction((txApp) => {
    const record = txApp.findRecordById(COLLECTIONS.subscriptions, id);
    const action = actionOf(record, now);
    const userId = record.getString('user');
    const plan = record.getString('plan');
    const periodEnd = parsePbDate(record.getString('current_period_end'));
    if (action === 'end') {
      applySubscription(txApp, userId, {
        plan: plan,
        status: mapStripeStatus('canceled'),
        cancelAtPeriodEnd: false,
        currentPeriodEnd: periodEnd,
      });
    } else if (action === 'renew') {
      const anchor = parsePbDate(record.getString('quota_anchor')) || periodEnd || now;
      applySubscription(txApp, userId, {
        plan: plan,
        status: record.getString('status'),
        cancelAtPeriodEnd: false,
        currentPeriodEnd: renewedPeriodEnd(anchor, billingMonths(plan) || 1, now),
      });
    } else return;
    done = action;
  });
  return done;
}

/**
 * Stripe mode: claims this hour's try at a subscription before asking Stripe. Its `updated` moves to
 * now in a transaction that reads it again, so an overlapping tick (PocketBase's own beside one run
 * by hand) finds it no longer due and never fetches it a second time; and a fetch that fails has
 * still used the hour. False when another tick claimed it first, or it was deleted meanwhile.
 */
function claimRefetch(id: string, now: Date): boolean {
  let claimed = false;
  try {
    $app.runInTransaction((txApp) => {
      const record = txApp.findRecordById(COLLECTIONS.subscriptions, id);
      if (actionOf(record, now) !== 'refetch') return;
      txApp.save(record);
      claimed = true;
    });
  } catch (_) {
    // deleted meanwhile: nothing to fetch
  }
  return claimed;
}

/** Stripe mode: stores what Stripe says now (the try was claimed by claimRefetch). */
function refetch(record: core.Record): boolean {
  try {
    storeFreshState(record.getString('user'), record.getString('stripe_customer_id'), null);
    return true;
  } catch (error) {
    console.log(`[adscout] subscription sweep: could not re-fetch ${record.id} from Stripe: ${error}`);
    return false;
  }
}

export function sweepSubscriptions(): { ended: number; renewed: number; refetched: number; failed: number } {
  const done = { ended: 0, renewed: 0, refetched: 0, failed: 0 };
  const now = new Date();
  if (billingMode() === 'local') {
    for (const record of candidates(
      "status != 'canceled' && current_period_end != '' && current_period_end <= {:now}",
      { now: toPbDate(now) },
      LOCAL_BATCH,
    )) {
      const action = settleLocally(record.id, now);
      if (action === 'end') done.ended++;
      if (action === 'renew') done.renewed++;
    }
  } else {
    const cutoff = toPbDate(new Date(now.getTime() - STRIPE_REFETCH_AFTER_MS));
    for (const record of candidates(
      "status != 'canceled' && stripe_customer_id != '' && current_period_end != '' && current_period_end < {:cutoff} && updated < {:cutoff}",
      { cutoff: cutoff },
      STRIPE_BATCH,
    )) {
      if (actionOf(record, now) !== 'refetch' || !claimRefetch(record.id, now)) continue;
      if (refetch(record)) done.refetched++;
      else done.failed++;
    }
  }
  if (done.ended || done.renewed || done.refetched || done.failed)
    console.log(
      `[adscout] subscription sweep: ${done.ended} ended, ${done.renewed} renewed, ${done.refetched} re-fetched from Stripe, ${done.failed} failed`,
    );
  return done;
}
