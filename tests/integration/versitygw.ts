/**
 * versitygw (a real S3-compatible server over a plain folder, built by the bootstrap from the Go
 * module proxy) on a free loopback port: PocketBase keeps its files (STORAGE_S3_*) and backups
 * (BACKUP_S3_*) in its buckets, Litestream the database replica (REPLICA_S3_*), and tests read the
 * objects back from the folder.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdirSync, readdirSync, statSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { afterAll, beforeAll } from 'vitest';
import { ensureVersityGw } from '../../scripts/bootstrap.mjs';
import { freePort } from '../../scripts/lib/stack.mjs';
import { BACKUP_ENV_NAMES } from '../../src/hooks/config/server-settings.ts';
import { STORAGE_ENV_NAMES } from '../../src/hooks/config/storage-settings.ts';
import { waitFor } from '../fixtures/wait-for.ts';
import { startTestServer, type TestServer } from './harness.ts';

export interface VersityGw {
  endpoint: string;
  /** The folder the server keeps its buckets in: bucket `b`, key `k` is `<root>/b/k`. */
  root: string;
  /** Makes a bucket (a top-level folder, as the posix backend keeps them). */
  bucket(name: string): string;
  /** The keys in a bucket, sorted. */
  keys(bucket: string): string[];
  /** The environment of an S3 store in `bucket`, under `prefix` (`STORAGE_S3`, `BACKUP_S3` or `REPLICA_S3`). */
  env(prefix: 'STORAGE_S3' | 'BACKUP_S3' | 'REPLICA_S3', bucket: string): Record<string, string>;
  stop(): Promise<void>;
}

const REGION = 'us-east-1';

/** The files under `dir`; a file or folder the server removes while it is read is left out. */
function listFiles(dir: string): string[] {
  let entries;
  try {
    entries = readdirSync(dir, { withFileTypes: true });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return [];
    throw error;
  }
  return entries.flatMap((entry) =>
    entry.isDirectory() ? listFiles(join(dir, entry.name)) : [join(dir, entry.name)],
  );
}

async function launch(
  binary: string,
  root: string,
  keys: { access: string; secret: string },
): Promise<{ child: ChildProcess; endpoint: string }> {
  for (let attempt = 1; ; attempt++) {
    const port = await freePort();
    const child = spawn(binary, ['--port', `127.0.0.1:${port}`, '--quiet', 'posix', root], {
      env: { ...process.env, ROOT_ACCESS_KEY: keys.access, ROOT_SECRET_KEY: keys.secret },
      stdio: ['ignore', 'ignore', 'pipe'],
    });
    let stderr = '';
    child.stderr?.on('data', (chunk: Buffer) => (stderr += chunk.toString('utf8')));
    const endpoint = `http://127.0.0.1:${port}`;
    // any S3 answer (an unsigned request is refused with an S3 error) says it is serving
    const serving = await waitFor(
      'versitygw to answer',
      () =>
        fetch(endpoint).then(
          (response) => response.status > 0,
          () => false,
        ),
      (answered) => answered || child.exitCode !== null,
      { timeoutMs: 15_000 },
    ).catch(() => false);
    if (serving && child.exitCode === null) return { child, endpoint };
    child.kill('SIGKILL');
    // a port taken between freePort() and the bind: try others
    if (attempt >= 5) throw new Error(`versitygw did not start: ${stderr}`);
  }
}

export async function startVersityGw(): Promise<VersityGw> {
  const binary = process.env.VERSITYGW_BIN || (await ensureVersityGw());
  const root = await mkdtemp(join(tmpdir(), 'adscout-s3-'));
  const keys = {
    access: `adscout${randomBytes(6).toString('hex')}`,
    secret: randomBytes(18).toString('hex'),
  };
  const { child, endpoint } = await launch(binary, root, keys);
  return {
    endpoint,
    root,
    bucket(name) {
      mkdirSync(join(root, name));
      return name;
    },
    keys(bucket) {
      const dir = join(root, bucket);
      return (
        listFiles(dir)
          // a key deleted between the listing and this look (an account's files going) is gone
          .filter((path) => statSync(path, { throwIfNoEntry: false })?.isFile() ?? false)
          .map((path) => relative(dir, path))
          .sort()
      );
    },
    env: (prefix, bucket) => ({
      [`${prefix}_BUCKET`]: bucket,
      [`${prefix}_REGION`]: REGION,
      [`${prefix}_ENDPOINT`]: endpoint,
      [`${prefix}_ACCESS_KEY`]: keys.access,
      [`${prefix}_SECRET`]: keys.secret,
      // a bucket on a loopback address has no host name of its own
      [`${prefix}_FORCE_PATH_STYLE`]: 'true',
    }),
    async stop() {
      const exited = new Promise((resolve) => child.once('exit', resolve));
      if (child.exitCode === null) child.kill('SIGTERM');
      if (child.exitCode === null) await exited;
      await rm(root, { recursive: true, force: true });
    },
  };
}

/** Every S3 variable unset, whatever the shell running the tests has. */
export const S3_UNSET: Record<string, string> = Object.fromEntries(
  [...BACKUP_ENV_NAMES, ...STORAGE_ENV_NAMES].map((name) => [name, '']),
);

/**
 * A test file's S3 setting: one versitygw for the file, and test servers started with every S3
 * variable unset but those given; all stopped after the file.
 */
export function s3TestFile(): {
  gw: () => VersityGw;
  server(env: Record<string, string>): Promise<TestServer>;
} {
  let gw: VersityGw | undefined;
  const servers: TestServer[] = [];
  beforeAll(async () => {
    gw = await startVersityGw();
  });
  afterAll(async () => {
    await Promise.all(servers.map((s) => s.stop()));
    await gw?.stop();
  });
  return {
    gw: () => {
      if (!gw) throw new Error('versitygw is not started yet (beforeAll)');
      return gw;
    },
    async server(env) {
      const started = await startTestServer({ env: { ...S3_UNSET, ...env } });
      servers.push(started);
      return started;
    },
  };
}
