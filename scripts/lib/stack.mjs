// Starting and stopping the processes of a stack (PocketBase and scout workers). Used by
// `npm start`, the integration-test harness, the e2e setup and the benchmarks, so every one of
// them runs the server exactly the same way.
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { chmodSync, existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { join } from 'node:path';
import { WORKER_MAIN } from './entries.mjs';
import { ROOT } from './paths.mjs';
import { capture, messageOf } from './run.mjs';

export { ROOT };
/** The admin's generated superuser: read by whoever runs the stack, never by a worker. */
export const CREDENTIALS_FILE = '.adscout-credentials.json';
/** The scout workers' account (the `workers` collection, never a superuser): all a worker reads. */
export const WORKER_CREDENTIALS_FILE = '.adscout-worker.json';

/**
 * The stack's generated credentials: `admin` in CREDENTIALS_FILE, `worker` in
 * WORKER_CREDENTIALS_FILE, both in the data dir, mode 0600.
 * @typedef {object} StackCredentials
 * @property {{ email: string; password: string }} admin
 * @property {{ email: string; password: string }} worker
 */

/**
 * Where a child's stdout and stderr go: to the terminal, to pipes the caller reads, or nowhere.
 * @typedef {'inherit' | 'pipe' | 'ignore'} Stdio
 */

/**
 * A TCP port that was free a moment ago on 127.0.0.1.
 * @returns {Promise<number>}
 */
export function freePort() {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.unref();
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = /** @type {import('node:net').AddressInfo} */ (server.address());
      server.close(() => resolve(port));
    });
  });
}

/** @param {number} [bytes] */
export function randomSecret(bytes = 18) {
  return randomBytes(bytes).toString('base64url');
}

/**
 * Creates or updates a superuser in a data dir (works before the first `serve`). Its password is
 * an argument of PocketBase's CLI, visible to `ps`: for throwaway test servers only; the stack's
 * own accounts come from the environment (accountsEnv).
 * @param {string} pocketbase
 * @param {string} dataDir
 * @param {string} email
 * @param {string} password
 */
export function upsertSuperuser(pocketbase, dataDir, email, password) {
  // '--' ends the flags: a random password may start with '-' (1 in 64 for base64url), and the
  // CLI would read it as flags, print an error and still exit 0 without saving the superuser.
  const result = capture(pocketbase, ['superuser', 'upsert', '--dir', dataDir, '--', email, password], {
    cwd: ROOT,
  });
  const output = `${result.stdout ?? ''}${result.stderr ?? ''}`;
  if (!result.ok || !/Successfully saved superuser/.test(output))
    throw new Error(`superuser upsert ${email} failed: ${output.trim()}`);
}

/** @param {string} path @param {object} content */
function writeSecret(path, content) {
  writeFileSync(path, JSON.stringify(content, null, 2) + '\n', { mode: 0o600 });
  chmodSync(path, 0o600);
}

/**
 * Reads the stack's generated credentials from the data dir, creating each file (mode 0600) on
 * first use. A data dir from before the workers had their own account holds the worker's
 * superuser in CREDENTIALS_FILE: it moves out of the file, and `retiredSuperuser` names it for
 * deleteSuperuser.
 * @param {string} dataDir
 * @returns {{ path: string; workerPath: string; credentials: StackCredentials; created: boolean; retiredSuperuser: string | null }}
 */
export function loadOrCreateCredentials(dataDir) {
  mkdirSync(dataDir, { recursive: true });
  const path = join(dataDir, CREDENTIALS_FILE);
  const workerPath = join(dataDir, WORKER_CREDENTIALS_FILE);
  const created = !existsSync(path);
  /** @type {{ admin: StackCredentials['admin']; worker?: StackCredentials['worker'] }} */
  const adminFile = created
    ? { admin: { email: 'admin@adscout.local', password: randomSecret() } }
    : JSON.parse(readFileSync(path, 'utf8'));
  const retiredSuperuser = adminFile.worker?.email ?? null;
  if (created || retiredSuperuser) writeSecret(path, { admin: adminFile.admin });
  /** @type {{ worker: StackCredentials['worker'] }} */
  const workerFile = existsSync(workerPath)
    ? JSON.parse(readFileSync(workerPath, 'utf8'))
    : { worker: { email: 'worker@adscout.local', password: randomSecret() } };
  writeSecret(workerPath, { worker: workerFile.worker });
  return {
    path,
    workerPath,
    credentials: { admin: adminFile.admin, worker: workerFile.worker },
    created,
    retiredSuperuser,
  };
}

