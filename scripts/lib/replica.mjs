// The database's continuous replica (docs/going-live.md#the-continuous-replica): Litestream run
// beside PocketBase, restarted like the scout workers when it dies (scripts/lib/supervise.mjs),
// never PocketBase's parent or child, so either can die alone. Beside it, the supervisor
//  - uploads the small files a restored server needs besides data.db (REPLICATED_SIDE_FILES) to
//    the replica's folder whenever they change;
//  - reads Litestream's per-second sync lines to tell how far the replica is behind, writes that
//    to REPLICA_STATUS_FILE in the data dir (the health route shows it to superusers), and logs an
//    error when changes have waited REPLICA_STALL_SECONDS or Litestream went quiet.
// Used by `npm start` and by `scripts/replicate.mjs` (deploy/adscout-replica.service).
import { spawn } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, mkdtempSync, readFileSync, renameSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { putObject } from './s3-object.mjs';
import { lastErrorLine, supervise } from './supervise.mjs';

/** The replica's state for the health route, written by the supervisor (src/hooks/config/replica-health.ts reads it). */
export const REPLICA_STATUS_FILE = '.adscout-replica-status.json';
/** How often the supervisor looks at the positions and the side files. */
const CHECK_MS = 5_000;

/** @type {Promise<typeof import('../../src/domain/config/replica-settings.ts')> | null} */
let domain = null;
/** The replica's settings, read by src/domain (TypeScript, through tsx like scripts/normalize.mjs). */
export function replicaDomain() {
  domain ??= import('tsx/esm/api').then(({ register }) => {
    register();
    return import('../../src/domain/config/replica-settings.ts');
  });
  return domain;
}

/**
 * The replica the environment asks for (REPLICA_S3_*), and what is wrong with it.
 * @param {Record<string, string | undefined>} [env]
 */
export async function readReplicaSettings(env = process.env) {
  const { replicaSettings, REPLICA_ENV_NAMES } = await replicaDomain();
  /** @type {Record<string, string>} */
  const values = {};
  for (const name of REPLICA_ENV_NAMES) values[name] = env[name] ?? '';
  return replicaSettings(values);
}

/**
 * Follows the positions in Litestream's JSON log lines: `replica sync` (each second, with the
 * database's and the replica's TXIDs) and `ltx file uploaded`. `pendingSince()` is when the oldest
 * transaction Litestream saw but has not uploaded was first seen, or null.
 * @param {() => number} now
 */
export function positionTracker(now) {
  /** @type {Map<number, number>} txid → when it was first seen in the database */
  const seen = new Map();
  let replicaTxid = 0;
  let dbTxid = 0;
  let lastLineAt = 0;
  let lastDbChangeAt = 0;
  return {
    /** @param {Record<string, unknown>} line */
    line(line) {
      const at = now();
      if (line.msg === 'replica sync' && line.txid && typeof line.txid === 'object') {
        lastLineAt = at;
        const txid = /** @type {{ replica?: string; db?: string }} */ (line.txid);
        const db = parseInt(txid.db ?? '0', 16);
        const replica = parseInt(txid.replica ?? '0', 16);
        if (db > dbTxid) {
          dbTxid = db;
          lastDbChangeAt = at;
          if (!seen.has(db)) seen.set(db, at);
        }
        if (replica > replicaTxid) replicaTxid = replica;
      } else if (line.msg === 'ltx file uploaded' && Number(line.level) === 0) {
        // "level" here is the LTX file's (the last of the repeated key), 0: a transaction's own file
        lastLineAt = at;
        const max = parseInt(String(line.maxTXID ?? '0'), 16);
        if (max > replicaTxid) replicaTxid = max;
      }
      for (const txid of seen.keys()) if (txid <= replicaTxid) seen.delete(txid);
    },
    pendingSince() {
      let oldest = null;
      for (const [txid, at] of seen) if (txid > replicaTxid && (oldest === null || at < oldest)) oldest = at;
      return oldest;
    },
    positions: () => ({ replicaTxid, dbTxid, lastLineAt, lastDbChangeAt }),
  };
}

/**
 * @param {object} options
 * @param {string} options.litestream the binary
 * @param {string} options.dataDir
 * @param {import('../../src/domain/config/replica-settings.ts').ReplicaSettings} options.settings
 * @param {(message: string) => void} options.log
 * @param {(chunk: string) => void} [options.output] Litestream's lines worth showing (warnings, errors)
 */
