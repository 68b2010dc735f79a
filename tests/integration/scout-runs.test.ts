/**
 * The run guard and settlement (docs/pipeline.md, docs/invariants.md#invariant-2-one-working-run-per-user,
 * docs/invariants.md#invariant-3-the-quota-is-never-overspent and
 * docs/invariants.md#invariant-4-only-stored-ads-new-to-the-user-are-charged): the product's refusals
 * (docs/product.md#messages), one working run per user under concurrent requests, reservations that keep
 * balances from going below zero under concurrent runs and settlements, charging only stored new ads, once.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { subscriber, subscriberWithPlanUsedUp } from '../fixtures/records.ts';
import { startTestServer, type TestServer, type TestUser } from './harness.ts';
import { quotaOf } from '../fixtures/user-api.ts';
import { COLLECTIONS } from '../../src/domain/api/collections.ts';
import { SERVER_ROUTES } from '../../src/domain/api/routes.ts';

let server: TestServer;
const LINK = 'https://www.facebook.com/ads/library/?active_status=active&country=US&q=dog%20toys';

beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  await server?.stop();
});

function form(requested: number, name = 'Dog toys') {
  return {
    search_name: name,
    facebook_link: LINK,
    target_country: 'US',
    keywords_used: '',
    requested_count: requested,
  };
}

async function create(
  user: TestUser,
  requested: number,
): Promise<{ id?: string; status?: number; message?: string }> {
  try {
    const run = await user.pb
      .collection(COLLECTIONS.searchRuns)
      .create({ user: user.id, ...form(requested) });
    return { id: run.id };
  } catch (error) {
    const e = error as { status: number; response?: { message?: string } };
    return { status: e.status, message: e.response?.message };
  }
}

async function grant(user: TestUser, amount: number) {
  await server.superuser.collection(COLLECTIONS.usageLedger).create({
    user: user.id,
    kind: 'addon_grant',
    amount,
    checkout_session: `cs_${Math.random().toString(36).slice(2)}`,
  });
}

/** What a worker does: claim the run, store `ads` rows, settle. */
async function scout(runId: string, ads: string[], status: 'completed' | 'failed' = 'completed') {
  const worker = `w-${runId}`;
  const post = <T>(path: string, body: Record<string, unknown>) =>
    server.worker.send<T>(path, { method: 'POST', body: { worker, ...body } });
  // claim until we get this run (other tests' runs may be queued too)
  await server.superuser
    .collection(COLLECTIONS.searchRuns)
    .update(runId, { lease_owner: worker, lease_expires_at: new Date(Date.now() + 60_000).toISOString() });
  if (ads.length)
    await post(SERVER_ROUTES.workerRunResults.url(runId), { rows: ads.map((ad_id) => ({ ad_id })) });
  return post<{ status: string; results_count: number; new_count: number; charged_count: number }>(
    SERVER_ROUTES.workerRunFinish.url(runId),
    { status },
  );
}

describe('the run guard', () => {
  it('refuses with the product messages', async () => {
    // a subscriber whose monthly results are used up: only credits are left
    const user = await subscriberWithPlanUsedUp(server.superuser, server, 'refused');
    expect(await create(user, 10)).toMatchObject({
      status: 400,
      message: "You've reached your monthly results limit. Buy additional results or wait until next month.",
    });
    await grant(user, 50);
    expect(await create(user, 80)).toMatchObject({
      status: 400,
      message: "You don't have enough results! You have 50 results available, but requested 80.",
    });
    const first = await create(user, 50);
    expect(first.id).toBeTruthy();
    expect((await create(user, 1)).message).toMatch(/^You already have an active search running/);
    const bad = await user.pb
      .collection(COLLECTIONS.searchRuns)
      .create({ user: user.id, ...form(5), facebook_link: 'https://example.com/ads' })
      .catch((e: { status: number; response: { message: string } }) => e);
    expect(bad).toMatchObject({
      status: 400,
      response: { message: expect.stringMatching(/Facebook Ad Library/) },
    });
  });

  it('stores the run as working with a reservation, and ignores server fields from the client', async () => {
    const user = await subscriber(server.superuser, server, 'fields');
    const before = await quotaOf(user.pb);
    const run = await user.pb.collection(COLLECTIONS.searchRuns).create({ user: user.id, ...form(100) });
    expect(run).toMatchObject({ status: 'working', requested_count: 100, progress: 0, source: 'demo' });
    expect(run.started_at).not.toBe('');
    expect((await quotaOf(user.pb)).total_remaining).toBe(before.total_remaining - 100);
    // a client cannot smuggle server fields in
    const other = await subscriber(server.superuser, server, 'smuggler');
    const smuggled = await other.pb
      .collection(COLLECTIONS.searchRuns)
      .create({ user: other.id, ...form(5), status: 'completed', results_count: 999 })
      .catch((e: { status: number }) => e);
    expect(smuggled).toMatchObject({ status: 400 });
  });

  it('20 parallel creations by one user leave exactly one working run and one reservation', async () => {
    const user = await subscriber(server.superuser, server, 'racer');
    const outcomes = await Promise.all(Array.from({ length: 20 }, () => create(user, 10)));
    expect(outcomes.filter((o) => o.id)).toHaveLength(1);
    expect(outcomes.filter((o) => o.status === 400)).toHaveLength(19);
    const working = await server.superuser
      .collection(COLLECTIONS.searchRuns)
      .getFullList({ filter: `user = "${user.id}" && status = "working"` });
    expect(working).toHaveLength(1);
    const reservations = await server.superuser
      .collection(COLLECTIONS.usageLedger)
      .getFullList({ filter: `user = "${user.id}" && kind = "reservation"` });
    expect(reservations).toHaveLength(1);
    expect((await quotaOf(user.pb)).total_remaining).toBe(2490);
  });
});

