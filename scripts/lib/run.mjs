// Small process helpers for the plain-Node scripts (no npm dependencies: they run before npm ci).
import { spawn, spawnSync } from 'node:child_process';

/** Runs a command with inherited output; resolves with its exit code. */
export function run(cmd, args, options = {}) {
  return new Promise((resolve, reject) => {
    const child = spawn(cmd, args, { stdio: 'inherit', ...options });
    child.on('error', reject);
    child.on('exit', (code, signal) => resolve(code ?? (signal ? 1 : 0)));
  });
}

/** Runs a command and throws with its name when it fails. */
export async function mustRun(cmd, args, options = {}) {
  const code = await run(cmd, args, options);
  if (code !== 0) throw new Error(`\`${[cmd, ...args].join(' ')}\` exited with code ${code}`);
}

/** Runs a command quietly; returns { ok, stdout, stderr }. */
export function capture(cmd, args, options = {}) {
  const result = spawnSync(cmd, args, { encoding: 'utf8', ...options });
  return {
    ok: !result.error && result.status === 0,
    stdout: result.stdout ?? '',
    stderr: result.stderr ?? (result.error ? String(result.error.message) : ''),
  };
}

export function log(message) {
  console.log(`\x1b[36m[adscout]\x1b[0m ${message}`);
}
