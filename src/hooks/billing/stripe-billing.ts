/**
 * Stripe mode (docs/billing.md#stripe-mode): checkout and customer-portal sessions for the signed-in user,
 * and storing a customer's subscription as Stripe reports it (subscription/sync and webhooks).
 * The API calls themselves are in stripe-api.ts; the webhook in stripe-webhook.ts.
 */
import { COLLECTIONS } from '../../domain/api/collections.ts';
import { CHECKOUT_RETURN, type CheckoutProduct } from '../../domain/billing/plans.ts';
import { ROUTES } from '../../domain/pages/routes.ts';
import { origin } from '../config/index.ts';
import { subscriptionOf } from '../quota/index.ts';
import { applySubscription } from './fulfil.ts';
import { fetchState, priceOf, stripeCall } from './stripe-api.ts';

const MAX_SYNC_ATTEMPTS = 3;

/** The user's Stripe customer, created (and remembered on their subscription record) on first use. */
function customerFor(userId: string): string {
  const existing = subscriptionOf($app, userId);
  if (existing && existing.getString('stripe_customer_id')) return existing.getString('stripe_customer_id');
  const user = $app.findRecordById(COLLECTIONS.users, userId);
  const customer = stripeCall('POST', '/v1/customers', {
    email: user.email(),
    metadata: { user_id: userId },
  });
  let id: string = customer.id;
  $app.runInTransaction((txApp) => {
    let record = subscriptionOf(txApp, userId);
    if (!record) {
      record = new Record(txApp.findCollectionByNameOrId(COLLECTIONS.subscriptions));
      record.set('user', userId);
    }
    // a concurrent checkout may have linked a customer first: keep that one
    if (record.getString('stripe_customer_id')) {
      id = record.getString('stripe_customer_id');
      return;
    }
    record.set('stripe_customer_id', customer.id);
    txApp.save(record);
  });
  return id;
}

/** SERVER_ROUTES.checkout in Stripe mode: a Checkout Session URL for the product. */
export function stripeCheckoutUrl(e: core.RequestEvent, userId: string, product: CheckoutProduct): string {
  const price = priceOf(product);
  if (!price) {
    console.log(`[adscout] checkout for ${product} refused: its STRIPE_PRICE_* variable is not set`);
    throw new BadRequestError('This product cannot be bought right now. Please contact support.');
  }
  const subscription = product === 'monthly' || product === 'yearly';
  const base = origin(e);
  const params: { [key: string]: unknown } = {
    mode: subscription ? 'subscription' : 'payment',
    customer: customerFor(userId),
    line_items: [{ price: price, quantity: 1 }],
    success_url: `${base}${ROUTES.settings.path}${CHECKOUT_RETURN.paid}`,
    cancel_url: `${base}${ROUTES.settings.path}${CHECKOUT_RETURN.canceled}`,
    client_reference_id: userId,
    metadata: { user_id: userId, product: product },
  };
  if (subscription) params.subscription_data = { metadata: { user_id: userId } };
  else params.payment_intent_data = { metadata: { user_id: userId, product: product } };
  const session = stripeCall('POST', '/v1/checkout/sessions', params);
  if (!session.url) throw new ApiError(502, 'No checkout URL received', {});
  return session.url;
}

/** SERVER_ROUTES.portal in Stripe mode: a billing-portal session for the user's customer. */
export function stripePortalUrl(e: core.RequestEvent, userId: string): string {
  const record = subscriptionOf($app, userId);
  const customer = record && record.getString('stripe_customer_id');
  if (!customer) throw new BadRequestError('There is no subscription to manage yet.');
  const session = stripeCall('POST', '/v1/billing_portal/sessions', {
    customer: customer,
    return_url: `${origin(e)}${ROUTES.settings.path}`,
  });
  if (!session.url) throw new ApiError(502, 'Failed to open customer portal', {});
  return session.url;
}

/** The user whose subscription record holds this Stripe customer ('' when none does). */
export function userOfCustomer(customerId: string): string {
  if (!customerId) return '';
  try {
    return $app
      .findFirstRecordByFilter(COLLECTIONS.subscriptions, 'stripe_customer_id = {:c}', { c: customerId })
      .getString('user');
  } catch (_) {
    return '';
  }
}

/** The `updated` stamp of the user's subscription record: its version ('' when there is none). */
function versionOf(app: CoreApp, userId: string): string {
  const record = subscriptionOf(app, userId);
  return record ? record.getString('updated') : '';
}

/**
 * Fetches the customer's subscription from Stripe and stores it, together with whatever
 * `alsoInTx(txApp)` writes, in one transaction. If the record changed while we were fetching
 * (a concurrent webhook or sync stored a state it fetched after ours), our answer may be older:
 * fetch again, so a slow, stale answer never overwrites a newer one. `alsoInTx` returning false
 * means "nothing to do" (an event seen before). Throws 503 (Stripe retries) if it never settles.
 */
export function storeFreshState(
  userId: string,
  customerId: string,
  alsoInTx: ((txApp: CoreApp) => boolean) | null,
): void {
  for (let attempt = 1; attempt <= MAX_SYNC_ATTEMPTS; attempt++) {
    const version = versionOf($app, userId);
    const state = fetchState(customerId);
    let done = false;
    $app.runInTransaction((txApp) => {
      if (versionOf(txApp, userId) !== version) return;
      done = true;
      if (alsoInTx && alsoInTx(txApp) === false) return;
      applySubscription(txApp, userId, state);
    });
    if (done) return;
  }
  throw new ApiError(503, 'The subscription changed while it was being synced. Please try again.', {});
}

/** subscription/sync in Stripe mode: re-reads the user's subscription from Stripe. */
export function pullFromStripe(userId: string): void {
  const record = subscriptionOf($app, userId);
  const customer = record && record.getString('stripe_customer_id');
  if (!customer) return;
  storeFreshState(userId, customer, null);
}
