/**
 * Real scout worker processes against a test server, and the checks the crash and concurrency
 * tests share: a run started as a user starts it, waiting on a run's state, and "settled once"
 * (every requested row stored once, charged once, the reservation released, the quota right).
 */
import type { ChildProcess } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect } from 'vitest';
import { startWorker } from '../../scripts/lib/stack.mjs';
import { waitFor, waitUntil } from '../fixtures/wait-for.ts';
import type { TestServer, TestUser } from './harness.ts';
import { quotaOf } from '../fixtures/user-api.ts';
import { COLLECTIONS } from '../../src/domain/api/collections.ts';

/** The monthly plan's quota, which every subscriber of these tests starts with. */
const PLAN_QUOTA = 2500;

export interface WorkerProcess {
  child: ChildProcess;
  stop(): Promise<void>;
  /** What the worker wrote so far (stdout and stderr); '' unless the pool captures output. */
  output(): string;
}

/**
 * Starts workers signed in with the server's workers' account; `stopAll()` stops every one still
 * running. With `captureOutput` each keeps its output for the test to read (else it is dropped).
 */
export async function workerPool(
  server: TestServer,
  defaults: Record<string, string>,
  { captureOutput = false }: { captureOutput?: boolean } = {},
) {
  const dir = await mkdtemp(join(tmpdir(), 'adscout-worker-'));
  const credentialsFile = join(dir, 'credentials.json');
  await writeFile(credentialsFile, JSON.stringify({ worker: server.workerCredentials }), { mode: 0o600 });
  const running: WorkerProcess[] = [];
  return {
    dir,
    credentialsFile,
    start(name: string, env: Record<string, string> = {}): WorkerProcess {
      const started = startWorker({
        pbUrl: server.url,
        credentialsFile,
        name,
        stdio: captureOutput ? 'pipe' : 'ignore',
        env: { ...defaults, ...env },
      });
      let text = '';
      for (const stream of [started.child.stdout, started.child.stderr])
        stream?.on('data', (chunk: Buffer) => (text += chunk.toString('utf8')));
      const worker: WorkerProcess = { ...started, output: () => text };
      running.push(worker);
      return worker;
    },
    async stopAll() {
      await Promise.all(running.splice(0).map((w) => w.stop()));
    },
    async remove() {
      await rm(dir, { recursive: true, force: true });
    },
  };
}

export const runOf = (server: TestServer, id: string) => () =>
  server.superuser.collection(COLLECTIONS.searchRuns).getOne(id);

/**
 * Waits until the clock is past the lease each run holds now: the server runs on this machine,
 * so from then on it finds every one of those leases expired.
 */
export async function leasesRunOut(server: TestServer, runIds: string[]): Promise<void> {
  const runs = await Promise.all(runIds.map((id) => runOf(server, id)()));
  const expiries = runs.map((run) => Date.parse(String(run.lease_expires_at).replace(' ', 'T')));
  if (!expiries.every(Number.isFinite)) throw new Error(`a run holds no lease: ${JSON.stringify(runs)}`);
  const last = Math.max(...expiries);
  await waitUntil('the leases to run out', () => Date.now() > last, { timeoutMs: last - Date.now() + 5_000 });
}

/** The ad ids stored for a run. */
export async function storedAdIds(server: TestServer, runId: string): Promise<string[]> {
  const rows = await server.superuser
    .collection(COLLECTIONS.searchResults)
    .getFullList({ filter: `run = "${runId}"`, fields: 'ad_id' });
  return rows.map((r) => String(r.ad_id));
}

/**
 * Waits for the run to settle, then checks it completed with every requested row stored once
 * and charged once: the ledger's uses add up to the count, the reservation is released, and the
 * user's quota dropped by exactly that much (the user has this one run).
 */
export async function expectSettledOnce(
  server: TestServer,
  user: TestUser,
  runId: string,
  requested: number,
) {
  const run = await waitFor('the run to finish', runOf(server, runId), (r) => r.status !== 'working', {
    // a 200–300 row run takes seconds alone, minutes beside the suite's media tests on two cores
    timeoutMs: 180_000,
  });
  expect(run.status).toBe('completed');
  const ids = await storedAdIds(server, runId);
  expect(ids).toHaveLength(requested);
  expect(new Set(ids).size).toBe(requested);
  expect(run.results_count).toBe(requested);
  expect(run.charged_count).toBe(requested);
  const ledger = await server.superuser
    .collection(COLLECTIONS.usageLedger)
    .getFullList({ filter: `run = "${runId}"` });
  const sum = (kind: string) => ledger.filter((e) => e.kind === kind).reduce((s, e) => s + e.amount, 0);
  expect(sum('plan_use') + sum('addon_use')).toBe(requested);
  expect(sum('reservation')).toBe(sum('reservation_release'));
  const quota = await quotaOf(user.pb);
  expect(quota.total_remaining).toBe(PLAN_QUOTA - requested);
  return run;
}
