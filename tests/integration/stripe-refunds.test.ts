/**
 * docs/going-live.md, refunds and chargebacks (stripe-mock, signed events). A credit pack is taken back
 * while Stripe reports its charge refunded or a dispute of it lost: min(the pack, the unreserved
 * add-on balance), once, whatever the order of the events and however often they come, and the
 * quota never goes below zero (docs/invariants.md#invariant-3-the-quota-is-never-overspent); a dispute won
 * gives it back, unless the charge was refunded. A slow, older answer from Stripe never undoes a newer one.
 * For a plan, the subscription follows what Stripe reports.
 *
 * stripe-mock validates every request but its data is fixed: the stub below answers, per
 * charge, what Stripe holds now (refunded or not, its disputes, the checkout session of its
 * payment), and per customer their subscriptions.
 */
import { describe, expect, it } from 'vitest';
import type { TestUser } from './harness.ts';
import { customerFor, TEST_PRICES, useStripeMode } from './stripe-mock.ts';
import { stripeEvent } from './stripe-webhook.ts';
import { quotaOf } from '../fixtures/user-api.ts';
import { COLLECTIONS } from '../../src/domain/api/collections.ts';

const WEBHOOK_SECRET = 'whsec_adscout_refunds';

interface Charge {
  id: string;
  intent: string;
  customer: string;
  refunded: boolean;
  disputes: { id: string; status: string }[];
}
const charges = new Map<string, Charge>();
const sessionOfIntent = new Map<string, Record<string, unknown>>();
const subscriptionsOf = new Map<string, { id: string; status: string; start: number; end: number }[]>();
/** A charge whose next fetch answers what Stripe held on arrival, once the test releases it. */
const holds = new Map<string, { arrived: () => void; released: Promise<void> }>();

const list = (data: unknown[]) => ({ body: { object: 'list', data, has_more: false } });

function chargeObject(charge: Charge) {
  return {
    id: charge.id,
    object: 'charge',
    amount: 1500,
    amount_refunded: charge.refunded ? 1500 : 0,
    refunded: charge.refunded,
    disputed: charge.disputes.length > 0,
    customer: charge.customer,
    payment_intent: charge.intent,
  };
}

const stack = useStripeMode({
  webhookSecret: WEBHOOK_SECRET,
  clientsBehindProxy: true,
  intercept: (request) => {
    const one = /^\/v1\/charges\/([^/]+)$/.exec(request.path);
    if (request.method === 'GET' && one && charges.has(one[1]!)) {
      // the state as it is when the request arrives, even if the answer is held back
      const answer = { body: chargeObject(charges.get(one[1]!)!) };
      const hold = holds.get(one[1]!);
      if (!hold) return answer;
      holds.delete(one[1]!);
      hold.arrived();
      return hold.released.then(() => answer);
    }
    if (request.method === 'GET' && request.path === '/v1/disputes') {
      const charge = charges.get(request.query.get('charge') ?? '');
      return list(
        (charge?.disputes ?? []).map((d) => ({
          ...d,
          object: 'dispute',
          charge: charge!.id,
          payment_intent: charge!.intent,
        })),
      );
    }
    if (request.method === 'GET' && request.path === '/v1/checkout/sessions') {
      const intent = request.query.get('payment_intent') ?? '';
      if (intent) return list(sessionOfIntent.has(intent) ? [sessionOfIntent.get(intent)] : []);
      return undefined;
    }
    if (request.method === 'GET' && request.path === '/v1/subscriptions') {
      const customer = request.query.get('customer') ?? '';
      const subscriptions = subscriptionsOf.get(customer);
      if (!subscriptions) return undefined;
      return list(
        subscriptions.map((s) => ({
          id: s.id,
          object: 'subscription',
          customer,
          status: s.status,
          start_date: s.start,
          created: s.start,
          cancel_at_period_end: false,
          items: {
            object: 'list',
            data: [{ id: `si_${s.id}`, price: { id: TEST_PRICES.monthly }, current_period_end: s.end }],
          },
        })),
      );
    }
    return undefined;
  },
});

const deliver = (event: unknown) => stack.webhook.deliver(event);

interface Pack {
  session: Record<string, unknown> & { id: string };
  charge: Charge;
}

