/**
 * docs/invariants.md#invariant-1-no-user-reaches-another-users-records (isolation) and
 * docs/invariants.md#invariant-7-the-browser-is-never-trusted-for-plan-status-quota-or-counts (server-only
 * fields), through REST, batch and realtime: user B can never list, view, change, delete or create user A's
 * records, an anonymous client gets nothing, and an owner cannot write what only the server may write.
 */
import type PocketBase from 'pocketbase';
import type { RecordModel } from 'pocketbase';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { subscriber } from '../fixtures/records.ts';
import { startTestServer, statusOf, type TestServer, type TestUser } from './harness.ts';
import { COLLECTIONS } from '../../src/domain/api/collections.ts';

let server: TestServer;
let a: TestUser;
let b: TestUser;

interface OwnedCollection {
  name: string;
  /** A body for a record owned by `userId` (run id given for results and ledger). */
  body(userId: string, runId: string): Record<string, unknown>;
  /** A change to try on someone else's record. */
  change: Record<string, unknown>;
}

const OWNED: OwnedCollection[] = [
  {
    name: COLLECTIONS.subscriptions,
    body: (user) => ({ user, plan: 'monthly', status: 'active', cancel_at_period_end: false }),
    change: { status: 'canceled' },
  },
  {
    name: COLLECTIONS.searchRuns,
    body: (user) => ({
      user,
      search_name: 'Summer gadgets',
      facebook_link: 'https://www.facebook.com/ads/library/?q=gadget',
      target_country: 'US',
      requested_count: 10,
      status: 'working',
    }),
    change: { search_name: 'hijacked' },
  },
  {
    name: COLLECTIONS.searchResults,
    body: (user, run) => ({ user, run, ad_id: `ad-${Math.random().toString(36).slice(2)}`, title: 'Ad' }),
    change: { title: 'hijacked' },
  },
  {
    name: COLLECTIONS.keywordSets,
    body: (user) => ({ user, locale: 'en-US', keywords: ['bestseller'] }),
    change: { keywords: ['hijacked'] },
  },
  {
    name: COLLECTIONS.usageLedger,
    body: (user, run) => ({ user, run, kind: 'plan_use', amount: 5 }),
    change: { amount: 0 },
  },
  {
    name: COLLECTIONS.auditLogs,
    body: (user) => ({ user, action: 'email_updated', metadata: { old_email: 'x', new_email: 'y' } }),
    change: { action: 'password_updated' },
  },
  {
    name: COLLECTIONS.watches,
    body: (user) => ({
      user,
      name: 'Daily lamps',
      facebook_link: 'https://www.facebook.com/ads/library/?q=lamp',
      target_country: 'US',
      requested_count: 10,
      cadence: 'daily',
      active: true,
    }),
    change: { name: 'hijacked' },
  },
];

/** Records seeded by the superuser: collection name → user id → record. */
const seeded = new Map<string, Map<string, RecordModel>>();
const runOf = new Map<string, string>();

async function seedFor(user: TestUser): Promise<void> {
  for (const col of OWNED) {
    const record = await server.superuser
      .collection(col.name)
      .create(col.body(user.id, runOf.get(user.id) ?? ''));
    if (col.name === COLLECTIONS.searchRuns) runOf.set(user.id, record.id);
    if (!seeded.has(col.name)) seeded.set(col.name, new Map());
    seeded.get(col.name)!.set(user.id, record);
  }
}

function recordOf(collection: string, user: TestUser): RecordModel {
  return seeded.get(collection)!.get(user.id)!;
}

async function countOwnedBy(collection: string, userId: string): Promise<number> {
  const list = await server.superuser
    .collection(collection)
    .getList(1, 1, { filter: server.superuser.filter('user = {:u}', { u: userId }) });
  return list.totalItems;
}

beforeAll(async () => {
  server = await startTestServer();
  a = await server.createUser('alice');
  b = await server.createUser('bob');
  await seedFor(a);
  await seedFor(b);
});

