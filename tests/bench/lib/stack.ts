/** A throwaway stack for a benchmark: PocketBase on a free port, N workers, a superuser client. */
import { readFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import PocketBase from 'pocketbase';
import {
  accountsEnv,
  freePort,
  loadOrCreateCredentials,
  startPocketBase,
  startWorker,
} from '../../../scripts/lib/stack.mjs';
import { createSubscription } from '../../fixtures/records.ts';
import { COLLECTIONS } from '../../../src/domain/api/collections.ts';

export interface BenchStack {
  url: string;
  /** PocketBase's process id (to read its memory from /proc). */
  pid: number;
  superuser: PocketBase;
  /** A client signed in with the workers' account (the lease routes accept no other). */
  worker: PocketBase;
  /** A subscribed user with a client signed in as them. */
  subscriber(label: string): Promise<{ id: string; pb: PocketBase }>;
  /** CPU time (user + system, ms) PocketBase and the workers have used so far (Linux /proc). */
  cpuMs(): { pocketbase: number; workers: number };
  stop(): Promise<void>;
}

/**
 * A user with a yearly subscription, created through the superuser (sign-up is rate limited per
 * address), and a client signed in as them.
 */
export async function createSubscriber(
  superuser: PocketBase,
  email: string,
): Promise<{ id: string; pb: PocketBase }> {
  const password = 'Bench-Pass-2026';
  const user = await superuser
    .collection(COLLECTIONS.users)
    .create({ email, password, passwordConfirm: password });
  await createSubscription(superuser, user.id, { plan: 'yearly' });
  const pb = await superuser.collection(COLLECTIONS.users).impersonate(user.id, 3600);
  pb.autoCancellation(false);
  return { id: user.id, pb };
}

const TICKS_PER_SECOND = 100;

/** CPU time (user + system) a process has used, in ms; 0 once it is gone. */
export function processCpuMs(pid: number | undefined): number {
  try {
    // fields after the command's closing parenthesis: utime and stime are the 12th and 13th
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
    return ((Number(fields[11]) + Number(fields[12])) * 1000) / TICKS_PER_SECOND;
  } catch {
    return 0;
  }
}

export async function startBenchStack(options: {
  workers: number;
  env?: Record<string, string>;
}): Promise<BenchStack> {
  const pocketbase = process.env.POCKETBASE_BIN;
  if (!pocketbase) throw new Error('POCKETBASE_BIN is not set: run through `npm run bench`');
  const dataDir = await mkdtemp(join(tmpdir(), 'adscout-bench-'));
  // The admin superuser and the workers' account, made by PocketBase from its environment as
  // `npm start` does; the workers read their own file.
  const { workerPath: credentialsFile, credentials } = loadOrCreateCredentials(dataDir);
  const env = { SCOUT_DEMO_PACE_MS: '0', ...options.env };
  const server = await startPocketBase({
    pocketbase,
    dataDir,
    http: `127.0.0.1:${await freePort()}`,
    env: { ...env, ...accountsEnv(credentials) },
  });
  const workers = Array.from({ length: options.workers }, (_, i) =>
    startWorker({ pbUrl: server.url, credentialsFile, stdio: 'ignore', name: `bench-${i + 1}`, env }),
  );
  const superuser = new PocketBase(server.url);
  superuser.autoCancellation(false);
  await superuser
    .collection(COLLECTIONS.superusers)
    .authWithPassword(credentials.admin.email, credentials.admin.password);
  const worker = new PocketBase(server.url);
  worker.autoCancellation(false);
  await worker
    .collection(COLLECTIONS.workers)
    .authWithPassword(credentials.worker.email, credentials.worker.password);
  let counter = 0;
  return {
    url: server.url,
    pid: server.child.pid!,
    superuser,
    worker,
    async subscriber(label) {
      counter += 1;
      return createSubscriber(superuser, `${label}-${counter}@bench.test`);
    },
    cpuMs() {
      return {
        pocketbase: processCpuMs(server.child.pid),
        workers: workers.reduce((sum, worker) => sum + processCpuMs(worker.child.pid), 0),
      };
    },
    async stop() {
      await Promise.all(workers.map((w) => w.stop()));
      await server.stop();
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}
