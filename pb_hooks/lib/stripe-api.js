/**
 * The Stripe REST API (ARCHITECTURE §6): form-encoded requests with a pinned Stripe-Version,
 * through $http.send. STRIPE_API_BASE points it at stripe-mock in tests. Also what our records
 * need from Stripe's objects: the plan of a price, the pack of a price, and a customer's state.
 */
const PRICE_ENV = {
  monthly: 'STRIPE_PRICE_MONTHLY',
  yearly: 'STRIPE_PRICE_YEARLY',
  pack_100: 'STRIPE_PRICE_PACK_100',
  pack_500: 'STRIPE_PRICE_PACK_500',
  pack_1000: 'STRIPE_PRICE_PACK_1000',
};

function domain() {
  return require(`${__hooks}/lib/domain.js`);
}

function env(name) {
  return require(`${__hooks}/lib/config.js`).env(name);
}

function apiBase() {
  return (env('STRIPE_API_BASE') || 'https://api.stripe.com').replace(/\/+$/, '');
}

/** One Stripe API call; throws a 502 with Stripe's message when it refuses or cannot be reached. */
function call(method, path, params) {
  const d = domain();
  const body = params ? d.formEncode(params) : '';
  const url = method === 'GET' && body ? `${apiBase()}${path}?${body}` : `${apiBase()}${path}`;
  let response;
  try {
    response = $http.send({
      url: url,
      method: method,
      body: method === 'GET' ? '' : body,
      timeout: 20,
      headers: {
        Authorization: `Bearer ${env('STRIPE_SECRET_KEY')}`,
        'Content-Type': 'application/x-www-form-urlencoded',
        'Stripe-Version': d.STRIPE_API_VERSION,
      },
    });
  } catch (error) {
    console.log(`[adscout] stripe ${method} ${path} could not be sent: ${error}`);
    throw new ApiError(502, 'The payment provider could not be reached. Please try again.', {});
  }
  const json = response.json || {};
  if (response.statusCode >= 400) {
    const message = (json.error && json.error.message) || `Stripe answered ${response.statusCode}`;
    console.log(`[adscout] stripe ${method} ${path} failed: ${response.statusCode} ${message}`);
    throw new ApiError(502, message, {});
  }
  return json;
}

/** The configured price id of a checkout product ('' when it is not configured). */
function priceOf(product) {
  return PRICE_ENV[product] ? env(PRICE_ENV[product]) : '';
}

/** The checkout product (plan or pack) a configured price id stands for, or ''. */
function productOfPrice(priceId) {
  if (!priceId) return '';
  for (const product of Object.keys(PRICE_ENV)) {
    if (env(PRICE_ENV[product]) === priceId) return product;
  }
  return '';
}

/** The credit pack a paid checkout session bought: its metadata, else its line item's price. */
function packOfSession(session) {
  const d = domain();
  const named = session.metadata && session.metadata.product;
  if (named && d.CREDIT_PACKS[named]) return named;
  if (!session.id) return '';
  const items = call('GET', `/v1/checkout/sessions/${encodeURIComponent(session.id)}/line_items`, {
    limit: 1,
  });
  const first = (items.data || [])[0];
  const product = productOfPrice(first && first.price && first.price.id);
  return d.CREDIT_PACKS[product] ? product : '';
}

/**
 * The customer's subscription as our records hold it, fetched from Stripe (never taken from an
 * event payload, whose order is not guaranteed). Call it outside any transaction.
 */
function fetchState(customerId) {
  const d = domain();
  const list = call('GET', '/v1/subscriptions', { customer: customerId, status: 'all', limit: 10 });
  const chosen = d.pickSubscription(list.data || []);
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
  const end = d.subscriptionPeriodEnd(chosen);
  const started = chosen.start_date || chosen.created;
  const product = productOfPrice(d.subscriptionPriceId(chosen));
  const plan = product === 'monthly' || product === 'yearly' ? product : '';
  if (!plan)
    console.log(`[adscout] stripe subscription ${chosen.id} has a price that is not one of our plans`);
  return {
    plan: plan,
    status: plan ? d.mapStripeStatus(chosen.status) : 'canceled',
    cancelAtPeriodEnd: Boolean(chosen.cancel_at_period_end),
    currentPeriodEnd: end ? new Date(end * 1000) : null,
    startedAt: started ? new Date(started * 1000) : new Date(),
    subscriptionId: chosen.id || '',
    customerId: customerId,
  };
}

module.exports = { call, priceOf, productOfPrice, packOfSession, fetchState };
