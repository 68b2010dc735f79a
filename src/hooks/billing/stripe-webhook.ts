/**
 * SERVER_ROUTES.stripeWebhook (docs/billing.md#the-webhook,
 * docs/invariants.md#invariant-6-every-stripe-event-takes-effect-once). The signature is checked against the
 * raw body as received (HMAC-SHA256 over `t.rawBody`, constant-time, 300 s, any of several v1 values). The
 * event id is recorded in stripe_events in the same transaction as the event's effect, so a redelivery finds
 * it and changes nothing. Subscription state is re-fetched from Stripe, never taken from the payload, so
 * delivery order does not matter; so are refunds and disputes (charge-reversals.ts). An event for an account
 * that was deleted is recorded and answered 200 once what it bought is ended at Stripe (deleted-accounts.ts).
 */
import { COLLECTIONS } from '../../domain/api/collections.ts';
import { env } from '../config/index.ts';
import { CHARGE_EVENTS, handleChargeEvent } from './charge-reversals.ts';
import {
  isDeletedCustomer,
  settleDeletedAccountCheckout,
  settleDeletedAccountSubscription,
  userExists,
} from './deleted-accounts.ts';
import { grantPack } from './fulfil.ts';
import { idOf, packOfSession, type StripeObject } from './stripe-api.ts';
import { storeFreshState, userOfCustomer } from './stripe-billing.ts';
import { verifyStripeSignature } from './stripe-protocol.ts';

const SUBSCRIPTION_EVENTS = [
  'customer.subscription.created',
  'customer.subscription.updated',
  'customer.subscription.deleted',
  'customer.subscription.paused',
  'customer.subscription.resumed',
  'customer.subscription.pending_update_applied',
  'customer.subscription.pending_update_expired',
  'customer.subscription.trial_will_end',
  'invoice.paid',
  'invoice.payment_succeeded',
  'invoice.payment_failed',
  'invoice.payment_action_required',
];

const PAID_CHECKOUT_EVENTS = ['checkout.session.completed', 'checkout.session.async_payment_succeeded'];

interface StripeEvent {
  id: string;
  type: string;
  data?: { object?: StripeObject };
}

/** The verified, parsed event, or a 400 that changes nothing. */
function verifiedEvent(e: core.RequestEvent): StripeEvent {
  // the raw bytes as received: PocketBase's request body is re-readable, and toString reads it all
  // (up to the route's 1 MiB body limit: a longer body without a Content-Length fails the read)
  let raw: string;
  try {
    raw = toString(e.request!.body);
  } catch (_) {
    throw new ApiError(413, 'Request entity too large.', {});
  }
  const verified = verifyStripeSignature({
    rawBody: raw,
    header: e.request!.header.get('Stripe-Signature'),
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
  if (!event || typeof event.id !== 'string' || !event.id || typeof event.type !== 'string') {
    throw new BadRequestError('Invalid event body.');
  }
  return event;
}

function seen(app: CoreApp, eventId: string): boolean {
  try {
    app.findFirstRecordByFilter(COLLECTIONS.stripeEvents, 'event_id = {:id}', { id: eventId });
    return true;
  } catch (_) {
    return false;
  }
}

/** Records the event in txApp; false when it was recorded before (a redelivery). */
function recordEvent(txApp: CoreApp, event: StripeEvent): boolean {
  if (seen(txApp, event.id)) return false;
  const record = new Record(txApp.findCollectionByNameOrId(COLLECTIONS.stripeEvents));
  record.load({ event_id: event.id, type: event.type, processed_at: new DateTime().string() });
  txApp.save(record);
  return true;
}

/** Applies a verified event once: { received, duplicate }. */
export function handleStripeEvent(e: core.RequestEvent): { received: true; duplicate: boolean } {
  const event = verifiedEvent(e);
  if (seen($app, event.id)) return { received: true, duplicate: true };
  const object: StripeObject = (event.data && event.data.object) || {};
  let duplicate = false;
  const record = (txApp: CoreApp) => {
    const fresh = recordEvent(txApp, event);
    duplicate = !fresh;
    return fresh;
  };

  if (PAID_CHECKOUT_EVENTS.indexOf(event.type) >= 0) {
    const userId: string = object.client_reference_id || (object.metadata && object.metadata.user_id) || '';
    const customer = idOf(object.customer);
    if (userId && !userExists(userId)) {
      // nobody to fulfil it for: what it bought ends at Stripe (a 502 if Stripe refuses: retried)
      settleDeletedAccountCheckout(object, customer);
    } else if (object.mode === 'subscription' && userId && customer) {
      storeFreshState(userId, customer, record);
      return { received: true, duplicate: duplicate };
    } else if (object.mode === 'payment' && userId && object.payment_status === 'paid') {
      // Stripe is asked (outside the transaction) only when the session lacks our metadata
      const product = packOfSession(object);
      if (!product) console.log(`[adscout] checkout session ${object.id} bought no credit pack of ours`);
      $app.runInTransaction((txApp) => {
        if (!record(txApp) || !product) return;
        // once per checkout session, whichever event (or event id) brings it
        grantPack(txApp, userId, product, object.id);
      });
      return { received: true, duplicate: duplicate };
    }
  } else if (SUBSCRIPTION_EVENTS.indexOf(event.type) >= 0) {
    const customer = idOf(object.customer);
    const userId = userOfCustomer(customer);
    if (userId) {
      storeFreshState(userId, customer, record);
      return { received: true, duplicate: duplicate };
    }
    if (isDeletedCustomer(customer)) settleDeletedAccountSubscription(customer);
    else console.log(`[adscout] stripe event ${event.id} (${event.type}) is for an unknown customer`);
  } else if (CHARGE_EVENTS.indexOf(event.type) >= 0) {
    handleChargeEvent(event, object, record);
    return { received: true, duplicate: duplicate };
  }
  // nothing of ours to change: record it so a redelivery is recognised
  $app.runInTransaction((txApp) => {
    record(txApp);
  });
  return { received: true, duplicate: duplicate };
}
