/**
 * Webhook business logic in Stripe mode (docs/invariants.md#invariant-6-every-stripe-event-takes-effect-once,
 * docs/billing.md#the-webhook). stripe-mock validates every request we send, but its data is fixed, so the
 * test stubs Stripe's answers on top of it (per customer): the status mapping, both shapes of the period end,
 * the quota anchor, events in any order and at any time, a slow older answer racing a newer one, raw-body
 * signatures, packs identified by their price, and retries when Stripe cannot be reached.
 */
import { beforeEach, describe, expect, it } from 'vitest';
import type { TestUser } from './harness.ts';
import { customerFor, TEST_PRICES, useStripeMode } from './stripe-mock.ts';
import { toPbDate } from '../../src/domain/text/format.ts';
import { quotaOf } from '../fixtures/user-api.ts';
import { COLLECTIONS } from '../../src/domain/api/collections.ts';
import { SERVER_ROUTES } from '../../src/domain/api/routes.ts';

const WEBHOOK_SECRET = 'whsec_adscout_webhooks';

interface StubSubscription {
  id: string;
  status: string;
  price: string;
  start: number;
  end: number;
  /** 'items': API 2025-03-31 and later; 'top': the older top-level current_period_end. */
  shape?: 'items' | 'top';
  cancel?: boolean;
  created?: number;
}

/** Stripe's current subscriptions per customer, as the stub answers them. */
const subscriptionsOf = new Map<string, StubSubscription[]>();
/** A customer whose next subscriptions fetch is held until the test releases it. */
const holds = new Map<string, { arrived: () => void; released: Promise<void> }>();
/** Customers for whom Stripe answers 500. */
const failing = new Set<string>();
/** Checkout session id → the price of its line item. */
const lineItems = new Map<string, string>();

function stripeObject(customer: string, s: StubSubscription) {
  const item = {
    id: `si_${s.id}`,
    object: 'subscription_item',
    price: {
      id: s.price,
      object: 'price',
      recurring: { interval: s.price === TEST_PRICES.yearly ? 'year' : 'month' },
    },
    ...(s.shape === 'top' ? {} : { current_period_start: s.start, current_period_end: s.end }),
  };
  return {
    id: s.id,
    object: 'subscription',
    customer,
    status: s.status,
    start_date: s.start,
    created: s.created ?? s.start,
    cancel_at_period_end: s.cancel ?? false,
    ...(s.shape === 'top' ? { current_period_start: s.start, current_period_end: s.end } : {}),
    items: { object: 'list', data: [item] },
  };
}

const stack = useStripeMode({
  webhookSecret: WEBHOOK_SECRET,
  intercept: (request) => {
    if (request.method === 'GET' && request.path === '/v1/subscriptions') {
      const customer = request.query.get('customer') ?? '';
      if (failing.has(customer)) return { status: 500, body: { error: { message: 'Stripe is down' } } };
      const subs = subscriptionsOf.get(customer);
      if (!subs) return undefined;
      // the answer is what Stripe holds now, even if it arrives late
      const answer = {
        body: { object: 'list', data: subs.map((s) => stripeObject(customer, s)), has_more: false },
      };
      const hold = holds.get(customer);
      if (!hold) return answer;
      holds.delete(customer);
      hold.arrived();
      return hold.released.then(() => answer);
    }
    const lines = /^\/v1\/checkout\/sessions\/([^/]+)\/line_items$/.exec(request.path);
    if (request.method === 'GET' && lines && lineItems.has(lines[1]!)) {
      const price = lineItems.get(lines[1]!)!;
      return {
        body: {
          object: 'list',
          data: [{ id: 'li_1', object: 'item', price: { id: price } }],
          has_more: false,
        },
      };
    }
    return undefined;
  },
});

beforeEach(() => {
  failing.clear();
});

const seconds = (iso: string) => Date.parse(iso) / 1000;

const { sign, deliver } = stack.webhook;

let eventCounter = 0;
function subscriptionEvent(customer: string, type = 'customer.subscription.updated', payload = {}) {
  eventCounter += 1;
  return {
    id: `evt_${eventCounter}_${Math.random().toString(36).slice(2)}`,
    object: 'event',
    type,
    data: { object: { id: 'sub_payload', object: 'subscription', customer, status: 'active', ...payload } },
  };
}

const subscription = (user: TestUser) =>
  stack.server.superuser.collection(COLLECTIONS.subscriptions).getFirstListItem(`user = "${user.id}"`);