afterAll(async () => {
  await server?.stop();
});

describe.each(OWNED.map((c) => [c.name, c] as const))('%s', (name, col) => {
  it('B lists only B’s records, and A’s never', async () => {
    const items = await b.pb.collection(name).getFullList();
    expect(items.length).toBeGreaterThan(0); // positive control: the rule lets the owner read
    expect(items.every((r) => r.user === b.id)).toBe(true);
    const filtered = await b.pb.collection(name).getFullList({ filter: `user = "${a.id}"` });
    expect(filtered).toHaveLength(0);
  });

  it('B cannot view A’s record', async () => {
    expect(await statusOf(b.pb.collection(name).getOne(recordOf(name, a).id))).toBe(404);
    // positive control
    expect((await a.pb.collection(name).getOne(recordOf(name, a).id)).id).toBe(recordOf(name, a).id);
  });

  it('B cannot update A’s record', async () => {
    const target = recordOf(name, a);
    const status = await statusOf(b.pb.collection(name).update(target.id, col.change));
    expect([403, 404]).toContain(status);
    const after = await server.superuser.collection(name).getOne(target.id);
    expect(after.updated).toBe(target.updated);
  });

  it('B cannot delete A’s record', async () => {
    const target = recordOf(name, a);
    expect([403, 404]).toContain(await statusOf(b.pb.collection(name).delete(target.id)));
    expect((await server.superuser.collection(name).getOne(target.id)).id).toBe(target.id);
  });

  it('B cannot create a record owned by A', async () => {
    const before = await countOwnedBy(name, a.id);
    const status = await statusOf(b.pb.collection(name).create(col.body(a.id, runOf.get(a.id)!)));
    expect([400, 403]).toContain(status);
    expect(await countOwnedBy(name, a.id)).toBe(before);
  });

  it('B cannot reach A’s record through the batch API (superusers only)', async () => {
    const target = recordOf(name, a);
    const before = await countOwnedBy(name, a.id);
    const batch = b.pb.createBatch();
    batch.collection(name).update(target.id, col.change);
    batch.collection(name).delete(target.id);
    batch.collection(name).create(col.body(a.id, runOf.get(a.id)!));
    expect(await statusOf(batch.send())).toBe(403);
    const after = await server.superuser.collection(name).getOne(target.id);
    expect(after.updated).toBe(target.updated);
    expect(await countOwnedBy(name, a.id)).toBe(before);
  });

  it('an anonymous client gets nothing', async () => {
    const anon = server.anonymous();
    const listed = await anon
      .collection(name)
      .getFullList()
      .catch(() => []);
    expect(listed).toHaveLength(0);
    expect([403, 404]).toContain(await statusOf(anon.collection(name).getOne(recordOf(name, a).id)));
    expect([400, 403]).toContain(
      await statusOf(anon.collection(name).create(col.body(a.id, runOf.get(a.id)!))),
    );
  });

  it('B receives none of A’s changes over realtime', async () => {
    const target = recordOf(name, a);
    const seenByA: string[] = [];
    const seenByB: string[] = [];
    const unsubA = await a.pb.collection(name).subscribe('*', (e) => seenByA.push(e.record.id));
    const unsubBAll = await b.pb.collection(name).subscribe('*', (e) => seenByB.push(e.record.id));
    const unsubBOne = await b.pb.collection(name).subscribe(target.id, (e) => seenByB.push(e.record.id));
    try {
      const updated = await server.superuser.collection(name).update(target.id, col.change);
      seeded.get(name)!.set(a.id, updated);
      // positive control: the owner hears the change, so the channel works
      await expect.poll(() => seenByA, { timeout: 5000 }).toContain(target.id);
      // then a change of B's own record, saved after A's: B's stream delivers in order, so once B
      // hears its own change, A's would have come before it
      const own = recordOf(name, b);
      const unchanged = Object.fromEntries(Object.keys(col.change).map((key) => [key, own[key]]));
      seeded.get(name)!.set(b.id, await server.superuser.collection(name).update(own.id, unchanged));
      await expect.poll(() => seenByB, { timeout: 5000 }).toContain(own.id);
      expect(seenByB).toEqual([own.id]);
    } finally {
      await unsubA();
      await unsubBAll();
      await unsubBOne();
    }
  });
});