describe('settlement', () => {
  it('charges only new ads, plan first then credits, once however often it is finished', async () => {
    const user = await subscriber(server.superuser, server, 'settle');
    const first = await create(user, 5);
    expect(await scout(first.id!, ['a', 'b', 'c'])).toMatchObject({
      status: 'completed',
      results_count: 3,
      new_count: 3,
      charged_count: 3,
    });
    // finishing again changes nothing
    expect(await scout(first.id!, [])).toMatchObject({ results_count: 3, charged_count: 3 });
    const second = await create(user, 5);
    // b and c were collected before: stored again for this run, not charged
    expect(await scout(second.id!, ['b', 'c', 'd'])).toMatchObject({
      results_count: 3,
      new_count: 1,
      charged_count: 1,
    });
    const q = await quotaOf(user.pb);
    expect(q.plan_used_this_month).toBe(4);
    expect(q.total_remaining).toBe(2496);
  });

  it('a failed run charges only what it stored', async () => {
    const user = await subscriber(server.superuser, server, 'failing');
    const run = await create(user, 100);
    expect(await scout(run.id!, ['x1', 'x2'], 'failed')).toMatchObject({
      status: 'failed',
      charged_count: 2,
    });
    expect((await quotaOf(user.pb)).total_remaining).toBe(2498);
  });
});

describe('the quota under concurrency', () => {
  it('many users creating and settling runs at once never overspend or lose a unit', async () => {
    // subscribers whose monthly results are used up, so that the credits are all they can spend
    const users = await Promise.all(
      Array.from({ length: 6 }, (_, i) => subscriberWithPlanUsedUp(server.superuser, server, `crowd${i}`)),
    );
    await Promise.all(users.map((u) => grant(u, 120)));
    let adCounter = 0;
    const rounds = 4;
    await Promise.all(
      users.map(async (user) => {
        for (let round = 0; round < rounds; round++) {
          // several creations race; at most one wins, and only while the balance covers it
          const attempts = await Promise.all([create(user, 40), create(user, 40), create(user, 40)]);
          const won = attempts.filter((a) => a.id);
          expect(won.length).toBeLessThanOrEqual(1);
          for (const { id } of won) {
            const ads = Array.from({ length: 25 + (round % 3) * 10 }, () => `ad-${adCounter++}`);
            await scout(id!, ads);
          }
        }
      }),
    );
    for (const user of users) {
      const q = await quotaOf(user.pb);
      const runs = await server.superuser
        .collection(COLLECTIONS.searchRuns)
        .getFullList({ filter: `user = "${user.id}"` });
      const charged = runs.reduce((sum, run) => sum + run.charged_count, 0);
      expect(q.total_remaining).toBeGreaterThanOrEqual(0);
      // every unit is accounted for: what was granted is what was charged plus what remains
      expect(q.addon_remaining + charged).toBe(120);
      expect(q.total_remaining).toBe(q.addon_remaining);
      expect(runs.every((run) => run.status !== 'working')).toBe(true);
      // the races were real: every user scouted (a refusal for no reason would pass vacuously)
      expect(runs.length).toBeGreaterThan(0);
      expect(charged).toBeGreaterThan(0);
      expect(charged).toBeLessThanOrEqual(120);
    }
  });
});
