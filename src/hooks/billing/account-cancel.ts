/**
 * Before an account is deleted (issue 19), its subscription ends: in Stripe mode every
 * subscription of the user's Stripe customer that is still running is canceled at once (a deleted
 * account must never be charged again); in local mode there is nothing outside our records, which
 * the deletion removes. A refusal or an unreachable Stripe throws, so the caller deletes nothing.
 */
import { subscriptionOf } from '../quota/index.ts';
import { billingMode } from '../config/index.ts';
import { stripeCall } from './stripe-api.ts';

/** Stripe statuses of a subscription that can still charge. */
const ENDED = ['canceled', 'incomplete_expired'];

/** What the account_deleted audit entry keeps of the billing relationship. */
export interface CanceledBilling {
  mode: 'stripe' | 'local';
  stripeCustomerId: string;
  canceledSubscriptions: string[];
}

export function cancelBillingForDeletion(userId: string): CanceledBilling {
  const record = subscriptionOf($app, userId);
  const customerId = record ? record.getString('stripe_customer_id') : '';
  const canceled: string[] = [];
  if (billingMode() !== 'stripe' || !customerId) {
    return { mode: billingMode(), stripeCustomerId: customerId, canceledSubscriptions: canceled };
  }
  const list = stripeCall('GET', '/v1/subscriptions', { customer: customerId, status: 'all', limit: 100 });
  const running = ((list.data || []) as { id?: string; status?: string }[]).filter(
    (subscription) => subscription.id && ENDED.indexOf(String(subscription.status)) < 0,
  );
  for (const subscription of running) {
    stripeCall('DELETE', `/v1/subscriptions/${encodeURIComponent(String(subscription.id))}`);
    canceled.push(String(subscription.id));
  }
  return { mode: 'stripe', stripeCustomerId: customerId, canceledSubscriptions: canceled };
}
