// Bootstrap shared by `npm start`, `npm test` and `npm run bench`: installs what is missing or out
// of date, and skips every step whose output is current. Plain Node, no dependencies of its own.
//
//   node scripts/bootstrap.mjs [--with-stripe-mock] [--skip-web]
//
// --with-stripe-mock also builds the tests' other server, Mailpit (`stripeMock: true` below).
import { createHash } from 'node:crypto';
import {
  existsSync,
  readdirSync,
  readFileSync,
  statSync,
  writeFileSync,
  mkdirSync,
  renameSync,
  rmSync,
  accessSync,
  constants,
} from 'node:fs';
import { join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { capture, log, messageOf, mustRun } from './lib/run.mjs';
import {
  MAILPIT_MODULE,
  MAILPIT_VERSION,
  POCKETBASE_MINOR,
  POCKETBASE_MODULE,
  POCKETBASE_VERSION,
  STRIPE_MOCK_MODULE,
  STRIPE_MOCK_VERSION,
  VERSITYGW_MODULE,
  VERSITYGW_VERSION,
} from './lib/versions.mjs';

export const ROOT = fileURLToPath(new URL('..', import.meta.url));
export const BIN_DIR = join(ROOT, '.bin');

/** @param {string[]} paths */
function hashFiles(paths) {
  const hash = createHash('sha256');
  for (const path of paths) {
    hash.update(relative(ROOT, path));
    hash.update('\0');
    hash.update(readFileSync(path));
    hash.update('\0');
  }
  return hash.digest('hex');
}

/**
 * The files under `dir`, test files left out, in a stable order.
 * @param {string} dir
 * @param {string[]} [out]
 */
function listFiles(dir, out = []) {
  if (!existsSync(dir)) return out;
  for (const entry of readdirSync(dir, { withFileTypes: true }).sort((a, b) =>
    a.name.localeCompare(b.name),
  )) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) listFiles(path, out);
    else if (!/\.test\.tsx?$/.test(entry.name)) out.push(path);
  }
  return out;
}

/** @param {string} path */
function readStamp(path) {
  try {
    return readFileSync(path, 'utf8').trim();
  } catch {
    return '';
  }
}

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

/** @param {string} path */
function isExecutable(path) {
  try {
    accessSync(path, constants.X_OK);
    return statSync(path).isFile();
  } catch {
    return false;
  }
}

/**
 * @param {string} what
 * @param {string} overrideVar
 */
function requireGo(what, overrideVar) {
  const go = capture('go', ['version']);
  if (go.ok) return;
  throw new Error(
    `${what} is built from the Go module proxy, but no Go toolchain was found.\n` +
      `  Install Go 1.25 or newer (Debian: apt-get install golang-go; or https://go.dev/dl/),\n` +
      `  or point ${overrideVar} at an existing ${what} binary.`,
  );
}

/**
 * `go install modulePath@version` into a temporary GOBIN, then the binary moved to `target`.
 * @param {string} modulePath
 * @param {string} version
 * @param {string} binaryName
 * @param {string} target
 * @param {string} [ldflags]
 */
async function goInstall(modulePath, version, binaryName, target, ldflags = '') {
  const tmp = join(BIN_DIR, `.build-${binaryName}-${process.pid}`);
  mkdirSync(tmp, { recursive: true });
  try {
    const args = ['install', '-trimpath'];
    if (ldflags) args.push('-ldflags', ldflags);
    args.push(`${modulePath}@${version}`);
    await mustRun('go', args, {
      cwd: tmp,
      env: { ...process.env, CGO_ENABLED: '0', GOBIN: tmp, GOTOOLCHAIN: 'local', GOFLAGS: '-mod=mod' },
    });
    renameSync(join(tmp, binaryName), target);
  } finally {
    rmSync(tmp, { recursive: true, force: true });
  }
}

