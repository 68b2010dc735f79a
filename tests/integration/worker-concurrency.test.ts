/**
 * One worker process working several runs at once (SCOUT_CONCURRENCY): it holds up to that many
 * leases together, claims oldest first, each run heartbeats (its lease moves forward) and fills
 * while the others do, the next run starts as soon as a slot frees, and every run settles with its
 * full count, charged once.
 */
import type { RecordModel } from 'pocketbase';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { subscriber } from '../fixtures/records.ts';
import { waitFor } from '../fixtures/wait-for.ts';
import { startTestServer, type TestServer } from './harness.ts';
import { expectSettledOnce, workerPool } from './worker-runs.ts';
import { startRun } from '../fixtures/user-api.ts';
import { COLLECTIONS } from '../../src/domain/api/collections.ts';

let server: TestServer;
let pool: Awaited<ReturnType<typeof workerPool>>;

beforeAll(async () => {
  // nothing here crashes: a lease no stall of a loaded machine outlasts, so each run is claimed once
  server = await startTestServer({ env: { SCOUT_LEASE_SECONDS: '120' } });
  pool = await workerPool(server, {
    SCOUT_DEMO_PACE_MS: '250',
    SCOUT_HEARTBEAT_MS: '300',
    SCOUT_IDLE_POLL_MS: '200',
  });
});

afterAll(async () => {
  await pool?.stopAll();
  await server?.stop();
  await pool?.remove();
});

describe('one worker, several runs at once', () => {
  it('holds up to SCOUT_CONCURRENCY leases together, each heartbeating and filling, and settles each', async () => {
    const users = await Promise.all(
      ['c1', 'c2', 'c3', 'c4'].map((label) => subscriber(server.superuser, server, label)),
    );
    // created one after another, so "oldest first" has an order to keep
    const runIds: string[] = [];
    for (const [i, user] of users.entries())
      runIds.push((await startRun(user, { requested_count: 250, term: `standing desk ${i}` })).id);
    pool.start('pool-of-3', { SCOUT_CONCURRENCY: '3' });

    // watch every run until all have settled
    const leases = new Map(runIds.map((id) => [id, new Set<string>()]));
    const firstHeld = new Map<string, number>();
    let mostHeld = 0;
    let mostFillingTogether = 0;
    let snapshot = 0;
    let settledWhenLastClaimed = -1;
    /** One snapshot of every run, noted; the runs as they were. */
    const observe = async () => {
      snapshot += 1;
      // one list request: one SELECT, so a consistent snapshot (four separate reads could see a
      // run still working and, a moment later, the run claimed in its freed slot)
      const listed = await server.superuser.collection(COLLECTIONS.searchRuns).getFullList({
        filter: runIds.map((id) => `id = "${id}"`).join(' || '),
      });
      const runs: RecordModel[] = runIds.map((id) => listed.find((r) => r.id === id)!);
      const held = runs.filter((r) => r.status === 'working' && r.lease_owner === 'pool-of-3');
      mostHeld = Math.max(mostHeld, held.length);
      mostFillingTogether = Math.max(
        mostFillingTogether,
        held.filter((r) => r.progress > 0 && r.progress < 250).length,
      );
      for (const run of held) {
        leases.get(run.id)!.add(run.lease_expires_at);
        if (!firstHeld.has(run.id)) {
          firstHeld.set(run.id, snapshot);
          if (run.id === runIds[3])
            settledWhenLastClaimed = runs.filter((r) => r.status !== 'working').length;
        }
      }
      return runs;
    };
    // 8 s alone; a CI run beside the suite's media tests had stored 100 rows a run after 80 s
    await waitFor('every run to settle', observe, (runs) => runs.every((r) => r.status !== 'working'), {
      timeoutMs: 240_000,
    });

    // three at once, never four; the three oldest first, the fourth only once one had settled
    expect(mostHeld).toBe(3);
    expect(mostFillingTogether).toBe(3);
    const order = [...firstHeld.keys()];
    expect(order.slice(0, 3).sort()).toEqual(runIds.slice(0, 3).sort());
    expect(order[3]).toBe(runIds[3]);
    expect(settledWhenLastClaimed).toBeGreaterThanOrEqual(1);
    // each run's own heartbeats moved its lease forward several times
    for (const id of runIds) expect(leases.get(id)!.size, id).toBeGreaterThanOrEqual(3);
    for (const [i, id] of runIds.entries()) {
      const run = await expectSettledOnce(server, users[i]!, id, 250);
      expect(run.attempts).toBe(1);
    }
  }, 300_000);
});
