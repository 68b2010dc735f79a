/**
 * The database replica (docs/going-live.md#the-continuous-replica), with real processes: versitygw
 * as the S3 store, PocketBase, and the replicator as deploy/adscout-replica.service runs it
 * (`npm run replicate`, the supervisor `npm start` runs too) with the real Litestream. Users,
 * payments, runs, results and watches are written; PocketBase and the replicator are SIGKILLed
 * mid-writes; the data dir is deleted; `npm run restore` brings it back, and every write
 * acknowledged 5 s before the kill is there. Beside it: a partial REPLICA_S3_* set refuses to start,
 * a restore refuses a non-empty dir, a stalled replica is an error in the log within a minute, and
 * the health route shows the lag to superusers alone.
 */
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import PocketBase from 'pocketbase';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { capture } from '../../scripts/lib/run.mjs';
import {
  accountsEnv,
  freePort,
  loadOrCreateCredentials,
  pocketBaseServeArgs,
  ROOT,
  startPocketBase,
  type RunningPocketBase,
} from '../../scripts/lib/stack.mjs';
import { COLLECTIONS } from '../../src/domain/api/collections.ts';
import { waitFor } from '../fixtures/wait-for.ts';
import { command, stopLeftoverCommands, type Command } from './commands.ts';
import { pocketBaseBinary } from './harness.ts';
import { S3_UNSET, startVersityGw, type VersityGw } from './versitygw.ts';

// Several PocketBase starts, Litestream's first snapshot and a restore, on a busy 2-core machine.
vi.setConfig({ testTimeout: 420_000 });

let gw: VersityGw;
let replicaEnv: Record<string, string>;
const dirs: string[] = [];
const servers: RunningPocketBase[] = [];

beforeAll(async () => {
  gw = await startVersityGw();
  replicaEnv = { ...S3_UNSET, ...gw.env('REPLICA_S3', gw.bucket('replica')), REPLICA_S3_PATH: 'it/adscout' };
});

afterAll(async () => {
  stopLeftoverCommands();
  for (const server of servers) await server.stop();
  await gw?.stop();
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
});

function tempDir(label: string): string {
  const dir = mkdtempSync(join(tmpdir(), `adscout-replica-${label}-`));
  dirs.push(dir);
  return dir;
}

/** PocketBase on `dataDir` as `npm start` runs it: the accounts from the data dir's files. */
async function serve(dataDir: string): Promise<{ server: RunningPocketBase; admin: PocketBase }> {
  const { credentials } = loadOrCreateCredentials(dataDir);
  const server = await startPocketBase({
    pocketbase: pocketBaseBinary(),
    dataDir,
    http: `127.0.0.1:${await freePort()}`,
    env: { ...replicaEnv, ...accountsEnv(credentials) },
  });
  servers.push(server);
  const admin = new PocketBase(server.url);
  admin.autoCancellation(false);
  await admin
    .collection(COLLECTIONS.superusers)
    .authWithPassword(credentials.admin.email, credentials.admin.password);
  return { server, admin };
}

const replicate = (dataDir: string, env: Record<string, string> = replicaEnv) =>
  command(process.execPath, [join(ROOT, 'scripts/replicate.mjs'), '--dir', dataDir], { env });

async function untilOutput(
  run: Command,
  pattern: RegExp,
  what: string,
  timeoutMs = 90_000,
): Promise<RegExpMatchArray> {
  const match = await waitFor(
    what,
    () => pattern.exec(run.output()),
    (found) => found !== null || run.child.exitCode !== null,
    { timeoutMs, intervalMs: 200, context: () => run.output().slice(-3000) },
  );
  if (!match) throw new Error(`${what}: the command exited first:\n${run.output().slice(-3000)}`);
  return match;
}

/** SIGKILL to a command's whole group (the replicator and its Litestream), and the wait for it. */
async function killGroup(run: Command): Promise<void> {
  if (run.child.pid && run.child.exitCode === null) process.kill(-run.child.pid, 'SIGKILL');
  await run.exited;
}

