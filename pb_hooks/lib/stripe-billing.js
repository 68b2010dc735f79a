/**
 * Stripe mode (ARCHITECTURE §6): the REST API, form-encoded, with a pinned Stripe-Version.
 * STRIPE_API_BASE points it at stripe-mock in tests. Webhooks are verified against the raw body,
 * recorded in stripe_events in the same transaction as their effect (exactly once), and never
 * trusted for state: the subscription is re-fetched from Stripe on every relevant event.
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

/** One Stripe API call; throws a 502 with Stripe's message when it refuses. */
function call(method, path, params) {
  const d = domain();
  const body = params ? d.formEncode(params) : '';
  const url = method === 'GET' && body ? `${apiBase()}${path}?${body}` : `${apiBase()}${path}`;
  const response = $http.send({
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
  const json = response.json || {};
  if (response.statusCode >= 400) {
    const message = (json.error && json.error.message) || `Stripe answered ${response.statusCode}`;
    console.log(`[adscout] stripe ${method} ${path} failed: ${response.statusCode} ${message}`);
    throw new ApiError(502, message, {});
  }
  return json;
}

function origin(e) {
  const configured = env('APP_URL');
  if (configured) return configured.replace(/\/+$/, '');
  const proto = (e.requestInfo().headers || {}).x_forwarded_proto || 'http';
  return `${proto}://${e.request.host}`;
}

function subscriptionRecord(app, userId) {
  return require(`${__hooks}/lib/quota.js`).subscriptionOf(app, userId);
}

/** The user's Stripe customer, created (and remembered) on first use. */
function customerFor(userId) {
  const existing = subscriptionRecord($app, userId);
  if (existing && existing.getString('stripe_customer_id')) return existing.getString('stripe_customer_id');
  const user = $app.findRecordById('users', userId);
  const customer = call('POST', '/v1/customers', { email: user.email(), metadata: { user_id: userId } });
  $app.runInTransaction((txApp) => {
    let record = subscriptionRecord(txApp, userId);
    if (!record) {
      record = new Record(txApp.findCollectionByNameOrId('subscriptions'));
      record.set('user', userId);
    }
    if (!record.getString('stripe_customer_id')) record.set('stripe_customer_id', customer.id);
    txApp.save(record);
  });
  return customer.id;
}

function checkout(e, userId, product) {
  const price = env(PRICE_ENV[product]);
  if (!price) {
    console.log(`[adscout] checkout for ${product} refused: ${PRICE_ENV[product]} is not set`);
    throw new BadRequestError('This product cannot be bought right now. Please contact support.');
  }
  const subscription = product === 'monthly' || product === 'yearly';
  const base = origin(e);
  const params = {
    mode: subscription ? 'subscription' : 'payment',
    customer: customerFor(userId),
    line_items: [{ price: price, quantity: 1 }],
    success_url: `${base}/app/settings?success=true`,
    cancel_url: `${base}/app/settings?canceled=true`,
    client_reference_id: userId,
    metadata: { user_id: userId, product: product },
  };
  if (subscription) params.subscription_data = { metadata: { user_id: userId } };
  else params.payment_intent_data = { metadata: { user_id: userId, product: product } };
  const session = call('POST', '/v1/checkout/sessions', params);
  if (!session.url) throw new ApiError(502, 'No checkout URL received', {});
  return session.url;
}

function portal(e, userId) {
  const record = subscriptionRecord($app, userId);
  const customer = record && record.getString('stripe_customer_id');
  if (!customer) throw new BadRequestError('There is no subscription to manage yet.');
  const session = call('POST', '/v1/billing_portal/sessions', {
    customer: customer,
    return_url: `${origin(e)}/app/settings`,
  });
  return session.url;
}

/** Our plan for a Stripe price id, or '' when the price is not one of ours. */
function planOfPrice(priceId) {
  if (priceId && priceId === env('STRIPE_PRICE_MONTHLY')) return 'monthly';
  if (priceId && priceId === env('STRIPE_PRICE_YEARLY')) return 'yearly';
  return '';
}

/** Fetches the customer's subscriptions from Stripe (outside any transaction). */
function fetchState(customerId) {
  const d = domain();
  const list = call('GET', '/v1/subscriptions', { customer: customerId, status: 'all', limit: 10 });
  const chosen = d.pickSubscription(list.data || []);
  if (!chosen)
    return {
      plan: '',
      status: 'canceled',
      cancelAtPeriodEnd: false,
      currentPeriodEnd: null,
      subscriptionId: '',
    };
  const end = d.subscriptionPeriodEnd(chosen);
  const started = chosen.start_date || chosen.created;
  const plan = planOfPrice(d.subscriptionPriceId(chosen));
  if (!plan) console.log(`[adscout] stripe subscription ${chosen.id} has a price that is not one of ours`);
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

/** Re-reads the user's subscription from Stripe and stores it (subscription/sync). */
function pull(userId) {
  const record = subscriptionRecord($app, userId);
  const customer = record && record.getString('stripe_customer_id');
  if (!customer) return;
  const state = fetchState(customer);
  $app.runInTransaction((txApp) => {
    require(`${__hooks}/lib/fulfil.js`).applySubscription(txApp, userId, state);
  });
}

function userOfCustomer(customerId) {
  if (!customerId) return '';
  try {
    return $app
      .findFirstRecordByFilter('subscriptions', 'stripe_customer_id = {:c}', { c: customerId })
      .getString('user');
  } catch (_) {
    return '';
  }
}

const SUBSCRIPTION_EVENTS = [
  'customer.subscription.created',
  'customer.subscription.updated',
  'customer.subscription.deleted',
  'customer.subscription.paused',
  'customer.subscription.resumed',
  'invoice.paid',
  'invoice.payment_failed',
];

/** Handles POST /api/adscout/stripe/webhook; returns the JSON to answer with. */
function webhook(e) {
  const d = domain();
  const raw = toString(e.request.body);
  const verified = d.verifyStripeSignature({
    rawBody: raw,
    header: e.request.header.get('Stripe-Signature'),
    secret: env('STRIPE_WEBHOOK_SECRET'),
    nowSeconds: Math.floor(Date.now() / 1000),
    hmacHex: (message, secret) => $security.hs256(message, secret),
    equal: (a, b) => $security.equal(a, b),
  });
  if (!verified) throw new BadRequestError('Invalid Stripe signature.');
  let event;
  try {
    event = JSON.parse(raw);
  } catch (_) {
    throw new BadRequestError('Invalid event body.');
  }
  if (!event || typeof event.id !== 'string' || typeof event.type !== 'string') {
    throw new BadRequestError('Invalid event body.');
  }
  const seen = () => {
    try {
      $app.findFirstRecordByFilter('stripe_events', 'event_id = {:id}', { id: event.id });
      return true;
    } catch (_) {
      return false;
    }
  };
  if (seen()) return { received: true, duplicate: true };

  const object = (event.data && event.data.object) || {};
  // Work out the effect first: Stripe calls must not run inside the write transaction.
  let effect = null;
  if (
    event.type === 'checkout.session.completed' ||
    event.type === 'checkout.session.async_payment_succeeded'
  ) {
    const userId = object.client_reference_id || (object.metadata && object.metadata.user_id) || '';
    if (object.mode === 'subscription' && userId && object.customer) {
      effect = { kind: 'subscription', userId: userId, state: fetchState(object.customer) };
    } else if (object.mode === 'payment' && userId && object.payment_status === 'paid') {
      effect = {
        kind: 'pack',
        userId: userId,
        product: (object.metadata && object.metadata.product) || '',
        session: object.id,
      };
    }
  } else if (SUBSCRIPTION_EVENTS.indexOf(event.type) >= 0) {
    const customer = object.customer || '';
    const userId = userOfCustomer(customer);
    if (userId) effect = { kind: 'subscription', userId: userId, state: fetchState(customer) };
  }

  let duplicate = false;
  $app.runInTransaction((txApp) => {
    try {
      txApp.findFirstRecordByFilter('stripe_events', 'event_id = {:id}', { id: event.id });
      duplicate = true;
      return;
    } catch (_) {
      // not seen yet
    }
    const record = new Record(txApp.findCollectionByNameOrId('stripe_events'));
    record.load({ event_id: event.id, type: event.type, processed_at: new DateTime().string() });
    txApp.save(record);
    const fulfil = require(`${__hooks}/lib/fulfil.js`);
    if (effect && effect.kind === 'subscription')
      fulfil.applySubscription(txApp, effect.userId, effect.state);
    if (effect && effect.kind === 'pack' && d.CREDIT_PACKS[effect.product]) {
      fulfil.grantPack(txApp, effect.userId, effect.product, effect.session);
    }
  });
  return { received: true, duplicate: duplicate };
}

module.exports = { checkout, portal, pull, webhook };
