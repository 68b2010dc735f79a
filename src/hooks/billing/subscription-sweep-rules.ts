/**
 * Subscriptions end on their own (docs/invariants.md#invariant-10-access-follows-the-subscription): what the
 * every-minute sweep does with one subscription. Local mode is its own payment provider, so the sweep ends a
 * plan set to cancel at period end once the period is over, and renews the others as Stripe would. In Stripe
 * mode, Stripe stays the source of truth: a subscription whose period ended more than an hour ago with
 * no word from Stripe since (a webhook lost or never sent) is fetched again, at most once an hour.
 * Pure: the sweep itself (subscription-sweep.ts) reads the records and hands them here.
 */
import type { BillingMode } from '../../domain/records/constants.ts';
import { PLANS, type PlanId } from '../../domain/billing/plans.ts';

/** How long after a period end, and between two fetches of one subscription, the sweep waits. */
export const STRIPE_REFETCH_AFTER_MS = 60 * 60 * 1000;

export interface SweptSubscription {
  plan: string;
  status: string;
  cancelAtPeriodEnd: boolean;
  currentPeriodEnd: Date | null;
  /** When the record last changed (a webhook, a sync, or the sweep's previous fetch). */
  updated: Date | null;
  stripeCustomerId: string;
}

/** `end`: cancel it now; `renew`: start the next period; `refetch`: ask Stripe; null: nothing. */
export type SweepAction = 'end' | 'renew' | 'refetch' | null;

export function sweepAction(subscription: SweptSubscription, mode: BillingMode, now: Date): SweepAction {
  const end = subscription.currentPeriodEnd;
  if (!end || subscription.status === 'canceled') return null;
  if (mode === 'local') {
    if (end.getTime() > now.getTime()) return null;
    if (subscription.cancelAtPeriodEnd) return 'end';
    // a failed payment stays suspended until it is recovered, as Stripe keeps retrying
    return subscription.status === 'active' && billingMonths(subscription.plan) ? 'renew' : null;
  }
  if (!subscription.stripeCustomerId) return null;
  const cutoff = now.getTime() - STRIPE_REFETCH_AFTER_MS;
  if (end.getTime() >= cutoff) return null;
  if (subscription.updated && subscription.updated.getTime() >= cutoff) return null;
  return 'refetch';
}

/** The length of a plan's billing period in months (null for a plan that never renews). */
export function billingMonths(plan: string): number | null {
  const known = Object.prototype.hasOwnProperty.call(PLANS, plan) ? PLANS[plan as PlanId] : null;
  if (!known || !known.interval) return null;
  return known.interval === 'year' ? 12 : 1;
}
