/**
 * Watches (docs/watches.md) against a real PocketBase: the owner's writes and their rules (form rules,
 * cadence, subscription, at most 20), the scheduler cron (first run, next_run_at arithmetic,
 * the guard's refusals, waiting on a working run, 50 starts a tick, overlapping ticks) and what
 * deleting a watch keeps. Isolation between users is in isolation.test.ts with every other
 * collection.
 *
 * The cron route (POST /api/crons/{id}) answers before the job ends, and PocketBase also runs the
 * job itself at every minute. So each tick here ends on a sentinel: a watch that falls due last
 * and is always refused (its user has no subscription); when its next_run_at moves, the tick
 * that moved it has passed over every watch due before it.
 */
import type { RecordModel } from 'pocketbase';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  DAY_MS,
  MESSAGES,
  nextRunAfter,
  parsePbDate,
  toPbDate,
  WATCH_LIMITS,
  WATCH_MESSAGES,
} from '../../src/domain/index.ts';
import { createSubscription, subscriber, subscriberWithPlanUsedUp } from '../fixtures/records.ts';
import { startTestServer, statusOf, type TestServer, type TestUser } from './harness.ts';
import { quotaOf, startRun } from '../fixtures/user-api.ts';
import { COLLECTIONS } from '../../src/domain/api/collections.ts';
import { SERVER_ROUTES } from '../../src/domain/api/routes.ts';

let server: TestServer;
let sentinel: RecordModel;

const CRON = '/api/crons/adscout_watch_scheduler';

const watchForm = (over: Record<string, unknown> = {}) => ({
  name: 'Dog toys daily',
  facebook_link: 'https://www.facebook.com/ads/library/?active_status=active&country=US&q=dog%20toys',
  target_country: 'US',
  keywords_used: '',
  requested_count: 20,
  cadence: 'daily',
  ...over,
});

/** PocketBase ends an error's message with a full stop. */
const answered = (message: string) => (message.endsWith('.') ? message : `${message}.`);
const msOf = (value: string) => parsePbDate(value)!.getTime();

beforeAll(async () => {
  server = await startTestServer();
  const unsubscribed = await server.createUser('sentinel');
  sentinel = await server.superuser
    .collection(COLLECTIONS.watches)
    .create({ user: unsubscribed.id, ...watchForm({ name: 'Sentinel' }), active: true });
});
afterAll(async () => {
  await server?.stop();
});

const getWatch = (id: string) => server.superuser.collection(COLLECTIONS.watches).getOne(id);

/** Runs of a user, oldest first. */
const runsOf = (userId: string) =>
  server.superuser.collection(COLLECTIONS.searchRuns).getFullList({
    filter: server.superuser.filter('user = {:u}', { u: userId }),
    sort: 'created',
  });

/** A watch stored as its owner left it, due at `dueAt` (seeded by the superuser). */
async function dueWatch(user: TestUser, dueAt: number, over: Record<string, unknown> = {}) {
  return server.superuser
    .collection(COLLECTIONS.watches)
    .create({ user: user.id, ...watchForm(), active: true, next_run_at: toPbDate(dueAt), ...over });
}

/** Fires the scheduler once and waits until a tick has passed over every watch due by now. */
async function tick(fire = 1): Promise<void> {
  const marker = Date.now() - 1;
  await server.superuser
    .collection(COLLECTIONS.watches)
    .update(sentinel.id, { next_run_at: toPbDate(marker) });
  await Promise.all(Array.from({ length: fire }, () => server.superuser.send(CRON, { method: 'POST' })));
  await expect
    .poll(async () => msOf((await getWatch(sentinel.id)).next_run_at), { timeout: 15_000, interval: 100 })
    .toBeGreaterThan(marker);
}

/** PocketBase runs its own tick at second 0 of every minute: keep clear of it where counts matter. */
async function clearOfTheMinuteTick(): Promise<void> {
  const second = new Date().getSeconds();
  if (second > 35) await new Promise((r) => setTimeout(r, (62 - second) * 1000));
}