export async function startReplica({
  litestream,
  dataDir,
  settings,
  log,
  output = (l) => process.stderr.write(l),
}) {
  const {
    litestreamConfig,
    litestreamEnv,
    replicaLagSeconds,
    REPLICA_STALL_SECONDS,
    REPLICATED_SIDE_FILES,
    replicaSideFileKey,
  } = await replicaDomain();
  const dbPath = join(dataDir, 'data.db');
  const configDir = mkdtempSync(join(tmpdir(), 'adscout-litestream-'));
  const configPath = join(configDir, 'litestream.yml');
  writeFileSync(configPath, litestreamConfig(settings, dbPath), { mode: 0o600 });
  const env = litestreamEnv(settings, process.env);
  // One tracker and one start time for every Litestream the supervisor starts: a Litestream that
  // dies and is restarted again and again never syncs, and must count as stalled, not as new
  const tracker = positionTracker(Date.now);
  const startedAt = Date.now();

  const supervised = supervise({
    name: 'Litestream (the database replica)',
    log,
    start: () => {
      const child = spawn(litestream, ['replicate', '-config', configPath, '-no-expand-env'], {
        env,
        stdio: ['ignore', 'pipe', 'pipe'],
      });
      const lastError = lastErrorLine();
      let partial = '';
      /** @param {string} chunk */
      const onChunk = (chunk) => {
        const lines = (partial + chunk).split('\n');
        partial = lines.pop() ?? '';
        for (const raw of lines) {
          if (!raw.trim()) continue;
          /** @type {Record<string, unknown> | null} */
          let line;
          try {
            line = JSON.parse(raw);
          } catch {
            output(`[litestream] ${raw}\n`);
            lastError.write(`Error: ${raw}\n`);
            continue;
          }
          if (!line) continue;
          tracker.line(line);
          // Litestream's JSON repeats "level" (the log's, then an LTX or compaction level's), and
          // JSON.parse keeps the last: the log level is read from the line's head
          const level = /^\{"time":"[^"]*","level":"(\w+)"/.exec(raw)?.[1] ?? '';
          if (level === 'ERROR' || level === 'WARN') {
            const text = `${line.msg}${line.error ? `: ${line.error}` : ''}`;
            output(`[litestream] ${level}: ${text}\n`);
            if (level === 'ERROR') lastError.write(`Error: ${text}\n`);
          }
        }
      };
      child.stdout.setEncoding('utf8').on('data', onChunk);
      child.stderr.setEncoding('utf8').on('data', onChunk);
      const stop = () =>
        new Promise((resolve) => {
          if (child.exitCode !== null || child.signalCode !== null) return resolve(undefined);
          const timer = setTimeout(() => child.kill('SIGKILL'), 10_000);
          child.once('exit', () => {
            clearTimeout(timer);
            resolve(undefined);
          });
          // SIGTERM: Litestream uploads what it holds before it exits
          child.kill('SIGTERM');
        });
      log(
        `started Litestream (pid ${child.pid}): data.db → s3://${settings.bucket}/${settings.path}/data.db`,
      );
      return { child, stop, reason: lastError.get };
    },
  });

  /** @type {Map<string, string>} */
  const uploaded = new Map();
  let sideError = '';
  const syncSideFiles = async () => {
    for (const name of REPLICATED_SIDE_FILES) {
      const path = join(dataDir, name);
      if (!existsSync(path)) continue;
      const body = readFileSync(path);
      const hash = createHash('sha256').update(body).digest('hex');
      if (uploaded.get(name) === hash) continue;
      try {
        await putObject(settings, replicaSideFileKey(settings, name), body);
        uploaded.set(name, hash);
        if (sideError) log("the replica's side files upload again");
        sideError = '';
      } catch (error) {
        const message = error instanceof Error ? error.message : String(error);
        if (message !== sideError) log(`ERROR: could not upload ${name} to the replica: ${message}`);
        sideError = message;
      }
    }
  };

  let stalled = false;
  const statusPath = join(dataDir, REPLICA_STATUS_FILE);
  const check = () => {
    const now = Date.now();
    const { replicaTxid, dbTxid, lastLineAt, lastDbChangeAt } = tracker.positions();
    let pendingSince = tracker.pendingSince();
    // Litestream quiet (no sync line for the stall time): everything written since counts as waiting
    const quietSince = Math.max(lastLineAt, startedAt);
    const quiet = now - quietSince > REPLICA_STALL_SECONDS * 1000;
    // a write to the WAL that Litestream did not see as a transaction (#1083's silent stop)
    const walMtime = statSync(`${dbPath}-wal`, { throwIfNoEntry: false })?.mtimeMs ?? 0;
    if (walMtime > Math.max(lastDbChangeAt, startedAt) + 5_000)
      pendingSince = Math.min(pendingSince ?? walMtime, walMtime);
    if (quiet) pendingSince = Math.min(pendingSince ?? quietSince, quietSince);
    const lagSeconds = replicaLagSeconds(pendingSince, now);
    const state = lagSeconds >= REPLICA_STALL_SECONDS ? 'stalled' : 'replicating';
    const status = {
      state,
      lagSeconds,
      replicaTxid,
      databaseTxid: dbTxid,
      checkedAt: new Date(now).toISOString(),
      target: `s3://${settings.bucket}/${settings.path}/data.db`,
    };
    try {
      writeFileSync(`${statusPath}.tmp`, JSON.stringify(status) + '\n');
      renameSync(`${statusPath}.tmp`, statusPath);
    } catch {
      // the data dir going away (a test deleting it): nothing to report into
    }
    if (state === 'stalled' && !stalled)
      log(
        `ERROR: the database replica is stalled: changes written ${lagSeconds} s ago are not on s3://${settings.bucket}/${settings.path} yet${quiet ? ' (Litestream has printed no sync for as long)' : ''}; see Litestream's errors above`,
      );
    if (state !== 'stalled' && stalled) log('the database replica caught up again');
    stalled = state === 'stalled';
  };

  let checking = false;
  const timer = setInterval(() => {
    if (checking) return;
    checking = true;
    check();
    void syncSideFiles().finally(() => (checking = false));
  }, CHECK_MS);
  timer.unref();
  void syncSideFiles();

  return {
    supervised,
    async stop() {
      clearInterval(timer);
      await supervised.stop();
      await syncSideFiles();
      rmSync(configDir, { recursive: true, force: true });
    },
  };
}
