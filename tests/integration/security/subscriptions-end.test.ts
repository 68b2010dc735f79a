/**
 * docs/going-live.md#subscriptions-end-on-their-own,
 * docs/invariants.md#invariant-10-access-follows-the-subscription: subscriptions end without anyone acting.
 * The sweep cron (adscout_subscription_sweep, every minute) is started through PocketBase's cron route, as
 * the lease tests do. Local mode: a plan set to cancel at period end is canceled once the period is over —
 * and the owner's open app hears it over realtime, so the gate drops live — while an active plan renews.
 * Stripe mode: Stripe stays the source of truth; a subscription whose period ended over an hour ago with no
 * update for an hour is fetched again, at most once an hour.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RecordModel } from 'pocketbase';
import { DAY_MS, toPbDate } from '../../../src/domain/text/format.ts';
import { createSubscription } from '../../fixtures/records.ts';
import { startTestServer, type TestServer, type TestUser } from '../harness.ts';
import { TEST_PRICES, useStripeMode } from '../stripe-mock.ts';
import { waitUntil } from '../../fixtures/wait-for.ts';
import { NO_BILLING_ENV, runCron, writeColumns } from './support.ts';
import { quotaOf, startRun } from '../../fixtures/user-api.ts';
import { COLLECTIONS } from '../../../src/domain/api/collections.ts';

const SWEEP = 'adscout_subscription_sweep';
const minutesFromNow = (n: number) => new Date(Date.now() + n * 60_000);
const parse = (value: string) => new Date(value.replace(' ', 'T'));

async function subscriptionOf(server: TestServer, user: TestUser): Promise<RecordModel> {
  return server.superuser.collection(COLLECTIONS.subscriptions).getFirstListItem(`user = "${user.id}"`);
}

describe('local mode', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({ env: NO_BILLING_ENV });
  });
  afterAll(async () => {
    await server?.stop();
  });

  it('ends a plan set to cancel at period end once the period is over, live for the open app', async () => {
    const user = await server.createUser('leaving');
    // a period not over yet while the test checks the plan is on: the sweep runs every minute by
    // itself too, and would end a period already over before the first check
    const leaving = await createSubscription(server.superuser, user.id, {
      cancel_at_period_end: true,
      current_period_end: toPbDate(minutesFromNow(30)),
    });
    // untouched: a period not yet over, and a suspended plan that is not canceling
    const staying = await server.createUser('staying');
    await createSubscription(server.superuser, staying.id, {
      cancel_at_period_end: true,
      current_period_end: toPbDate(minutesFromNow(30)),
    });
    const unpaid = await server.createUser('unpaid');
    await createSubscription(server.superuser, unpaid.id, {
      status: 'suspended',
      current_period_end: toPbDate(minutesFromNow(-5)),
    });
    const before = await subscriptionOf(server, staying);
    const unpaidBefore = await subscriptionOf(server, unpaid);

    const heard: string[] = [];
    const unsubscribe = await user.pb
      .collection(COLLECTIONS.subscriptions)
      .subscribe('*', (event) => heard.push(`${event.action}:${event.record.status}`));
    try {
      expect(await quotaOf(user.pb)).toMatchObject({ plan: 'monthly' });
      // the period ends; the sweep (run now, or the minute's own) cancels the plan
      await server.superuser
        .collection(COLLECTIONS.subscriptions)
        .update(leaving.id, { current_period_end: toPbDate(minutesFromNow(-1)) });
      await runCron(server.superuser, SWEEP);
      await expect.poll(() => heard, { timeout: 10_000 }).toContain('update:canceled');
    } finally {
      await unsubscribe();
    }
    expect(await subscriptionOf(server, user)).toMatchObject({
      status: 'canceled',
      cancel_at_period_end: false,
    });
    expect(await quotaOf(user.pb)).toMatchObject({ plan: null, total_remaining: 0 });
    await expect(
      startRun(user, {
        search_name: 'Too late',
        facebook_link: 'https://www.facebook.com/ads/library/?q=lamp',
        requested_count: 5,
      }),
    ).rejects.toMatchObject({ status: 403 });
    expect((await subscriptionOf(server, staying)).updated).toBe(before.updated);
    expect((await subscriptionOf(server, unpaid)).updated).toBe(unpaidBefore.updated);
  });

  it('renews an active plan whose period is over, keeping its quota anchor', async () => {
    const user = await server.createUser('renewing');
    const anchor = new Date(Date.UTC(2025, 0, 31, 9, 30));
    await createSubscription(server.superuser, user.id, {
      quota_anchor: toPbDate(anchor),
      current_period_end: toPbDate(minutesFromNow(-2)),
    });
    await runCron(server.superuser, SWEEP);
    await waitUntil(
      'the renewal',
      async () => parse((await subscriptionOf(server, user)).current_period_end) > new Date(),
    );
    const renewed = await subscriptionOf(server, user);
    expect(renewed).toMatchObject({
      status: 'active',
      cancel_at_period_end: false,
      quota_anchor: toPbDate(anchor),
    });
    const end = parse(renewed.current_period_end);
    // the next boundary of the anchor: its day (clamped to the month's end) at 09:30 UTC
    expect(end.getTime() - Date.now()).toBeLessThanOrEqual(31 * DAY_MS);
    expect([end.getUTCHours(), end.getUTCMinutes()]).toEqual([9, 30]);
  });
});

describe('Stripe mode', () => {
  const MONTHLY = 'price_monthly_sweep';
  /** What Stripe holds per customer: a status and a period end (seconds). */
  const stripeState = new Map<string, { status: string; end: number }>();
  const failing = new Set<string>();

  const stack = useStripeMode({
    webhookSecret: 'whsec_sweep',
    prices: { ...TEST_PRICES, monthly: MONTHLY },
    intercept: (request) => {
      if (request.method !== 'GET' || request.path !== '/v1/subscriptions') return undefined;
      const customer = request.query.get('customer') ?? '';
      if (failing.has(customer)) return { status: 500, body: { error: { message: 'Stripe is down' } } };
      const state = stripeState.get(customer);
      if (!state) return undefined;
      const start = state.end - 30 * 24 * 3600;
      return {
        body: {
          object: 'list',
          has_more: false,
          data: [
            {
              id: `sub_${customer}`,
              object: 'subscription',
              customer,
              status: state.status,
              start_date: start,
              created: start,
              cancel_at_period_end: false,
              items: {
                object: 'list',
                data: [
                  {
                    id: `si_${customer}`,
                    object: 'subscription_item',
                    price: { id: MONTHLY, object: 'price', recurring: { interval: 'month' } },
                    current_period_start: start,
                    current_period_end: state.end,
                  },
                ],
              },
            },
          ],
        },
      };
    },
  });

  const fetchesFor = (customer: string) =>
    stack.stripe.requests.filter(
      (r) => r.path === '/v1/subscriptions' && r.query.get('customer') === customer,
    ).length;

  it('re-fetches a period that ended over an hour ago with no word since, at most once an hour', async () => {
    const hoursAgo = (n: number) => toPbDate(minutesFromNow(-60 * n));
    // lost: Stripe canceled it, and the webhook never came
    const lost = await stack.server.createUser('lost');
    const lostSub = await createSubscription(stack.server.superuser, lost.id, {
      stripe_customer_id: 'cus_lost',
    });
    stripeState.set('cus_lost', { status: 'canceled', end: Math.floor(Date.now() / 1000) - 7200 });
    // stale: Stripe still reports the old period (retrying a payment): stored, then left for an hour
    const stale = await stack.server.createUser('stale');
    const staleSub = await createSubscription(stack.server.superuser, stale.id, {
      stripe_customer_id: 'cus_stale',
    });
    stripeState.set('cus_stale', { status: 'past_due', end: Math.floor(Date.now() / 1000) - 7200 });
    // down: Stripe cannot answer; the failed try counts as this hour's
    const down = await stack.server.createUser('down');
    const downSub = await createSubscription(stack.server.superuser, down.id, {
      stripe_customer_id: 'cus_down',
    });
    failing.add('cus_down');
    // not yet: updated within the hour, or a period that ended less than an hour ago
    const recent = await stack.server.createUser('recent');
    const recentSub = await createSubscription(stack.server.superuser, recent.id, {
      stripe_customer_id: 'cus_recent',
      current_period_end: hoursAgo(2),
    });
    const fresh = await stack.server.createUser('fresh');
    const freshSub = await createSubscription(stack.server.superuser, fresh.id, {
      stripe_customer_id: 'cus_fresh',
    });
    // late: falls due only after the first tick, so the second has one to do and says when it is done
    const late = await stack.server.createUser('late');
    const lateSub = await createSubscription(stack.server.superuser, late.id, {
      stripe_customer_id: 'cus_late',
    });
    stripeState.set('cus_late', { status: 'active', end: Math.floor(Date.now() / 1000) + 7 * 24 * 3600 });

    await writeColumns(stack.server, COLLECTIONS.subscriptions, [
      { id: lostSub.id, values: { current_period_end: hoursAgo(2), updated: hoursAgo(2) } },
      { id: staleSub.id, values: { current_period_end: hoursAgo(2), updated: hoursAgo(1.5) } },
      { id: downSub.id, values: { current_period_end: hoursAgo(3), updated: hoursAgo(2) } },
      { id: freshSub.id, values: { current_period_end: hoursAgo(0.5), updated: hoursAgo(2) } },
    ]);
    stack.stripe.requests.length = 0;

    // three ticks at once (PocketBase runs its own each minute beside any run by hand): each
    // subscription is still fetched once, by the tick that claimed it
    await Promise.all([1, 2, 3].map(() => runCron(stack.server.superuser, SWEEP)));
    await stack.server.waitForOutput(`could not re-fetch ${downSub.id}`);
    await waitUntil(
      'the sweep',
      async () =>
        (await subscriptionOf(stack.server, lost)).status === 'canceled' &&
        (await subscriptionOf(stack.server, stale)).status === 'suspended',
    );
    expect(parse((await subscriptionOf(stack.server, down)).updated).getTime()).toBeGreaterThan(
      minutesFromNow(-5).getTime(),
    );
    expect([fetchesFor('cus_lost'), fetchesFor('cus_stale'), fetchesFor('cus_down')]).toEqual([1, 1, 1]);
    expect([fetchesFor('cus_recent'), fetchesFor('cus_fresh')]).toEqual([0, 0]);

    // the next tick: the canceled plan is done, the others were tried this hour. It ends on the
    // late one, so its summary line (after the restart that dated `late` back: a new log) says
    // the whole pass is over.
    await writeColumns(stack.server, COLLECTIONS.subscriptions, [
      { id: lateSub.id, values: { current_period_end: hoursAgo(2), updated: hoursAgo(2) } },
    ]);
    await runCron(stack.server.superuser, SWEEP);
    await stack.server.waitForOutput(
      'subscription sweep: 0 ended, 0 renewed, 1 re-fetched from Stripe, 0 failed',
    );
    expect(fetchesFor('cus_late')).toBe(1);
    expect([fetchesFor('cus_lost'), fetchesFor('cus_stale'), fetchesFor('cus_down')]).toEqual([1, 1, 1]);
    expect((await subscriptionOf(stack.server, recent)).updated).toBe(recentSub.updated);
    expect((await subscriptionOf(stack.server, fresh)).status).toBe('active');
  });
});
