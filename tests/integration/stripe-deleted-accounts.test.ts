/**
 * docs/going-live.md, a deleted account stops paying (stripe-mock, signed events). Deletion expires the
 * customer's open Checkout Sessions before it cancels the subscriptions and deletes anything; a
 * session paid after the deletion anyway is ended at Stripe — its subscription canceled, its
 * credit pack refunded — and its events are recorded and answered 200, once, in any order. An
 * event for a user this server never had changes nothing at Stripe.
 *
 * stripe-mock validates every request but keeps no state (an expired session still answers
 * "open", a canceled subscription "active"), so the stub below holds Stripe's side — the
 * customer's sessions and subscriptions, the refunds made — on top of it, and the tests check
 * the requests our code sends and the records it keeps.
 */
import { describe, expect, it } from 'vitest';
import { statusOf, type TestUser } from './harness.ts';
import { customerFor, useStripeMode } from './stripe-mock.ts';
import { stripeEvent } from './stripe-webhook.ts';
import { COLLECTIONS } from '../../src/domain/api/collections.ts';
import { SERVER_ROUTES } from '../../src/domain/api/routes.ts';

const WEBHOOK_SECRET = 'whsec_adscout_deleted_accounts';

/** Stripe's side: per customer, its checkout sessions and subscriptions. */
const sessionsOf = new Map<string, { id: string; status: string }[]>();
const subscriptionsOf = new Map<string, { id: string; status: string }[]>();
/** Checkout sessions by payment intent (the lookup of a charge event). */
const sessionOfIntent = new Map<string, Record<string, unknown>>();
/** Payment intents Stripe has refunded. */
const refunded = new Set<string>();
/** Customers whose sessions Stripe refuses to expire. */
const refusingExpiry = new Set<string>();

const list = (data: unknown[]) => ({ body: { object: 'list', data, has_more: false } });

const stack = useStripeMode({
  webhookSecret: WEBHOOK_SECRET,
  clientsBehindProxy: true,
  intercept: (request) => {
    const customer = request.query.get('customer') ?? '';
    if (request.method === 'GET' && request.path === '/v1/checkout/sessions') {
      const intent = request.query.get('payment_intent');
      if (intent) return list(sessionOfIntent.has(intent) ? [sessionOfIntent.get(intent)] : []);
      const status = request.query.get('status');
      const sessions = (sessionsOf.get(customer) ?? []).filter((s) => !status || s.status === status);
      return list(sessions.map((s) => ({ ...s, object: 'checkout.session', customer })));
    }
    const expire = /^\/v1\/checkout\/sessions\/([^/]+)\/expire$/.exec(request.path);
    if (request.method === 'POST' && expire) {
      for (const [owner, sessions] of sessionsOf) {
        const session = sessions.find((s) => s.id === expire[1]);
        if (!session) continue;
        if (refusingExpiry.has(owner))
          return { status: 400, body: { error: { message: 'Only open sessions can be expired.' } } };
        session.status = 'expired';
        return { body: { ...session, object: 'checkout.session', customer: owner } };
      }
      return undefined;
    }
    if (request.method === 'GET' && request.path === '/v1/subscriptions') {
      return list(
        (subscriptionsOf.get(customer) ?? []).map((s) => ({ ...s, object: 'subscription', customer })),
      );
    }
    const cancel = /^\/v1\/subscriptions\/([^/]+)$/.exec(request.path);
    if (request.method === 'DELETE' && cancel) {
      for (const [owner, subscriptions] of subscriptionsOf) {
        const subscription = subscriptions.find((s) => s.id === cancel[1]);
        if (!subscription) continue;
        subscription.status = 'canceled';
        return { body: { ...subscription, object: 'subscription', customer: owner } };
      }
      return undefined;
    }
    const intent = /^\/v1\/payment_intents\/([^/]+)$/.exec(request.path);
    if (request.method === 'GET' && intent) {
      const charge = { id: `ch_of_${intent[1]}`, object: 'charge', refunded: refunded.has(intent[1]!) };
      return { body: { id: intent[1], object: 'payment_intent', latest_charge: charge } };
    }
    if (request.method === 'POST' && request.path === '/v1/refunds') {
      refunded.add(request.form.get('payment_intent') ?? '');
      return undefined;
    }
    return undefined;
  },
});

const deliver = (event: unknown) => stack.webhook.deliver(event);

/** A user whose Stripe customer exists (made by their first checkout), with nothing at Stripe yet. */
async function customerWithNothingAtStripe(label: string): Promise<{ user: TestUser; customer: string }> {
  const { user, customer } = await customerFor(stack.server, label);
  sessionsOf.set(customer, []);
  subscriptionsOf.set(customer, []);
  return { user, customer };
}