const eventCount = async (id: string) =>
  (
    await stack.server.superuser
      .collection(COLLECTIONS.stripeEvents)
      .getFullList({ filter: `event_id = "${id}"` })
  ).length;

describe('subscription state comes from Stripe', () => {
  it('maps every Stripe status, whatever the payload says', async () => {
    const { user, customer } = await customerFor(stack.server, 'statuses');
    const start = seconds('2026-01-31T10:00:00Z');
    const end = seconds('2026-02-28T10:00:00Z');
    const expected: [string, string, string | null][] = [
      ['active', 'active', 'monthly'],
      ['trialing', 'active', 'monthly'],
      ['past_due', 'suspended', null],
      ['unpaid', 'suspended', null],
      ['paused', 'suspended', null],
      ['incomplete', 'suspended', null],
      ['canceled', 'canceled', null],
      ['incomplete_expired', 'canceled', null],
    ];
    for (const [stripeStatus, ours, plan] of expected) {
      subscriptionsOf.set(customer, [
        { id: 'sub_s', status: stripeStatus, price: TEST_PRICES.monthly, start, end },
      ]);
      // the payload claims the opposite of what Stripe holds
      const claimed = ours === 'active' ? 'canceled' : 'active';
      expect(
        (await deliver(subscriptionEvent(customer, 'customer.subscription.updated', { status: claimed })))
          .status,
      ).toBe(200);
      expect((await subscription(user)).status, stripeStatus).toBe(ours);
      expect((await quotaOf(user.pb)).plan, stripeStatus).toBe(plan);
    }
    // no subscription at all
    subscriptionsOf.set(customer, []);
    expect((await deliver(subscriptionEvent(customer, 'customer.subscription.deleted'))).status).toBe(200);
    expect(await subscription(user)).toMatchObject({ status: 'canceled' });
    const synced = await user.pb.send(SERVER_ROUTES.subscriptionSync.path, { method: 'POST' });
    expect(synced).toEqual({
      success: false,
      plan: null,
      message: 'No active subscription found. Please contact support if you believe this is an error.',
    });
  });

  it('reads the period end in both API shapes and anchors the quota on the subscription start', async () => {
    const { user, customer } = await customerFor(stack.server, 'shapes');
    const start = seconds('2026-03-31T08:30:00Z');
    const yearEnd = seconds('2027-03-31T08:30:00Z');
    subscriptionsOf.set(customer, [
      {
        id: 'sub_y',
        status: 'active',
        price: TEST_PRICES.yearly,
        start,
        end: yearEnd,
        shape: 'top',
        cancel: true,
      },
    ]);
    expect((await deliver(subscriptionEvent(customer, 'invoice.paid'))).status).toBe(200);
    expect(await subscription(user)).toMatchObject({
      plan: 'yearly',
      status: 'active',
      stripe_subscription_id: 'sub_y',
      cancel_at_period_end: true,
      current_period_end: toPbDate(yearEnd * 1000),
      quota_anchor: toPbDate(start * 1000),
    });
    expect(await quotaOf(user.pb)).toMatchObject({
      plan: 'yearly',
      plan_monthly_quota: 3500,
      total_remaining: 3500,
    });
    const later = seconds('2028-03-31T08:30:00Z');
    subscriptionsOf.set(customer, [
      { id: 'sub_y', status: 'active', price: TEST_PRICES.yearly, start, end: later },
    ]);
    expect((await deliver(subscriptionEvent(customer))).status).toBe(200);
    expect(await subscription(user)).toMatchObject({
      current_period_end: toPbDate(later * 1000),
      cancel_at_period_end: false,
      quota_anchor: toPbDate(start * 1000),
    });
  });

  it('keeps the anchor through a plan change and a failed payment; a new subscription starts anew', async () => {
    const { user, customer } = await customerFor(stack.server, 'anchor');
    const first = seconds('2026-05-15T12:00:00Z');
    const end = seconds('2026-06-15T12:00:00Z');
    const set = (s: Partial<StubSubscription>) =>
      subscriptionsOf.set(customer, [
        { id: 'sub_1', status: 'active', price: TEST_PRICES.monthly, start: first, end, ...s },
      ]);
    set({});
    await deliver(subscriptionEvent(customer, 'customer.subscription.created'));
    expect((await subscription(user)).quota_anchor).toBe(toPbDate(first * 1000));
    set({ price: TEST_PRICES.yearly, start: seconds('2026-05-20T00:00:00Z') });
    await deliver(subscriptionEvent(customer));
    set({ status: 'past_due' });
    await deliver(subscriptionEvent(customer, 'invoice.payment_failed'));
    expect(await subscription(user)).toMatchObject({
      status: 'suspended',
      quota_anchor: toPbDate(first * 1000),
    });
    const second = seconds('2026-08-01T09:00:00Z');
    subscriptionsOf.set(customer, [
      { id: 'sub_1', status: 'canceled', price: TEST_PRICES.monthly, start: first, end, created: first },
      {
        id: 'sub_2',
        status: 'active',
        price: TEST_PRICES.monthly,
        start: second,
        end: second + 86_400 * 31,
        created: second,
      },
    ]);
    await deliver(subscriptionEvent(customer, 'customer.subscription.created'));
    expect(await subscription(user)).toMatchObject({
      status: 'active',
      stripe_subscription_id: 'sub_2',
      quota_anchor: toPbDate(second * 1000),
    });
  });

  it('`updated` before `created`, each delivered five times at once: Stripe’s state, one record per event', async () => {
    const { user, customer } = await customerFor(stack.server, 'order');
    const start = seconds('2026-04-01T00:00:00Z');
    subscriptionsOf.set(customer, [
      {
        id: 'sub_o',
        status: 'active',
        price: TEST_PRICES.monthly,
        start,
        end: seconds('2026-05-01T00:00:00Z'),
        cancel: true,
      },
    ]);
    const updated = subscriptionEvent(customer, 'customer.subscription.updated', {
      cancel_at_period_end: true,
    });
    const created = subscriptionEvent(customer, 'customer.subscription.created', { status: 'incomplete' });
    for (const event of [updated, created]) {
      const answers = await Promise.all(Array.from({ length: 5 }, () => deliver(event)));
      expect(answers.map((a) => a.status)).toEqual([200, 200, 200, 200, 200]);
      expect(await eventCount(event.id)).toBe(1);
    }
    expect(await subscription(user)).toMatchObject({
      status: 'active',
      plan: 'monthly',
      cancel_at_period_end: true,
    });
  });

  it('a slow, older answer from Stripe never overwrites a newer one', async () => {
    const { user, customer } = await customerFor(stack.server, 'race');
    const start = seconds('2026-06-01T00:00:00Z');
    const end = seconds('2026-07-01T00:00:00Z');
    subscriptionsOf.set(customer, [
      { id: 'sub_r', status: 'past_due', price: TEST_PRICES.monthly, start, end },
    ]);
    let arrived!: () => void;
    let release!: () => void;
    const reached = new Promise<void>((resolve) => (arrived = resolve));
    holds.set(customer, { arrived, released: new Promise<void>((resolve) => (release = resolve)) });
    const fetchesBefore = stack.stripe.requests.filter((r) => r.path === '/v1/subscriptions').length;
    // event A fetches while the payment is failing; its answer is held back
    const slow = deliver(subscriptionEvent(customer, 'invoice.payment_failed'));
    await reached;
    // meanwhile the payment goes through and event B is handled completely
    subscriptionsOf.set(customer, [
      { id: 'sub_r', status: 'active', price: TEST_PRICES.monthly, start, end },
    ]);
    expect((await deliver(subscriptionEvent(customer, 'invoice.paid'))).status).toBe(200);
    expect((await subscription(user)).status).toBe('active');
    release();
    expect((await slow).status).toBe(200);
    // A noticed the record changed under it and asked Stripe again instead of storing past_due
    expect((await subscription(user)).status).toBe('active');
    expect(stack.stripe.requests.filter((r) => r.path === '/v1/subscriptions').length - fetchesBefore).toBe(
      3,
    );
  });

  it('when Stripe cannot be reached the event is refused (Stripe retries) and a retry applies it once', async () => {
    const { user, customer } = await customerFor(stack.server, 'retry');
    subscriptionsOf.set(customer, [
      {
        id: 'sub_t',
        status: 'active',
        price: TEST_PRICES.monthly,
        start: seconds('2026-02-01T00:00:00Z'),
        end: seconds('2026-03-01T00:00:00Z'),
      },
    ]);
    failing.add(customer);
    const event = subscriptionEvent(customer, 'customer.subscription.created');
    expect((await deliver(event)).status).toBe(502);
    expect(await eventCount(event.id)).toBe(0);
    expect((await subscription(user)).status).toBe('');
    failing.delete(customer);
    expect((await deliver(event)).status).toBe(200);
    expect(await eventCount(event.id)).toBe(1);
    expect((await subscription(user)).status).toBe('active');
  });

  it('records events for customers we do not know, and changes nothing', async () => {
    const event = subscriptionEvent('cus_nobody_we_know', 'customer.subscription.updated');
    expect((await deliver(event)).status).toBe(200);
    expect(await eventCount(event.id)).toBe(1);
    expect((await deliver({ ...event, id: `${event.id}_other`, type: 'charge.refunded' })).status).toBe(200);
  });
});

