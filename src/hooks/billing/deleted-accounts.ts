/**
 * Stripe events about an account that was deleted (docs/going-live.md). Deletion expires the customer's
 * open Checkout Sessions and cancels its subscriptions (account-cancel.ts), but a session created
 * or paid in the meantime can still bring money in: a subscription it started is canceled at
 * once, a credit pack it paid for is refunded, and the event is recorded and answered 200 (our
 * records have nobody to fulfil it for; a 500 would only make Stripe retry for days).
 *
 * A customer counts as a deleted account's only when an `account_deleted` audit entry names it:
 * an event for a user id we never had (another server on the same Stripe account, say) changes
 * nothing at Stripe.
 */
import { COLLECTIONS } from '../../domain/api/collections.ts';
import { cancelRunningSubscriptions } from './account-cancel.ts';
import { stripeCall, type StripeObject } from './stripe-api.ts';

/** True when the user exists. */
export function userExists(userId: string): boolean {
  if (!userId) return false;
  try {
    $app.findRecordById(COLLECTIONS.users, userId);
    return true;
  } catch (_) {
    return false;
  }
}

/** True when an account that had this Stripe customer was deleted. */
export function isDeletedCustomer(customerId: string): boolean {
  if (!customerId) return false;
  try {
    $app.findFirstRecordByFilter(
      COLLECTIONS.auditLogs,
      "action = 'account_deleted' && metadata.stripe_customer_id = {:customer}",
      { customer: customerId },
    );
    return true;
  } catch (_) {
    return false;
  }
}

/**
 * Refunds what a paid checkout session charged, unless its payment is refunded already; the
 * idempotency key makes a repeated request (a redelivery) refund once. The refund's id, or ''.
 */
export function refundCheckoutPayment(session: StripeObject): string {
  const paymentIntent = typeof session.payment_intent === 'string' ? session.payment_intent : '';
  if (!paymentIntent) {
    console.log(`[adscout] checkout session ${session.id} has no payment to refund`);
    return '';
  }
  const intent = stripeCall('GET', `/v1/payment_intents/${encodeURIComponent(paymentIntent)}`, {
    expand: ['latest_charge'],
  });
  const charge = intent.latest_charge;
  if (charge && typeof charge === 'object' && charge.refunded === true) return '';
  const refund = stripeCall(
    'POST',
    '/v1/refunds',
    { payment_intent: paymentIntent, metadata: { reason: 'account_deleted', checkout_session: session.id } },
    `adscout-account-deleted-${session.id}`,
  );
  return String(refund.id || '');
}

/**
 * A paid checkout session whose user no longer exists: ends what it bought (outside any
 * transaction; throws a 502 when Stripe refuses, so the event is retried).
 */
export function settleDeletedAccountCheckout(session: StripeObject, customerId: string): void {
  if (!isDeletedCustomer(customerId)) {
    console.log(`[adscout] checkout session ${session.id} is for a user we do not know: nothing done`);
    return;
  }
  if (session.mode === 'subscription') {
    const canceled = cancelRunningSubscriptions(customerId);
    console.log(
      `[adscout] checkout session ${session.id} of a deleted account: canceled ${canceled.join(', ') || 'nothing'}`,
    );
  } else if (session.mode === 'payment' && session.payment_status === 'paid') {
    const refund = refundCheckoutPayment(session);
    console.log(
      `[adscout] checkout session ${session.id} of a deleted account: ${refund ? `refunded (${refund})` : 'already refunded'}`,
    );
  }
}

/** A subscription or invoice event for a customer whose account was deleted: nothing may bill. */
export function settleDeletedAccountSubscription(customerId: string): void {
  const canceled = cancelRunningSubscriptions(customerId);
  console.log(
    `[adscout] subscription event for a deleted account's customer ${customerId}: canceled ${canceled.join(', ') || 'nothing'}`,
  );
}
