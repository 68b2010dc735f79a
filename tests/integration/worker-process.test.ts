/**
 * Invariant 5 with real worker processes: a worker killed with SIGKILL mid-run (with one run, and
 * holding several), and a PocketBase killed and restarted mid-run. Either way the runs are resumed
 * (or failed) after the lease expires, every stored row is kept, no ad is stored twice, and
 * nothing is charged twice. A graceful stop hands every held run back at once.
 */
import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { startWorker } from '../../scripts/lib/stack.mjs';
import { subscriber } from '../fixtures/records.ts';
import { startTestServer, type TestServer, type TestUser } from './harness.ts';
import {
  expectSettledOnce as settledOnce,
  runOf as runOn,
  startRun,
  storedAdIds,
  waitFor,
  workerPool,
} from './worker-runs.ts';

const LEASE_SECONDS = 2;
let server: TestServer;
let pool: Awaited<ReturnType<typeof workerPool>>;

beforeAll(async () => {
  server = await startTestServer({
    env: { SCOUT_LEASE_SECONDS: String(LEASE_SECONDS), SCOUT_MAX_ATTEMPTS: '5' },
  });
  pool = await workerPool(server, {
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
const expectSettledOnce = (user: TestUser, runId: string, requested: number) =>
  settledOnce(server, user, runId, requested);

describe('crash safety', () => {
  it('a worker killed with SIGKILL mid-run: another worker resumes after the lease expires', async () => {
    const user = await subscriber(server.superuser, server, 'sigkill');
    const first = worker('doomed');
    const runId = await startRun(user, 200);
    await waitFor('rows to be stored', runOf(runId), (r) => r.progress >= 50 && r.progress < 200);
    first.child.kill('SIGKILL');
    const partial = (await runOf(runId)()).progress;
    worker('rescuer');
    await expectSettledOnce(user, runId, 200);
    const run = await runOf(runId)();
    expect(run.attempts).toBe(2);
    expect(partial).toBeLessThan(200);
  });

  it('a worker killed with SIGKILL while holding several leases: the sweep re-queues every run, another worker resumes each, nothing lost or charged twice', async () => {
    const users = await Promise.all(
      ['multi-a', 'multi-b', 'multi-c'].map((l) => subscriber(server.superuser, server, l)),
    );
    const doomed = worker('doomed-pool', { SCOUT_CONCURRENCY: '4' });
    const runIds: string[] = [];
    for (const [i, user] of users.entries()) runIds.push(await startRun(user, 300, `yoga mat ${i}`));
    // all three held by the one worker at once, each part-way
    const held = await waitFor(
      'three runs part-way under one worker',
      () => Promise.all(runIds.map((id) => runOf(id)())),
      (runs) => runs.every((r) => r.lease_owner === 'doomed-pool' && r.progress >= 25 && r.progress < 300),
    );
    doomed.child.kill('SIGKILL');
    await new Promise((resolve) => doomed.child.once('exit', resolve));
    const before = await Promise.all(runIds.map((id) => storedAdIds(server, id)));
    for (const [i, ids] of before.entries()) {
      expect(ids.length, runIds[i]).toBeGreaterThanOrEqual(held[i]!.progress);
      expect(ids.length, runIds[i]).toBeLessThan(300);
    }

    // once the leases ran out, the sweep (the cron, run now) puts every run back in the queue
    await new Promise((r) => setTimeout(r, LEASE_SECONDS * 1000 + 500));
    await server.superuser.crons.run('adscout_run_sweep'); // runs in the background
    const requeued = await waitFor(
      'the sweep to re-queue the runs',
      () => Promise.all(runIds.map((id) => runOf(id)())),
      (runs) => runs.every((r) => r.lease_owner === ''),
    );
    expect(requeued.map((r) => r.status)).toEqual(['working', 'working', 'working']);
    worker('rescuer-pool', { SCOUT_CONCURRENCY: '4' });
    for (const [i, id] of runIds.entries()) {
      const run = await expectSettledOnce(users[i]!, id, 300);
      expect(run.attempts).toBe(2);
      // every row stored before the kill is still there
      const after = new Set(await storedAdIds(server, id));
      expect(before[i]!.filter((adId) => !after.has(adId))).toEqual([]);
    }
  });

  it('a PocketBase restart mid-run: the worker carries on or resumes, nothing lost or doubled', async () => {
    const user = await subscriber(server.superuser, server, 'restart');
    worker('steady');
    const runId = await startRun(user, 200);
    await waitFor('rows to be stored', runOf(runId), (r) => r.progress >= 50 && r.progress < 200);
    await server.restart({ kill: true });
    await expectSettledOnce(user, runId, 200);
  });

  it('a graceful stop hands every run it holds back at once', async () => {
    const users = await Promise.all(
      ['graceful-a', 'graceful-b'].map((l) => subscriber(server.superuser, server, l)),
    );
    const leaving = worker('leaving', { SCOUT_CONCURRENCY: '4' });
    const runIds = [await startRun(users[0]!, 200, 'lamp'), await startRun(users[1]!, 200, 'desk lamp')];
    await waitFor(
      'rows stored for both runs',
      () => Promise.all(runIds.map((id) => runOf(id)())),
      (runs) => runs.every((r) => r.lease_owner === 'leaving' && r.progress >= 25 && r.progress < 200),
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
  });
});

describe('start-up', () => {
  it('retries signing in, then exits 1 with the reason when the password is wrong', async () => {
    const wrong = join(pool.dir, 'wrong-credentials.json');
    const identity = { email: server.superuserCredentials.email, password: 'not-the-password' };
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
      const code = await new Promise((resolve) => locked.child.once('exit', resolve));
      expect(code).toBe(1);
      expect(output).toContain('[worker locked-out] failed: Failed to authenticate.');
      expect(output).not.toContain('ready');
    } finally {
      await locked.stop();
    }
  }, 30_000);

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
    const code = await new Promise((resolve) => bad.child.once('exit', resolve));
    expect(code).toBe(1);
    expect(output.trim()).toBe(
      '[worker] failed: SCOUT_CONCURRENCY must be a whole number from 1 to 256 (got "0")',
    );
  });
});
