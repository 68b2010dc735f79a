/**
 * Local billing (ARCHITECTURE §6): with no Stripe key, checkout and portal URLs open pages served
 * here, clearly marked as a test checkout. "Pay" completes the purchase through the same
 * fulfilment code as a verified Stripe webhook (lib/fulfil.js). The URL carries the capability
 * (a random token bound to one user), since the page opens in a new tab without the app's auth.
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

/** Local billing exists only while no Stripe key is configured. */
function requireLocalMode() {
  if (config().billingMode() !== 'local') throw new NotFoundError('Not found.');
}

function escapeHtml(value) {
  return String(value)
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&#39;');
}

function origin(e) {
  const configured = config().env('APP_URL');
  if (configured) return configured.replace(/\/+$/, '');
  const info = e.requestInfo();
  const host = e.request.host;
  const proto = (info.headers && info.headers.x_forwarded_proto) || 'http';
  return `${proto}://${host}`;
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

/** The open session a token names, or a 404 (unknown, used, or expired). */
function openSession(app, token, kind) {
  let session;
  try {
    session = app.findFirstRecordByFilter(SESSIONS, 'token = {:token} && kind = {:kind}', {
      token: token,
      kind: kind,
    });
  } catch (_) {
    throw new NotFoundError('This test checkout link is not valid.');
  }
  if (session.getString('status') !== 'open' || session.getString('expires_at') < new DateTime().string()) {
    throw new NotFoundError('This test checkout link has been used or has expired.');
  }
  return session;
}

function productInfo(product) {
  const d = domain();
  if (d.PLANS[product] && product !== 'lifetime') {
    const plan = d.PLANS[product];
    return {
      title: plan.displayName,
      price: `€${d.formatCount(plan.priceEur)} / ${plan.interval}`,
      detail: `${d.formatCount(plan.monthlyQuota)} results a month`,
    };
  }
  const pack = d.CREDIT_PACKS[product];
  return {
    title: `${d.formatCount(pack.results)} result credits`,
    price: `€${pack.priceEur} one-time`,
    detail: 'Credits never expire and are used after your monthly results.',
  };
}

/** POST /api/adscout/checkout in local mode: a test-checkout URL for the product. */
function checkoutUrl(e, userId, product) {
  const session = createSession(userId, 'checkout', product, CHECKOUT_TTL_S);
  return `${origin(e)}/api/adscout/local/checkout/${session.getString('token')}`;
}

function portalUrl(e, userId) {
  const session = createSession(userId, 'portal', '', PORTAL_TTL_S);
  return `${origin(e)}/api/adscout/local/portal/${session.getString('token')}`;
}

function page(title, body) {
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex"><title>${escapeHtml(title)} — AdScout</title>
<style>
body{font-family:system-ui,-apple-system,'Segoe UI',sans-serif;background:#f6f8fb;color:#0b1424;margin:0;padding:2rem 1rem}
main{max-width:480px;margin:0 auto;background:#fff;border:1px solid #dbe2ea;border-radius:12px;padding:2rem;box-shadow:0 4px 16px rgb(15 23 42/6%)}
.test{background:#fef3c7;color:#78350f;border:1px solid #fcd34d;border-radius:8px;padding:.75rem 1rem;font-weight:600;margin:0 0 1.5rem}
h1{font-size:1.5rem;margin:0 0 1rem}.price{font-size:2rem;font-weight:800;margin:.25rem 0}.muted{color:#4a5568}
form{display:inline}button,.link{font:inherit;font-weight:600;border-radius:6px;min-height:44px;padding:0 1.5rem;cursor:pointer;display:inline-flex;align-items:center;text-decoration:none}
button{background:#1d4ed8;color:#fff;border:0}.secondary{background:#fff;color:#0b1424;border:1px solid #dbe2ea}.danger{background:#b91c1c}
.actions{display:flex;gap:.75rem;flex-wrap:wrap;margin-top:1.5rem}.notice{background:#e0e9ff;border-radius:8px;padding:.75rem 1rem}
:focus-visible{outline:3px solid #f97316;outline-offset:2px}
</style></head><body><main>${body}</main></body></html>`;
}

function checkoutPage(token) {
  const session = openSession($app, token, 'checkout');
  const info = productInfo(session.getString('product'));
  const action = `/api/adscout/local/checkout/${escapeHtml(token)}`;
  return page(
    'Test checkout',
    `<p class="test" role="note">Test checkout — no real payment. This server has no payment provider configured.</p>
<h1>Test checkout</h1>
<p><strong>${escapeHtml(info.title)}</strong></p><p class="price">${escapeHtml(info.price)}</p><p class="muted">${escapeHtml(info.detail)}</p>
<div class="actions"><form method="post" action="${action}/pay"><button type="submit">Pay</button></form>
<form method="post" action="${action}/cancel"><button type="submit" class="secondary">Cancel</button></form></div>`,
  );
}

/** Completes or cancels a test checkout; returns the app URL to send the browser to. */
function finishCheckout(token, pay) {
  const fulfil = require(`${__hooks}/lib/fulfil.js`);
  let redirect = '/app/settings?canceled=true';
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
        status: 'active',
        cancelAtPeriodEnd: false,
        currentPeriodEnd: fulfil.periodEnd(product, now),
        startedAt: now,
        customerId: '',
        subscriptionId: '',
      });
    } else {
      fulfil.grantPack(txApp, userId, product, `local_${session.id}`);
    }
    redirect = '/app/settings?success=true';
  });
  return redirect;
}

const PORTAL_ACTIONS = {
  cancel: { label: 'Cancel at period end' },
  resume: { label: 'Resume subscription' },
  fail: { label: 'Simulate a failed payment' },
  recover: { label: 'Recover the payment' },
};

const DONE_MESSAGES = {
  cancel: 'Your subscription will end at the end of the current period.',
  resume: 'Your subscription will renew as usual.',
  fail: 'The last payment failed: the subscription is suspended until it is paid.',
  recover: 'The payment went through: the subscription is active again.',
};

function portalPage(token, done) {
  const message = DONE_MESSAGES[done] || '';
  const session = openSession($app, token, 'portal');
  const quota = require(`${__hooks}/lib/quota.js`);
  const subscription = quota.subscriptionOf($app, session.getString('user'));
  const d = domain();
  const action = `/api/adscout/local/portal/${escapeHtml(token)}`;
  const button = (name, css) =>
    `<form method="post" action="${action}/${name}"><button type="submit"${css ? ` class="${css}"` : ''}>${escapeHtml(PORTAL_ACTIONS[name].label)}</button></form>`;
  let body = `<p class="test" role="note">Test customer portal — no real payment provider is involved.</p><h1>Your subscription</h1>`;
  if (message) body += `<p class="notice" role="status">${escapeHtml(message)}</p>`;
  if (!subscription) {
    body += '<p>You have no subscription yet.</p>';
  } else {
    const status = subscription.getString('status');
    const plan = d.planDisplayName({ plan: subscription.getString('plan'), status: status });
    body += `<p><strong>${escapeHtml(plan)}</strong></p>`;
    const end = subscription.getString('current_period_end');
    if (end) {
      const when = d.formatLongDate(d.parsePbDate(end));
      body += `<p class="muted">${subscription.getBool('cancel_at_period_end') ? 'Ends' : 'Renews'} on ${escapeHtml(when)}</p>`;
    }
    const buttons = [];
    if (status === 'active') {
      buttons.push(
        subscription.getBool('cancel_at_period_end') ? button('resume') : button('cancel', 'secondary'),
      );
      buttons.push(button('fail', 'danger'));
    } else if (status === 'suspended') {
      buttons.push(button('recover'));
    }
    if (buttons.length) body += `<div class="actions">${buttons.join('')}</div>`;
  }
  body += `<div class="actions"><a class="link secondary" href="/app/settings">Return to AdScout</a></div>`;
  return page('Test customer portal', body);
}

/** Applies a portal action through the same code a Stripe subscription update runs. */
function portalAction(token, name) {
  if (!PORTAL_ACTIONS[name]) throw new NotFoundError('Unknown action.');
  const fulfil = require(`${__hooks}/lib/fulfil.js`);
  const quota = require(`${__hooks}/lib/quota.js`);
  $app.runInTransaction((txApp) => {
    const session = openSession(txApp, token, 'portal');
    const userId = session.getString('user');
    const subscription = quota.subscriptionOf(txApp, userId);
    if (!subscription) throw new BadRequestError('There is no subscription to change.');
    const end = subscription.getString('current_period_end');
    const state = {
      plan: subscription.getString('plan'),
      status: subscription.getString('status'),
      cancelAtPeriodEnd: subscription.getBool('cancel_at_period_end'),
      currentPeriodEnd: end ? new Date(end.replace(' ', 'T')) : null,
    };
    if (name === 'cancel') {
      state.cancelAtPeriodEnd = true;
    } else if (name === 'resume') {
      state.cancelAtPeriodEnd = false;
    } else if (name === 'fail') {
      state.status = 'suspended';
    } else {
      state.status = 'active';
    }
    fulfil.applySubscription(txApp, userId, state);
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
  escapeHtml,
};