/** Versions to try for PocketBase: the pin first, then older v0.39.x releases, newest first. */
function pocketBaseCandidates() {
  const listed = capture('go', ['list', '-m', '-versions', POCKETBASE_MODULE], {
    env: { ...process.env, GOTOOLCHAIN: 'local' },
    cwd: BIN_DIR,
  });
  const older = listed.ok
    ? listed.stdout
        .trim()
        .split(/\s+/)
        .slice(1)
        .filter((v) => v.startsWith(POCKETBASE_MINOR) && v !== POCKETBASE_VERSION && !v.includes('-'))
        .sort((a, b) => Number(b.split('.')[2]) - Number(a.split('.')[2]))
    : [];
  return [
    POCKETBASE_VERSION,
    ...older.filter((v) => Number(v.split('.')[2]) < Number(POCKETBASE_VERSION.split('.')[2])),
  ];
}

/** Returns the path of a PocketBase binary: POCKETBASE_BIN, or one built into .bin/. */
export async function ensurePocketBase() {
  if (process.env.POCKETBASE_BIN) {
    if (!isExecutable(process.env.POCKETBASE_BIN)) {
      throw new Error(`POCKETBASE_BIN=${process.env.POCKETBASE_BIN} is not an executable file.`);
    }
    return process.env.POCKETBASE_BIN;
  }
  const target = join(BIN_DIR, 'pocketbase');
  const stampPath = join(BIN_DIR, 'pocketbase.version');
  const stamp = readStamp(stampPath);
  if (isExecutable(target) && stamp.startsWith(POCKETBASE_MINOR)) return target;
  requireGo('PocketBase', 'POCKETBASE_BIN');
  mkdirSync(BIN_DIR, { recursive: true });
  const failures = [];
  for (const version of pocketBaseCandidates()) {
    log(`building PocketBase ${version} from the Go module proxy (first time only; takes a few minutes)…`);
    try {
      await goInstall(
        `${POCKETBASE_MODULE}/examples/base`,
        version,
        'base',
        target,
        `-s -w -X ${POCKETBASE_MODULE}.Version=${version}`,
      );
      writeFileSync(stampPath, version);
      return target;
    } catch (error) {
      failures.push(`${version}: ${messageOf(error)}`);
      log(`PocketBase ${version} did not build with this Go toolchain; trying an older v0.39.x.`);
    }
  }
  throw new Error(`Could not build PocketBase:\n  ${failures.join('\n  ')}`);
}

/**
 * A test server built from the Go module proxy: `overrideVar` (an existing binary) when set, else
 * `.bin/<binary>`, built with `go install module@version` unless the one there has that version.
 * @param {{ what: string; overrideVar: string; module: string; version: string; binary: string; ldflags?: string }} tool
 * @returns {Promise<string>}
 */
async function ensureGoTool({ what, overrideVar, module, version, binary, ldflags = '' }) {
  const override = process.env[overrideVar];
  if (override) {
    if (!isExecutable(override)) throw new Error(`${overrideVar}=${override} is not an executable file.`);
    return override;
  }
  const target = join(BIN_DIR, binary);
  const stampPath = join(BIN_DIR, `${binary}.version`);
  if (isExecutable(target) && readStamp(stampPath) === version) return target;
  requireGo(what, overrideVar);
  mkdirSync(BIN_DIR, { recursive: true });
  log(`building ${what} ${version} from the Go module proxy (first time only)…`);
  await goInstall(module, version, binary, target, ldflags);
  writeFileSync(stampPath, version);
  return target;
}

/** Returns the path of stripe-mock (tests only): STRIPE_MOCK_BIN, or one built into .bin/. */
export function ensureStripeMock() {
  return ensureGoTool({
    what: 'stripe-mock',
    overrideVar: 'STRIPE_MOCK_BIN',
    module: STRIPE_MOCK_MODULE,
    version: STRIPE_MOCK_VERSION,
    binary: 'stripe-mock',
  });
}

/**
 * Returns the path of Mailpit (tests only: a real SMTP server with an HTTP API the integration
 * tests read mails back through): MAILPIT_BIN, or one built into .bin/.
 */
