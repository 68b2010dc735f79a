/**
 * What a paid checkout and a subscription change do to our records. Verified Stripe webhooks and
 * the local test checkout both come through here, so the two modes cannot drift apart. Callers
 * pass their transaction; every write is a record save, so open apps hear it over realtime.
 */
import { COLLECTIONS } from '../../domain/api/collections.ts';
import { CREDIT_PACKS, PLANS, type CheckoutProduct, type PlanId } from '../../domain/billing/plans.ts';
import { toPbDate } from '../../domain/text/format.ts';
import { grantCredits, periodBoundary } from '../quota/index.ts';

/** A subscription as our records hold it. */
export interface SubscriptionState {
  plan: string;
  /** active | suspended | canceled */
  status: string;
  cancelAtPeriodEnd: boolean;
  currentPeriodEnd: Date | null;
  /** The quota anchor of a new or restarted subscription. */
  startedAt?: Date;
  /** Stripe ids ('' locally); left as stored when undefined. */
  customerId?: string;
  subscriptionId?: string;
}

function subscriptionRecord(txApp: CoreApp, userId: string): core.Record {
  try {
    return txApp.findFirstRecordByFilter(COLLECTIONS.subscriptions, 'user = {:user}', { user: userId });
  } catch (_) {
    const record = new Record(txApp.findCollectionByNameOrId(COLLECTIONS.subscriptions));
    record.set('user', userId);
    return record;
  }
}

/** Sets the user's subscription to `state`. */
export function applySubscription(txApp: CoreApp, userId: string, state: SubscriptionState): core.Record {
  const record = subscriptionRecord(txApp, userId);
  // A new subscription (none before, the previous one canceled, or another Stripe subscription)
  // starts new quota periods; a plan change or a payment problem keeps the anchor.
  const storedId = record.getString('stripe_subscription_id');
  const restarted =
    !record.getString('quota_anchor') ||
    record.getString('status') === 'canceled' ||
    !record.getString('status') ||
    Boolean(state.subscriptionId && storedId && state.subscriptionId !== storedId);
  record.set('plan', state.plan);
  record.set('status', state.status);
  record.set('cancel_at_period_end', Boolean(state.cancelAtPeriodEnd));
  record.set('current_period_end', state.currentPeriodEnd ? toPbDate(state.currentPeriodEnd) : '');
  if (state.customerId !== undefined) record.set('stripe_customer_id', state.customerId);
  if (state.subscriptionId !== undefined) record.set('stripe_subscription_id', state.subscriptionId);
  // Quota periods are anchored on the subscription's start (docs/billing.md#quota).
  if (restarted && state.startedAt) record.set('quota_anchor', toPbDate(state.startedAt));
  txApp.save(record);
  return record;
}

/** Grants a credit pack once per checkout session; false when that session was granted before. */
export function grantPack(txApp: CoreApp, userId: string, product: string, checkoutSession: string): boolean {
  const pack = Object.prototype.hasOwnProperty.call(CREDIT_PACKS, product)
    ? CREDIT_PACKS[product as keyof typeof CREDIT_PACKS]
    : undefined;
  if (!pack) throw new BadRequestError(`Unknown credit pack ${product}.`);
  return grantCredits(txApp, userId, checkoutSession, pack.results);
}

/** The end of the first billing period of a plan started at `start`. */
export function periodEnd(plan: CheckoutProduct, start: Date): Date {
  const known = PLANS[plan as PlanId];
  return periodBoundary(start, known && known.interval === 'year' ? 12 : 1);
}
