/**
 * The quota endpoint and the ledger (docs/billing.md,
 * docs/invariants.md#invariant-3-the-quota-is-never-overspent and
 * docs/invariants.md#invariant-7-the-browser-is-never-trusted-for-plan-status-quota-or-counts): the quota
 * shape of docs/product.md#entities-and-fields from ledger sums (plan use of the current anchored period
 * only, credits that never expire, open reservations), no client writes to the server-only collections
 * through REST or batch, ledger and subscription changes heard over realtime, and one user's concurrent run
 * creations, settlements and pack purchases never overspending or losing a unit.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { toPbDate } from '../../src/domain/text/format.ts';
import { currentPeriod, periodBoundary } from '../../src/hooks/quota/periods.ts';
import { createSubscription, subscriberWithPlanUsedUp } from '../fixtures/records.ts';
import { startTestServer, statusOf, type TestServer, type TestUser } from './harness.ts';
import { quotaOf, startRun } from '../fixtures/user-api.ts';
import { COLLECTIONS } from '../../src/domain/api/collections.ts';
import { SERVER_ROUTES } from '../../src/domain/api/routes.ts';

let server: TestServer;

beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  await server?.stop();
});

async function ledger(user: TestUser, kind: string, amount: number, extra: Record<string, unknown> = {}) {
  return server.superuser
    .collection(COLLECTIONS.usageLedger)
    .create({ user: user.id, kind, amount, ...extra });
}

describe(`GET ${SERVER_ROUTES.quota.path}`, () => {
  it('sums the ledger: plan use of the current period only, credits, open reservations', async () => {
    const user = await server.createUser('sums');
    // anchored on January 31 of last year: the period boundaries are clamped to shorter months
    const now = new Date();
    const anchor = new Date(Date.UTC(now.getUTCFullYear() - 1, 0, 31, 10, 0, 0));
    const period = currentPeriod(anchor, now);
    const k =
      (period.start.getUTCFullYear() - anchor.getUTCFullYear()) * 12 +
      period.start.getUTCMonth() -
      anchor.getUTCMonth();
    expect(toPbDate(periodBoundary(anchor, k))).toBe(toPbDate(period.start));
    await createSubscription(server.superuser, user.id, { quota_anchor: anchor.toISOString() });
    const previous = periodBoundary(anchor, k - 1);
    await ledger(user, 'plan_use', 900, { period_start: toPbDate(previous) }); // an earlier period
    await ledger(user, 'plan_use', 150, { period_start: toPbDate(period.start) });
    await ledger(user, 'plan_use', 50, { period_start: toPbDate(period.start) });
    await ledger(user, 'addon_grant', 300, { checkout_session: `cs_a_${user.id}` });
    await ledger(user, 'addon_grant', 100, { checkout_session: `cs_b_${user.id}` });
    await ledger(user, 'addon_use', 50);
    await ledger(user, 'reservation', 100);
    await ledger(user, 'reservation_release', 40);
    expect(await quotaOf(user.pb)).toEqual({
      plan: 'monthly',
      plan_monthly_quota: 2500,
      plan_used_this_month: 200,
      plan_remaining_this_month: 2300,
      addon_remaining: 350,
      addon_balance_total: 400,
      total_remaining: 2300 + 350 - 60,
    });
  });

  it('the yearly plan counts 3,500 a month; a suspended plan leaves only the credits', async () => {
    const user = await server.createUser('yearly');
    const sub = await createSubscription(server.superuser, user.id, { plan: 'yearly' });
    await ledger(user, 'addon_grant', 100, { checkout_session: `cs_y_${user.id}` });
    expect(await quotaOf(user.pb)).toMatchObject({
      plan: 'yearly',
      plan_monthly_quota: 3500,
      total_remaining: 3600,
    });
    await server.superuser.collection(COLLECTIONS.subscriptions).update(sub.id, { status: 'suspended' });
    expect(await quotaOf(user.pb)).toEqual({
      plan: null,
      plan_monthly_quota: 0,
      plan_used_this_month: 0,
      plan_remaining_this_month: 0,
      addon_remaining: 100,
      addon_balance_total: 100,
      total_remaining: 100,
    });
  });

  it('never reports a negative balance, and answers only the signed-in user', async () => {
    const user = await server.createUser('over');
    await ledger(user, 'reservation', 500);
    expect((await quotaOf(user.pb)).total_remaining).toBe(0);
    expect(await statusOf(quotaOf(server.anonymous()))).toBe(401);
  });
});

describe('server-only collections', () => {
  it('a user cannot create, update or delete them through REST or batch, nor finish a run', async () => {
    const user = await server.createUser('writer');
    const subscription = await createSubscription(server.superuser, user.id, { status: 'suspended' });
    const entry = await ledger(user, 'addon_grant', 10, { checkout_session: `cs_w_${user.id}` });
    const audit = await server.superuser
      .collection(COLLECTIONS.auditLogs)
      .create({ user: user.id, action: 'password_updated', metadata: {} });
    const event = await server.superuser
      .collection(COLLECTIONS.stripeEvents)
      .create({ event_id: `evt_${user.id}` });
    const targets: [string, string, Record<string, unknown>][] = [
      [COLLECTIONS.subscriptions, subscription.id, { user: user.id, plan: 'yearly', status: 'active' }],
      [COLLECTIONS.usageLedger, entry.id, { user: user.id, kind: 'addon_grant', amount: 100000 }],
      [COLLECTIONS.auditLogs, audit.id, { user: user.id, action: 'email_updated', metadata: {} }],
      [COLLECTIONS.stripeEvents, event.id, { event_id: 'evt_forged' }],
      [
        COLLECTIONS.billingSessions,
        'x'.repeat(15),
        { user: user.id, kind: 'checkout', token: 'y'.repeat(48) },
      ],
    ];
    for (const [name, id, body] of targets) {
      const col = user.pb.collection(name);
      for (const attempt of [() => col.create(body), () => col.update(id, body), () => col.delete(id)]) {
        expect(await statusOf(attempt()), name).toBeGreaterThanOrEqual(400);
      }
      for (const build of [
        (b: ReturnType<typeof user.pb.createBatch>) => b.collection(name).create(body),
        (b: ReturnType<typeof user.pb.createBatch>) => b.collection(name).update(id, body),
        (b: ReturnType<typeof user.pb.createBatch>) => b.collection(name).delete(id),
        (b: ReturnType<typeof user.pb.createBatch>) => b.collection(name).upsert({ id, ...body }),
      ]) {
        const batch = user.pb.createBatch();
        build(batch);
        // the batch API is for superusers only (security/batch-access.test.ts)
        expect(await statusOf(batch.send()), name).toBe(403);
      }
    }
    // nothing changed
    expect(
      await server.superuser.collection(COLLECTIONS.subscriptions).getOne(subscription.id),
    ).toMatchObject({
      plan: 'monthly',
      status: 'suspended',
      updated: subscription.updated,
    });
    expect((await server.superuser.collection(COLLECTIONS.usageLedger).getOne(entry.id)).amount).toBe(10);
    expect(
      await server.superuser
        .collection(COLLECTIONS.usageLedger)
        .getFullList({ filter: `user = "${user.id}"` }),
    ).toHaveLength(1);
    expect(
      await server.superuser.collection(COLLECTIONS.auditLogs).getFullList({ filter: `user = "${user.id}"` }),
    ).toHaveLength(1);
    expect(
      await server.superuser
        .collection(COLLECTIONS.stripeEvents)
        .getFullList({ filter: 'event_id = "evt_forged"' }),
    ).toHaveLength(0);
    expect((await quotaOf(user.pb)).total_remaining).toBe(10);
    // the worker's finish route is for the workers' account only
    expect([401, 403]).toContain(
      await statusOf(
        user.pb.send(SERVER_ROUTES.workerRunFinish.url('r'.repeat(15)), {
          method: 'POST',
          body: { status: 'completed' },
        }),
      ),
    );
  });
});

describe('realtime', () => {
  it('the owner hears a paid checkout: the subscription and the ledger change as record events', async () => {
    const user = await server.createUser('listener');
    const heard: string[] = [];
    const unsubscribeSub = await user.pb
      .collection(COLLECTIONS.subscriptions)
      .subscribe('*', (e) => heard.push(`subscriptions:${e.action}:${e.record.status}`));
    const unsubscribeLedger = await user.pb
      .collection(COLLECTIONS.usageLedger)
      .subscribe('*', (e) => heard.push(`usage_ledger:${e.action}:${e.record.kind}:${e.record.amount}`));
    try {
      for (const product of ['monthly', 'pack_500']) {
        const { url } = await user.pb.send<{ url: string }>(SERVER_ROUTES.checkout.path, {
          method: 'POST',
          body: { product },
        });
        expect((await fetch(`${url}/pay`, { method: 'POST', redirect: 'manual' })).status).toBe(303);
      }
      await expect.poll(() => heard, { timeout: 10_000 }).toContain('subscriptions:create:active');
      await expect.poll(() => heard, { timeout: 10_000 }).toContain('usage_ledger:create:addon_grant:500');
      expect((await quotaOf(user.pb)).total_remaining).toBe(3000);
    } finally {
      await unsubscribeSub();
      await unsubscribeLedger();
    }
  });
});

describe('the quota of one user under concurrency', () => {
  const LINK = 'https://www.facebook.com/ads/library/?active_status=active&country=US&q=lamp';

  async function create(user: TestUser, requested: number): Promise<string | null> {
    try {
      const run = await startRun(user, {
        search_name: 'Lamps',
        facebook_link: LINK,
        requested_count: requested,
      });
      return run.id;
    } catch (error) {
      expect((error as { status: number }).status).toBe(400);
      return null;
    }
  }

  let adCounter = 0;
  /** What the worker does for a run: take the lease, store `count` new ads, finish (twice). */
  async function scout(runId: string, count: number, status: 'completed' | 'failed') {
    const worker = `w-${runId}`;
    await server.superuser
      .collection(COLLECTIONS.searchRuns)
      .update(runId, { lease_owner: worker, lease_expires_at: new Date(Date.now() + 60_000).toISOString() });
    const rows = Array.from({ length: count }, () => ({ ad_id: `lamp-${adCounter++}` }));
    if (rows.length) {
      await server.worker.send(SERVER_ROUTES.workerRunResults.url(runId), {
        method: 'POST',
        body: { worker, rows },
      });
    }
    const finish = () =>
      server.worker.send(SERVER_ROUTES.workerRunFinish.url(runId), {
        method: 'POST',
        body: { worker, status },
      });
    // a repeated finish (a retried request) races the first one
    await Promise.all([finish(), finish()]);
  }

  it('parallel creations, settlements and pack purchases keep every unit accounted for', async () => {
    // scouting needs an active subscription; with its monthly results used up, credits are all
    // this user can spend
    const user = await subscriberWithPlanUsedUp(server.superuser, server, 'busy');
    const packs = await Promise.all(
      Array.from({ length: 6 }, async () => {
        const { url } = await user.pb.send<{ url: string }>(SERVER_ROUTES.checkout.path, {
          method: 'POST',
          body: { product: 'pack_100' },
        });
        return url;
      }),
    );
    const pay = (url: string) =>
      fetch(`${url}/pay`, { method: 'POST', redirect: 'manual' }).then((r) => r.status);
    // one pack before anything starts
    expect(await pay(packs[0]!)).toBe(303);
    const observed: number[] = [];
    let winners = 0;
    const scouting = (async () => {
      for (let round = 0; round < 12; round++) {
        const requested = [30, 70, 100, 45][round % 4]!;
        const ids = (await Promise.all(Array.from({ length: 4 }, () => create(user, requested)))).filter(
          (id): id is string => id !== null,
        );
        expect(ids.length).toBeLessThanOrEqual(1);
        winners += ids.length;
        for (const id of ids)
          await scout(id, Math.min(requested, 10 + round * 7), round % 3 === 2 ? 'failed' : 'completed');
      }
    })();
    const buying = (async () => {
      for (const url of packs.slice(1)) {
        // each link is paid twice at once: single use, so one grant
        const statuses = await Promise.all([pay(url), pay(url)]);
        expect(statuses.sort()).toEqual([303, 404]);
        observed.push((await quotaOf(user.pb)).total_remaining);
      }
    })();
    const watching = (async () => {
      for (let i = 0; i < 20; i++) observed.push((await quotaOf(user.pb)).total_remaining);
    })();
    await Promise.all([scouting, buying, watching]);

    expect(winners).toBeGreaterThan(0);
    expect(observed.every((n) => n >= 0)).toBe(true);
    const runs = await server.superuser
      .collection(COLLECTIONS.searchRuns)
      .getFullList({ filter: `user = "${user.id}"` });
    expect(runs).toHaveLength(winners);
    expect(runs.every((r) => r.status === 'completed' || r.status === 'failed')).toBe(true);
    const entries = await server.superuser
      .collection(COLLECTIONS.usageLedger)
      .getFullList({ filter: `user = "${user.id}"` });
    const sum = (kind: string) => entries.filter((e) => e.kind === kind).reduce((s, e) => s + e.amount, 0);
    const charged = runs.reduce((s, r) => s + r.charged_count, 0);
    // six packs, each granted once
    expect(sum('addon_grant')).toBe(600);
    expect(entries.filter((e) => e.kind === 'addon_grant')).toHaveLength(6);
    // every reservation released once, every charge recorded once
    expect(sum('reservation_release')).toBe(sum('reservation'));
    expect(entries.filter((e) => e.kind === 'reservation')).toHaveLength(winners);
    // the plan's results were used up before: every charge went to the credits
    expect(entries.filter((e) => e.kind === 'plan_use' && e.run)).toHaveLength(0);
    expect(sum('addon_use')).toBe(charged);
    for (const run of runs) {
      expect(run.charged_count).toBeLessThanOrEqual(run.requested_count);
      expect(run.charged_count).toBe(run.new_count);
    }
    const final = await quotaOf(user.pb);
    expect(final.addon_remaining + charged).toBe(600);
    expect(final.total_remaining).toBe(final.addon_remaining);
  });
});
