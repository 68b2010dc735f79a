/**
 * The Stripe REST API (docs/billing.md#stripe-mode): form-encoded requests with a pinned Stripe-Version,
 * through $http.send. STRIPE_API_BASE points it at stripe-mock in tests. Also what our records
 * need from Stripe's objects: the plan of a price, the pack of a price, and a customer's state.
 */
import { PRODUCT_MESSAGES } from '../../domain/forms/messages.ts';
import { CHECKOUT_PRODUCTS, CREDIT_PACKS, type CheckoutProduct } from '../../domain/billing/plans.ts';
import { env, STRIPE_PRICE_ENV } from '../config/index.ts';
import type { SubscriptionState } from './fulfil.ts';
import {
  formEncode,
  mapStripeStatus,
  pickSubscription,
  STRIPE_API_VERSION,
  subscriptionPeriodEnd,
  subscriptionPriceId,
  type StripeSubscriptionLike,
} from './stripe-protocol.ts';

/** A Stripe API object: JSON whose shape Stripe's API version fixes. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type StripeObject = { [key: string]: any };

/** The id of an expandable field: the id itself, or the expanded object's id ('' when absent). */
export function idOf(value: unknown): string {
  if (!value) return '';
  return typeof value === 'string' ? value : String((value as { id?: unknown }).id || '');
}

function apiBase(): string {
  return (env('STRIPE_API_BASE') || 'https://api.stripe.com').replace(/\/+$/, '');
}

/**
 * One Stripe API call; throws a 502 with our message when Stripe refuses or cannot be reached.
 * `idempotencyKey` makes Stripe answer a repeated POST with the first one's result (for a day).
 */
export function stripeCall(
  method: 'GET' | 'POST' | 'DELETE',
  path: string,
  params?: { [key: string]: unknown },
  idempotencyKey?: string,
): StripeObject {
  const body = params ? formEncode(params) : '';
  const url = method !== 'POST' && body ? `${apiBase()}${path}?${body}` : `${apiBase()}${path}`;
  const headers: { [name: string]: string } = {
    Authorization: `Bearer ${env('STRIPE_SECRET_KEY')}`,
    'Content-Type': 'application/x-www-form-urlencoded',
    'Stripe-Version': STRIPE_API_VERSION,
  };
  if (idempotencyKey) headers['Idempotency-Key'] = idempotencyKey;
  let response;
  try {
    response = $http.send({
      url: url,
      method: method,
      body: method === 'POST' ? body : '',
      timeout: 20,
      headers: headers,
    });
  } catch (error) {
    console.log(`[adscout] stripe ${method} ${path} could not be sent: ${error}`);
    throw new ApiError(502, PRODUCT_MESSAGES.paymentProviderUnreachable, {});
  }
  const json: StripeObject = response.json || {};
  if (response.statusCode >= 400) {
    // Stripe's own text can carry internal detail (ids, parameters, account state): it goes to
    // the log, and the user reads ours (docs/decisions.md#payment-errors-in-our-words).
    const detail = json.error ? JSON.stringify(json.error) : String(response.raw || '').slice(0, 2000);
    console.log(`[adscout] stripe ${method} ${path} failed: ${response.statusCode} ${detail}`);
    throw new ApiError(502, PRODUCT_MESSAGES.paymentProviderFailed, {});
  }
  return json;
}

const LIST_PAGE = 100;
const MAX_LIST_PAGES = 50;

/** Every object of a Stripe list (GET), page by page (`starting_after` the last one). */
export function listAll(path: string, params: { [key: string]: unknown }): StripeObject[] {
  const all: StripeObject[] = [];
  let after = '';
  for (let page = 0; page < MAX_LIST_PAGES; page++) {
    const query: { [key: string]: unknown } = { ...params, limit: LIST_PAGE };
    if (after) query.starting_after = after;
    const list = stripeCall('GET', path, query);
    const data: StripeObject[] = list.data || [];
    for (const item of data) all.push(item);
    const last = data[data.length - 1];
    if (!list.has_more || !last || !last.id) return all;
    after = String(last.id);
  }
  console.log(
    `[adscout] stripe GET ${path} has more than ${LIST_PAGE * MAX_LIST_PAGES} objects: read the first ones`,
  );
  return all;
}

/** The configured price id of a checkout product ('' when it is not configured). */
export function priceOf(product: CheckoutProduct): string {
  return env(STRIPE_PRICE_ENV[product]);
}

/** The checkout product (plan or pack) a configured price id stands for, or ''. */
function productOfPrice(priceId: string | undefined): CheckoutProduct | '' {
  if (!priceId) return '';
  for (const product of CHECKOUT_PRODUCTS) {
    if (env(STRIPE_PRICE_ENV[product]) === priceId) return product;
  }
  return '';
}

function isPack(product: unknown): product is keyof typeof CREDIT_PACKS {
  return typeof product === 'string' && Object.prototype.hasOwnProperty.call(CREDIT_PACKS, product);
}

/** The credit pack a paid checkout session bought: its metadata, else its line item's price. */
export function packOfSession(session: StripeObject): string {
  const named = session.metadata && session.metadata.product;
  if (isPack(named)) return named;
  if (!session.id) return '';
  const items = stripeCall('GET', `/v1/checkout/sessions/${encodeURIComponent(session.id)}/line_items`, {
    limit: 1,
  });
  const first = (items.data || [])[0];
  const product = productOfPrice(first && first.price && first.price.id);
  return isPack(product) ? product : '';
}

/**
 * The customer's subscription as our records hold it, fetched from Stripe (never taken from an
 * event payload, whose order is not guaranteed). Call it outside any transaction.
 */
export function fetchState(customerId: string): SubscriptionState {
  const list = stripeCall('GET', '/v1/subscriptions', { customer: customerId, status: 'all', limit: 10 });
  const chosen = pickSubscription<StripeSubscriptionLike>(list.data || []);
  if (!chosen) {
    return {
      plan: '',
      status: 'canceled',
      cancelAtPeriodEnd: false,
      currentPeriodEnd: null,
      subscriptionId: '',
      customerId: customerId,
    };
  }
  const end = subscriptionPeriodEnd(chosen);
  const started = chosen.start_date || chosen.created;
  const product = productOfPrice(subscriptionPriceId(chosen));
  const plan = product === 'monthly' || product === 'yearly' ? product : '';
  if (!plan)
    console.log(`[adscout] stripe subscription ${chosen.id} has a price that is not one of our plans`);
  return {
    plan: plan,
    status: plan ? mapStripeStatus(chosen.status) : 'canceled',
    cancelAtPeriodEnd: Boolean(chosen.cancel_at_period_end),
    currentPeriodEnd: end ? new Date(end * 1000) : null,
    startedAt: started ? new Date(started * 1000) : new Date(),
    subscriptionId: chosen.id || '',
    customerId: customerId,
  };
}
