/**
 * What one request to the sync route (GET /api/adscout/sync/{collection}) may cost. Each field
 * named is a column SQLite builds into every row of a page of up to 1,000 and the JS VM copies:
 * a field named twice, or more names than the collection has fields, is refused with a clear 400
 * before any query. And the route is rate limited per client address (PocketBase's limiter, a
 * window of one second), with room for a first sync at the speed the route serves full pages.
 */
import type PocketBase from 'pocketbase';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SYNC_FIELD_MESSAGES, SYNC_PAGE_MAX } from '../../../src/domain/runs/sync-contract.ts';
import { KEYWORD_SETS, RESULTS, RUNS } from '../../../src/web/data/local/sync/records.ts';
import { createRunWithResults } from '../../fixtures/records.ts';
import { waitFor } from '../../fixtures/wait-for.ts';
import { startTestServer, statusOf, type TestServer, type TestUser } from '../harness.ts';
import { COLLECTIONS } from '../../../src/domain/api/collections.ts';
import { SERVER_ROUTES } from '../../../src/domain/api/routes.ts';

let server: TestServer;

beforeAll(async () => {
  // every user a client address of its own: the limit is per address
  server = await startTestServer({ env: { ADSCOUT_BILLING: 'local' }, clientsBehindProxy: true });
});
afterAll(async () => {
  await server?.stop();
});

type Query = Record<string, string | number>;

const page = (pb: PocketBase, collection: string, query: Query) =>
  pb.send<{ items: { id: string; updated: string }[] }>(SERVER_ROUTES.syncPage.url(collection), {
    query,
    requestKey: null,
  });

/** The message of a refused call. */
async function refusal(call: Promise<unknown>): Promise<{ status: number; message: string }> {
  try {
    await call;
    return { status: 0, message: '' };
  } catch (error) {
    const e = error as { status: number; response?: { message?: string } };
    return { status: e.status, message: e.response?.message ?? '' };
  }
}

describe('the fields a page may name', () => {
  let user: TestUser;
  beforeAll(async () => {
    user = await server.createUser('fields');
    await createRunWithResults(server.superuser, user.id, {}, [{ ad_id: 'a1', body: 'Some body' }]);
  });

  it('answers each field named once (positive control)', async () => {
    const { items } = await page(user.pb, COLLECTIONS.searchResults, { fields: 'id,body' });
    expect(items).toEqual([{ id: expect.any(String), body: 'Some body' }]);
  });

  it('refuses a field named twice, however many copies, with a 400 that names it', async () => {
    for (const fields of ['id,body,body', `id,${Array(500).fill('body').join(',')}`, 'id,id']) {
      const name = fields.startsWith('id,id') ? 'id' : 'body';
      expect(await refusal(page(user.pb, COLLECTIONS.searchResults, { fields }))).toEqual({
        status: 400,
        message: SYNC_FIELD_MESSAGES.twice(name),
      });
    }
  });

  it('refuses more names than the collection has fields, before looking at any of them', async () => {
    const collection = await server.superuser.collections.getOne(COLLECTIONS.keywordSets);
    const names = Array.from({ length: collection.fields.length + 1 }, (_, i) => `f${i}`);
    expect(await refusal(page(user.pb, COLLECTIONS.keywordSets, { fields: names.join(',') }))).toEqual({
      status: 400,
      message: SYNC_FIELD_MESSAGES.tooMany(COLLECTIONS.keywordSets),
    });
  });
});

describe('the rate limit per client address', () => {
  it('leaves room for a first sync at full speed: every collection walked in full pages, three times', async () => {
    const user = await server.createUser('first-sync');
    // rows about as large as real ads (1.1 KB), so pages cost what a real first sync's do
    for (let run = 0; run < 4; run++) {
      const rows = Array.from({ length: SYNC_PAGE_MAX }, (_, i) => ({
        ad_id: `r${run}-${i}`,
        title: `Ad ${i} of run ${run}`,
        body: 'An ad body of about a kilobyte. '.repeat(32),
        store_name: `Store ${i % 40}`,
      }));
      await createRunWithResults(server.superuser, user.id, { search_name: `Run ${run}` }, rows);
    }
    let pages = 0;
    for (let round = 0; round < 3; round++) {
      for (const collection of [RUNS, KEYWORD_SETS, RESULTS]) {
        let cursor = { updated: '', id: '' };
        for (;;) {
          const { items } = await page(user.pb, collection.name, {
            ...cursor,
            limit: SYNC_PAGE_MAX,
            fields: collection.fields,
          });
          pages += 1;
          if (items.length < SYNC_PAGE_MAX) break;
          const last = items[items.length - 1]!;
          cursor = { updated: last.updated, id: last.id };
        }
      }
    }
    // 3 × (1 + 1 + 5) pages, none refused (a 429 would have thrown)
    expect(pages).toBe(21);
  }, 120_000);

  it('refuses a client that asks faster (429), and only that client', async () => {
    const [greedy, neighbour] = await Promise.all([
      server.createUser('greedy'),
      server.createUser('neighbour'),
    ]);
    const cheap = { fields: 'id', limit: 1 };
    // The limiter's window is a second of the clock: a burst of 61 cheap pages spans at most two
    // windows unless the machine stalls, so 31 land in one of them. Bursts repeat until a 429
    // shows; without the limit none ever does, and the test fails when the wait times out.
    const burst = async () => {
      const statuses = await Promise.all(
        Array.from({ length: 61 }, () => statusOf(page(greedy.pb, COLLECTIONS.searchResults, cheap))),
      );
      expect(statuses.filter((status) => status !== 0 && status !== 429)).toEqual([]);
      return statuses;
    };
    await waitFor(
      'a refused request (the sync route is rate limited)',
      burst,
      (statuses) => statuses.includes(429),
      { timeoutMs: 20_000, intervalMs: 0 },
    );
    // another address keeps its own allowance
    expect(await statusOf(page(neighbour.pb, COLLECTIONS.searchResults, cheap))).toBe(0);
  }, 30_000);
});