async function createAs(user: TestUser, body: Record<string, unknown>) {
  try {
    return { record: await user.pb.collection(COLLECTIONS.watches).create({ user: user.id, ...body }) };
  } catch (error) {
    const e = error as { status: number; response?: { message?: string } };
    return { status: e.status, message: e.response?.message };
  }
}

describe('the owner’s writes', () => {
  it('creates a watch due within a minute, active, with the server fields its own', async () => {
    const user = await subscriber(server.superuser, server, 'creator');
    const before = Date.now();
    const { record } = await createAs(user, watchForm({ keywords_used: ' squeaky ,  plush ' }));
    expect(record).toMatchObject({
      user: user.id,
      active: true,
      cadence: 'daily',
      keywords_used: 'squeaky, plush',
      last_run: '',
      last_error: '',
    });
    const due = msOf(record!.next_run_at);
    expect(due).toBeGreaterThanOrEqual(before - 1000);
    expect(due).toBeLessThanOrEqual(Date.now() + 1000);
  });

  it('refuses a bad cadence, count or form field with a clear 400', async () => {
    const user = await subscriber(server.superuser, server, 'bad-input');
    expect(await createAs(user, watchForm({ cadence: 'hourly' }))).toEqual({
      status: 400,
      message: answered(WATCH_MESSAGES.cadenceInvalid),
    });
    expect(await createAs(user, watchForm({ cadence: '' }))).toEqual({
      status: 400,
      message: answered(WATCH_MESSAGES.cadenceInvalid),
    });
    expect(await createAs(user, watchForm({ requested_count: 5000 }))).toEqual({
      status: 400,
      message: answered('Number of ads must be between 1 and 1000'),
    });
    expect(await createAs(user, watchForm({ requested_count: 2.5 }))).toMatchObject({ status: 400 });
    expect(await createAs(user, watchForm({ name: '  ' }))).toEqual({
      status: 400,
      message: answered('Search name is required'),
    });
    expect(await createAs(user, watchForm({ facebook_link: 'https://example.com/' }))).toMatchObject({
      status: 400,
    });
    const { record } = await createAs(user, watchForm());
    const update = (body: Record<string, unknown>) =>
      user.pb.collection(COLLECTIONS.watches).update(record!.id, body);
    expect(await statusOf(update({ cadence: 'monthly' }))).toBe(400);
    expect(await statusOf(update({ requested_count: 0 }))).toBe(400);
    expect((await getWatch(record!.id)).cadence).toBe('daily');
  });

  it('needs an active subscription to create one', async () => {
    const user = await server.createUser('no-plan');
    expect(await createAs(user, watchForm())).toEqual({
      status: 403,
      message: answered(MESSAGES.subscriptionRequiredBody),
    });
    const canceled = await server.createUser('canceled');
    await createSubscription(server.superuser, canceled.id, { status: 'canceled' });
    expect(await createAs(canceled, watchForm())).toMatchObject({ status: 403 });
  });

  it(`allows at most ${WATCH_LIMITS.perUser} watches a user, also when created at once`, async () => {
    const user = await subscriber(server.superuser, server, 'many');
    const attempts = await Promise.all(
      Array.from({ length: WATCH_LIMITS.perUser + 5 }, (_, i) =>
        createAs(user, watchForm({ name: `W${i}` })),
      ),
    );
    expect(attempts.filter((a) => a.record)).toHaveLength(WATCH_LIMITS.perUser);
    for (const refused of attempts.filter((a) => !a.record)) {
      expect(refused).toEqual({ status: 400, message: WATCH_MESSAGES.tooMany });
    }
    const owned = await server.superuser
      .collection(COLLECTIONS.watches)
      .getFullList({ filter: server.superuser.filter('user = {:u}', { u: user.id }) });
    expect(owned).toHaveLength(WATCH_LIMITS.perUser);
    // deleting one makes room again
    await user.pb.collection(COLLECTIONS.watches).delete(owned[0]!.id);
    expect((await createAs(user, watchForm())).record).toBeDefined();
  });

  it('keeps next_run_at, last_run and last_error to the server', async () => {
    const user = await subscriber(server.superuser, server, 'server-fields');
    for (const [field, value] of [
      ['next_run_at', toPbDate(Date.now() + DAY_MS)],
      ['last_error', 'forged'],
    ] as const) {
      expect(await createAs(user, watchForm({ [field]: value }))).toMatchObject({ status: 400 });
    }
    const { record } = await createAs(user, watchForm());
    for (const body of [
      { next_run_at: toPbDate(Date.now() - DAY_MS) },
      { last_error: '' },
      { last_run: record!.id },
    ]) {
      // 400 when the rule refuses the body, 404 when it hides the record from this change
      expect([400, 404]).toContain(
        await statusOf(user.pb.collection(COLLECTIONS.watches).update(record!.id, body)),
      );
    }
    expect((await getWatch(record!.id)).updated).toBe(record!.updated);
    // …and a run's watch link too
    expect(
      await statusOf(
        user.pb.collection(COLLECTIONS.searchRuns).create({
          user: user.id,
          search_name: 'Forged link',
          facebook_link: watchForm().facebook_link,
          target_country: 'US',
          requested_count: 5,
          watch: record!.id,
        }),
      ),
    ).toBe(400);
    expect(await runsOf(user.id)).toHaveLength(0);
  });

  it('pauses, and a resumed watch runs at its next planned time, not at once', async () => {
    const user = await subscriber(server.superuser, server, 'pause');
    const planned = Date.now() - 2 * DAY_MS - 3600_000;
    const watch = await dueWatch(user, Date.now() + 3600_000);
    const paused = await user.pb.collection(COLLECTIONS.watches).update(watch.id, { active: false });
    expect(paused.active).toBe(false);
    await server.superuser
      .collection(COLLECTIONS.watches)
      .update(watch.id, { next_run_at: toPbDate(planned) });
    await tick();
    expect(await runsOf(user.id)).toHaveLength(0);
    const resumed = await user.pb.collection(COLLECTIONS.watches).update(watch.id, { active: true });
    expect(msOf(resumed.next_run_at)).toBe(nextRunAfter(planned, 'daily', msOf(resumed.updated)));
    expect(msOf(resumed.next_run_at)).toBeGreaterThan(Date.now());
  });
});

