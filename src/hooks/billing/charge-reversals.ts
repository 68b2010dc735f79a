/**
 * Refunds and disputes (docs/going-live.md): `charge.refunded` and `charge.dispute.closed`. What the charge
 * paid for decides: a credit pack (a payment-mode checkout session of ours) is taken back while
 * Stripe reports the charge refunded in full or a dispute of it lost, and given back when that no
 * longer holds (a dispute won); a plan's subscription is fetched again and follows what Stripe
 * reports (stripe-billing.ts).
 *
 * The state is fetched from Stripe, never read from the payload, so delivery order and
 * duplicates do not matter: the ids of the charge, its payment and its checkout session never
 * change, and the refund and dispute statuses are read afresh. Taking back is once per change of
 * state (setPackReversed); if the pack's ledger rows changed while Stripe answered, the state is
 * fetched again, so a slow, older answer never undoes a newer one. A pack whose grant has not
 * arrived yet is granted here first, so a refund delivered before the purchase still takes it.
 */
import { packVersion, setPackReversed } from '../quota/index.ts';
import { userExists } from './deleted-accounts.ts';
import { grantPack } from './fulfil.ts';
import { idOf, packOfSession, stripeCall, type StripeObject } from './stripe-api.ts';
import { storeFreshState, userOfCustomer } from './stripe-billing.ts';

export const CHARGE_EVENTS = ['charge.refunded', 'charge.dispute.closed'];

const MAX_ATTEMPTS = 3;

/** The payment-mode checkout session that created a payment intent, or null. */
function sessionOfPayment(paymentIntent: string): StripeObject | null {
  const list = stripeCall('GET', '/v1/checkout/sessions', { payment_intent: paymentIntent, limit: 1 });
  const session = (list.data || [])[0];
  return session && session.id ? session : null;
}

/** True while Stripe reports the charge refunded in full or a dispute of it lost. */
function chargeReversed(chargeId: string): boolean {
  const charge = stripeCall('GET', `/v1/charges/${encodeURIComponent(chargeId)}`);
  if (charge.refunded === true) return true;
  const disputes = stripeCall('GET', '/v1/disputes', { charge: chargeId, limit: 100 });
  return (disputes.data || []).some((dispute: StripeObject) => dispute.status === 'lost');
}

/**
 * Applies a charge event once. `record(txApp)` records the event in the transaction of its
 * effect (false: seen before). Stripe is asked outside any transaction; a refusal throws a 502,
 * so the event is retried.
 */
export function handleChargeEvent(
  event: { id: string; type: string },
  object: StripeObject,
  record: (txApp: CoreApp) => boolean,
): void {
  const chargeId = event.type === 'charge.refunded' ? idOf(object.id) : idOf(object.charge);
  const paymentIntent = idOf(object.payment_intent);
  const session = chargeId && paymentIntent ? sessionOfPayment(paymentIntent) : null;
  const product = session && session.mode === 'payment' ? packOfSession(session) : '';
  if (session && product) {
    const userId: string =
      session.client_reference_id || (session.metadata && session.metadata.user_id) || '';
    if (userExists(userId)) {
      reconcilePack(userId, product, session, chargeId, record);
      return;
    }
    console.log(
      `[adscout] stripe event ${event.id} (${event.type}) is for a pack of a user that no longer exists`,
    );
  } else if (chargeId) {
    // a dispute names no customer: its charge does
    const customer =
      idOf(object.customer) ||
      idOf(stripeCall('GET', `/v1/charges/${encodeURIComponent(chargeId)}`).customer);
    const userId = userOfCustomer(customer);
    if (userId) {
      storeFreshState(userId, customer, record);
      return;
    }
  }
  $app.runInTransaction((txApp) => {
    record(txApp);
  });
}

function reconcilePack(
  userId: string,
  product: string,
  session: StripeObject,
  chargeId: string,
  record: (txApp: CoreApp) => boolean,
): void {
  for (let attempt = 1; attempt <= MAX_ATTEMPTS; attempt++) {
    const version = packVersion($app, session.id);
    const reversed = chargeReversed(chargeId);
    let done = false;
    $app.runInTransaction((txApp) => {
      if (packVersion(txApp, session.id) !== version) return;
      done = true;
      if (!record(txApp)) return;
      // the grant may simply not have arrived yet: the paid session grants it once, here or there
      if (session.payment_status === 'paid') grantPack(txApp, userId, product, session.id);
      const change = setPackReversed(txApp, userId, session.id, reversed, new Date());
      if (change !== 'unchanged') console.log(`[adscout] credit pack of ${session.id}: ${change}`);
    });
    if (done) return;
  }
  throw new ApiError(503, 'The credit pack changed while it was being synced. Please try again.', {});
}