let packCounter = 0;
/** A paid pack checkout as Stripe holds it (its session, payment and charge); no event sent yet. */
function packOf(user: TestUser, customer: string, product: 'pack_100' | 'pack_500'): Pack {
  packCounter += 1;
  const intent = `pi_${packCounter}_${user.id}`;
  const session = {
    id: `cs_${packCounter}_${user.id}`,
    object: 'checkout.session',
    mode: 'payment',
    payment_status: 'paid',
    client_reference_id: user.id,
    customer,
    payment_intent: intent,
    metadata: { user_id: user.id, product },
  };
  sessionOfIntent.set(intent, session);
  const charge = { id: `ch_${packCounter}_${user.id}`, intent, customer, refunded: false, disputes: [] };
  charges.set(charge.id, charge);
  return { session, charge };
}

const purchased = (pack: Pack) => stripeEvent('checkout.session.completed', pack.session);
const refundedEvent = (charge: Charge) =>
  stripeEvent('charge.refunded', { ...chargeObject(charge), refunded: true });
/** A dispute's closing event: a dispute names its charge and payment, not the customer. */
const disputeClosed = (charge: Charge, status: string) =>
  stripeEvent('charge.dispute.closed', {
    id: `du_${charge.id}`,
    object: 'dispute',
    charge: charge.id,
    payment_intent: charge.intent,
    status,
  });

/** The pack's ledger rows, oldest first, as `kind amount`. */
async function rowsOf(pack: Pack): Promise<string[]> {
  const rows = await stack.server.superuser
    .collection(COLLECTIONS.usageLedger)
    .getFullList({ filter: `checkout_session = "${pack.session.id}"`, sort: 'created,id' });
  return rows.map((row) => `${row.kind} ${row.amount}`);
}

async function expectAllOk(events: unknown[]) {
  for (const event of events) expect((await deliver(event)).status).toBe(200);
}

