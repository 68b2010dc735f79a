/**
 * PocketBase's side of the database replica (docs/going-live.md#the-continuous-replica): the
 * settings (REPLICA_S3_*, refused at start when partial: startup.ts), the nightly checkpoint, the
 * backups beside Litestream, and the replica's lag in the health route for
 * superusers. Litestream itself runs beside PocketBase, supervised by scripts/lib/replica.mjs,
 * which writes what it sees into the data dir's status file read here.
 */
import {
  LITESTREAM_META_DIR,
  REPLICA_ENV_NAMES,
  replicaSettings,
  type ReplicaEnv,
  type ReplicaSettings,
} from '../../domain/config/replica-settings.ts';
import { env } from './env.ts';

/** Written by the supervisor (scripts/lib/replica.mjs REPLICA_STATUS_FILE). */
const STATUS_FILE = '.adscout-replica-status.json';
/** A status older than this means the supervisor is not running: the replica is not being watched. */
const STATUS_STALE_SECONDS = 30;

export function replicaConfig(): { settings: ReplicaSettings; errors: string[] } {
  const values: ReplicaEnv = {};
  for (const name of REPLICA_ENV_NAMES) values[name] = env(name);
  return replicaSettings(values);
}

export function describeReplica(settings: ReplicaSettings): string {
  if (!settings.enabled) return 'database replica: none (REPLICA_S3_* is not set; backups only)';
  return `database replica: s3://${settings.bucket}/${settings.path}/data.db at ${settings.endpoint} (Litestream runs beside PocketBase: npm start, or deploy/adscout-replica.service); the nightly checkpoint runs PRAGMA optimize only`;
}

/**
 * The nightly job that replaces PocketBase's own `__pbDBOptimize__` (pb_hooks/config.pb.js). With
 * a replica, data.db gets `PRAGMA optimize` alone: PocketBase's blocking
 * `wal_checkpoint(TRUNCATE)` fights Litestream's read lock (it waits, and writers wait behind it)
 * and, once through, makes Litestream upload the whole database again (its issue #1198);
 * Litestream checkpoints data.db itself. The logs database, never replicated, is truncated as
 * PocketBase does.
 */
export function optimizeDatabases(): void {
  const replicated = replicaConfig().settings.enabled;
  const run = (db: dbx.Builder, sql: string, what: string) => {
    try {
      db.newQuery(sql).execute();
    } catch (error) {
      console.log(`[adscout] WARNING: nightly ${sql} on ${what} failed: ${String(error)}`);
    }
  };
  if (!replicated) run($app.nonconcurrentDB(), 'PRAGMA wal_checkpoint(TRUNCATE)', 'data.db');
  run($app.auxNonconcurrentDB(), 'PRAGMA wal_checkpoint(TRUNCATE)', 'auxiliary.db');
  run($app.nonconcurrentDB(), 'PRAGMA optimize', 'data.db');
}

/** PocketBase's own busy timeout on data.db's connections (its core/db_connect.go). */
const BUSY_TIMEOUT_MS = 10_000;
/**
 * The writer's busy timeout while a backup runs beside Litestream: longer than Litestream's brief
 * write locks (a checkpoint's barrier), far shorter than its read transaction, which it holds
 * between checkpoints.
 */
const BACKUP_BUSY_TIMEOUT_MS = 250;

/**
 * A backup (PocketBase's, pb_hooks/config.pb.js) leaves Litestream's folder out (its local copies
 * of the log, rebuilt at will). With a replica, two things more:
 * - PocketBase's backup first runs a blocking `wal_checkpoint(TRUNCATE)` holding the writer;
 *   against Litestream's read transaction it waits the whole busy timeout (10 s of no writes,
 *   docs/benchmarks/replica.md) and fails anyway, which PocketBase ignores. The writer's timeout
 *   is short for the backup, so it fails at once.
 * - The data dir is zipped with that checkpoint failed, data.db beside its WAL, while Litestream
 *   may checkpoint: copying WAL frames into data.db is harmless (the zipped WAL still has them),
 *   but restarting the WAL over them would leave the zip a data.db half old and a WAL without the
 *   new half. A read transaction held through the backup forbids that restart (SQLite restarts a
 *   WAL only when no reader uses it, and backfills nothing while a reader uses data.db alone).
 */
export function backUp(e: core.BackupEvent): void {
  if (!e.exclude.includes(LITESTREAM_META_DIR)) e.exclude = [...e.exclude, LITESTREAM_META_DIR];
  if (!replicaConfig().settings.enabled) return e.next();
  const reader = ($app.concurrentDB() as dbx.DB).begin();
  try {
    reader.newQuery('SELECT count(*) FROM sqlite_master').execute();
    const writer = $app.nonconcurrentDB();
    writer.newQuery(`PRAGMA busy_timeout = ${BACKUP_BUSY_TIMEOUT_MS}`).execute();
    try {
      e.next();
    } finally {
      writer.newQuery(`PRAGMA busy_timeout = ${BUSY_TIMEOUT_MS}`).execute();
    }
  } finally {
    reader.rollback();
  }
}

interface ReplicaStatus {
  state: string;
  lagSeconds: number;
  checkedAt: string;
  [key: string]: unknown;
}

/** What the health route tells a superuser about the replica; null without one. */
export function replicaHealth(now = Date.now()): Record<string, unknown> | null {
  if (!replicaConfig().settings.enabled) return null;
  let status: ReplicaStatus | null;
  try {
    status = JSON.parse(String(toString($os.readFile(`${$app.dataDir()}/${STATUS_FILE}`)))) as ReplicaStatus;
  } catch (_) {
    status = null;
  }
  if (!status) return { state: 'unwatched', detail: 'no status yet: is the replica supervisor running?' };
  const age = (now - Date.parse(status.checkedAt)) / 1000;
  if (!(age <= STATUS_STALE_SECONDS))
    return {
      ...status,
      state: 'unwatched',
      detail: `the supervisor's last look was ${Math.round(age)} s ago`,
    };
  return status;
}

/**
 * GET /api/health (PocketBase's own route) for a superuser: PocketBase's answer and `replica`
 * beside it. Answered here, in the router-wide middleware (pb_hooks/site.pb.js), because a route
 * cannot be bound twice. Everyone else gets PocketBase's route untouched. True when answered.
 */
export function answerHealthWithReplica(e: core.RequestEvent): boolean {
  const request = e.request!;
  if (request.method !== 'GET' || request.url!.path !== '/api/health') return false;
  if (!e.hasSuperuserAuth()) return false;
  const replica = replicaHealth();
  if (!replica) return false;
  const proxyHeaders = [...$app.settings().trustedProxy.headers, 'CF-Connecting-IP', 'Fly-Client-IP'];
  const possibleProxyHeader = proxyHeaders.find((name) => request.header.get(name) !== '') ?? '';
  e.json(200, {
    code: 200,
    message: 'API is healthy.',
    data: {
      canBackup: !$app.store().has('@activeBackup'),
      realIP: e.realIP(),
      possibleProxyHeader,
      replica,
    },
  });
  return true;
}
