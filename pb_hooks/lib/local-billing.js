/**
 * Local billing (ARCHITECTURE §6): with no Stripe key, checkout and portal URLs open pages served
 * here (lib/local-pages.js), clearly marked as tests. "Pay" completes the purchase through the
 * same fulfilment code as a verified Stripe webhook (lib/fulfil.js), and the portal's actions go
 * through the same status mapping and fulfilment as Stripe's subscription updates. The URL
 * carries the capability — a random 48-character token bound to one user, stored in the
 * superuser-only billing_sessions collection — since the page opens in a new tab without the
 * app's auth header. Checkout tokens are single-use; both kinds expire after an hour.
 */
const SESSIONS = 'billing_sessions';
const CHECKOUT_TTL_S = 60 * 60;
const PORTAL_TTL_S = 60 * 60;

function domain() {
  return require(`${__hooks}/lib/domain.js`);
}

function config() {
  return require(`${__hooks}/lib/config.js`);
}

function pages() {
  return require(`${__hooks}/lib/local-pages.js`);
}

/** Local billing exists only while no Stripe key is configured. */
function requireLocalMode() {
  if (config().billingMode() !== 'local') throw new NotFoundError('Not found.');
}

function origin(e) {
  const configured = config().env('APP_URL');
  if (configured) return configured.replace(/\/+$/, '');
  const proto = (e.requestInfo().headers || {}).x_forwarded_proto || 'http';
  return `${proto}://${e.request.host}`;
}

/** Where the browser goes back to: the app's Settings page (on APP_URL when it is set). */
function settingsUrl(query) {
  const app = config().env('APP_URL').replace(/\/+$/, '');
  return `${app}/app/settings${query || ''}`;
}

function createSession(userId, kind, product, ttlSeconds) {
  const record = new Record($app.findCollectionByNameOrId(SESSIONS));
  record.load({
    user: userId,
    kind: kind,
    product: product,
    token: $security.randomString(48),
    status: 'open',
    expires_at: new DateTime().add(ttlSeconds * 1e9).string(),
  });
  $app.save(record);
  return record;
}

/** The open session a token names, or a 404 (unknown, used, expired, or of the other kind). */
function openSession(app, token, kind) {
  let session;
  try {
    session = app.findFirstRecordByFilter(SESSIONS, 'token = {:token} && kind = {:kind}', {
      token: String(token || ''),
      kind: kind,
    });
  } catch (_) {
    throw new NotFoundError('This test billing link is not valid.');
  }
  if (session.getString('status') !== 'open' || session.getString('expires_at') < new DateTime().string()) {
    throw new NotFoundError('This test billing link has been used or has expired.');
  }
  return session;
}

/** POST /api/adscout/checkout in local mode: a test-checkout URL for the product. */
function checkoutUrl(e, userId, product) {
  const session = createSession(userId, 'checkout', product, CHECKOUT_TTL_S);
  return `${origin(e)}/api/adscout/local/checkout/${session.getString('token')}`;
}

/** POST /api/adscout/portal in local mode: a test-portal URL for the user. */
function portalUrl(e, userId) {
  const session = createSession(userId, 'portal', '', PORTAL_TTL_S);
  return `${origin(e)}/api/adscout/local/portal/${session.getString('token')}`;
}

function checkoutPage(e, token) {
  const session = openSession($app, token, 'checkout');
  pages().setHeaders(e);
  return pages().checkoutPage(token, session.getString('product'));
}

/**
 * Completes (pay) or closes (cancel) a test checkout in one transaction with its effect, which
 * is what a verified webhook for that purchase does. Returns the app URL to send the browser to.
 */
function finishCheckout(token, pay) {
  const fulfil = require(`${__hooks}/lib/fulfil.js`);
  $app.runInTransaction((txApp) => {
    const session = openSession(txApp, token, 'checkout');
    session.set('status', pay ? 'paid' : 'canceled');
    txApp.save(session);
    if (!pay) return;
    const userId = session.getString('user');
    const product = session.getString('product');
    if (product === 'monthly' || product === 'yearly') {
      const now = new Date();
      fulfil.applySubscription(txApp, userId, {
        plan: product,
        status: domain().mapStripeStatus('active'),
        cancelAtPeriodEnd: false,
        currentPeriodEnd: fulfil.periodEnd(product, now),
        startedAt: now,
        customerId: '',
        subscriptionId: '',
      });
    } else {
      // keyed like a Stripe checkout session: one grant per session
      fulfil.grantPack(txApp, userId, product, `local_${session.id}`);
    }
  });
  return settingsUrl(pay ? '?success=true' : '?canceled=true');
}

function stateOf(subscription) {
  if (!subscription) return null;
  return {
    plan: subscription.getString('plan'),
    status: subscription.getString('status'),
    cancelAtPeriodEnd: subscription.getBool('cancel_at_period_end'),
    currentPeriodEnd: subscription.getString('current_period_end'),
  };
}

function portalPage(e, token, done) {
  const session = openSession($app, token, 'portal');
  const quota = require(`${__hooks}/lib/quota.js`);
  const subscription = stateOf(quota.subscriptionOf($app, session.getString('user')));
  pages().setHeaders(e);
  return pages().portalPage(token, subscription, done, settingsUrl(''));
}

/**
 * The Stripe state each portal action stands for: the resulting record goes through the same
 * status mapping and fulfilment as a webhook reporting that state.
 */
const PORTAL_ACTIONS = {
  cancel: (s) => ({
    stripeStatus: s.status === 'suspended' ? 'past_due' : 'active',
    cancelAtPeriodEnd: true,
  }),
  resume: (s) => ({
    stripeStatus: s.status === 'suspended' ? 'past_due' : 'active',
    cancelAtPeriodEnd: false,
  }),
  fail: (s) => ({ stripeStatus: 'past_due', cancelAtPeriodEnd: s.cancelAtPeriodEnd }),
  recover: (s) => ({ stripeStatus: 'active', cancelAtPeriodEnd: s.cancelAtPeriodEnd }),
};

/** Applies a portal action (cancel, resume, fail, recover) to the session owner's subscription. */
function portalAction(token, name) {
  if (!Object.prototype.hasOwnProperty.call(PORTAL_ACTIONS, name)) throw new NotFoundError('Unknown action.');
  const fulfil = require(`${__hooks}/lib/fulfil.js`);
  const quota = require(`${__hooks}/lib/quota.js`);
  $app.runInTransaction((txApp) => {
    const session = openSession(txApp, token, 'portal');
    const userId = session.getString('user');
    const current = stateOf(quota.subscriptionOf(txApp, userId));
    if (!current || !current.plan || current.status === 'canceled') {
      throw new BadRequestError('There is no subscription to change.');
    }
    const next = PORTAL_ACTIONS[name](current);
    fulfil.applySubscription(txApp, userId, {
      plan: current.plan,
      status: domain().mapStripeStatus(next.stripeStatus),
      cancelAtPeriodEnd: next.cancelAtPeriodEnd,
      // the period end stays: canceling at period end ends the plan then, not now
      currentPeriodEnd: current.currentPeriodEnd ? domain().parsePbDate(current.currentPeriodEnd) : null,
    });
  });
}

module.exports = {
  requireLocalMode,
  checkoutUrl,
  portalUrl,
  checkoutPage,
  finishCheckout,
  portalPage,
  portalAction,
};