describe('a refunded or disputed credit pack', () => {
  it('a refund delivered before the purchase takes the pack back once, whatever comes after', async () => {
    const { user, customer } = await customerFor(stack.server, 'refund-first');
    const pack = packOf(user, customer, 'pack_500');
    pack.charge.refunded = true;
    const refund = refundedEvent(pack.charge);
    const answers = await Promise.all([1, 2, 3, 4, 5].map(() => deliver(refund)));
    expect(answers.map((answer) => answer.status)).toEqual([200, 200, 200, 200, 200]);
    // one grant and one revoke, written together by the first refund: the same `created`, so no order
    // between them (a full run once listed the revoke first)
    expect((await rowsOf(pack)).sort()).toEqual(['addon_grant 500', 'addon_revoke 500']);
    expect(await quotaOf(user.pb)).toMatchObject({ addon_remaining: 0, total_remaining: 0 });

    // the purchase arrives late, the refund again under another id, and a lost dispute
    pack.charge.disputes = [{ id: `du_${pack.charge.id}`, status: 'lost' }];
    await expectAllOk([purchased(pack), refundedEvent(pack.charge), disputeClosed(pack.charge, 'lost')]);
    expect((await rowsOf(pack)).sort()).toEqual(['addon_grant 500', 'addon_revoke 500']);

    // a pack bought afterwards keeps its credits, whatever the old pack's events do
    const next = packOf(user, customer, 'pack_100');
    await expectAllOk([purchased(next), refundedEvent(pack.charge), disputeClosed(pack.charge, 'lost')]);
    expect(await quotaOf(user.pb)).toMatchObject({ addon_remaining: 100, total_remaining: 100 });
  });

  it('takes only the unreserved credits left, never below zero; a dispute won gives them back, a refund takes them again', async () => {
    const { user, customer } = await customerFor(stack.server, 'spent');
    const small = packOf(user, customer, 'pack_100');
    const big = packOf(user, customer, 'pack_500');
    await expectAllOk([purchased(small), purchased(big)]);
    // 520 credits spent, and a working run holds 50 more: 30 are free
    await stack.server.superuser
      .collection(COLLECTIONS.usageLedger)
      .create({ user: user.id, kind: 'addon_use', amount: 520 });
    await stack.server.superuser
      .collection(COLLECTIONS.usageLedger)
      .create({ user: user.id, kind: 'reservation', amount: 50 });
    expect(await quotaOf(user.pb)).toMatchObject({ plan: null, addon_remaining: 80, total_remaining: 30 });

    big.charge.disputes = [{ id: `du_${big.charge.id}`, status: 'lost' }];
    await expectAllOk([disputeClosed(big.charge, 'lost')]);
    expect(await rowsOf(big)).toEqual(['addon_grant 500', 'addon_revoke 30']);
    // the reservation is still covered, and nothing is below zero
    expect(await quotaOf(user.pb)).toMatchObject({ addon_remaining: 50, total_remaining: 0 });

    // Stripe reports the dispute won: the 30 come back
    big.charge.disputes = [{ id: `du_${big.charge.id}`, status: 'won' }];
    await expectAllOk([disputeClosed(big.charge, 'won')]);
    expect(await quotaOf(user.pb)).toMatchObject({ addon_remaining: 80, total_remaining: 30 });

    // then the charge is refunded: taken again, once; a late "won" event changes nothing
    big.charge.refunded = true;
    await expectAllOk([
      refundedEvent(big.charge),
      disputeClosed(big.charge, 'won'),
      refundedEvent(big.charge),
    ]);
    expect(await rowsOf(big)).toEqual([
      'addon_grant 500',
      'addon_revoke 30',
      'addon_restore 30',
      'addon_revoke 30',
    ]);
    expect(await quotaOf(user.pb)).toMatchObject({ addon_remaining: 50, total_remaining: 0 });
    // the other pack was never touched
    expect(await rowsOf(small)).toEqual(['addon_grant 100']);
  });

  it('a slow, older answer from Stripe never gives back a pack a newer answer took', async () => {
    const { user, customer } = await customerFor(stack.server, 'slow');
    const pack = packOf(user, customer, 'pack_100');
    await expectAllOk([purchased(pack)]);
    pack.charge.disputes = [{ id: `du_${pack.charge.id}`, status: 'won' }];
    let arrived!: () => void;
    let release!: () => void;
    const reached = new Promise<void>((resolve) => (arrived = resolve));
    holds.set(pack.charge.id, { arrived, released: new Promise<void>((resolve) => (release = resolve)) });
    // the "won" event asks Stripe while nothing is refunded; its answer is held back
    const slow = deliver(disputeClosed(pack.charge, 'won'));
    await Promise.race([
      reached,
      slow.then(() => {
        throw new Error('the event was answered without asking Stripe about the charge');
      }),
    ]);
    // meanwhile the charge is refunded and that event is handled completely
    pack.charge.refunded = true;
    await expectAllOk([refundedEvent(pack.charge)]);
    expect(await quotaOf(user.pb)).toMatchObject({ addon_remaining: 0 });
    release();
    expect((await slow).status).toBe(200);
    // the slow event saw the pack change under it and asked Stripe again
    expect(await rowsOf(pack)).toEqual(['addon_grant 100', 'addon_revoke 100']);
    expect(await quotaOf(user.pb)).toMatchObject({ addon_remaining: 0 });
  });
});

describe('a refunded or disputed plan payment', () => {
  it('the subscription follows what Stripe reports', async () => {
    const { user, customer } = await customerFor(stack.server, 'plan-dispute');
    const start = Math.floor(Date.now() / 1000) - 86_400;
    subscriptionsOf.set(customer, [{ id: 'sub_p', status: 'active', start, end: start + 30 * 86_400 }]);
    await expectAllOk([
      stripeEvent('customer.subscription.created', { id: 'sub_p', object: 'subscription', customer }),
    ]);
    expect(await quotaOf(user.pb)).toMatchObject({ plan: 'monthly' });

    // an invoice's charge (no checkout session of ours): the dispute is lost and Stripe cancels the plan
    const charge: Charge = {
      id: `ch_plan_${user.id}`,
      intent: `pi_plan_${user.id}`,
      customer,
      refunded: false,
      disputes: [],
    };
    charges.set(charge.id, charge);
    charge.disputes = [{ id: `du_${charge.id}`, status: 'lost' }];
    subscriptionsOf.set(customer, [{ id: 'sub_p', status: 'canceled', start, end: start + 30 * 86_400 }]);
    await expectAllOk([disputeClosed(charge, 'lost')]);
    const record = await stack.server.superuser
      .collection(COLLECTIONS.subscriptions)
      .getFirstListItem(`user = "${user.id}"`);
    expect(record.status).toBe('canceled');
    expect(await quotaOf(user.pb)).toMatchObject({ plan: null });
  });
});
