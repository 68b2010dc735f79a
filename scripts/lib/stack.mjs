// Starting and stopping the processes of a stack (PocketBase and scout workers). Used by
// `npm start`, the integration-test harness, the e2e setup and the benchmarks, so every one of
// them runs the server exactly the same way.
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { chmodSync, existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { capture } from './run.mjs';

export const ROOT = fileURLToPath(new URL('../..', import.meta.url));
export const CREDENTIALS_FILE = '.adscout-credentials.json';

/** A TCP port that was free a moment ago on 127.0.0.1. */
export function freePort() {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.unref();
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });
}

export function randomSecret(bytes = 18) {
  return randomBytes(bytes).toString('base64url');
}

/** Creates or updates a superuser in a data dir (works before the first `serve`). */
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

/**
 * Reads the stack's generated credentials from the data dir, creating them (mode 0600) on first
 * use. Returns { credentials, created }.
 */
export function loadOrCreateCredentials(dataDir) {
  const path = join(dataDir, CREDENTIALS_FILE);
  if (existsSync(path)) {
    return { path, credentials: JSON.parse(readFileSync(path, 'utf8')), created: false };
  }
  mkdirSync(dataDir, { recursive: true });
  const credentials = {
    admin: { email: 'admin@adscout.local', password: randomSecret() },
    worker: { email: 'worker@adscout.local', password: randomSecret() },
  };
  writeFileSync(path, JSON.stringify(credentials, null, 2) + '\n', { mode: 0o600 });
  chmodSync(path, 0o600);
  return { path, credentials, created: true };
}

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
      lastError = error.cause?.code ?? error.message;
    }
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error(`PocketBase at ${url} was not healthy after ${timeoutMs} ms (${lastError})`);
}

const children = new Set();
process.on('exit', () => {
  // Last resort when the parent dies without stopping its children (an uncaught error).
  for (const child of children) if (child.exitCode === null) child.kill('SIGKILL');
});

function killOnExit(child) {
  children.add(child);
  child.once('exit', () => children.delete(child));
}

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
 * Starts `pocketbase serve` with the repo's migrations and hooks.
 * Options: pocketbase (binary), dataDir, http (host:port), publicDir, env, stdio ('inherit' |
 * 'pipe' | 'ignore'), migrationsDir and hooksDir (the repo's by default). Resolves when /api/health answers; returns { url, child, stop, output }.
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
}) {
  const args = pocketBaseServeArgs({ dataDir, http, migrationsDir, hooksDir, publicDir });
  const child = spawn(pocketbase, args, {
    cwd: ROOT,
    env: { ...process.env, ...env },
    stdio: stdio === 'inherit' ? 'inherit' : ['ignore', stdio, stdio],
    // Own process group: a terminal's Ctrl-C reaches only the parent, which stops children in order.
    detached: true,
  });
  killOnExit(child);
  const output = [];
  if (stdio === 'pipe') {
    for (const stream of [child.stdout, child.stderr]) {
      stream.setEncoding('utf8');
      stream.on('data', (chunk) => {
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
    throw new Error(`${error.message}\n${output.join('')}`, { cause: error });
  }
  return { url, child, output, stop: () => stopChild(child) };
}

/** Starts one scout worker process (src/worker/main.ts through tsx). */
export function startWorker({ pbUrl, credentialsFile, env = {}, stdio = 'inherit', name = 'worker-1' }) {
  const child = spawn(process.execPath, ['--import', 'tsx', join(ROOT, 'src', 'worker', 'main.ts')], {
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
