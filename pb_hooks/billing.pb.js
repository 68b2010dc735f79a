/// <reference path="../src/hooks/types/pocketbase-jsvm.d.ts" />
// Billing routes (src/hooks/billing): checkout, customer portal and subscription sync for the
// signed-in user, the local test checkout/portal pages (no Stripe key), and Stripe's webhook.
// Registration only: each handler require()s its area bundle (handlers share no globals).

routerAdd(
  'POST',
  '/api/adscout/checkout',
  (e) => require(`${__hooks}/lib/billing.js`).handleCheckout(e),
  $apis.requireAuth('users'),
);

routerAdd(
  'POST',
  '/api/adscout/portal',
  (e) => require(`${__hooks}/lib/billing.js`).handlePortal(e),
  $apis.requireAuth('users'),
);

routerAdd(
  'POST',
  '/api/adscout/subscription/sync',
  (e) => require(`${__hooks}/lib/billing.js`).handleSync(e),
  $apis.requireAuth('users'),
);

routerAdd('GET', '/api/adscout/local/checkout/{token}', (e) =>
  require(`${__hooks}/lib/billing.js`).handleLocalCheckoutPage(e),
);

routerAdd('POST', '/api/adscout/local/checkout/{token}/{action}', (e) =>
  require(`${__hooks}/lib/billing.js`).handleLocalCheckoutAction(e),
);

routerAdd('GET', '/api/adscout/local/checkout/{token}/cancel', (e) =>
  require(`${__hooks}/lib/billing.js`).handleLocalCheckoutCancel(e),
);

routerAdd('GET', '/api/adscout/local/portal/{token}', (e) =>
  require(`${__hooks}/lib/billing.js`).handleLocalPortalPage(e),
);

routerAdd('POST', '/api/adscout/local/portal/{token}/{action}', (e) =>
  require(`${__hooks}/lib/billing.js`).handleLocalPortalAction(e),
);

routerAdd('POST', '/api/adscout/stripe/webhook', (e) =>
  require(`${__hooks}/lib/billing.js`).handleStripeWebhook(e),
);
