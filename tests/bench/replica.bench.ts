/**
 * The recovery figures of the database replica (docs/going-live.md#recovery-figures): a server
 * with 50,000 results replicated by the real Litestream to versitygw, writes going on, PocketBase
 * and the replicator SIGKILLed, the data dir deleted, `npm run restore`, PocketBase started on
 * the result. RPO: how long before the kill the newest write that came back was acknowledged
 * (every write up to it restored), against Litestream's 1 s sync interval; the lag the supervisor
 * reported while writing. RTO: the restore's wall time and PocketBase's start on it, against
 * copying the same data.db on this disk (same run). The write stall of a backup halfway, against
 * the same backup on the restored server, which has no Litestream beside it (same run).
 */
import { copyFileSync, mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import PocketBase from 'pocketbase';
import {
  accountsEnv,
  freePort,
  loadOrCreateCredentials,
  ROOT,
  startPocketBase,
  type RunningPocketBase,
} from '../../scripts/lib/stack.mjs';
import { REPLICA_STATUS_FILE } from '../../scripts/lib/replica.mjs';
import { COLLECTIONS } from '../../src/domain/api/collections.ts';
import { command, type Command } from '../integration/commands.ts';
import { pocketBaseBinary } from '../integration/harness.ts';
import { S3_UNSET, startVersityGw } from '../integration/versitygw.ts';
import { createSubscription } from '../fixtures/records.ts';
import { realisticRuns } from './lib/ad-rows.ts';
import { median, type Benchmark, type Measurement } from './types.ts';

const RESULTS = 50_000;
const STEADY_WRITE_MS = 20_000;
const REFERENCE_WRITE_MS = 8_000;
const SYNC_INTERVAL_S = 1;

async function serve(dataDir: string, env: Record<string, string>) {
  const { credentials } = loadOrCreateCredentials(dataDir);
  const started = Date.now();
  const server = await startPocketBase({
    pocketbase: pocketBaseBinary(),
    dataDir,
    http: `127.0.0.1:${await freePort()}`,
    env: { ...env, ...accountsEnv(credentials) },
  });
  const startMs = Date.now() - started;
  const admin = new PocketBase(server.url);
  admin.autoCancellation(false);
  await admin
    .collection(COLLECTIONS.superusers)
    .authWithPassword(credentials.admin.email, credentials.admin.password);
  return { server, admin, startMs };
}

async function untilOutput(run: Command, pattern: RegExp): Promise<void> {
  const deadline = Date.now() + 120_000;
  while (!pattern.test(run.output())) {
    if (run.child.exitCode !== null || Date.now() > deadline)
      throw new Error(`no ${pattern} in the replicator's output:\n${run.output().slice(-2000)}`);
    await new Promise((r) => setTimeout(r, 200));
  }
}

interface SteadyWrites {
  acked: { id: string; at: number; ms: number }[];
  failed: number;
  backupStarted: number;
  backupEnded: number;
}

/**
 * Single result writes one after another for `ms`, a backup halfway; `atEnd` runs while the last
 * write is in flight (the kill lands mid-writes).
 */
async function writeSteadily(
  pb: PocketBase,
  run: string,
  user: string,
  prefix: string,
  ms: number,
  atEnd: () => void,
): Promise<SteadyWrites> {
  const out: SteadyWrites = { acked: [], failed: 0, backupStarted: 0, backupEnded: 0 };
  let writing = true;
  const writer = (async () => {
    for (let i = 0; writing; i++) {
      const sent = Date.now();
      const record = await pb
        .collection(COLLECTIONS.searchResults)
        .create({ run, user, ad_id: `${prefix}-${i}` })
        .catch(() => {
          if (writing) out.failed += 1; // not the request the kill cut off
          return null;
        });
      if (record) out.acked.push({ id: record.id, at: Date.now(), ms: Date.now() - sent });
    }
  })();
  await new Promise((r) => setTimeout(r, ms / 2));
  out.backupStarted = Date.now();
  await pb.backups.create(`${prefix}.zip`);
  out.backupEnded = Date.now();
  await new Promise((r) => setTimeout(r, ms / 2));
  atEnd();
  writing = false;
  await writer;
  return out;
}

/** The slowest write that overlapped the backup, and the median of the others. */
function backupStall({ acked, backupStarted, backupEnded }: SteadyWrites) {
  const overlaps = (w: { at: number; ms: number }) => w.at >= backupStarted && w.at - w.ms <= backupEnded;
  const during = acked.filter(overlaps).map((w) => w.ms);
  const outside = acked.filter((w) => !overlaps(w)).map((w) => w.ms);
  return {
    slowest: during.length ? Math.max(...during) : NaN,
    overlapping: during.length,
    medianOutside: outside.length ? median(outside) : NaN,
    backupMs: backupEnded - backupStarted,
  };
}

const benchmark: Benchmark = {
  name: 'database replica (RPO, RTO)',
  async run() {
    const gw = await startVersityGw();
    const env = { ...S3_UNSET, ...gw.env('REPLICA_S3', gw.bucket('replica')), REPLICA_S3_PATH: 'bench' };
    const root = mkdtempSync(join(tmpdir(), 'adscout-replica-bench-'));
    const dataDir = join(root, 'live');
    const servers: RunningPocketBase[] = [];
    let replicator: Command | null = null;
    try {
      const live = await serve(dataDir, env);
      servers.push(live.server);
      replicator = command(process.execPath, [join(ROOT, 'scripts/replicate.mjs'), '--dir', dataDir], {
        env,
      });
      await untilOutput(replicator, /started Litestream/);
      const { admin } = live;
      const user = await admin.collection(COLLECTIONS.users).create({
        email: 'replica@adscout.bench',
        password: 'Bench-Pass-2026',
        passwordConfirm: 'Bench-Pass-2026',
      });
      await createSubscription(admin, user.id, { plan: 'yearly' });
      // 50 realistic runs of 1,000 results, in batches of 500 as the other benches seed them; a
      // batch refused (one that met Litestream's checkpoint lock: docs/benchmarks/replica.md) is sent
      // again, and counted
      let refusedBatches = 0;
      for (const { run: fields, rows } of realisticRuns(RESULTS / 1000, 1000)) {
        const record = await admin
          .collection(COLLECTIONS.searchRuns)
          .create({ ...fields, user: user.id, status: 'completed', results_count: rows.length });
        for (let start = 0; start < rows.length; start += 500) {
          for (let attempt = 1; ; attempt++) {
            const batch = admin.createBatch();
            for (const row of rows.slice(start, start + 500))
              batch.collection(COLLECTIONS.searchResults).create({ ...row, run: record.id, user: user.id });
            const sent = await batch.send().then(
              () => true,
              () => false,
            );
            if (sent) break;
            refusedBatches += 1;
            if (attempt >= 3) throw new Error('a seeding batch was refused 3 times');
          }
        }
      }
      const run = await admin.collection(COLLECTIONS.searchRuns).getFirstListItem(`user = "${user.id}"`);
      // steady single writes, the lag sampled from the supervisor's status file meanwhile
      const lags: number[] = [];
      const sampler = setInterval(() => {
        try {
          const status = JSON.parse(readFileSync(join(dataDir, REPLICA_STATUS_FILE), 'utf8')) as {
            lagSeconds: number;
          };
          lags.push(status.lagSeconds);
        } catch {
          // not written yet
        }
      }, 1_000);
      // halfway, a backup: PocketBase's wal_checkpoint(TRUNCATE) (the same as its nightly cron's)
      // against Litestream's read lock; the writes' latency meanwhile is the stall
      let killAt = 0;
      const steady = await writeSteadily(admin, run.id, user.id, 'steady', STEADY_WRITE_MS, () => {
        if (replicator!.child.exitCode !== null || replicator!.child.signalCode !== null)
          throw new Error(
            `the replicator exited (code ${replicator!.child.exitCode}, signal ${replicator!.child.signalCode}) before the kill:\n${replicator!.output().slice(-3000)}`,
          );
        killAt = Date.now();
        live.server.child.kill('SIGKILL');
        if (replicator!.child.pid) process.kill(-replicator!.child.pid, 'SIGKILL');
      });
      const { acked } = steady;
      await replicator.exited;
      clearInterval(sampler);
      const liveSize = statSync(join(dataDir, 'data.db')).size;
      rmSync(dataDir, { recursive: true, force: true });

      const restoredDir = join(root, 'restored');
      const restoreStarted = Date.now();
      const restore = command(process.execPath, [join(ROOT, 'scripts/restore.mjs'), '--dir', restoredDir], {
        env,
      });
      const { code } = await restore.exited;
      const restoreMs = Date.now() - restoreStarted;
      if (code !== 0) throw new Error(`npm run restore failed:\n${restore.output()}`);
      const restored = await serve(restoredDir, env);
      servers.push(restored.server);
      const count = (await restored.admin.collection(COLLECTIONS.searchResults).getList(1, 1)).totalItems;
      // the newest acknowledged write with every write before it restored
      let newest = 0;
      for (const write of acked) {
        const there = await restored.admin
          .collection(COLLECTIONS.searchResults)
          .getOne(write.id)
          .then(() => true)
          .catch(() => false);
        if (!there) break;
        newest = write.at;
      }
      const rpoS = (killAt - newest) / 1000;
      const copyStarted = Date.now();
      copyFileSync(join(restoredDir, 'data.db'), join(root, 'copy.db'));
      const copyMs = Date.now() - copyStarted;
      const rtoMs = restoreMs + restored.startMs;
      // the same writes and backup on the restored server, no Litestream beside it: the stall a
      // backup brings anyway (PocketBase holds its writer while it zips the data dir)
      const reference = backupStall(
        await writeSteadily(restored.admin, run.id, user.id, 'reference', REFERENCE_WRITE_MS, () => {}),
      );
      const stall = backupStall(steady);
      const out: Measurement[] = [
        {
          benchmark: 'replica',
          metric: 'RPO: newest write restored, before the SIGKILL (writes every few ms)',
          value: rpoS,
          unit: 's',
          target: `≤ ${5 * SYNC_INTERVAL_S} s (5× the 1 s sync interval)`,
          met: rpoS <= 5 * SYNC_INTERVAL_S,
          note: `${acked.length} writes in ${STEADY_WRITE_MS / 1000} s after ${RESULTS} results (${refusedBatches} seeding batches of 500 refused and sent again; PocketBase's batch API answers a write that met Litestream's checkpoint lock so, docs/going-live.md); ${steady.failed} steady writes refused; ${count} results restored; ratio to the sync interval ${(rpoS / SYNC_INTERVAL_S).toFixed(2)}`,
        },
        {
          benchmark: 'replica',
          metric: 'lag the supervisor reported while writing (median / max of 1 s samples)',
          value: lags.length ? median(lags) : NaN,
          unit: 's',
          note: `max ${lags.length ? Math.max(...lags) : NaN} s over ${lags.length} samples`,
        },
        {
          benchmark: 'replica',
          metric:
            'write stall during a backup with Litestream / the same backup without it (same data, same run)',
          value: stall.slowest,
          unit: 'ms',
          note: `with Litestream: the backup took ${stall.backupMs} ms, ${stall.overlapping} writes overlapped it, the median write outside it ${stall.medianOutside} ms; without (the restored server, no replicator): slowest write ${reference.slowest} ms, the backup ${reference.backupMs} ms, median outside ${reference.medianOutside} ms; ratio ${(stall.slowest / Math.max(1, reference.slowest)).toFixed(1)}×`,
        },
        {
          benchmark: 'replica',
          metric: `RTO: npm run restore of ${RESULTS} results + PocketBase healthy on it`,
          value: rtoMs / 1000,
          unit: 's',
          target: '≤ 60 s',
          met: rtoMs <= 60_000,
          note: `restore ${(restoreMs / 1000).toFixed(1)} s (of which Node and tsx start ~1 s) + start ${(restored.startMs / 1000).toFixed(1)} s; data.db ${(liveSize / 1e6).toFixed(1)} MB; same-run reference: copying it on this disk ${copyMs} ms (ratio ${(restoreMs / Math.max(1, copyMs)).toFixed(0)}×)`,
        },
      ];
      return out;
    } finally {
      // killed by a signal, a child that has exited has a signalCode and no exitCode
      if (replicator?.child.pid && replicator.child.exitCode === null && replicator.child.signalCode === null)
        process.kill(-replicator.child.pid, 'SIGKILL');
      for (const server of servers) await server.stop();
      await gw.stop();
      rmSync(root, { recursive: true, force: true });
    }
  },
};

export default benchmark;
