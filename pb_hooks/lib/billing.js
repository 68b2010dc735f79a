/**
 * Billing entry points for the signed-in user (ARCHITECTURE §6, §9). The mode follows the
 * configuration: `stripe` when STRIPE_SECRET_KEY is set, else `local` (the test checkout); the
 * server maps products to prices, never the browser.
 */
function domain() {
  return require(`${__hooks}/lib/domain.js`);
}

function mode() {
  return require(`${__hooks}/lib/config.js`).billingMode();
}

function checkout(e, userId, product) {
  const d = domain();
  if (d.CHECKOUT_PRODUCTS.indexOf(product) < 0) {
    throw new BadRequestError(`product must be one of ${d.CHECKOUT_PRODUCTS.join(', ')}.`);
  }
  if (mode() === 'stripe') return require(`${__hooks}/lib/stripe-billing.js`).checkout(e, userId, product);
  return require(`${__hooks}/lib/local-billing.js`).checkoutUrl(e, userId, product);
}

function portal(e, userId) {
  if (mode() === 'stripe') return require(`${__hooks}/lib/stripe-billing.js`).portal(e, userId);
  return require(`${__hooks}/lib/local-billing.js`).portalUrl(e, userId);
}

/** SPEC §7 sync-subscription: { success, plan, message }. */
function sync(userId) {
  const d = domain();
  if (mode() === 'stripe') require(`${__hooks}/lib/stripe-billing.js`).pull(userId);
  const subscription = require(`${__hooks}/lib/quota.js`).subscriptionOf($app, userId);
  if (subscription && d.grantsAccess(subscription.getString('status'))) {
    return { success: true, plan: subscription.getString('plan'), message: '' };
  }
  return { success: false, plan: null, message: d.MESSAGES.noActiveSubscription };
}

module.exports = { checkout, portal, sync };
