// Small process helpers for the plain-Node scripts (no npm dependencies: they run before npm ci).
import { spawn, spawnSync } from 'node:child_process';

/**
 * Runs a command with inherited output; resolves with its exit code.
 * @param {string} cmd
 * @param {string[]} args
 * @param {import('node:child_process').SpawnOptions} [options]
 * @returns {Promise<number>}
 */
export function run(cmd, args, options = {}) {
  return new Promise((resolve, reject) => {
    const child = spawn(cmd, args, { stdio: 'inherit', ...options });
    child.on('error', reject);
    child.on('exit', (code, signal) => resolve(code ?? (signal ? 1 : 0)));
  });
}

/**
 * Runs a command and throws with its name when it fails.
 * @param {string} cmd
 * @param {string[]} args
 * @param {import('node:child_process').SpawnOptions} [options]
 * @returns {Promise<void>}
 */
export async function mustRun(cmd, args, options = {}) {
  const code = await run(cmd, args, options);
  if (code !== 0) throw new Error(`\`${[cmd, ...args].join(' ')}\` exited with code ${code}`);
}

/**
 * Runs a command quietly.
 * @param {string} cmd
 * @param {string[]} args
 * @param {Omit<import('node:child_process').SpawnSyncOptions, 'encoding'>} [options]
 * @returns {{ ok: boolean; stdout: string; stderr: string }}
 */
export function capture(cmd, args, options = {}) {
  const result = spawnSync(cmd, args, { ...options, encoding: 'utf8' });
  return {
    ok: !result.error && result.status === 0,
    stdout: result.stdout ?? '',
    stderr: result.stderr ?? (result.error ? String(result.error.message) : ''),
  };
}

/**
 * What a caught value says: an Error's message, or the value itself as text.
 * @param {unknown} error
 */
export function messageOf(error) {
  return error instanceof Error ? error.message : String(error);
}

/** @param {string} message */
export function log(message) {
  console.log(`\x1b[36m[adscout]\x1b[0m ${message}`);
}
