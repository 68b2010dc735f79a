/**
 * GET /api/adscout/sync/{collection} (src/hooks/sync): the sync engine's keyset pages. The same
 * rows and JSON values as the collection's REST list, walked by the (updated, id) cursor exactly
 * once; only the caller's own records (docs/invariants.md#invariant-1-no-user-reaches-another-users-records);
 * bad requests refused with a 400. Hidden fields, repeated fields and the rate limit:
 * security/worker-names.test.ts, security/sync-limits.test.ts.
 */
import type { RecordModel } from 'pocketbase';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createRunWithResults } from '../fixtures/records.ts';
import { RESULTS, RUNS, KEYWORD_SETS } from '../../src/web/data/local/sync/records.ts';
import { startTestServer, statusOf, type TestServer, type TestUser } from './harness.ts';
import { COLLECTIONS } from '../../src/domain/api/collections.ts';
import { SERVER_ROUTES } from '../../src/domain/api/routes.ts';

let server: TestServer;
let a: TestUser;
let b: TestUser;

const MIRRORED = [RUNS, RESULTS, KEYWORD_SETS];

function page(user: TestUser, collection: string, query: Record<string, string | number>) {
  return user.pb.send<{ items: RecordModel[] }>(SERVER_ROUTES.syncPage.url(collection), {
    query,
    requestKey: null,
  });
}

/** Every record of `collection` the user gets by walking the route's pages of `limit`. */
async function walk(user: TestUser, collection: (typeof MIRRORED)[number], limit: number) {
  const all: RecordModel[] = [];
  let cursor = { updated: '', id: '' };
  for (;;) {
    const { items } = await page(user, collection.name, { ...cursor, limit, fields: collection.fields });
    all.push(...items);
    if (items.length < limit) return all;
    const last = items[items.length - 1]!;
    cursor = { updated: last.updated as string, id: last.id };
  }
}

async function seed(user: TestUser, label: string): Promise<void> {
  const rows = Array.from({ length: 7 }, (_, i) => ({
    ad_id: `${label}-${i}`,
    store_name: `Store ${label} ${i}`,
    title: i === 3 ? 'Quote " and emoji 🙂' : `Ad ${i}`,
    collation_count: i,
    is_new: i % 2 === 0,
  }));
  await createRunWithResults(server.superuser, user.id, { search_name: `Run ${label}` }, rows);
  await server.superuser
    .collection(COLLECTIONS.keywordSets)
    .create({ user: user.id, locale: 'en-US', keywords: [`${label} one`, 'two'] });
}

beforeAll(async () => {
  server = await startTestServer();
  a = await server.createUser('alice');
  b = await server.createUser('bob');
  await seed(a, 'a');
  await seed(b, 'b');
});

afterAll(async () => {
  await server?.stop();
});

describe.each(MIRRORED.map((c) => [c.name, c] as const))('%s', (name, collection) => {
  it('pages hold what the REST list holds, in (updated, id) order, each record once', async () => {
    const rest = await a.pb
      .collection(name)
      .getFullList({ sort: 'updated,id', fields: collection.fields, requestKey: null });
    expect(rest.length).toBeGreaterThan(0);
    expect(await walk(a, collection, 2)).toEqual(rest);
    expect(await walk(a, collection, 1000)).toEqual(rest);
  });

  it('gives each user only their own records (isolation)', async () => {
    const mine = await walk(b, collection, 3);
    expect(mine.length).toBeGreaterThan(0); // positive control
    expect(mine.every((record) => record.user === b.id)).toBe(true);
    const theirs = await walk(a, collection, 3);
    const ids = new Set(mine.map((record) => record.id));
    expect(theirs.some((record) => ids.has(record.id))).toBe(false);
  });
});

describe('refusals', () => {
  it('needs a signed-in user: anonymous and superuser clients get nothing', async () => {
    const query = { fields: RESULTS.fields };
    expect(
      await statusOf(
        server.anonymous().send(SERVER_ROUTES.syncPage.url(COLLECTIONS.searchResults), { query }),
      ),
    ).toBe(401);
    expect([401, 403]).toContain(
      await statusOf(server.superuser.send(SERVER_ROUTES.syncPage.url(COLLECTIONS.searchResults), { query })),
    );
  });

  it('refuses other collections, unknown fields, and bad cursors or limits', async () => {
    const bad: Array<[string, Record<string, string | number>]> = [
      [COLLECTIONS.users, { fields: 'id,email' }],
      [COLLECTIONS.usageLedger, { fields: 'id,user,amount' }],
      [COLLECTIONS.subscriptions, { fields: 'id,user,plan' }],
      [COLLECTIONS.searchResults, { fields: 'id,nope' }],
      [COLLECTIONS.searchResults, { fields: 'id,user) FROM users --' }],
      [COLLECTIONS.searchResults, { fields: '' }],
      [COLLECTIONS.searchResults, { fields: 'id', limit: 1001 }],
      [COLLECTIONS.searchResults, { fields: 'id', limit: 0 }],
      [COLLECTIONS.searchResults, { fields: 'id', updated: "x' OR 1=1 --" }],
    ];
    for (const [collection, query] of bad) {
      expect([collection, query, await statusOf(page(a, collection, query))]).toEqual([
        collection,
        query,
        400,
      ]);
    }
  });
});
