/**
 * What the security tests need beyond the harness: the PocketBase binary started directly (as a
 * service unit would, without `npm start`), starting a cron job, and SQL run with the server
 * stopped: records dated in the past, which no API can write (PocketBase sets `updated` itself),
 * or rows seeded by the thousand.
 */
import { spawn, spawnSync } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type PocketBase from 'pocketbase';
import { pocketBaseServeArgs, randomSecret, ROOT, upsertSuperuser } from '../../../scripts/lib/stack.mjs';
import { waitFor } from '../../fixtures/wait-for.ts';
import { pocketBaseBinary, type TestServer } from '../harness.ts';

/** Settings a test decides; inherited ones would leak in from the shell that runs the tests. */
export const NO_BILLING_ENV = {
  ADSCOUT_BILLING: '',
  STRIPE_SECRET_KEY: '',
  STRIPE_WEBHOOK_SECRET: '',
  TRUSTED_PROXY_HEADERS: '',
  APP_URL: '',
};

export interface BareRun {
  /** The exit code, or null when the server was still running (and has been stopped). */
  code: number | null;
  /** True when the server was serving (/api/health answered, or it said it started). */
  served: boolean;
  output: string;
}

/**
 * Runs `pocketbase serve --http <http> [extra…]` with the repo's hooks and migrations on a fresh
 * data dir and waits for it to exit. A server that starts serving instead is stopped at once
 * (it never stays up on a non-loopback address longer than one health check).
 */
export async function serveBare(
  http: string,
  env: Record<string, string>,
  extra: string[] = [],
  timeoutMs = 30_000,
): Promise<BareRun> {
  const dataDir = await mkdtemp(join(tmpdir(), 'adscout-bare-'));
  // a superuser exists, so a server that does start never runs PocketBase's installer
  upsertSuperuser(pocketBaseBinary(), dataDir, 'root@adscout.test', randomSecret());
  const port = http.slice(http.lastIndexOf(':') + 1);
  const args = pocketBaseServeArgs({
    dataDir,
    http,
    migrationsDir: join(ROOT, 'pb_migrations'),
    hooksDir: join(ROOT, 'pb_hooks'),
  });
  const child = spawn(pocketBaseBinary(), [...args, ...extra], {
    cwd: ROOT,
    env: { ...process.env, ...NO_BILLING_ENV, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString('utf8')));
  child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString('utf8')));
  // 'close': the process exited and its output streams ended, so `output` is all of it
  const exited = new Promise<number | null>((resolve) => child.once('close', (code) => resolve(code)));
  try {
    const served = await waitFor(
      'the server to serve or exit',
      () =>
        fetch(`http://127.0.0.1:${port}/api/health`).then(
          (r) => r.ok || /Server started/.test(output),
          () => /Server started/.test(output),
        ),
      (serving) => serving || child.exitCode !== null,
      { timeoutMs },
    ).catch(() => false);
    if (child.exitCode === null) {
      child.kill('SIGKILL');
      await exited;
      return { code: null, served, output };
    }
    return { code: await exited, served, output };
  } finally {
    await rm(dataDir, { recursive: true, force: true });
  }
}

/** Starts a cron job as the admin UI's "Run" button does; the route answers before it ends. */
export async function runCron(superuser: PocketBase, job: string): Promise<void> {
  await superuser.send(`/api/crons/${job}`, { method: 'POST' });
}

/**
 * Writes raw column values (e.g. `updated`, which every save sets to now) into records, with
 * the server stopped (executeWhileStopped).
 */
export async function writeColumns(
  server: TestServer,
  collection: string,
  rows: { id: string; values: Record<string, string> }[],
): Promise<void> {
  await executeWhileStopped(
    server,
    `rewriting ${collection}`,
    rows.map(({ id, values }) => {
      const columns = Object.keys(values);
      return {
        sql: `UPDATE ${collection} SET ${columns.map((c) => `${c} = {:${c}}`).join(', ')} WHERE id = {:id}`,
        params: { ...values, id },
      };
    }),
  );
}

/**
 * Runs SQL statements on the server's database with the server stopped (what no API may write:
 * dates in the past, thousands of seeded rows): a one-off migration that PocketBase's own
 * `migrate up` applies to the data dir, then the server starts again.
 */
export async function executeWhileStopped(
  server: TestServer,
  what: string,
  statements: { sql: string; params: Record<string, unknown> }[],
): Promise<void> {
  const dir = await mkdtemp(join(tmpdir(), 'adscout-rewrite-'));
  try {
    const lines = statements.map(
      ({ sql, params }) =>
        `app.db().newQuery(${JSON.stringify(sql)}).bind(${JSON.stringify(params)}).execute();`,
    );
    await writeFile(
      // a name of its own: two rewrites within one second must not share the one already applied
      join(dir, `${Math.floor(Date.now() / 1000)}_test_rewrite_columns_${randomSecret(6)}.js`),
      `migrate((app) => {\n${lines.join('\n')}\n}, () => {});\n`,
    );
    await server.restart({
      whileStopped: () => {
        const result = spawnSync(
          pocketBaseBinary(),
          ['migrate', 'up', '--dir', server.dataDir, '--migrationsDir', dir, '--hooksDir', dir],
          { cwd: ROOT, encoding: 'utf8' },
        );
        if (result.status !== 0 || !/Applied/.test(result.stdout + result.stderr))
          throw new Error(`${what} failed:\n${result.stdout}\n${result.stderr}`);
      },
    });
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}
