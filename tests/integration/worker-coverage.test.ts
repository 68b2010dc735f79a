/**
 * Coverage and unknown-is-not-zero with a real worker on the demo source (docs/pipeline.md#coverage,
 * docs/decisions.md#unknown-is-not-zero): a run keeps how many ads the Library holds for its search
 * (summed over its keywords), and its rows say whether the source gave reach and variants: reach
 * for EU countries only.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ClaimedRun } from '../../src/domain/runs/lease-contract.ts';
import { buildSourceQueries } from '../../src/worker/query.ts';
import { buildDemoCatalogue } from '../../src/demo-library/library.ts';
import { subscriber } from '../fixtures/records.ts';
import { startTestServer, type TestServer, type TestUser } from './harness.ts';
import { expectSettledOnce, workerPool } from './worker-runs.ts';
import { COLLECTIONS } from '../../src/domain/api/collections.ts';
import { startRun } from '../fixtures/user-api.ts';

let server: TestServer;
let pool: Awaited<ReturnType<typeof workerPool>>;

beforeAll(async () => {
  server = await startTestServer({ env: { SCOUT_LEASE_SECONDS: '120' } });
  pool = await workerPool(server, { SCOUT_DEMO_PACE_MS: '0', SCOUT_IDLE_POLL_MS: '200' });
});

afterAll(async () => {
  await pool?.stopAll();
  await server?.stop();
  await pool?.remove();
});

const REQUESTED = 60;

function form(country: string, keywords: string) {
  return {
    search_name: `Coverage ${country}`,
    facebook_link: `https://www.facebook.com/ads/library/?active_status=all&country=${country}&q=lamp`,
    target_country: country,
    keywords_used: keywords,
    requested_count: REQUESTED,
  };
}

/** What the demo catalogue holds for the run's queries now: the sum over its keywords. */
function catalogueTotal(fields: ReturnType<typeof form>): number {
  const run: ClaimedRun = { ...fields, id: 'x', user: 'x', stored_count: 0, attempts: 0 };
  return buildSourceQueries(run).reduce(
    (sum, query) => sum + buildDemoCatalogue(query, Date.now()).length,
    0,
  );
}

async function scout(user: TestUser, fields: ReturnType<typeof form>) {
  const before = catalogueTotal(fields);
  const created = await startRun(user, fields);
  const run = await expectSettledOnce(server, user, created.id, REQUESTED);
  // the catalogue rolls over at midnight UTC: either day's count is the one the worker saw
  const totals = [before, catalogueTotal(fields)];
  const rows = await server.superuser.collection(COLLECTIONS.searchResults).getFullList({
    filter: `run = "${created.id}"`,
    fields: 'reach,reach_known,collation_count,collation_known',
  });
  return { run, totals, rows };
}

describe('a demo run', () => {
  it('stores the Library total of its search, summed over its keywords, and says which counts are known', async () => {
    pool.start('coverage');
    const [us, de] = await Promise.all([
      subscriber(server.superuser, server, 'coverage-us'),
      subscriber(server.superuser, server, 'coverage-de'),
    ]);
    const [outside, inside] = await Promise.all([
      scout(us, form('US', 'yoga mat, desk lamp')),
      scout(de, form('DE', 'yoga mat')),
    ]);

    // the US run searched two keywords: catalogueTotal adds their two searches' totals
    for (const { run, totals } of [outside, inside]) {
      expect(totals).toContain(run.library_total);
      expect(run.library_total).toBeGreaterThan(REQUESTED);
    }

    // outside the EU the Library gives no reach: unknown, stored as 0, never a "0 reach"
    expect(outside.rows.every((row) => row.reach_known === false && row.reach === 0)).toBe(true);
    // in the EU every demo ad has one
    expect(inside.rows.every((row) => row.reach_known === true && row.reach > 0)).toBe(true);
    // only a group's lead ad carries its collation count
    for (const { rows } of [outside, inside]) {
      expect(rows.some((row) => row.collation_known)).toBe(true);
      expect(rows.every((row) => row.collation_known === row.collation_count > 0)).toBe(true);
    }
    const all = [...outside.rows, ...inside.rows];
    expect(all.some((row) => !row.collation_known)).toBe(true);
  }, 180_000); // two demo runs settled by a worker process: a minute and more on a busy machine
});
