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

// Pay and Cancel are POSTs; a GET of their URL changes nothing.
routerAdd('GET', '/api/adscout/local/checkout/{token}/{action}', (e) =>
  require(`${__hooks}/lib/billing.js`).handleLocalCheckoutActionGet(e),
);

routerAdd('GET', '/api/adscout/local/portal/{token}', (e) =>
  require(`${__hooks}/lib/billing.js`).handleLocalPortalPage(e),
);

routerAdd('POST', '/api/adscout/local/portal/{token}/{action}', (e) =>
  require(`${__hooks}/lib/billing.js`).handleLocalPortalAction(e),
);

// Stripe's events are a few KB: bodies over 1 MiB are refused with 413 before they are read.
routerAdd(
  'POST',
  '/api/adscout/stripe/webhook',
  (e) => require(`${__hooks}/lib/billing.js`).handleStripeWebhook(e),
  $apis.bodyLimit(1 << 20),
);

// Every minute: local mode ends plans set to cancel at period end once the period is over (and
// renews the others); Stripe mode re-fetches plans whose period ended with no word from Stripe.
cronAdd('adscout_subscription_sweep', '* * * * *', () => {
  require(`${__hooks}/lib/billing.js`).sweepSubscriptions();
});

// Every ten minutes: expired test-checkout and test-portal links are deleted.
cronAdd('adscout_billing_sessions_prune', '*/10 * * * *', () => {
  require(`${__hooks}/lib/billing.js`).pruneSessions();
});