/**
 * The environment that makes PocketBase create the stack's accounts as it starts
 * (src/hooks/config/accounts.ts): the workers' account (its password set to the file's), and the
 * admin superuser when none has its email (never changed after, so a password changed in the
 * admin UI is kept). Passwords travel in the environment of PocketBase alone, never on a command
 * line, where `ps` shows them to everyone on the machine.
 * @param {StackCredentials} credentials
 * @returns {Record<string, string>}
 */
export function accountsEnv(credentials) {
  return {
    ADSCOUT_WORKER_EMAIL: credentials.worker.email,
    ADSCOUT_WORKER_PASSWORD: credentials.worker.password,
    ADSCOUT_ADMIN_EMAIL: credentials.admin.email,
    ADSCOUT_ADMIN_PASSWORD: credentials.admin.password,
  };
}

/**
 * Deletes a superuser from a data dir (PocketBase's CLI; its email is the only argument).
 * @param {string} pocketbase
 * @param {string} dataDir
 * @param {string} email
 */
export function deleteSuperuser(pocketbase, dataDir, email) {
  const result = capture(pocketbase, ['superuser', 'delete', '--dir', dataDir, '--', email], { cwd: ROOT });
  const output = `${result.stdout ?? ''}${result.stderr ?? ''}`;
  if (!result.ok || !/Successfully deleted superuser|missing or already deleted/.test(output))
    throw new Error(`superuser delete ${email} failed: ${output.trim()}`);
}

/**
 * Resolves once PocketBase at `url` answers /api/health; throws after `timeoutMs`, or at once when
 * `child` exits.
 * @param {string} url
 * @param {{ timeoutMs?: number; child?: import('node:child_process').ChildProcess }} [options]
 * @returns {Promise<void>}
 */