describe(COLLECTIONS.users, () => {
  it('a user sees only themself', async () => {
    const items = await b.pb.collection(COLLECTIONS.users).getFullList();
    expect(items.map((u) => u.id)).toEqual([b.id]);
    expect(await statusOf(b.pb.collection(COLLECTIONS.users).getOne(a.id))).toBe(404);
  });

  it('a user cannot change or delete another user, nor their own record directly', async () => {
    expect([403, 404]).toContain(
      await statusOf(b.pb.collection(COLLECTIONS.users).update(a.id, { email: 'x@adscout.test' })),
    );
    expect([403, 404]).toContain(await statusOf(b.pb.collection(COLLECTIONS.users).delete(a.id)));
    // email and password change through the account routes, which write the audit log
    expect([403, 404]).toContain(
      await statusOf(a.pb.collection(COLLECTIONS.users).update(a.id, { emailVisibility: true })),
    );
    expect((await server.superuser.collection(COLLECTIONS.users).getOne(a.id)).email).toBe(a.email);
  });

  it('an anonymous client cannot list users', async () => {
    expect(await server.anonymous().collection(COLLECTIONS.users).getFullList()).toHaveLength(0);
  });
});

describe(COLLECTIONS.stripeEvents, () => {
  it('no user and no anonymous client can read or write them', async () => {
    const event = await server.superuser
      .collection(COLLECTIONS.stripeEvents)
      .create({ event_id: 'evt_test_1', type: 'x' });
    for (const pb of [a.pb, server.anonymous()]) {
      expect(await statusOf(pb.collection(COLLECTIONS.stripeEvents).getList())).toBe(403);
      expect(await statusOf(pb.collection(COLLECTIONS.stripeEvents).getOne(event.id))).toBe(403);
      expect(await statusOf(pb.collection(COLLECTIONS.stripeEvents).create({ event_id: 'evt_forged' }))).toBe(
        403,
      );
      expect(await statusOf(pb.collection(COLLECTIONS.stripeEvents).delete(event.id))).toBe(403);
    }
  });
});