describe('the scheduler', () => {
  it('starts a new watch’s first run on the next tick, then plans the next one a day on', async () => {
    const user = await subscriber(server.superuser, server, 'first-run');
    const { record } = await createAs(user, watchForm({ name: 'Lamps', requested_count: 15 }));
    const planned = msOf(record!.next_run_at);
    await tick();
    const runs = await runsOf(user.id);
    expect(runs).toHaveLength(1);
    expect(runs[0]).toMatchObject({
      watch: record!.id,
      search_name: 'Lamps',
      facebook_link: watchForm().facebook_link,
      target_country: 'US',
      requested_count: 15,
      status: 'working',
    });
    const after = await getWatch(record!.id);
    expect(after).toMatchObject({ last_run: runs[0]!.id, last_error: '' });
    expect(msOf(after.next_run_at)).toBe(planned + DAY_MS);
    // the run reserved its count like any other
    const quota = await quotaOf(user.pb);
    expect(quota.total_remaining).toBe(2500 - 15);
    // and the next tick leaves it alone: it is not due
    await tick();
    expect(await runsOf(user.id)).toHaveLength(1);
  });

  it('plans a weekly watch seven days on from its planned time', async () => {
    const user = await subscriber(server.superuser, server, 'weekly');
    const planned = Date.now() - 5 * 60_000;
    const watch = await dueWatch(user, planned, { cadence: 'weekly' });
    await tick();
    expect(await runsOf(user.id)).toHaveLength(1);
    expect(msOf((await getWatch(watch.id)).next_run_at)).toBe(planned + 7 * DAY_MS);
  });

  it('runs a watch that missed periods once, and plans it at the first slot after now', async () => {
    const user = await subscriber(server.superuser, server, 'missed');
    const planned = Date.now() - 3 * DAY_MS - 3600_000;
    const watch = await dueWatch(user, planned);
    await tick();
    expect(await runsOf(user.id)).toHaveLength(1);
    const next = msOf((await getWatch(watch.id)).next_run_at);
    expect(next).toBe(planned + 4 * DAY_MS);
    expect(next).toBeGreaterThan(Date.now());
  });

  it('waits while the user has a working run, and starts once it finished', async () => {
    const user = await subscriber(server.superuser, server, 'busy');
    const own = await startRun(user, {
      search_name: 'By hand',
      facebook_link: watchForm().facebook_link,
      requested_count: 5,
    });
    const planned = Date.now() - 60_000;
    const watch = await dueWatch(user, planned);
    await tick();
    expect((await runsOf(user.id)).map((r) => r.id)).toEqual([own.id]);
    expect(await getWatch(watch.id)).toMatchObject({ next_run_at: toPbDate(planned), last_error: '' });
    // the worker settles the hand-made run; the next tick starts the watch
    const worker = 'w-busy';
    await server.superuser
      .collection(COLLECTIONS.searchRuns)
      .update(own.id, { lease_owner: worker, lease_expires_at: toPbDate(Date.now() + 60_000) });
    await server.worker.send(SERVER_ROUTES.workerRunFinish.url(own.id), {
      method: 'POST',
      body: { worker, status: 'completed' },
    });
    await tick();
    const runs = await runsOf(user.id);
    expect(runs).toHaveLength(2);
    expect(runs[1]).toMatchObject({ watch: watch.id, status: 'working' });
    expect(msOf((await getWatch(watch.id)).next_run_at)).toBe(planned + DAY_MS);
  });

  it('writes a quota refusal to last_error and moves to the next period', async () => {
    const user = await subscriberWithPlanUsedUp(server.superuser, server, 'no-quota');
    const planned = Date.now() - 2 * DAY_MS - 60_000;
    const watch = await dueWatch(user, planned);
    await tick();
    expect(await runsOf(user.id)).toHaveLength(0);
    const after = await getWatch(watch.id);
    expect(after.last_error).toBe(MESSAGES.monthlyLimitReached);
    expect(msOf(after.next_run_at)).toBe(planned + 3 * DAY_MS);
    // a later successful run clears the error
    await server.superuser.collection(COLLECTIONS.usageLedger).create({
      user: user.id,
      kind: 'addon_grant',
      amount: 100,
      checkout_session: `cs_${user.id}`,
    });
    await server.superuser
      .collection(COLLECTIONS.watches)
      .update(watch.id, { next_run_at: toPbDate(Date.now() - 1000) });
    await tick();
    expect(await runsOf(user.id)).toHaveLength(1);
    expect((await getWatch(watch.id)).last_error).toBe('');
  });

  it('writes a subscription refusal to last_error and moves to the next period', async () => {
    const user = await server.createUser('lapsed');
    const subscription = await createSubscription(server.superuser, user.id);
    const { record } = await createAs(user, watchForm({ cadence: 'weekly' }));
    await server.superuser
      .collection(COLLECTIONS.subscriptions)
      .update(subscription.id, { status: 'suspended' });
    await tick();
    expect(await runsOf(user.id)).toHaveLength(0);
    const after = await getWatch(record!.id);
    expect(after.last_error).toBe(MESSAGES.subscriptionRequiredBody);
    expect(msOf(after.next_run_at)).toBe(msOf(record!.next_run_at) + 7 * DAY_MS);
  });

  it('starts a watch once, and moves it on once, when ticks overlap', async () => {
    const users = await Promise.all(
      Array.from({ length: 8 }, (_, i) => subscriber(server.superuser, server, `overlap-${i}`)),
    );
    // refused watches show a second claim too: it would move them on a second period
    const refused = await Promise.all(
      Array.from({ length: 8 }, (_, i) =>
        subscriberWithPlanUsedUp(server.superuser, server, `overlap-r${i}`),
      ),
    );
    const planned = Date.now() - 30_000;
    const watches = await Promise.all(users.map((user) => dueWatch(user, planned)));
    const refusedWatches = await Promise.all(refused.map((user) => dueWatch(user, planned)));
    await tick(4);
    for (const [i, user] of users.entries()) {
      const runs = await runsOf(user.id);
      expect(runs).toHaveLength(1);
      expect(runs[0]!.watch).toBe(watches[i]!.id);
      expect(msOf((await getWatch(watches[i]!.id)).next_run_at)).toBe(planned + DAY_MS);
    }
    for (const watch of refusedWatches) {
      const after = await getWatch(watch.id);
      expect(after.last_error).toBe(MESSAGES.monthlyLimitReached);
      expect(msOf(after.next_run_at)).toBe(planned + DAY_MS);
    }
  }, 60_000);

  it(`starts at most ${WATCH_LIMITS.startsPerTick} watches a tick, oldest due first`, async () => {
    const count = WATCH_LIMITS.startsPerTick + 4;
    const users = await Promise.all(
      Array.from({ length: count }, (_, i) => subscriber(server.superuser, server, `cap-${i}`)),
    );
    await clearOfTheMinuteTick();
    // due one second apart, all before the sentinel; the last four are the youngest
    const base = Date.now() - 10 * 60_000;
    const watches = await Promise.all(users.map((user, i) => dueWatch(user, base + i * 1000)));
    const marker = Date.now() - 1;
    await server.superuser
      .collection(COLLECTIONS.watches)
      .update(sentinel.id, { next_run_at: toPbDate(marker) });
    const logBefore = server.output().length;
    await server.superuser.send(CRON, { method: 'POST' });
    const ids = watches.map((w) => w.id);
    const startedIds = async () =>
      (
        await server.superuser.collection(COLLECTIONS.searchRuns).getFullList({
          filter: ids.map((id) => `watch = "${id}"`).join(' || '),
          fields: 'watch',
        })
      ).map((run) => run.watch as string);
    // the tick is over when it says so: its summary line (src/hooks/watches/scheduler.ts)
    await server.waitForOutput(`[adscout] watches: ${WATCH_LIMITS.startsPerTick} started`, {
      after: logBefore,
      timeoutMs: 20_000,
    });
    const startedNow = await startedIds();
    expect(startedNow).toHaveLength(WATCH_LIMITS.startsPerTick);
    expect(new Set(startedNow)).toEqual(new Set(ids.slice(0, WATCH_LIMITS.startsPerTick)));
    // the sentinel, due after them all, was not reached either
    expect((await getWatch(sentinel.id)).next_run_at).toBe(toPbDate(marker));
    // the next tick starts the rest
    await tick();
    expect(new Set(await startedIds())).toEqual(new Set(ids));
  }, 120_000);
});

