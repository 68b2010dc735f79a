// Bootstrap shared by `npm start`, `npm test` and `npm run bench`: installs what is missing or out
// of date, and skips every step whose output is current. Plain Node, no dependencies of its own.
//
//   node scripts/bootstrap.mjs [--with-stripe-mock] [--skip-web]
//
// --with-stripe-mock also builds the tests' other servers, Mailpit, versitygw and Litestream
// (`stripeMock: true` below). Litestream is built too whenever REPLICA_S3_BUCKET is set.
import { writeFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildWeb, webBuildCurrent, webBuildDir } from './build-web.mjs';
import {
  ensureLitestream,
  ensureMailpit,
  ensurePocketBase,
  ensureStripeMock,
  ensureVersityGw,
} from './lib/go-tools.mjs';
import { ROOT } from './lib/paths.mjs';
import { log, messageOf, mustRun } from './lib/run.mjs';
import { hashFiles, readStamp } from './lib/stamps.mjs';

export { webBuildDir } from './build-web.mjs';
export { BIN_DIR, ROOT } from './lib/paths.mjs';
export {
  ensureLitestream,
  ensureMailpit,
  ensurePocketBase,
  ensureStripeMock,
  ensureVersityGw,
} from './lib/go-tools.mjs';

const installStamp = () => join(ROOT, 'node_modules', '.adscout-install-stamp');
const installInputs = () => hashFiles([join(ROOT, 'package.json'), join(ROOT, 'package-lock.json')]);

/** Whether node_modules was installed (by this bootstrap) from the current package files. */
export function nodeModulesCurrent() {
  return readStamp(installStamp()) === installInputs();
}

/** `npm ci` when node_modules is missing or was installed from another lockfile. */
export async function ensureNodeModules() {
  if (nodeModulesCurrent()) return false;
  log('installing npm packages (npm ci)…');
  await mustRun('npm', ['ci', '--no-audit', '--no-fund'], { cwd: ROOT });
  writeFileSync(installStamp(), installInputs());
  return true;
}

/** The web build (scripts/build-web.mjs, `npm run build`) unless dist/ was built from the current sources. */
export async function ensureWebBuild() {
  const outDir = webBuildDir();
  if (webBuildCurrent(outDir)) return false;
  log(`building the web app (npm run build → ${relative(ROOT, outDir) || outDir})…`);
  await buildWeb({ outDir });
  return true;
}

/** Regenerates pb_hooks/lib/*.js when src/hooks or src/domain changed (start only; tests check it). */
export async function ensureHooksBundle() {
  const { buildHooks, writeHooks } = await import('./build-hooks.mjs');
  const changed = writeHooks(await buildHooks());
  if (changed.length === 0) return false;
  log(`regenerated pb_hooks/lib (${changed.join(', ')}) from src/hooks (commit it).`);
  return true;
}

/**
 * What a bootstrap found: the binaries' paths (the test servers' are null unless asked for), and
 * the seconds it took.
 * @typedef {object} BootstrapResult
 * @property {string} pocketbase
 * @property {string | null} stripeMock
 * @property {string | null} mailpit
 * @property {string | null} versitygw
 * @property {string | null} litestream
 * @property {number} seconds
 */

/**
 * @param {{ stripeMock?: boolean; web?: boolean; hooksBundle?: boolean }} [options]
 * @returns {Promise<BootstrapResult>}
 */
export async function bootstrap({ stripeMock = false, web = true, hooksBundle = true } = {}) {
  const started = Date.now();
  await ensureNodeModules();
  const pocketbase = await ensurePocketBase();
  const stripe = stripeMock ? await ensureStripeMock() : null;
  const mailpit = stripeMock ? await ensureMailpit() : null;
  const versitygw = stripeMock ? await ensureVersityGw() : null;
  // the replica's Litestream: for the tests, and wherever a replica is configured
  const litestream = stripeMock || process.env.REPLICA_S3_BUCKET ? await ensureLitestream() : null;
  if (hooksBundle) await ensureHooksBundle();
  if (web) await ensureWebBuild();
  return {
    pocketbase,
    stripeMock: stripe,
    mailpit,
    versitygw,
    litestream,
    seconds: (Date.now() - started) / 1000,
  };
}

/**
 * Setup for a script that runs the tests or benchmarks (`npm run bench`, `npm run coverage`):
 * the bootstrap with the test servers (stripe-mock, Mailpit, versitygw, Litestream), and POCKETBASE_BIN /
 * STRIPE_MOCK_BIN / MAILPIT_BIN / VERSITYGW_BIN / LITESTREAM_BIN pointed at the binaries
 * for every process it starts. A failure ends the script with one line naming `what`.
 * @param {string} what
 * @returns {Promise<BootstrapResult>}
 */
export async function bootstrapForRunner(what) {
  try {
    const result = await bootstrap({ stripeMock: true });
    useBinaries(result);
    return result;
  } catch (error) {
    console.error(`\n[adscout] ${what} could not set up: ${messageOf(error)}`);
    process.exit(1);
  }
}

/**
 * Points POCKETBASE_BIN, and STRIPE_MOCK_BIN, MAILPIT_BIN and VERSITYGW_BIN when they were built, at the binaries
 * a bootstrap found, for every process the script starts.
 * @param {BootstrapResult} result
 */
export function useBinaries(result) {
  process.env.POCKETBASE_BIN = result.pocketbase;
  if (result.stripeMock) process.env.STRIPE_MOCK_BIN = result.stripeMock;
  if (result.mailpit) process.env.MAILPIT_BIN = result.mailpit;
  if (result.versitygw) process.env.VERSITYGW_BIN = result.versitygw;
  if (result.litestream) process.env.LITESTREAM_BIN = result.litestream;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  try {
    const result = await bootstrap({
      stripeMock: process.argv.includes('--with-stripe-mock'),
      web: !process.argv.includes('--skip-web'),
    });
    log(
      `bootstrap done in ${result.seconds.toFixed(1)} s (PocketBase: ${relative(ROOT, result.pocketbase) || result.pocketbase})`,
    );
  } catch (error) {
    console.error(`\n[adscout] bootstrap failed: ${messageOf(error)}`);
    process.exit(1);
  }
}