describe('signatures over the raw body', () => {
  const packEvent = (user: TestUser, session: string, extra: Record<string, unknown> = {}) => ({
    id: `evt_${session}`,
    object: 'event',
    type: 'checkout.session.completed',
    data: {
      object: {
        id: session,
        object: 'checkout.session',
        mode: 'payment',
        payment_status: 'paid',
        client_reference_id: user.id,
        metadata: {
          user_id: user.id,
          product: 'pack_100',
          note: 'Café – ünïcödé ✓ \u2028 "quoted" </script>',
        },
        ...extra,
      },
    },
  });

  it('accepts the bytes as Stripe sent them (pretty-printed, non-ASCII), not a re-serialization', async () => {
    const user = await stack.server.createUser('raw');
    const event = packEvent(user, `cs_raw_${user.id}`);
    const body = JSON.stringify(event, null, 2);
    // a signature over the same event serialized differently must not pass
    expect((await deliver(event, { body, header: sign(JSON.stringify(JSON.parse(body))) })).status).toBe(400);
    expect((await quotaOf(user.pb)).addon_remaining).toBe(0);
    // one stale v1 (a rotated secret) next to the right one
    const good = sign(body);
    const t = good.split(',')[0]!;
    const header = `${t},v1=${'0'.repeat(64)},${good.split(',')[1]!},v0=ignored`;
    expect((await deliver(event, { body, header })).status).toBe(200);
    expect((await quotaOf(user.pb)).addon_remaining).toBe(100);
  });

  it('refuses a timestamp more than 300 s in the future, and an event without an id', async () => {
    const user = await stack.server.createUser('future');
    const event = packEvent(user, `cs_future_${user.id}`);
    const body = JSON.stringify(event);
    expect((await deliver(event, { header: sign(body, Math.floor(Date.now() / 1000) + 301) })).status).toBe(
      400,
    );
    expect((await deliver({ ...event, id: '' })).status).toBe(400);
    expect((await quotaOf(user.pb)).addon_remaining).toBe(0);
  });
});