describe('server-only fields', () => {
  it.each([
    [COLLECTIONS.subscriptions, { plan: 'yearly', status: 'active' }],
    [COLLECTIONS.searchRuns, { status: 'completed', results_count: 999 }],
    [COLLECTIONS.searchResults, { is_new: false }],
    [COLLECTIONS.usageLedger, { amount: 0 }],
    [COLLECTIONS.auditLogs, { metadata: {} }],
  ])('the owner cannot update their own %s', async (name, change) => {
    const target = recordOf(name, a);
    expect(await statusOf(a.pb.collection(name).update(target.id, change))).toBe(403);
    expect((await server.superuser.collection(name).getOne(target.id)).updated).toBe(target.updated);
  });

  it.each([
    [COLLECTIONS.subscriptions, (u: string) => ({ user: u, plan: 'lifetime', status: 'active' })],
    [COLLECTIONS.usageLedger, (u: string) => ({ user: u, kind: 'addon_grant', amount: 100000 })],
    [COLLECTIONS.auditLogs, (u: string) => ({ user: u, action: 'password_updated' })],
    [COLLECTIONS.searchResults, (u: string) => ({ user: u, run: runOf.get(u), ad_id: 'forged' })],
  ])('the owner cannot create their own %s', async (name, body) => {
    const before = await countOwnedBy(name, a.id);
    expect(await statusOf(a.pb.collection(name).create(body(a.id)))).toBe(403);
    expect(await countOwnedBy(name, a.id)).toBe(before);
  });

  const runBody = (user: string) => ({
    user,
    search_name: 'Pet products',
    facebook_link: 'https://www.facebook.com/ads/library/?q=pet',
    target_country: 'DE',
    requested_count: 20,
  });

  // Scouting needs an active subscription (docs/invariants.md#invariant-10-access-follows-the-subscription),
  // and earlier tests change A's: runs are created by a subscriber of their own, so a refusal here can only
  // come from the field checked.
  let owner: TestUser;
  beforeAll(async () => {
    owner = await subscriber(server.superuser, server, 'run-owner');
  });

  it('the owner creates a run with the form’s fields only', async () => {
    const run = await owner.pb.collection(COLLECTIONS.searchRuns).create(runBody(owner.id));
    expect(run.user).toBe(owner.id);
    expect(run.status).toBe('working');
    await server.superuser.collection(COLLECTIONS.searchRuns).delete(run.id);
  });

  it.each([
    ['status', 'completed'],
    ['results_count', 999],
    ['new_count', 5],
    ['charged_count', 0],
    ['progress', 50],
    ['finished_at', '2026-01-01 00:00:00.000Z'],
    ['error', 'x'],
    ['attempts', 0],
  ])('the owner cannot set %s on a new run', async (field, value) => {
    const before = await countOwnedBy(COLLECTIONS.searchRuns, owner.id);
    expect(
      await statusOf(
        owner.pb.collection(COLLECTIONS.searchRuns).create({ ...runBody(owner.id), [field]: value }),
      ),
    ).toBe(400);
    expect(await countOwnedBy(COLLECTIONS.searchRuns, owner.id)).toBe(before);
  });

  it('the owner’s lease_owner on a new run is dropped (a hidden field, superusers only)', async () => {
    const run = await owner.pb
      .collection(COLLECTIONS.searchRuns)
      .create({ ...runBody(owner.id), lease_owner: 'me' });
    expect((await server.superuser.collection(COLLECTIONS.searchRuns).getOne(run.id)).lease_owner).toBe('');
    await server.superuser.collection(COLLECTIONS.searchRuns).delete(run.id);
  });

  it('the owner cannot link a new run to a watch (the scheduler’s field)', async () => {
    const watch = await server.superuser
      .collection(COLLECTIONS.watches)
      .create(OWNED.at(-1)!.body(owner.id, ''));
    const before = await countOwnedBy(COLLECTIONS.searchRuns, owner.id);
    expect(
      await statusOf(
        owner.pb.collection(COLLECTIONS.searchRuns).create({ ...runBody(owner.id), watch: watch.id }),
      ),
    ).toBe(400);
    expect(await countOwnedBy(COLLECTIONS.searchRuns, owner.id)).toBe(before);
  });

  it('the owner manages their own keyword sets but cannot move one to another user', async () => {
    const set = await a.pb
      .collection(COLLECTIONS.keywordSets)
      .create({ user: a.id, locale: 'de-DE', keywords: ['kaufen'] });
    const updated = await a.pb.collection(COLLECTIONS.keywordSets).update(set.id, { keywords: ['angebot'] });
    expect(updated.keywords).toEqual(['angebot']);
    expect(await statusOf(a.pb.collection(COLLECTIONS.keywordSets).update(set.id, { user: b.id }))).toBe(404);
    expect((await server.superuser.collection(COLLECTIONS.keywordSets).getOne(set.id)).user).toBe(a.id);
    await a.pb.collection(COLLECTIONS.keywordSets).delete(set.id);
  });

  it('a second keyword set for the same locale is refused', async () => {
    expect(
      await statusOf(
        a.pb.collection(COLLECTIONS.keywordSets).create({ user: a.id, locale: 'en-US', keywords: [] }),
      ),
    ).toBe(400);
  });
});

export type { PocketBase };