describe('deleting', () => {
  it('a watch keeps its runs and clears their watch link', async () => {
    const user = await subscriber(server.superuser, server, 'delete');
    const { record } = await createAs(user, watchForm());
    // Setup, not what is tested: a run of the watch (the ticks' own tests say when one starts).
    // Ticked until it has one: once, on a machine loaded far past its cores, a tick left this
    // user without a run (the cause is not found yet; docs/testing.md).
    let [run] = await runsOf(user.id);
    for (let ticks = 0; !run && ticks < 3; ticks++) {
      await tick();
      [run] = await runsOf(user.id);
    }
    expect(run?.watch).toBe(record!.id);
    await user.pb.collection(COLLECTIONS.watches).delete(record!.id);
    const after = await server.superuser.collection(COLLECTIONS.searchRuns).getOne(run!.id);
    expect(after).toMatchObject({ watch: '', status: 'working', search_name: run!.search_name });
    // the owner's sync sees the run change (its `updated` moved on)
    expect(after.updated > run!.updated).toBe(true);
  });

  it('a user deletes their watches with them (cascade)', async () => {
    const user = await subscriber(server.superuser, server, 'gone');
    const { record } = await createAs(user, watchForm());
    await server.superuser.collection(COLLECTIONS.users).delete(user.id);
    expect(await statusOf(getWatch(record!.id))).toBe(404);
  });
});
