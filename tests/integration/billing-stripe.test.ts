/**
 * Stripe mode against stripe-mock (docs/invariants.md#invariant-6-every-stripe-event-takes-effect-once): the
 * shape of every outgoing request, signed webhooks (valid, tampered, stale, missing), repeated and
 * out-of-order delivery with exactly one effect, a credit pack granted once per checkout session, and
 * subscription sync.
 */
import { describe, expect, it } from 'vitest';
import type { TestUser } from './harness.ts';
import { STRIPE_MOCK_FIXTURE_PRICE, TEST_PRICES, useStripeMode } from './stripe-mock.ts';
import { quotaOf } from '../fixtures/user-api.ts';
import { COLLECTIONS } from '../../src/domain/api/collections.ts';
import { SERVER_ROUTES } from '../../src/domain/api/routes.ts';

const WEBHOOK_SECRET = 'whsec_adscout_test';
// stripe-mock's fixture subscription's price is our monthly plan's
const stack = useStripeMode({
  webhookSecret: WEBHOOK_SECRET,
  prices: { ...TEST_PRICES, monthly: STRIPE_MOCK_FIXTURE_PRICE },
  env: { APP_URL: 'https://app.adscout.test' },
});
const { sign, deliver } = stack.webhook;

async function customerOf(user: TestUser): Promise<string> {
  const record = await stack.server.superuser
    .collection(COLLECTIONS.subscriptions)
    .getFirstListItem(`user = "${user.id}"`);
  return record.stripe_customer_id as string;
}