describe('credit packs', () => {
  const sessionEvent = (
    user: TestUser,
    session: string,
    type: string,
    extra: Record<string, unknown> = {},
  ) => ({
    id: `evt_${Math.random().toString(36).slice(2)}`,
    object: 'event',
    type,
    data: {
      object: {
        id: session,
        object: 'checkout.session',
        mode: 'payment',
        payment_status: 'paid',
        client_reference_id: user.id,
        metadata: {},
        ...extra,
      },
    },
  });

  it('a session without our metadata is identified by its price, and granted once across events', async () => {
    const user = await stack.server.createUser('priced');
    const session = `cs_priced_${user.id}`;
    lineItems.set(session, TEST_PRICES.pack_1000);
    expect((await deliver(sessionEvent(user, session, 'checkout.session.completed'))).status).toBe(200);
    expect(
      (await deliver(sessionEvent(user, session, 'checkout.session.async_payment_succeeded'))).status,
    ).toBe(200);
    expect(await quotaOf(user.pb)).toMatchObject({ addon_remaining: 1000, total_remaining: 1000 });
    const lookups = stack.stripe.requests.filter(
      (r) => r.path === `/v1/checkout/sessions/${session}/line_items`,
    );
    expect(lookups.length).toBeGreaterThanOrEqual(1);
    expect(lookups[0]!.headers['stripe-version']).toBe('2025-09-30.clover');
  });

  it('grants nothing for an unpaid session or a price that is not one of our packs', async () => {
    const user = await stack.server.createUser('unpaid');
    const unpaid = sessionEvent(user, `cs_unpaid_${user.id}`, 'checkout.session.completed', {
      payment_status: 'unpaid',
      metadata: { product: 'pack_500' },
    });
    expect((await deliver(unpaid)).status).toBe(200);
    const foreign = `cs_foreign_${user.id}`;
    lineItems.set(foreign, 'price_someone_elses');
    const other = sessionEvent(user, foreign, 'checkout.session.completed');
    expect((await deliver(other)).status).toBe(200);
    expect(await eventCount(other.id)).toBe(1);
    expect((await quotaOf(user.pb)).addon_remaining).toBe(0);
  });
});
