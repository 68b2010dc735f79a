/**
 * docs/invariants.md#invariant-5-results-are-never-lost-or-duplicated with real worker processes: a worker
 * killed with SIGKILL mid-run (with one run, and holding several), and a PocketBase killed and restarted
 * mid-run. Either way the runs are resumed (or failed) after the lease expires, every stored row is kept, no
 * ad is stored twice, and nothing is charged twice. A graceful stop hands every held run back at once.
 */
import type { ChildProcess } from 'node:child_process';
import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { startWorker } from '../../scripts/lib/stack.mjs';
import { subscriber } from '../fixtures/records.ts';
import { waitFor } from '../fixtures/wait-for.ts';
import { startTestServer, type TestServer, type TestUser } from './harness.ts';
import {
  expectSettledOnce as settledOnce,
  leasesRunOut,
  runOf as runOn,
  storedAdIds,
  workerPool,
} from './worker-runs.ts';
import { startRun } from '../fixtures/user-api.ts';

/**
 * The lease a doomed worker holds: short, so the test need not wait long for it to run out. A
 * rescue holds a long one: with a 300 ms heartbeat against 2 s, a loaded machine could let the
 * rescue's own lease lapse and the run be claimed a third time (still settled once, but not the
 * resume the test is about).
 */
const DOOMED_LEASE_SECONDS = 2;
const RESCUE_LEASE_SECONDS = 120;
let server: TestServer;
let pool: Awaited<ReturnType<typeof workerPool>>;
let leaseSeconds = DOOMED_LEASE_SECONDS;

beforeAll(async () => {
  server = await startTestServer({
    env: { SCOUT_LEASE_SECONDS: String(leaseSeconds), SCOUT_MAX_ATTEMPTS: '5' },
  });
  pool = await workerPool(server, {
    // the runs' leases and rows are under test, not the archive: its downloads and thumbnails
    // would only compete for the two cores
    MEDIA_CONCURRENCY: '0',
    SCOUT_DEMO_PACE_MS: '250',
    SCOUT_HEARTBEAT_MS: '300',
    SCOUT_IDLE_POLL_MS: '200',
  });
});

afterEach(async () => {
  await pool.stopAll();
});

afterAll(async () => {
  await server?.stop();
  await pool?.remove();
});

const worker = (name: string, env?: Record<string, string>) => pool.start(name, env);
const runOf = (id: string) => runOn(server, id);
const runsOf = (ids: string[]) => () => Promise.all(ids.map((id) => runOf(id)()));
/**
 * A crash test starts workers, may restart the server, and waits on a 200–300 row run or three:
 * 6–30 s on a quiet machine, several times that beside the suite's media tests on two cores (a CI
 * run saw a run store 25 rows in 20 s there). Each wait gets PART_WAY_MS, the test all of them.
 */
const PART_WAY_MS = 120_000;
const CRASH_TEST_MS = 480_000;
const expectSettledOnce = (user: TestUser, runId: string, requested: number) =>
  settledOnce(server, user, runId, requested);

/** Restarts PocketBase (a clean stop) so that leases taken from now on last `seconds`. */
async function leasesLast(seconds: number): Promise<void> {
  if (seconds === leaseSeconds) return;
  await server.restart({ env: { SCOUT_LEASE_SECONDS: String(seconds) } });
  leaseSeconds = seconds;
}

/** Kills the worker with SIGKILL and waits until it is gone (nothing more can be stored). */
async function kill(doomed: ReturnType<typeof worker>): Promise<void> {
  const gone = new Promise((resolve) =>
    doomed.child.exitCode !== null || doomed.child.signalCode !== null
      ? resolve(null)
      : doomed.child.once('exit', resolve),
  );
  doomed.child.kill('SIGKILL');
  await gone;
}

/** Every run completed, each row stored and charged once, and nothing stored before the kill lost. */
async function expectResumed(users: TestUser[], runIds: string[], requested: number, before: string[][]) {
  for (const [i, id] of runIds.entries()) {
    const run = await expectSettledOnce(users[i]!, id, requested);
    // the killed worker's claim counted; the rescue's claim is at least one more
    expect(run.attempts, id).toBeGreaterThanOrEqual(2);
    const after = new Set(await storedAdIds(server, id));
    expect(
      before[i]!.filter((adId) => !after.has(adId)),
      id,
    ).toEqual([]);
  }
}