export function ensureMailpit() {
  return ensureGoTool({
    what: 'Mailpit',
    overrideVar: 'MAILPIT_BIN',
    module: MAILPIT_MODULE,
    version: MAILPIT_VERSION,
    binary: 'mailpit',
    ldflags: '-s -w',
  });
}

/**
 * Returns the path of versitygw (tests only: a real S3-compatible server over a plain folder, which
 * the integration tests put PocketBase's file storage and backups on): VERSITYGW_BIN, or one built
 * into .bin/ (first time about 2.5 minutes).
 */
export function ensureVersityGw() {
  return ensureGoTool({
    what: 'versitygw',
    overrideVar: 'VERSITYGW_BIN',
    module: VERSITYGW_MODULE,
    version: VERSITYGW_VERSION,
    binary: 'versitygw',
    ldflags: '-s -w',
  });
}

/** The inputs of the web build; the build is redone when any of them changes. */
function webInputs() {
  return [
    join(ROOT, 'index.html'),
    join(ROOT, 'vite.config.ts'),
    join(ROOT, 'scripts', 'prerender.mjs'),
    join(ROOT, 'package-lock.json'),
    ...listFiles(join(ROOT, 'public')),
    ...listFiles(join(ROOT, 'src', 'web')),
    ...listFiles(join(ROOT, 'src', 'domain')),
    // the demo catalogue's creatives, which the build renders (vite.config.ts)
    ...['demo-media.ts', 'demo-media-render.ts', 'demo-catalogue.ts'].map((name) =>
      join(ROOT, 'src', 'worker', 'sources', name),
    ),
  ].filter((p) => existsSync(p));
}

/**
 * Where the web build goes: dist/, or ADSCOUT_DIST_DIR so that two checkouts' test runs (or a
 * benchmark next to a test run) do not rebuild the same directory under each other.
 */
export function webBuildDir() {
  return process.env.ADSCOUT_DIST_DIR ? resolve(ROOT, process.env.ADSCOUT_DIST_DIR) : join(ROOT, 'dist');
}

/** `vite build` into dist/ unless dist/ was built from the current sources. */
export async function ensureWebBuild() {
  const outDir = webBuildDir();
  const stampPath = join(outDir, '.adscout-build-stamp');
  const want = hashFiles(webInputs());
  if (readStamp(stampPath) === want && existsSync(join(outDir, 'index.html'))) return false;
  log(`building the web app (vite build → ${relative(ROOT, outDir) || outDir})…`);
  await mustRun(
    process.execPath,
    [
      join(ROOT, 'node_modules', 'vite', 'bin', 'vite.js'),
      'build',
      '--logLevel',
      'warn',
      '--outDir',
      outDir,
      '--emptyOutDir',
    ],
    {
      cwd: ROOT,
      // a production build wherever it starts from: under vitest NODE_ENV is 'test', and the
      // PWA plugin would then write an unminified development service worker
      env: { ...process.env, NODE_ENV: 'production' },
    },
  );
  // the public pages as static HTML, hydrated in the browser (scripts/prerender.mjs)
  await mustRun(process.execPath, [join(ROOT, 'scripts', 'prerender.mjs'), outDir], {
    cwd: ROOT,
    env: { ...process.env, NODE_ENV: 'production' },
  });
  writeFileSync(stampPath, want);
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
  if (hooksBundle) await ensureHooksBundle();
  if (web) await ensureWebBuild();
  return { pocketbase, stripeMock: stripe, mailpit, versitygw, seconds: (Date.now() - started) / 1000 };
}

/**
 * Setup for a script that runs the tests or benchmarks (`npm run bench`, `npm run coverage`):
 * the bootstrap with the test servers (stripe-mock, Mailpit, versitygw), and POCKETBASE_BIN /
 * STRIPE_MOCK_BIN / MAILPIT_BIN / VERSITYGW_BIN pointed at the binaries
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
