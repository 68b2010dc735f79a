/// <reference path="../pb_data/types.d.ts" />
// Billing routes (ARCHITECTURE §6, §9): checkout, customer portal and subscription sync for the
// signed-in user, and the local test checkout/portal pages used when no Stripe key is set.

routerAdd(
  'POST',
  '/api/adscout/checkout',
  (e) => {
    const billing = require(`${__hooks}/lib/billing.js`);
    return e.json(200, { url: billing.checkout(e, e.auth.id, (e.requestInfo().body || {}).product) });
  },
  $apis.requireAuth('users'),
);

routerAdd(
  'POST',
  '/api/adscout/portal',
  (e) => {
    const billing = require(`${__hooks}/lib/billing.js`);
    return e.json(200, { url: billing.portal(e, e.auth.id) });
  },
  $apis.requireAuth('users'),
);

routerAdd(
  'POST',
  '/api/adscout/subscription/sync',
  (e) => {
    const billing = require(`${__hooks}/lib/billing.js`);
    return e.json(200, billing.sync(e.auth.id));
  },
  $apis.requireAuth('users'),
);

routerAdd('GET', '/api/adscout/local/checkout/{token}', (e) => {
  const local = require(`${__hooks}/lib/local-billing.js`);
  local.requireLocalMode();
  return e.html(200, local.checkoutPage(e, e.request.pathValue('token')));
});

routerAdd('POST', '/api/adscout/local/checkout/{token}/{action}', (e) => {
  const local = require(`${__hooks}/lib/local-billing.js`);
  local.requireLocalMode();
  const action = e.request.pathValue('action');
  if (action !== 'pay' && action !== 'cancel') throw new NotFoundError('Unknown action.');
  return e.redirect(303, local.finishCheckout(e.request.pathValue('token'), action === 'pay'));
});

// The page's "Cancel" link: closes the session unpaid and returns to Settings.
routerAdd('GET', '/api/adscout/local/checkout/{token}/cancel', (e) => {
  const local = require(`${__hooks}/lib/local-billing.js`);
  local.requireLocalMode();
  e.response.header().set('Cache-Control', 'no-store');
  return e.redirect(303, local.finishCheckout(e.request.pathValue('token'), false));
});

routerAdd('GET', '/api/adscout/local/portal/{token}', (e) => {
  const local = require(`${__hooks}/lib/local-billing.js`);
  local.requireLocalMode();
  return e.html(200, local.portalPage(e, e.request.pathValue('token'), e.request.url.query().get('done')));
});

routerAdd('POST', '/api/adscout/local/portal/{token}/{action}', (e) => {
  const local = require(`${__hooks}/lib/local-billing.js`);
  local.requireLocalMode();
  const token = e.request.pathValue('token');
  const action = e.request.pathValue('action');
  local.portalAction(token, action);
  return e.redirect(
    303,
    `/api/adscout/local/portal/${encodeURIComponent(token)}?done=${encodeURIComponent(action)}`,
  );
});

// Stripe's webhook: signed events, exactly-once effect (lib/stripe-billing.js).
routerAdd('POST', '/api/adscout/stripe/webhook', (e) => {
  const config = require(`${__hooks}/lib/config.js`);
  if (config.billingMode() !== 'stripe') throw new NotFoundError('Not found.');
  const webhook = require(`${__hooks}/lib/stripe-webhook.js`);
  return e.json(200, webhook.handle(e));
});
