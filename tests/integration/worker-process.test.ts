/**
 * Invariant 5 with real worker processes: a worker killed with SIGKILL mid-run, and a PocketBase
 * killed and restarted mid-run. Either way the run is resumed (or failed) after the lease
 * expires, every stored row is kept, no ad is stored twice, and nothing is charged twice.
 */
import type { ChildProcess } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { startWorker } from '../../scripts/lib/stack.mjs';
import { subscriber } from '../fixtures/records.ts';
import { startTestServer, type TestServer, type TestUser } from './harness.ts';

const LEASE_SECONDS = 2;
let server: TestServer;
let credentialsDir: string;
let credentialsFile: string;
const workers: Array<{ stop(): Promise<void>; child: ChildProcess }> = [];

beforeAll(async () => {
  server = await startTestServer({
    env: { SCOUT_LEASE_SECONDS: String(LEASE_SECONDS), SCOUT_MAX_ATTEMPTS: '5' },
  });
  credentialsDir = await mkdtemp(join(tmpdir(), 'adscout-worker-'));
  credentialsFile = join(credentialsDir, 'credentials.json');
  await writeFile(credentialsFile, JSON.stringify({ worker: server.superuserCredentials }), { mode: 0o600 });
});

afterEach(async () => {
  await Promise.all(workers.splice(0).map((w) => w.stop()));
});

afterAll(async () => {
  await server?.stop();
  await rm(credentialsDir, { recursive: true, force: true });
});

function worker(name: string) {
  const started = startWorker({
    pbUrl: server.url,
    credentialsFile,
    name,
    stdio: 'ignore',
    env: { SCOUT_DEMO_PACE_MS: '250', SCOUT_HEARTBEAT_MS: '300', SCOUT_IDLE_POLL_MS: '200' },
  });
  workers.push(started);
  return started;
}

async function startRun(user: TestUser, requested: number): Promise<string> {
  const run = await user.pb.collection('search_runs').create({
    user: user.id,
    search_name: 'Crash test',
    facebook_link: 'https://www.facebook.com/ads/library/?active_status=all&country=US&q=yoga%20mat',
    target_country: 'US',
    keywords_used: '',
    requested_count: requested,
  });
  return run.id;
}

async function waitFor<T>(
  what: string,
  read: () => Promise<T>,
  done: (value: T) => boolean,
  timeoutMs = 30_000,
) {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await read();
    if (done(value)) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}: ${JSON.stringify(value)}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

const runOf = (id: string) => () => server.superuser.collection('search_runs').getOne(id);

async function expectSettledOnce(user: TestUser, runId: string, requested: number) {
  const run = await waitFor('the run to finish', runOf(runId), (r) => r.status !== 'working', 60_000);
  expect(run.status).toBe('completed');
  const rows = await server.superuser
    .collection('search_results')
    .getFullList({ filter: `run = "${runId}"`, fields: 'ad_id' });
  expect(rows).toHaveLength(requested);
  expect(new Set(rows.map((r) => r.ad_id)).size).toBe(requested);
  expect(run.results_count).toBe(requested);
  expect(run.charged_count).toBe(requested);
  const ledger = await server.superuser
    .collection('usage_ledger')
    .getFullList({ filter: `run = "${runId}"` });
  const sum = (kind: string) => ledger.filter((e) => e.kind === kind).reduce((s, e) => s + e.amount, 0);
  expect(sum('plan_use') + sum('addon_use')).toBe(requested);
  expect(sum('reservation')).toBe(sum('reservation_release'));
  const quota = await user.pb.send<{ total_remaining: number }>('/api/adscout/quota', {});
  expect(quota.total_remaining).toBe(2500 - requested);
}

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

  it('a PocketBase restart mid-run: the worker carries on or resumes, nothing lost or doubled', async () => {
    const user = await subscriber(server.superuser, server, 'restart');
    worker('steady');
    const runId = await startRun(user, 200);
    await waitFor('rows to be stored', runOf(runId), (r) => r.progress >= 50 && r.progress < 200);
    await server.restart({ kill: true });
    await expectSettledOnce(user, runId, 200);
  });

  it('a graceful stop hands the run back at once', async () => {
    const user = await subscriber(server.superuser, server, 'graceful');
    const leaving = worker('leaving');
    const runId = await startRun(user, 200);
    await waitFor('rows to be stored', runOf(runId), (r) => r.progress >= 25 && r.progress < 200);
    await leaving.stop();
    const released = await runOf(runId)();
    expect(released.lease_owner).toBe('');
    expect(released.status).toBe('working');
    worker('next');
    await expectSettledOnce(user, runId, 200);
    expect((await runOf(runId)()).attempts).toBe(1);
  });
});

describe('start-up', () => {
  it('retries signing in, then exits 1 with the reason when the password is wrong', async () => {
    const wrong = join(credentialsDir, 'wrong-credentials.json');
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
});
