// `npm run restore -- --dir NEW_DATA_DIR [--at TIME]`: makes a data dir from the database replica
// (docs/going-live.md#restoring-the-replica). Needs only REPLICA_S3_* (the same variables the
// replicating server had, REPLICA_S3_PATH included): Litestream restores data.db as of the latest
// upload, or as of TIME (ISO 8601, e.g. 2026-11-28T02:59:00Z), and the files the replica keeps
// beside it (the audit key, the accounts' files) are written back. The dir must be missing (it is
// created) or empty: a restore never overwrites a data dir. `npm start -- --dir NEW_DATA_DIR`
// then serves it.
import {
  chmodSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { isAbsolute, join, resolve } from 'node:path';
import { ensureLitestream } from './lib/go-tools.mjs';
import { readReplicaSettings, replicaDomain } from './lib/replica.mjs';
import { capture, log, messageOf } from './lib/run.mjs';
import { getObject } from './lib/s3-object.mjs';

const USAGE = 'usage: npm run restore -- --dir NEW_DATA_DIR [--at 2026-11-28T02:59:00Z]';

/** @param {string} message @returns {never} */
function fail(message, code = 1) {
  console.error(`[adscout] restore: ${message}`);
  process.exit(code);
}

/** @param {string[]} argv */
function parseArgs(argv) {
  /** @type {string | undefined} */
  let dir;
  /** @type {string | undefined} */
  let at;
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i] ?? '';
    const [flag, inline] = arg.includes('=') ? arg.split(/=(.*)/s) : [arg, undefined];
    const value = () => inline ?? argv[++i];
    if (flag === '--dir') dir = value();
    else if (flag === '--at') at = value();
    else if (flag === '--help' || flag === '-h') {
      console.log(USAGE);
      process.exit(0);
    } else fail(`unknown option ${arg}; ${USAGE}`, 2);
  }
  if (!dir) fail(`--dir is required; ${USAGE}`, 2);
  if (!isAbsolute(dir)) dir = resolve(process.env.INIT_CWD || process.cwd(), dir);
  /** @type {Date | null} */
  let time = null;
  if (at !== undefined) {
    // a time without a zone would be read in this machine's zone: ask for one
    if (!/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:\d{2})$/.test(at ?? ''))
      fail(`--at expects an ISO 8601 time with its zone, such as 2026-11-28T02:59:00Z (got ${at})`, 2);
    time = new Date(at ?? '');
    if (Number.isNaN(time.getTime())) fail(`--at ${at} is not a valid time`, 2);
    if (time.getTime() > Date.now()) fail(`--at ${at} is in the future`, 2);
  }
  return { dir, time };
}

async function main() {
  const { dir, time } = parseArgs(process.argv.slice(2));
  const { settings, errors } = await readReplicaSettings();
  if (errors.length > 0) fail(errors.join(' '));
  if (!settings.enabled)
    fail(
      'REPLICA_S3_BUCKET, REPLICA_S3_REGION, REPLICA_S3_ENDPOINT, REPLICA_S3_ACCESS_KEY and REPLICA_S3_SECRET (and REPLICA_S3_PATH if the server had one) must name the replica to restore from.',
    );
  if (existsSync(dir)) {
    if (!statSync(dir).isDirectory()) fail(`${dir} is a file, not a data dir.`);
    const entries = readdirSync(dir);
    if (entries.length > 0)
      fail(
        `${dir} is not empty (${entries.slice(0, 5).join(', ')}${entries.length > 5 ? ', …' : ''}): a restore never overwrites a data dir. Give a new or empty folder.`,
      );
  }
  const { litestreamConfig, litestreamEnv, REPLICATED_SIDE_FILES, replicaSideFileKey } =
    await replicaDomain();
  const litestream = await ensureLitestream();
  mkdirSync(dir, { recursive: true, mode: 0o700 });
  const dbPath = join(dir, 'data.db');
  const configDir = mkdtempSync(join(tmpdir(), 'adscout-restore-'));
  const started = Date.now();
  try {
    const configPath = join(configDir, 'litestream.yml');
    writeFileSync(configPath, litestreamConfig(settings, dbPath), { mode: 0o600 });
    const args = ['restore', '-config', configPath, '-no-expand-env'];
    if (time) args.push('-timestamp', time.toISOString());
    args.push(dbPath);
    log(
      `restoring data.db from s3://${settings.bucket}/${settings.path}/data.db ${time ? `as of ${time.toISOString()}` : '(the latest upload)'} into ${dir}…`,
    );
    const result = capture(litestream, args, { env: litestreamEnv(settings, process.env) });
    const output = `${result.stdout ?? ''}${result.stderr ?? ''}`.trim();
    if (!result.ok || !existsSync(dbPath)) {
      fail(
        `Litestream could not restore data.db: ${output.split('\n').slice(-5).join(' | ') || 'no output'}${
          /no (matching )?backup|no snapshots|not found/i.test(output)
            ? " (nothing replicated there yet, or REPLICA_S3_PATH differs from the server's; with --at, a time before the first upload)"
            : ''
        }`,
      );
    }
    const restored = [`data.db (${(statSync(dbPath).size / 1e6).toFixed(1)} MB)`];
    const missing = [];
    for (const name of REPLICATED_SIDE_FILES) {
      const body = await getObject(settings, replicaSideFileKey(settings, name));
      if (!body) {
        missing.push(name);
        continue;
      }
      writeFileSync(join(dir, name), body, { mode: 0o600 });
      chmodSync(join(dir, name), 0o600);
      restored.push(name);
    }
    log(`restored ${restored.join(', ')} in ${((Date.now() - started) / 1000).toFixed(1)} s.`);
    if (missing.length > 0)
      log(
        `not in the replica: ${missing.join(', ')} (a server run without npm start has no accounts' files; a missing audit key is made anew, and audit entries keyed before cannot be checked)`,
      );
    log(
      process.env.STORAGE_S3_BUCKET
        ? `uploaded files (creatives, …) live in S3 bucket ${process.env.STORAGE_S3_BUCKET} (STORAGE_S3_*), not in the replica: start the server with the same STORAGE_S3_* variables.`
        : "WARNING: the replica holds no uploaded files (creatives, …): with files on the server's disk they were in the old data dir's storage/ folder, and are gone with it unless you have that folder or a backup. Set STORAGE_S3_* to keep them in S3 (docs/configuration.md).",
    );
    log(`serve it with: npm start -- --dir ${dir}`);
  } catch (error) {
    fail(messageOf(error));
  } finally {
    rmSync(configDir, { recursive: true, force: true });
  }
}

main().catch((error) => fail(messageOf(error)));