describe('outgoing requests', () => {
  it('checkout for a plan: a customer, then a subscription-mode session with our price and URLs', async () => {
    const user = await stack.server.createUser('checkout');
    stack.stripe.requests.length = 0;
    const { url } = await user.pb.send<{ url: string }>(SERVER_ROUTES.checkout.path, {
      method: 'POST',
      body: { product: 'monthly' },
    });
    expect(url).toMatch(/^https?:\/\//);
    const [customer, session] = stack.stripe.requests;
    expect(customer).toMatchObject({ method: 'POST', path: '/v1/customers' });
    expect(customer!.form.get('email')).toBe(user.email);
    expect(customer!.form.get('metadata[user_id]')).toBe(user.id);
    expect(session).toMatchObject({ method: 'POST', path: '/v1/checkout/sessions' });
    for (const request of stack.stripe.requests) {
      expect(request.headers['stripe-version']).toBe('2025-09-30.clover');
      expect(request.headers.authorization).toBe('Bearer sk_test_123');
      expect(request.headers['content-type']).toBe('application/x-www-form-urlencoded');
    }
    expect(Object.fromEntries(session!.form)).toMatchObject({
      mode: 'subscription',
      'line_items[0][price]': STRIPE_MOCK_FIXTURE_PRICE,
      'line_items[0][quantity]': '1',
      success_url: 'https://app.adscout.test/app/settings?success=true',
      cancel_url: 'https://app.adscout.test/app/settings?canceled=true',
      client_reference_id: user.id,
      'subscription_data[metadata][user_id]': user.id,
    });
    expect(session!.form.get('customer')).toBe(await customerOf(user));
  });

  it('checkout for a pack: payment mode, the customer reused; and the portal', async () => {
    const user = await stack.server.createUser('pack');
    await user.pb.send(SERVER_ROUTES.checkout.path, { method: 'POST', body: { product: 'pack_100' } });
    stack.stripe.requests.length = 0;
    await user.pb.send(SERVER_ROUTES.checkout.path, { method: 'POST', body: { product: 'pack_500' } });
    expect(stack.stripe.requests.map((r) => r.path)).toEqual(['/v1/checkout/sessions']);
    expect(Object.fromEntries(stack.stripe.requests[0]!.form)).toMatchObject({
      mode: 'payment',
      'line_items[0][price]': 'price_pack_500',
      'metadata[product]': 'pack_500',
      'payment_intent_data[metadata][product]': 'pack_500',
    });
    stack.stripe.requests.length = 0;
    const { url } = await user.pb.send<{ url: string }>(SERVER_ROUTES.portal.path, { method: 'POST' });
    expect(url).toMatch(/^https?:\/\//);
    expect(stack.stripe.requests[0]).toMatchObject({ method: 'POST', path: '/v1/billing_portal/sessions' });
    expect(stack.stripe.requests[0]!.form.get('customer')).toBe(await customerOf(user));
    expect(stack.stripe.requests[0]!.form.get('return_url')).toBe('https://app.adscout.test/app/settings');
  });

  it('refuses an unknown product, and the local test checkout does not exist in Stripe mode', async () => {
    const user = await stack.server.createUser('unknown');
    await expect(
      user.pb.send(SERVER_ROUTES.checkout.path, { method: 'POST', body: { product: 'gold' } }),
    ).rejects.toMatchObject({ status: 400 });
    expect(
      (await fetch(`${stack.server.url}${SERVER_ROUTES.localCheckoutPage.url('x'.repeat(48))}`)).status,
    ).toBe(404);
  });
});

describe('webhooks', () => {
  const packEvent = (id: string, session: string, user: TestUser) => ({
    id,
    type: 'checkout.session.completed',
    data: {
      object: {
        id: session,
        object: 'checkout.session',
        mode: 'payment',
        payment_status: 'paid',
        client_reference_id: user.id,
        metadata: { user_id: user.id, product: 'pack_500' },
      },
    },
  });

  it('refuses unsigned, tampered and stale deliveries with 400 and changes nothing', async () => {
    const user = await stack.server.createUser('forger');
    const event = packEvent('evt_forged', 'cs_forged', user);
    const body = JSON.stringify(event);
    expect((await deliver(event, { header: null })).status).toBe(400);
    expect(
      (await deliver(event, { body: body.replace('pack_500', 'pack_1000'), header: sign(body) })).status,
    ).toBe(400);
    expect((await deliver(event, { header: sign(body, Math.floor(Date.now() / 1000) - 301) })).status).toBe(
      400,
    );
    expect((await deliver(event, { header: sign(body, undefined, 'whsec_wrong') })).status).toBe(400);
    expect((await quotaOf(user.pb)).addon_remaining).toBe(0);
    const events = await stack.server.superuser
      .collection(COLLECTIONS.stripeEvents)
      .getFullList({ filter: 'event_id = "evt_forged"' });
    expect(events).toHaveLength(0);
  });

  it('the same event delivered 5 times, and a second event for the same session, grant the pack once', async () => {
    const user = await stack.server.createUser('buyer');
    const event = packEvent(`evt_pack_${user.id}`, `cs_pack_${user.id}`, user);
    const answers = await Promise.all(Array.from({ length: 5 }, () => deliver(event)));
    expect(answers.map((a) => a.status)).toEqual([200, 200, 200, 200, 200]);
    const again = await deliver({ ...event, id: `evt_pack_again_${user.id}` });
    expect(again.status).toBe(200);
    expect((await quotaOf(user.pb)).addon_remaining).toBe(500);
    const events = await stack.server.superuser
      .collection(COLLECTIONS.stripeEvents)
      .getFullList({ filter: `event_id = "${event.id}"` });
    expect(events).toHaveLength(1);
  });

  it('subscription events, even `updated` before `created`, end in the state Stripe reports', async () => {
    const user = await stack.server.createUser('subscriber');
    await user.pb.send(SERVER_ROUTES.checkout.path, { method: 'POST', body: { product: 'monthly' } });
    const customer = await customerOf(user);
    const subscriptionEvent = (id: string, type: string, status: string) => ({
      id,
      type,
      data: { object: { id: 'sub_x', object: 'subscription', customer, status } },
    });
    // the payload says past_due, but Stripe (re-fetched) says active: we store what Stripe says
    expect(
      (await deliver(subscriptionEvent(`evt_u_${user.id}`, 'customer.subscription.updated', 'past_due')))
        .status,
    ).toBe(200);
    expect(
      (await deliver(subscriptionEvent(`evt_c_${user.id}`, 'customer.subscription.created', 'incomplete')))
        .status,
    ).toBe(200);
    const record = await stack.server.superuser
      .collection(COLLECTIONS.subscriptions)
      .getFirstListItem(`user = "${user.id}"`);
    expect(record).toMatchObject({
      plan: 'monthly',
      status: 'active',
      stripe_subscription_id: expect.stringMatching(/^sub_/),
    });
    expect(record.quota_anchor).not.toBe('');
    expect((await quotaOf(user.pb)).plan).toBe('monthly');
    stack.stripe.requests.length = 0;
    const synced = await user.pb.send<{ success: boolean; plan: string }>(
      SERVER_ROUTES.subscriptionSync.path,
      {
        method: 'POST',
      },
    );
    // sync re-reads the customer's subscriptions from Stripe, all statuses
    const list = stack.stripe.requests.find((r) => r.path === '/v1/subscriptions');
    expect(list).toMatchObject({ method: 'GET' });
    expect(list!.query.get('customer')).toBe(customer);
    expect(list!.query.get('status')).toBe('all');
    expect(list!.headers['stripe-version']).toBe('2025-09-30.clover');
    expect(synced).toMatchObject({ success: true, plan: 'monthly' });
  });

  it('a user cannot write subscriptions, the ledger, stripe events or audit logs', async () => {
    const user = await stack.server.createUser('writer');
    for (const [collection, body] of [
      [COLLECTIONS.subscriptions, { user: user.id, plan: 'yearly', status: 'active' }],
      [COLLECTIONS.usageLedger, { user: user.id, kind: 'addon_grant', amount: 1000 }],
      [COLLECTIONS.stripeEvents, { event_id: 'evt_me', type: 'x' }],
      [COLLECTIONS.auditLogs, { user: user.id, action: 'email_updated' }],
    ] as const) {
      await expect(user.pb.collection(collection).create(body)).rejects.toMatchObject({
        status: expect.any(Number),
      });
    }
    expect((await quotaOf(user.pb)).total_remaining).toBe(0);
  });
});
