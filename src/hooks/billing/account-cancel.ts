/**
 * Before an account is deleted (issues 19 and 27), nothing of it may still charge. In Stripe mode
 * its customer's open Checkout Sessions are expired first (an open one stays payable for 24
 * hours), then every subscription of that customer that is still running is canceled at once — in
 * that order, so a session paid in between shows up as a subscription to cancel (a pack paid in
 * between is refunded by the webhook: deleted-accounts.ts). In local mode there is nothing
 * outside our records, which the deletion removes. A refusal or an unreachable Stripe throws, so
 * the caller deletes nothing.
 */
import { subscriptionOf } from '../quota/index.ts';
import { billingMode } from '../config/index.ts';
import { listAll, stripeCall } from './stripe-api.ts';

/** Stripe statuses of a subscription that can no longer charge. */
const ENDED = ['canceled', 'incomplete_expired'];

/** What the account_deleted audit entry keeps of the billing relationship. */
export interface CanceledBilling {
  mode: 'stripe' | 'local';
  stripeCustomerId: string;
  expiredCheckoutSessions: string[];
  canceledSubscriptions: string[];
}

/** Expires every open Checkout Session of the customer; their ids. */
export function expireOpenCheckoutSessions(customerId: string): string[] {
  const open = listAll('/v1/checkout/sessions', { customer: customerId, status: 'open' }).filter(
    (session) => session.id && session.status === 'open',
  );
  const expired: string[] = [];
  for (const session of open) {
    stripeCall('POST', `/v1/checkout/sessions/${encodeURIComponent(String(session.id))}/expire`);
    expired.push(String(session.id));
  }
  return expired;
}

/** Cancels, at once, every subscription of the customer that can still charge; their ids. */
export function cancelRunningSubscriptions(customerId: string): string[] {
  const running = listAll('/v1/subscriptions', { customer: customerId, status: 'all' }).filter(
    (subscription) => subscription.id && ENDED.indexOf(String(subscription.status)) < 0,
  );
  const canceled: string[] = [];
  for (const subscription of running) {
    stripeCall('DELETE', `/v1/subscriptions/${encodeURIComponent(String(subscription.id))}`);
    canceled.push(String(subscription.id));
  }
  return canceled;
}

export function cancelBillingForDeletion(userId: string): CanceledBilling {
  const record = subscriptionOf($app, userId);
  const customerId = record ? record.getString('stripe_customer_id') : '';
  if (billingMode() !== 'stripe' || !customerId) {
    return {
      mode: billingMode(),
      stripeCustomerId: customerId,
      expiredCheckoutSessions: [],
      canceledSubscriptions: [],
    };
  }
  const expired = expireOpenCheckoutSessions(customerId);
  return {
    mode: 'stripe',
    stripeCustomerId: customerId,
    expiredCheckoutSessions: expired,
    canceledSubscriptions: cancelRunningSubscriptions(customerId),
  };
}