async function health(pb: PocketBase): Promise<{ data: Record<string, unknown> }> {
  return pb.send('/api/health', {});
}

describe('the database replica', () => {
  it('refuses a partial REPLICA_S3_* set, naming what is missing, in npm start, the replicator and PocketBase', async () => {
    const partial = { ...S3_UNSET, REPLICA_S3_BUCKET: 'replica', REPLICA_S3_SECRET: 'secret' };
    const missing = /REPLICA_S3_REGION, REPLICA_S3_ENDPOINT, REPLICA_S3_ACCESS_KEY as well/;
    const dir = tempDir('partial');
    const start = command(process.execPath, [join(ROOT, 'scripts/start.mjs'), '--dir', dir], {
      env: partial,
    });
    expect((await start.exited).code).toBe(1);
    expect(start.stderr()).toMatch(/AdScout cannot start: The database replica needs/);
    expect(start.stderr()).toMatch(missing);
    const replicator = replicate(dir, partial);
    expect((await replicator.exited).code).toBe(1);
    expect(replicator.stderr()).toMatch(missing);
    // PocketBase started without npm start (the systemd unit) refuses too, before it listens
    const port = await freePort();
    const served = capture(
      pocketBaseBinary(),
      pocketBaseServeArgs({
        dataDir: dir,
        http: `127.0.0.1:${port}`,
        migrationsDir: join(ROOT, 'pb_migrations'),
        hooksDir: join(ROOT, 'pb_hooks'),
      }),
      { cwd: ROOT, env: { ...process.env, ...partial }, timeout: 120_000 },
    );
    expect(served.ok).toBe(false);
    expect(`${served.stdout}${served.stderr}`).toMatch(missing);
  });

  it('refuses to restore into a data dir that is not empty, and leaves it alone', async () => {
    const dir = tempDir('full');
    writeFileSync(join(dir, 'data.db'), 'mine');
    const restore = command(process.execPath, [join(ROOT, 'scripts/restore.mjs'), '--dir', dir], {
      env: replicaEnv,
    });
    expect((await restore.exited).code).toBe(1);
    expect(restore.stderr()).toMatch(/is not empty \(data\.db\): a restore never overwrites a data dir/);
    expect(readFileSync(join(dir, 'data.db'), 'utf8')).toBe('mine');
  });

  it('keeps every write acknowledged 5 s before PocketBase and the replicator are killed, and restores it with npm run restore', async () => {
    const dataDir = tempDir('live');
    const { server, admin } = await serve(dataDir);
    const replicator = replicate(dataDir);
    await untilOutput(replicator, /started Litestream \(pid \d+\)/, 'Litestream to start');

    /** Every acknowledged write: its collection, id, and when the server answered. */
    const acked: { collection: string; id: string; at: number }[] = [];
    const write = async (collection: string, fields: Record<string, unknown>) => {
      const record = await admin.collection(collection).create(fields);
      acked.push({ collection, id: record.id, at: Date.now() });
      return record;
    };
    const users: { id: string; email: string; password: string }[] = [];
    for (let i = 0; i < 3; i++) {
      const email = `replica-${i}-${Date.now()}@adscout.test`;
      const password = `Pw-replica-${i}-secret1a`;
      const user = await write(COLLECTIONS.users, { email, password, passwordConfirm: password });
      users.push({ id: user.id, email, password });
      await write(COLLECTIONS.subscriptions, {
        user: user.id,
        plan: 'monthly',
        status: 'active',
        quota_anchor: new Date().toISOString(),
      });
      await write(COLLECTIONS.watches, {
        user: user.id,
        name: `Lamps ${i}`,
        facebook_link: 'https://www.facebook.com/ads/library/?active_status=active&country=US&q=lamp',
        target_country: 'US',
        keywords_used: '',
        requested_count: 20,
        cadence: 'weekly',
        active: false,
      });
    }
    const run = await write(COLLECTIONS.searchRuns, {
      user: users[0]!.id,
      search_name: 'Lamps',
      facebook_link: 'https://www.facebook.com/ads/library/?q=lamp',
      target_country: 'US',
      requested_count: 10,
      status: 'completed',
      started_at: new Date().toISOString(),
    });

    // The health route: the replica's lag for superusers, nothing of it for anyone else.
    const seen = await waitFor(
      'the replica status in the health route',
      async () => (await health(admin)).data.replica as { state: string; lagSeconds: number } | undefined,
      (replica) => replica?.state === 'replicating',
      { timeoutMs: 60_000, intervalMs: 500 },
    );
    expect(typeof seen?.lagSeconds).toBe('number');
    const anonymous = new PocketBase(server.url);
    expect((await health(anonymous)).data).toEqual({});
    const asUser = new PocketBase(server.url);
    await asUser.collection(COLLECTIONS.users).authWithPassword(users[0]!.email, users[0]!.password);
    expect((await health(asUser)).data).toEqual({});

    // Results keep coming, one at a time, until the kill; the kill lands mid-writes.
    let writing = true;
    const writer = (async () => {
      for (let i = 0; writing; i++) {
        try {
          await write(COLLECTIONS.searchResults, { run: run.id, user: users[0]!.id, ad_id: `ad-${i}` });
        } catch {
          if (!writing) return; // the request the kill cut off
          throw new Error(`write ${i} failed while PocketBase was up`);
        }
      }
    })();
    await waitFor(
      'results written for 12 s',
      () => acked.length,
      () => Date.now() - acked[0]!.at > 12_000,
      {
        timeoutMs: 60_000,
      },
    );
    const killAt = Date.now();
    writing = false;
    server.child.kill('SIGKILL');
    await killGroup(replicator);
    await writer.catch(() => undefined);
    // killed by a signal, a child that has exited has a signalCode and no exitCode
    await new Promise((resolve) =>
      server.child.exitCode !== null || server.child.signalCode !== null
        ? resolve(null)
        : server.child.once('exit', resolve),
    );
    const auditKey = readFileSync(join(dataDir, '.adscout-audit-key'), 'utf8');
    const adminFile = readFileSync(join(dataDir, '.adscout-credentials.json'), 'utf8');
    rmSync(dataDir, { recursive: true, force: true });

    const restoredDir = join(tempDir('restored'), 'pb_data'); // missing: the restore creates it
    const restore = command(process.execPath, [join(ROOT, 'scripts/restore.mjs'), '--dir', restoredDir], {
      env: { ...replicaEnv, STORAGE_S3_BUCKET: '' },
    });
    const restored = await restore.exited;
    expect(restored.code, restore.output()).toBe(0);
    expect(restore.stdout()).toMatch(
      /restored data\.db \([\d.]+ MB\), \.adscout-audit-key, \.adscout-credentials\.json, \.adscout-worker\.json in [\d.]+ s/,
    );
    expect(restore.stdout()).toMatch(/the replica holds no uploaded files \(creatives, …\)/);
    expect(readFileSync(join(restoredDir, '.adscout-audit-key'), 'utf8')).toBe(auditKey);
    expect(readFileSync(join(restoredDir, '.adscout-credentials.json'), 'utf8')).toBe(adminFile);

    // the restored server: healthy, its admin the file's, every early write there, users sign in
    const { admin: restoredAdmin, server: restoredServer } = await serve(restoredDir);
    expect((await fetch(`${restoredServer.url}/api/health`)).status).toBe(200);
    const due = acked.filter((write) => write.at <= killAt - 5_000);
    expect(due.length).toBeGreaterThan(20);
    const lost: string[] = [];
    for (const { collection, id } of due) {
      await restoredAdmin
        .collection(collection)
        .getOne(id)
        .catch(() => lost.push(`${collection}/${id}`));
    }
    expect(lost).toEqual([]);
    for (const user of users) {
      const pb = new PocketBase(restoredServer.url);
      await pb.collection(COLLECTIONS.users).authWithPassword(user.email, user.password);
      expect(pb.authStore.record?.id).toBe(user.id);
    }
    const kept = acked.filter((write) => write.at > killAt - 5_000).length;
    const restoreLine = /restored data\.db .*/.exec(restore.stdout())?.[0];
    console.log(
      `[replica] ${acked.length} writes acknowledged, ${due.length} of them 5 s or more before the kill (all restored); ${kept} later; ${restoreLine}`,
    );
  });

  it('logs a stalled replica as an error within a minute and shows it to superusers, a frozen Litestream or one that keeps dying', async () => {
    const dataDir = tempDir('stall');
    const { admin } = await serve(dataDir);
    const replicator = replicate(dataDir);
    const [, pid] = await untilOutput(replicator, /started Litestream \(pid (\d+)\)/, 'Litestream to start');
    await waitFor(
      'the replica replicating',
      async () => ((await health(admin)).data.replica as { state: string } | undefined)?.state,
      (state) => state === 'replicating',
      { timeoutMs: 60_000, intervalMs: 500 },
    );
    // Litestream frozen (as when it stops replicating without a word): writes go on
    process.kill(Number(pid), 'SIGSTOP');
    const stalledAt = Date.now();
    try {
      await admin.collection(COLLECTIONS.users).create({
        email: `stall-${Date.now()}@adscout.test`,
        password: 'Pw-stall-secret1a',
        passwordConfirm: 'Pw-stall-secret1a',
      });
      await untilOutput(replicator, /ERROR: the database replica is stalled/, 'the stall error', 60_000);
      expect(Date.now() - stalledAt).toBeLessThan(60_000);
      const replica = (await health(admin)).data.replica as { state: string; lagSeconds: number };
      expect(replica.state).toBe('stalled');
      expect(replica.lagSeconds).toBeGreaterThanOrEqual(30);
    } finally {
      process.kill(Number(pid), 'SIGCONT');
    }
    await untilOutput(replicator, /the database replica caught up again/, 'the catch-up line', 60_000);

    // Litestream dying again and again (each one killed as soon as it says it started): the
    // supervisor starts it again each time, and the replica is stalled all the same, never "new"
    const before = replicator.output().length;
    const killed = new Set<number>();
    let crashing = true;
    const crasher = (async () => {
      while (crashing) {
        for (const [, started] of replicator.output().matchAll(/started Litestream \(pid (\d+)\)/g)) {
          const litestream = Number(started);
          if (killed.has(litestream)) continue;
          killed.add(litestream);
          try {
            process.kill(litestream, 'SIGKILL');
          } catch {
            // it died on its own already
          }
        }
        await new Promise((r) => setTimeout(r, 50));
      }
    })();
    const crashedAt = Date.now();
    try {
      await admin.collection(COLLECTIONS.users).create({
        email: `crash-${Date.now()}@adscout.test`,
        password: 'Pw-crash-secret1a',
        passwordConfirm: 'Pw-crash-secret1a',
      });
      await waitFor(
        'the stall error of a Litestream that keeps dying',
        () => replicator.output().slice(before),
        (text) => /ERROR: the database replica is stalled/.test(text),
        { timeoutMs: 60_000, intervalMs: 200, context: () => replicator.output().slice(before) },
      );
      expect(Date.now() - crashedAt).toBeLessThan(60_000);
      // the positive signal that it kept dying and was started again
      expect(killed.size).toBeGreaterThanOrEqual(3);
      expect(((await health(admin)).data.replica as { state: string }).state).toBe('stalled');
    } finally {
      crashing = false;
      await crasher;
    }
    await killGroup(replicator);
  });
});
