/**
 * How `npm start` (scripts/start.mjs, through scripts/lib/stack.mjs) gives PocketBase and the
 * workers their accounts: no password on any process's command line, where `ps` shows it to
 * everyone on the machine; the worker's credentials file is mode 0600 and holds the worker's own
 * account alone (a workers' account, no superuser); a data dir from when the worker was a
 * superuser loses that superuser.
 */
import { spawn } from 'node:child_process';
import { readFileSync, statSync, writeFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import PocketBase from 'pocketbase';
import { afterAll, expect, it } from 'vitest';
import {
  accountsEnv,
  CREDENTIALS_FILE,
  deleteSuperuser,
  freePort,
  loadOrCreateCredentials,
  startPocketBase,
  startWorker,
  upsertSuperuser,
  WORKER_CREDENTIALS_FILE,
} from '../../scripts/lib/stack.mjs';
import { waitFor } from '../fixtures/wait-for.ts';
import { pocketBaseBinary, statusOf } from './harness.ts';
import { COLLECTIONS } from '../../src/domain/api/collections.ts';

const dirs: string[] = [];
afterAll(async () => {
  for (const dir of dirs) await rm(dir, { recursive: true, force: true });
});

async function dataDir(): Promise<string> {
  const dir = await mkdtemp(join(tmpdir(), 'adscout-it-accounts-'));
  dirs.push(dir);
  return dir;
}

const mode = (path: string) => statSync(path).mode & 0o777;
const json = (path: string) => JSON.parse(readFileSync(path, 'utf8')) as Record<string, unknown>;
/** A process's command line as `ps` shows it. */
const commandLine = (pid: number | undefined) =>
  readFileSync(`/proc/${pid}/cmdline`, 'utf8').split('\0').join(' ');

it("starts PocketBase and a worker with no password on a command line, the worker's own file alone readable to it", async () => {
  const dir = await dataDir();
  const { path, workerPath, credentials, created } = loadOrCreateCredentials(dir);
  expect(created).toBe(true);
  expect([path, workerPath]).toEqual([join(dir, CREDENTIALS_FILE), join(dir, WORKER_CREDENTIALS_FILE)]);
  expect(mode(path)).toBe(0o600);
  expect(mode(workerPath)).toBe(0o600);
  expect(Object.keys(json(path))).toEqual(['admin']);
  expect(json(workerPath)).toEqual({ worker: credentials.worker });

  const server = await startPocketBase({
    pocketbase: pocketBaseBinary(),
    dataDir: dir,
    http: `127.0.0.1:${await freePort()}`,
    env: accountsEnv(credentials),
  });
  const worker = startWorker({
    pbUrl: server.url,
    credentialsFile: workerPath,
    name: 'cmdline',
    stdio: 'pipe',
  });
  let output = '';
  worker.child.stdout?.on('data', (chunk: Buffer) => (output += chunk));
  worker.child.stderr?.on('data', (chunk: Buffer) => (output += chunk));
  try {
    await waitFor(
      'the worker to sign in',
      () => output,
      (text) => text.includes('[worker cmdline] ready: '),
      {
        timeoutMs: 30_000,
      },
    );
    for (const pid of [server.child.pid, worker.child.pid]) {
      const line = commandLine(pid);
      expect(line).not.toContain(credentials.admin.password);
      expect(line).not.toContain(credentials.worker.password);
    }
    // the admin is a superuser; the worker's account is not, and signs in to `workers` only
    const admin = new PocketBase(server.url);
    await admin
      .collection(COLLECTIONS.superusers)
      .authWithPassword(credentials.admin.email, credentials.admin.password);
    expect(admin.authStore.isSuperuser).toBe(true);
    const { email, password } = credentials.worker;
    expect(
      await statusOf(
        new PocketBase(server.url).collection(COLLECTIONS.superusers).authWithPassword(email, password),
      ),
    ).toBe(400);
    const account = new PocketBase(server.url);
    await account.collection(COLLECTIONS.workers).authWithPassword(email, password);
    expect(account.authStore.isSuperuser).toBe(false);
    expect((await admin.collection(COLLECTIONS.superusers).getFullList()).map((s) => s.email)).toEqual([
      credentials.admin.email,
    ]);
  } finally {
    await worker.stop();
    await server.stop();
  }
});

it('retires the superuser a worker used to be, and moves its password out of the admin file', async () => {
  const dir = await dataDir();
  const old = {
    admin: { email: 'admin@adscout.local', password: 'Old-admin-pass-1' },
    worker: { email: 'worker@adscout.local', password: 'Old-worker-pass-1' },
  };
  writeFileSync(join(dir, CREDENTIALS_FILE), JSON.stringify(old), { mode: 0o600 });
  upsertSuperuser(pocketBaseBinary(), dir, old.admin.email, old.admin.password);
  upsertSuperuser(pocketBaseBinary(), dir, old.worker.email, old.worker.password);
  const { path, workerPath, credentials, created, retiredSuperuser } = loadOrCreateCredentials(dir);
  expect(created).toBe(false);
  expect(retiredSuperuser).toBe(old.worker.email);
  expect(json(path)).toEqual({ admin: old.admin });
  expect(mode(workerPath)).toBe(0o600);
  expect(Object.keys(json(workerPath))).toEqual(['worker']);
  expect(credentials.worker.password).not.toBe(old.worker.password);
  deleteSuperuser(pocketBaseBinary(), dir, old.worker.email);
  const listed = spawn(pocketBaseBinary(), ['superuser', 'delete', '--dir', dir, '--', old.worker.email]);
  let said = '';
  listed.stdout.on('data', (chunk: Buffer) => (said += chunk));
  listed.stderr.on('data', (chunk: Buffer) => (said += chunk));
  await new Promise((resolve) => listed.once('close', resolve));
  expect(said).toMatch(/missing or already deleted/);
});