describe('crash safety', () => {
  it(
    'a worker killed with SIGKILL mid-run: another worker resumes after the lease expires',
    async () => {
      await leasesLast(DOOMED_LEASE_SECONDS);
      const user = await subscriber(server.superuser, server, 'sigkill');
      const first = worker('doomed');
      const runId = (await startRun(user, { requested_count: 200, term: 'yoga mat' })).id;
      await waitFor('rows to be stored', runOf(runId), (r) => r.progress >= 50 && r.progress < 200, {
        timeoutMs: PART_WAY_MS,
      });
      await kill(first);
      const before = await storedAdIds(server, runId);
      expect(before.length).toBeGreaterThanOrEqual(50);
      expect(before.length).toBeLessThan(200);

      // the rescue claims the run once the doomed worker's lease has run out
      await leasesLast(RESCUE_LEASE_SECONDS);
      worker('rescuer');
      await expectResumed([user], [runId], 200, [before]);
    },
    CRASH_TEST_MS,
  );

  it(
    'a worker killed with SIGKILL while holding several leases: the sweep re-queues every run, another worker resumes each, nothing lost or charged twice',
    async () => {
      await leasesLast(DOOMED_LEASE_SECONDS);
      const users = await Promise.all(
        ['multi-a', 'multi-b', 'multi-c'].map((l) => subscriber(server.superuser, server, l)),
      );
      const doomed = worker('doomed-pool', { SCOUT_CONCURRENCY: '4' });
      const runIds: string[] = [];
      for (const [i, user] of users.entries())
        runIds.push((await startRun(user, { requested_count: 300, term: `yoga mat ${i}` })).id);
      // all three held by the one worker at once, each part-way
      const held = await waitFor(
        'three runs part-way under one worker',
        runsOf(runIds),
        (runs) => runs.every((r) => r.lease_owner === 'doomed-pool' && r.progress >= 25 && r.progress < 300),
        { timeoutMs: PART_WAY_MS },
      );
      await kill(doomed);
      const before = await Promise.all(runIds.map((id) => storedAdIds(server, id)));
      for (const [i, ids] of before.entries()) {
        expect(ids.length, runIds[i]).toBeGreaterThanOrEqual(held[i]!.progress);
        expect(ids.length, runIds[i]).toBeLessThan(300);
      }

      // once the leases ran out, the sweep (the cron, run now) puts every run back in the queue
      await leasesLast(RESCUE_LEASE_SECONDS);
      await leasesRunOut(server, runIds);
      await server.superuser.crons.run('adscout_run_sweep'); // runs in the background
      const requeued = await waitFor(
        'the sweep to re-queue the runs',
        runsOf(runIds),
        (runs) => runs.every((r) => r.lease_owner === ''),
        { timeoutMs: PART_WAY_MS },
      );
      expect(requeued.map((r) => r.status)).toEqual(['working', 'working', 'working']);
      worker('rescuer-pool', { SCOUT_CONCURRENCY: '4' });
      await expectResumed(users, runIds, 300, before);
    },
    CRASH_TEST_MS,
  );

  it(
    'a PocketBase restart mid-run: the worker carries on or resumes, nothing lost or doubled',
    async () => {
      await leasesLast(RESCUE_LEASE_SECONDS);
      const user = await subscriber(server.superuser, server, 'restart');
      worker('steady');
      const runId = (await startRun(user, { requested_count: 200, term: 'yoga mat' })).id;
      await waitFor('rows to be stored', runOf(runId), (r) => r.progress >= 50 && r.progress < 200, {
        timeoutMs: PART_WAY_MS,
      });
      await server.restart({ kill: true });
      await expectSettledOnce(user, runId, 200);
    },
    CRASH_TEST_MS,
  );

  it(
    'a graceful stop hands every run it holds back at once',
    async () => {
      // a lease that outlasts any stall, so the one claim of the next worker is its only one
      await leasesLast(RESCUE_LEASE_SECONDS);
      const users = await Promise.all(
        ['graceful-a', 'graceful-b'].map((l) => subscriber(server.superuser, server, l)),
      );
      const leaving = worker('leaving', { SCOUT_CONCURRENCY: '4' });
      const runIds = [
        (await startRun(users[0]!, { requested_count: 200, term: 'lamp' })).id,
        (await startRun(users[1]!, { requested_count: 200, term: 'desk lamp' })).id,
      ];
      await waitFor(
        'rows stored for both runs',
        runsOf(runIds),
        (runs) => runs.every((r) => r.lease_owner === 'leaving' && r.progress >= 25 && r.progress < 200),
        { timeoutMs: PART_WAY_MS },
      );
      await leaving.stop();
      for (const id of runIds) {
        const released = await runOf(id)();
        expect(released.lease_owner).toBe('');
        expect(released.status).toBe('working');
      }
      worker('next');
      for (const [i, id] of runIds.entries()) {
        await expectSettledOnce(users[i]!, id, 200);
        expect((await runOf(id)()).attempts).toBe(1);
      }
    },
    CRASH_TEST_MS,
  );
});

/** The exit code once the process exited and its output streams closed (all of it was read). */
function closed(child: ChildProcess): Promise<number | null> {
  return new Promise((resolve) => child.once('close', (code: number | null) => resolve(code)));
}

describe('start-up', () => {
  it('retries signing in, then exits 1 with the reason when the password is wrong', async () => {
    const wrong = join(pool.dir, 'wrong-credentials.json');
    const identity = { email: server.workerCredentials.email, password: 'not-the-password' };
    await writeFile(wrong, JSON.stringify({ worker: identity }), { mode: 0o600 });
    const locked = startWorker({
      pbUrl: server.url,
      credentialsFile: wrong,
      name: 'locked-out',
      stdio: 'pipe',
    });
    let output = '';
    for (const stream of [locked.child.stdout, locked.child.stderr])
      stream?.on('data', (c: Buffer) => (output += c));
    try {
      // ten attempts, 0.2 s more apart each time: about nine seconds
      const code = await closed(locked.child);
      expect(code).toBe(1);
      expect(output).toContain('[worker locked-out] failed: Failed to authenticate.');
      expect(output).not.toContain('ready');
    } finally {
      await locked.stop();
    }
  }, 60_000);

  it('exits 1 with one line naming the setting when SCOUT_CONCURRENCY is not a number it can use', async () => {
    const bad = startWorker({
      pbUrl: server.url,
      credentialsFile: pool.credentialsFile,
      name: 'misconfigured',
      stdio: 'pipe',
      env: { SCOUT_CONCURRENCY: '0' },
    });
    let output = '';
    for (const stream of [bad.child.stdout, bad.child.stderr])
      stream?.on('data', (c: Buffer) => (output += c));
    const code = await closed(bad.child);
    expect(code).toBe(1);
    expect(output.trim()).toBe(
      '[worker] failed: SCOUT_CONCURRENCY must be a whole number from 1 to 256 (got "0")',
    );
  });
});