function deleteAccount(user: TestUser) {
  return statusOf(
    user.pb.send(SERVER_ROUTES.accountDelete.path, {
      method: 'POST',
      body: { oldPassword: user.password, confirm: 'DELETE' },
    }),
  );
}

const eventCount = async (id: string) =>
  (
    await stack.server.superuser
      .collection(COLLECTIONS.stripeEvents)
      .getFullList({ filter: `event_id = "${id}"` })
  ).length;

const callsSince = (from: number) => stack.stripe.requests.slice(from).map((r) => `${r.method} ${r.path}`);

describe('deleting an account in Stripe mode', () => {
  it('expires the open Checkout Sessions first, then cancels the subscriptions, then deletes', async () => {
    const { user, customer } = await customerWithNothingAtStripe('open-sessions');
    sessionsOf.set(customer, [
      { id: 'cs_open_1', status: 'open' },
      { id: 'cs_done', status: 'complete' },
      { id: 'cs_open_2', status: 'open' },
    ]);
    subscriptionsOf.set(customer, [
      { id: 'sub_running', status: 'active' },
      { id: 'sub_ended', status: 'canceled' },
    ]);
    const from = stack.stripe.requests.length;
    expect(await deleteAccount(user)).toBe(0);
    expect(callsSince(from)).toEqual([
      'GET /v1/checkout/sessions',
      'POST /v1/checkout/sessions/cs_open_1/expire',
      'POST /v1/checkout/sessions/cs_open_2/expire',
      'GET /v1/subscriptions',
      'DELETE /v1/subscriptions/sub_running',
    ]);
    const listed = stack.stripe.requests[from]!.query;
    expect({ customer: listed.get('customer'), status: listed.get('status') }).toEqual({
      customer,
      status: 'open',
    });
    expect(sessionsOf.get(customer)!.map((s) => s.status)).toEqual(['expired', 'complete', 'expired']);
    expect(await statusOf(stack.server.superuser.collection(COLLECTIONS.users).getOne(user.id))).toBe(404);
    const entry = await stack.server.superuser
      .collection(COLLECTIONS.auditLogs)
      .getFirstListItem(`action = "account_deleted" && metadata.stripe_customer_id = "${customer}"`);
    expect(entry.metadata).toMatchObject({
      expired_checkout_sessions: 'cs_open_1,cs_open_2',
      canceled_subscriptions: 'sub_running',
    });
  });

  it('deletes nothing, and cancels nothing, when Stripe will not expire a session', async () => {
    const { user, customer } = await customerWithNothingAtStripe('expiry-refused');
    sessionsOf.set(customer, [{ id: 'cs_stuck', status: 'open' }]);
    subscriptionsOf.set(customer, [{ id: 'sub_kept', status: 'active' }]);
    refusingExpiry.add(customer);
    const from = stack.stripe.requests.length;
    expect(await deleteAccount(user)).toBe(502);
    expect(callsSince(from)).toEqual([
      'GET /v1/checkout/sessions',
      'POST /v1/checkout/sessions/cs_stuck/expire',
    ]);
    expect((await stack.server.superuser.collection(COLLECTIONS.users).getOne(user.id)).id).toBe(user.id);
    expect(subscriptionsOf.get(customer)![0]!.status).toBe('active');
  });
});

