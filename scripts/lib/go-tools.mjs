// The servers built from the Go module proxy: PocketBase (`npm start`, the tests), Litestream (the
// replica, when REPLICA_S3_* is set, and the tests) and the tests' stripe-mock, Mailpit and versitygw. Each is built once into .bin/ with a version stamp, or taken
// from its *_BIN variable.
import { accessSync, constants, mkdirSync, renameSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { BIN_DIR } from './paths.mjs';
import { capture, log, messageOf, mustRun } from './run.mjs';
import { readStamp } from './stamps.mjs';
import {
  LITESTREAM_MODULE,
  LITESTREAM_VERSION,
  MAILPIT_MODULE,
  MAILPIT_VERSION,
  POCKETBASE_MINOR,
  POCKETBASE_MODULE,
  POCKETBASE_VERSION,
  STRIPE_MOCK_MODULE,
  STRIPE_MOCK_VERSION,
  VERSITYGW_MODULE,
  VERSITYGW_VERSION,
} from './versions.mjs';

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

/**
 * Returns the path of Litestream (the database's continuous replica, docs/going-live.md): LITESTREAM_BIN,
 * or one built into .bin/ (first time about 2 minutes; its go.mod needs Go 1.26). Built only when
 * replication is configured (REPLICA_S3_*) and for the tests, so a server without a replica keeps
 * needing only the Go that builds PocketBase.
 */
export function ensureLitestream() {
  return ensureGoTool({
    what: 'Litestream',
    overrideVar: 'LITESTREAM_BIN',
    module: LITESTREAM_MODULE,
    version: LITESTREAM_VERSION,
    binary: 'litestream',
    ldflags: `-s -w -X main.Version=${LITESTREAM_VERSION}`,
  });
}
