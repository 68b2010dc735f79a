/**
 * What a paid checkout and a subscription change do to our records. Verified Stripe webhooks and
 * the local test checkout both come through here, so the two modes cannot drift apart. Callers
 * pass their transaction; every write is a record save, so open apps hear it over realtime.
 */
function domain() {
  return require(`${__hooks}/lib/domain.js`);
}

function subscriptionRecord(txApp, userId) {
  try {
    return txApp.findFirstRecordByFilter('subscriptions', 'user = {:user}', { user: userId });
  } catch (_) {
    const record = new Record(txApp.findCollectionByNameOrId('subscriptions'));
    record.set('user', userId);
    return record;
  }
}

/**
 * Sets the user's subscription. `state`: plan, status (active | suspended | canceled),
 * currentPeriodEnd (Date or null), cancelAtPeriodEnd, startedAt (Date; the quota anchor of a
 * new or restarted subscription), customerId, subscriptionId (Stripe ids, '' locally).
 */
function applySubscription(txApp, userId, state) {
  const record = subscriptionRecord(txApp, userId);
  const quota = require(`${__hooks}/lib/quota.js`);
  // A new subscription (none before, the previous one canceled, or another Stripe subscription)
  // starts new quota periods; a plan change or a payment problem keeps the anchor.
  const storedId = record.getString('stripe_subscription_id');
  const restarted =
    !record.getString('quota_anchor') ||
    record.getString('status') === 'canceled' ||
    !record.getString('status') ||
    Boolean(state.subscriptionId && storedId && state.subscriptionId !== storedId);
  record.set('plan', state.plan);
  record.set('status', state.status);
  record.set('cancel_at_period_end', Boolean(state.cancelAtPeriodEnd));
  record.set('current_period_end', state.currentPeriodEnd ? quota.pbDate(state.currentPeriodEnd) : '');
  if (state.customerId !== undefined) record.set('stripe_customer_id', state.customerId);
  if (state.subscriptionId !== undefined) record.set('stripe_subscription_id', state.subscriptionId);
  // Quota periods are anchored on the subscription's start (ARCHITECTURE §6).
  if (restarted && state.startedAt) record.set('quota_anchor', quota.pbDate(state.startedAt));
  txApp.save(record);
  return record;
}

/** Grants a credit pack once per checkout session; false when that session was granted before. */
function grantPack(txApp, userId, product, checkoutSession) {
  const pack = domain().CREDIT_PACKS[product];
  if (!pack) throw new BadRequestError(`Unknown credit pack ${product}.`);
  const quota = require(`${__hooks}/lib/quota.js`);
  return quota.grantCredits(txApp, userId, checkoutSession, pack.results);
}

/** The end of the first billing period of a plan started at `start`. */
function periodEnd(plan, start) {
  const d = domain();
  return d.periodBoundary(start, d.PLANS[plan] && d.PLANS[plan].interval === 'year' ? 12 : 1);
}

module.exports = { applySubscription, grantPack, periodEnd };
