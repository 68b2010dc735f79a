/**
 * The systemd units in deploy/ run what `npm start` runs: PocketBase with the same arguments as
 * scripts/lib/stack.mjs, and the compiled worker that `npm run build:worker` writes, configured
 * by an environment file whose example the worker accepts as it is. Both restart on any exit; a
 * worker's stop leaves it time to hand its runs back.
 */
import { readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';
import { WORKER_FILE, WORKER_OUTDIR } from '../../scripts/build-worker.mjs';
import { pocketBaseServeArgs, ROOT } from '../../scripts/lib/stack.mjs';
import { readWorkerConfig } from '../../src/worker/config.ts';

const RELEASE = '/opt/adscout';

/** A unit file's settings: section → key → values (a key may repeat). Comments are skipped. */
function unit(name: string): Map<string, Map<string, string[]>> {
  const sections = new Map<string, Map<string, string[]>>();
  let current = new Map<string, string[]>();
  for (const raw of readFileSync(join(ROOT, 'deploy', name), 'utf8').split('\n')) {
    const line = raw.trim();
    if (!line || line.startsWith('#')) continue;
    const header = /^\[(\w+)\]$/.exec(line);
    if (header) {
      current = new Map();
      sections.set(header[1]!, current);
      continue;
    }
    const [key, value] = line.split(/=(.*)/s) as [string, string];
    current.set(key, [...(current.get(key) ?? []), value]);
  }
  return sections;
}

const one = (u: Map<string, Map<string, string[]>>, section: string, key: string) => {
  const values = u.get(section)?.get(key) ?? [];
  expect(values, `${section}.${key}`).toHaveLength(1);
  return values[0]!;
};

/** An environment file's variables (KEY=value lines). */
function envFile(name: string): Record<string, string> {
  const env: Record<string, string> = {};
  for (const line of readFileSync(join(ROOT, 'deploy', name), 'utf8').split('\n')) {
    const match = /^([A-Z_][A-Z0-9_]*)=(.*)$/.exec(line.trim());
    if (match) env[match[1]!] = match[2]!;
  }
  return env;
}

describe('deploy/adscout-pocketbase.service', () => {
  const service = unit('adscout-pocketbase.service');

  it('serves with the arguments npm start uses, from the release and the state directory', () => {
    const [binary, ...args] = one(service, 'Service', 'ExecStart').split(' ');
    expect(binary).toBe(`${RELEASE}/.bin/pocketbase`);
    expect(args).toEqual(
      pocketBaseServeArgs({
        dataDir: '/var/lib/adscout/pb_data',
        http: '127.0.0.1:8090',
        migrationsDir: `${RELEASE}/pb_migrations`,
        hooksDir: `${RELEASE}/pb_hooks`,
        publicDir: `${RELEASE}/dist`,
      }),
    );
    expect(one(service, 'Service', 'EnvironmentFile')).toBe('/etc/adscout/pocketbase.env');
    expect(one(service, 'Service', 'Restart')).toBe('always');
    expect(one(service, 'Service', 'ReadWritePaths')).toBe('/var/lib/adscout');
  });
});

describe('deploy/adscout-replica.service', () => {
  const service = unit('adscout-replica.service');

  it("runs the replica's supervisor on PocketBase's data dir with PocketBase's settings, restarted on any exit", () => {
    expect(one(service, 'Service', 'ExecStart')).toBe(
      `/usr/bin/node ${RELEASE}/scripts/replicate.mjs --dir /var/lib/adscout/pb_data`,
    );
    expect(one(service, 'Service', 'EnvironmentFile')).toBe('/etc/adscout/pocketbase.env');
    expect(one(service, 'Service', 'Restart')).toBe('always');
    expect(one(service, 'Service', 'ReadWritePaths')).toBe('/var/lib/adscout');
  });
});

describe('deploy/adscout-worker@.service', () => {
  const service = unit('adscout-worker@.service');

  it('runs the compiled worker with plain Node, one uniquely named process per instance', () => {
    const built = relative(ROOT, join(WORKER_OUTDIR, WORKER_FILE));
    expect(one(service, 'Service', 'ExecStart')).toBe(
      `/usr/bin/node --enable-source-maps ${RELEASE}/${built}`,
    );
    expect(one(service, 'Service', 'Environment')).toBe('ADSCOUT_WORKER_NAME=%H-worker-%i');
    expect(one(service, 'Service', 'EnvironmentFile')).toBe('/etc/adscout/worker.env');
  });

  it('restarts on any exit, never gives up, and stops with SIGTERM and time to hand runs back', () => {
    expect(one(service, 'Service', 'Restart')).toBe('always');
    expect(one(service, 'Service', 'RestartSec')).toBe('1');
    expect(one(service, 'Unit', 'StartLimitIntervalSec')).toBe('0');
    expect(one(service, 'Service', 'KillSignal')).toBe('SIGTERM');
    // a hand-back tries for at most 5 s
    expect(Number(one(service, 'Service', 'TimeoutStopSec'))).toBeGreaterThan(5);
  });

  it("has an example environment the worker starts from as it is: the URL and the workers' account", () => {
    const env = envFile('worker.env.example');
    const config = readWorkerConfig({ ...env, ADSCOUT_WORKER_NAME: 'host-worker-1' });
    expect(config).toMatchObject({
      pbUrl: 'http://127.0.0.1:8090',
      email: 'worker@example.com',
      concurrency: 16,
      source: 'apify',
      name: 'host-worker-1',
    });
    expect(Object.keys(env)).toEqual(
      expect.arrayContaining([
        'ADSCOUT_PB_URL',
        'ADSCOUT_WORKER_EMAIL',
        'ADSCOUT_WORKER_PASSWORD',
        'SCOUT_CONCURRENCY',
      ]),
    );
    expect(env).not.toHaveProperty('ADSCOUT_WORKER_NAME'); // the unit names each instance
  });
});

describe("the workers' account on a server", () => {
  it('comes from the environment files PocketBase and the workers read, never from a command line', () => {
    const pocketbase = envFile('pocketbase.env.example');
    const worker = envFile('worker.env.example');
    // PocketBase creates the account the workers sign in with (src/hooks/config/accounts.ts)
    expect(pocketbase.ADSCOUT_WORKER_EMAIL).toBe(worker.ADSCOUT_WORKER_EMAIL);
    expect(pocketbase.ADSCOUT_WORKER_PASSWORD).toBe(worker.ADSCOUT_WORKER_PASSWORD);
    const password = worker.ADSCOUT_WORKER_PASSWORD!;
    for (const name of ['adscout-pocketbase.service', 'adscout-worker@.service']) {
      const execs = [...unit(name).get('Service')!.entries()]
        .filter(([key]) => key.startsWith('Exec'))
        .flatMap(([, values]) => values);
      for (const exec of execs) {
        expect(exec, name).not.toContain(password);
        expect(exec, name).not.toMatch(/superuser|PASSWORD/);
      }
    }
    // nor does the README tell anyone to type one (`pocketbase superuser upsert … PASSWORD`)
    const readme = readFileSync(join(ROOT, 'deploy', 'README.md'), 'utf8');
    expect(readme).not.toMatch(/superuser (upsert|create|update)/);
  });
});
