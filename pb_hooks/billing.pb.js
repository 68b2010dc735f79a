/// <reference path="../src/hooks/types/pocketbase-jsvm.d.ts" />
// Billing routes (src/hooks/billing): checkout, customer portal and subscription sync for the
// signed-in user, the local test checkout/portal pages (no Stripe key), and Stripe's webhook.
// Registration only: each handler require()s its area bundle (handlers share no globals); the
// routes, their callers and the webhook's body limit are the table's (src/domain/api/routes.ts).
// In a block: every .pb.js runs in one VM, where two files' top-level constants would collide.

{
  const { SERVER_ROUTES: routes } = require(`${__hooks}/lib/domain.js`);
  const { addRoute } = require(`${__hooks}/lib/routes.js`);

  addRoute(routes.checkout, (e) => require(`${__hooks}/lib/billing.js`).handleCheckout(e));
  addRoute(routes.portal, (e) => require(`${__hooks}/lib/billing.js`).handlePortal(e));
  addRoute(routes.subscriptionSync, (e) => require(`${__hooks}/lib/billing.js`).handleSync(e));

  addRoute(routes.localCheckoutPage, (e) => require(`${__hooks}/lib/billing.js`).handleLocalCheckoutPage(e));
  addRoute(routes.localCheckoutAction, (e) =>
    require(`${__hooks}/lib/billing.js`).handleLocalCheckoutAction(e),
  );
  // Pay and Cancel are POSTs; a GET of their URL changes nothing.
  addRoute(routes.localCheckoutActionGet, (e) =>
    require(`${__hooks}/lib/billing.js`).handleLocalCheckoutActionGet(e),
  );
  addRoute(routes.localPortalPage, (e) => require(`${__hooks}/lib/billing.js`).handleLocalPortalPage(e));
  addRoute(routes.localPortalAction, (e) => require(`${__hooks}/lib/billing.js`).handleLocalPortalAction(e));

  // Stripe's events are a few KB: bodies over the table's limit are refused with 413 before they are read.
  addRoute(routes.stripeWebhook, (e) => require(`${__hooks}/lib/billing.js`).handleStripeWebhook(e));
}

// Every minute: local mode ends plans set to cancel at period end once the period is over (and
// renews the others); Stripe mode re-fetches plans whose period ended with no word from Stripe.
cronAdd('adscout_subscription_sweep', '* * * * *', () => {
  require(`${__hooks}/lib/billing.js`).sweepSubscriptions();
});

// Every ten minutes: expired test-checkout and test-portal links are deleted.
cronAdd('adscout_billing_sessions_prune', '*/10 * * * *', () => {
  require(`${__hooks}/lib/billing.js`).pruneSessions();
});