export async function waitForHealth(url, { timeoutMs = 30_000, child } = {}) {
  const deadline = Date.now() + timeoutMs;
  let lastError = 'no answer';
  while (Date.now() < deadline) {
    if (child && child.exitCode !== null)
      throw new Error(`PocketBase exited with code ${child.exitCode} before it was healthy`);
    try {
      const response = await fetch(`${url}/api/health`);
      if (response.ok) return;
      lastError = `HTTP ${response.status}`;
    } catch (error) {
      const failure = /** @type {Error & { cause?: { code?: string } }} */ (error);
      lastError = failure.cause?.code ?? failure.message;
    }
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error(`PocketBase at ${url} was not healthy after ${timeoutMs} ms (${lastError})`);
}

/** @type {Set<import('node:child_process').ChildProcess>} */
const children = new Set();
process.on('exit', () => {
  // Last resort when the parent dies without stopping its children (an uncaught error).
  for (const child of children) if (child.exitCode === null) child.kill('SIGKILL');
});

/** @param {import('node:child_process').ChildProcess} child */
function killOnExit(child) {
  children.add(child);
  child.once('exit', () => children.delete(child));
}

/**
 * SIGTERM, then SIGKILL after `timeoutMs`; resolves once the child has exited.
 * @param {import('node:child_process').ChildProcess} child
 * @returns {Promise<void>}
 */
function stopChild(child, timeoutMs = 10_000) {
  return new Promise((resolve) => {
    if (!child || child.exitCode !== null || child.signalCode !== null) return resolve();
    const timer = setTimeout(() => child.kill('SIGKILL'), timeoutMs);
    child.once('exit', () => {
      clearTimeout(timer);
      resolve();
    });
    child.kill('SIGTERM');
  });
}

/**
 * JS VMs PocketBase keeps warm for the hooks (`--hooksPool`; its default is 15). A request holds
 * one for the router-wide middleware and one for a JS route's handler, for as long as it runs —
 * also while a write waits its turn for SQLite's single writer. A request that finds every VM
 * busy runs in a new one that evaluates the hooks bundles again (about 13 ms of CPU instead of
 * 0.3), which under many users at once slows the writer further. 64 covers two workers' 32 runs
 * and the users' requests beside them, for about 20 MB.
 */
export const HOOKS_POOL = 64;

/**
 * The arguments of `pocketbase serve` for a stack: migrations run at start (never generated),
 * hooks not watched, HOOKS_POOL JS VMs. deploy/adscout-pocketbase.service passes the same (a
 * test checks).
 * @param {{ dataDir: string; http: string; migrationsDir: string; hooksDir: string; publicDir?: string }} options
 * @returns {string[]}
 */
export function pocketBaseServeArgs({ dataDir, http, migrationsDir, hooksDir, publicDir }) {
  const args = [
    'serve',
    '--dir',
    dataDir,
    '--http',
    http,
    '--migrationsDir',
    migrationsDir,
    '--hooksDir',
    hooksDir,
    '--hooksWatch=false',
    `--hooksPool=${HOOKS_POOL}`,
    '--automigrate=false',
  ];
  if (publicDir) args.push('--publicDir', publicDir);
  return args;
}

/**
 * A running `pocketbase serve`: `output` keeps its last 500 chunks of output when piped.
 * @typedef {object} RunningPocketBase
 * @property {string} url
 * @property {import('node:child_process').ChildProcess} child
 * @property {string[]} output
 * @property {() => Promise<void>} stop
 */

/**
 * Starts `pocketbase serve` with the repo's migrations and hooks (by default); resolves when
 * /api/health answers.
 * @param {object} options
 * @param {string} options.pocketbase the binary
 * @param {string} options.dataDir
 * @param {string} options.http HOST:PORT
 * @param {string} [options.publicDir]
 * @param {Record<string, string>} [options.env]
 * @param {Stdio} [options.stdio]
 * @param {string} [options.migrationsDir]
 * @param {string} [options.hooksDir]
 * @param {boolean} [options.dev] PocketBase's dev mode, which prints every request, log entry and
 *   SQL statement (`npm start -- --verbose`). Off unless asked: PocketBase turns it on by itself
 *   when its binary lies under the temp or the Go cache directory (it takes that for `go run`),
 *   as in a checkout under /tmp.
 * @returns {Promise<RunningPocketBase>}
 */
export async function startPocketBase({
  pocketbase,
  dataDir,
  http,
  publicDir,
  env = {},
  stdio = 'pipe',
  migrationsDir = join(ROOT, 'pb_migrations'),
  hooksDir = join(ROOT, 'pb_hooks'),
  dev = false,
}) {
  const args = [
    ...pocketBaseServeArgs({ dataDir, http, migrationsDir, hooksDir, publicDir }),
    `--dev=${dev}`,
  ];
  const child = spawn(pocketbase, args, {
    cwd: ROOT,
    env: { ...process.env, ...env },
    stdio: stdio === 'inherit' ? 'inherit' : ['ignore', stdio, stdio],
    // Own process group: a terminal's Ctrl-C reaches only the parent, which stops children in order.
    detached: true,
  });
  killOnExit(child);
  /** @type {string[]} */
  const output = [];
  if (stdio === 'pipe') {
    for (const stream of [child.stdout, child.stderr]) {
      if (!stream) continue;
      stream.setEncoding('utf8');
      stream.on('data', (/** @type {string} */ chunk) => {
        output.push(chunk);
        if (output.length > 500) output.splice(0, output.length - 500);
      });
    }
  }
  const url = `http://${http}`;
  try {
    await waitForHealth(url, { child });
  } catch (error) {
    await stopChild(child);
    throw new Error(`${messageOf(error)}\n${output.join('')}`, { cause: error });
  }
  return { url, child, output, stop: () => stopChild(child) };
}

/**
 * Starts one scout worker process (src/worker/main.ts through tsx).
 * @param {object} options
 * @param {string} options.pbUrl
 * @param {string} options.credentialsFile the worker's own (WORKER_CREDENTIALS_FILE), mode 0600
 * @param {Record<string, string>} [options.env]
 * @param {Stdio} [options.stdio]
 * @param {string} [options.name]
 * @returns {{ child: import('node:child_process').ChildProcess; stop(): Promise<void> }}
 */
export function startWorker({ pbUrl, credentialsFile, env = {}, stdio = 'inherit', name = 'worker-1' }) {
  const child = spawn(process.execPath, ['--import', 'tsx', join(ROOT, WORKER_MAIN)], {
    cwd: ROOT,
    env: {
      ...process.env,
      ...env,
      ADSCOUT_PB_URL: pbUrl,
      ADSCOUT_CREDENTIALS_FILE: credentialsFile,
      ADSCOUT_WORKER_NAME: name,
    },
    stdio: stdio === 'inherit' ? 'inherit' : ['ignore', stdio, stdio],
    detached: true,
  });
  killOnExit(child);
  return { child, stop: () => stopChild(child) };
}