describe('events for an account that was deleted', () => {
  it('a credit pack paid afterwards is refunded once; every event is recorded and answered 200', async () => {
    const { user, customer } = await customerWithNothingAtStripe('late-pack');
    expect(await deleteAccount(user)).toBe(0);
    const intent = `pi_late_${user.id}`;
    const session = {
      id: `cs_late_${user.id}`,
      object: 'checkout.session',
      mode: 'payment',
      payment_status: 'paid',
      client_reference_id: user.id,
      customer,
      payment_intent: intent,
      metadata: { user_id: user.id, product: 'pack_500' },
    };
    sessionOfIntent.set(intent, session);
    const completed = stripeEvent('checkout.session.completed', session);
    let from = stack.stripe.requests.length;
    // delivered three times at once, then again
    const answers = await Promise.all([1, 2, 3].map(() => deliver(completed)));
    expect(answers.map((answer) => answer.status)).toEqual([200, 200, 200]);
    expect((await deliver(completed)).status).toBe(200);
    expect(await eventCount(completed.id)).toBe(1);
    const refunds = stack.stripe.requests
      .slice(from)
      .filter((r) => r.method === 'POST' && r.path === '/v1/refunds');
    expect(refunds.length).toBeGreaterThanOrEqual(1);
    for (const refund of refunds) {
      expect(refund.form.get('payment_intent')).toBe(intent);
      // one key for the session: Stripe refunds once however many requests race
      expect(refund.headers['idempotency-key']).toBe(`adscout-account-deleted-${session.id}`);
    }
    expect(refunded.has(intent)).toBe(true);

    // another event for the same session: Stripe reports the payment refunded, nothing more is asked
    from = stack.stripe.requests.length;
    const again = stripeEvent('checkout.session.async_payment_succeeded', session);
    expect((await deliver(again)).status).toBe(200);
    expect(callsSince(from)).toEqual([`GET /v1/payment_intents/${intent}`]);
    // the refund's own event: recorded, nobody's credits to change
    const refundEvent = stripeEvent('charge.refunded', {
      id: `ch_of_${intent}`,
      object: 'charge',
      customer,
      payment_intent: intent,
      refunded: true,
    });
    expect((await deliver(refundEvent)).status).toBe(200);
    for (const event of [again, refundEvent]) expect(await eventCount(event.id)).toBe(1);
    const granted = await stack.server.superuser
      .collection(COLLECTIONS.usageLedger)
      .getFullList({ filter: `checkout_session = "${session.id}"` });
    expect(granted).toEqual([]);
  });

  it('a subscription started afterwards is canceled at Stripe, whichever of its events comes first', async () => {
    const { user, customer } = await customerWithNothingAtStripe('late-plan');
    expect(await deleteAccount(user)).toBe(0);
    // the session was paid after all: Stripe made a subscription
    subscriptionsOf.set(customer, [{ id: 'sub_late', status: 'active' }]);
    const created = stripeEvent('customer.subscription.created', {
      id: 'sub_late',
      object: 'subscription',
      customer,
      status: 'active',
      metadata: { user_id: user.id },
    });
    const paid = stripeEvent('invoice.paid', { id: 'in_late', object: 'invoice', customer });
    const completed = stripeEvent('checkout.session.completed', {
      id: `cs_late_plan_${user.id}`,
      object: 'checkout.session',
      mode: 'subscription',
      payment_status: 'paid',
      client_reference_id: user.id,
      customer,
      subscription: 'sub_late_2',
    });
    const from = stack.stripe.requests.length;
    // the subscription's own event first: it is canceled at once
    expect((await deliver(created)).status).toBe(200);
    expect(subscriptionsOf.get(customer)![0]!.status).toBe('canceled');
    expect((await deliver(paid)).status).toBe(200);
    // a second one, whose checkout event comes alone (and twice)
    subscriptionsOf.get(customer)!.push({ id: 'sub_late_2', status: 'active' });
    for (const event of [completed, completed, created]) expect((await deliver(event)).status).toBe(200);
    expect(callsSince(from).filter((call) => call.startsWith('DELETE'))).toEqual([
      'DELETE /v1/subscriptions/sub_late',
      'DELETE /v1/subscriptions/sub_late_2',
    ]);
    expect(subscriptionsOf.get(customer)!.map((s) => s.status)).toEqual(['canceled', 'canceled']);
    for (const event of [created, paid, completed]) expect(await eventCount(event.id)).toBe(1);
    const records = await stack.server.superuser
      .collection(COLLECTIONS.subscriptions)
      .getFullList({ filter: `user = "${user.id}"` });
    expect(records).toEqual([]);
  });

  it('an event for a user this server never had changes nothing at Stripe', async () => {
    const customer = 'cus_of_another_server';
    subscriptionsOf.set(customer, [{ id: 'sub_elsewhere', status: 'active' }]);
    const pack = stripeEvent('checkout.session.completed', {
      id: 'cs_elsewhere',
      object: 'checkout.session',
      mode: 'payment',
      payment_status: 'paid',
      client_reference_id: 'u0000nosuchuser',
      customer,
      payment_intent: 'pi_elsewhere',
      metadata: { product: 'pack_100' },
    });
    const renewal = stripeEvent('invoice.paid', { id: 'in_elsewhere', object: 'invoice', customer });
    const from = stack.stripe.requests.length;
    for (const event of [pack, renewal]) {
      expect((await deliver(event)).status).toBe(200);
      expect(await eventCount(event.id)).toBe(1);
    }
    expect(callsSince(from)).toEqual([]);
    expect(subscriptionsOf.get(customer)![0]!.status).toBe('active');
  });
});
