import { chmodSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import {
  DEFAULT_CONCURRENCY,
  describeSourceSettings,
  readConcurrency,
  readSourceSettings,
  readWorkerConfig,
} from './config.ts';

const dir = mkdtempSync(join(tmpdir(), 'adscout-worker-config-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('readWorkerConfig', () => {
  it('takes its account from the credentials file npm start writes', () => {
    const file = join(dir, 'credentials.json');
    writeFileSync(file, JSON.stringify({ worker: { email: 'worker@adscout.local', password: 'secret' } }), {
      mode: 0o600,
    });
    expect(
      readWorkerConfig({
        ADSCOUT_CREDENTIALS_FILE: file,
        ADSCOUT_PB_URL: 'http://127.0.0.1:9',
        ADSCOUT_WORKER_NAME: 'w1',
      }),
    ).toMatchObject({
      email: 'worker@adscout.local',
      password: 'secret',
      pbUrl: 'http://127.0.0.1:9',
      name: 'w1',
    });
  });

  it('prefers the environment, and names the worker after the host and process by default', () => {
    const config = readWorkerConfig({ ADSCOUT_WORKER_EMAIL: 'ops@x.test', ADSCOUT_WORKER_PASSWORD: 'pw' });
    expect(config).toMatchObject({ email: 'ops@x.test', password: 'pw', pbUrl: 'http://127.0.0.1:8090' });
    expect(config.name).toMatch(new RegExp(`-${process.pid}$`));
  });

  it('refuses to start without its account, and says how to give it one', () => {
    expect(() => readWorkerConfig({})).toThrow(/ADSCOUT_CREDENTIALS_FILE \(npm start does\)/);
    const empty = join(dir, 'empty.json');
    writeFileSync(empty, '{}', { mode: 0o600 });
    expect(() => readWorkerConfig({ ADSCOUT_CREDENTIALS_FILE: empty })).toThrow(
      /needs its account in the workers collection/,
    );
  });

  it("refuses a credentials file others may read, or one holding more than the worker's own", () => {
    const worker = { email: 'worker@adscout.local', password: 'secret' };
    const open = join(dir, 'open.json');
    writeFileSync(open, JSON.stringify({ worker }), { mode: 0o644 });
    chmodSync(open, 0o644); // whatever the umask
    expect(() => readWorkerConfig({ ADSCOUT_CREDENTIALS_FILE: open })).toThrow(
      /readable by others \(mode 644\)/,
    );
    const shared = join(dir, 'shared.json');
    writeFileSync(shared, JSON.stringify({ admin: worker, worker }), { mode: 0o600 });
    expect(() => readWorkerConfig({ ADSCOUT_CREDENTIALS_FILE: shared })).toThrow(
      /holds other credentials than the worker's \(admin\)/,
    );
  });
});

describe('readConcurrency (SCOUT_CONCURRENCY)', () => {
  it('defaults to 16 runs at once, and reads a whole number from 1 to 256', () => {
    expect(DEFAULT_CONCURRENCY).toBe(16);
    expect(readConcurrency(undefined)).toBe(16);
    expect(readConcurrency(' ')).toBe(16);
    expect(readConcurrency('1')).toBe(1);
    expect(readConcurrency(' 64 ')).toBe(64);
    expect(readConcurrency('256')).toBe(256);
    expect(
      readWorkerConfig({
        ADSCOUT_WORKER_EMAIL: 'a@x.test',
        ADSCOUT_WORKER_PASSWORD: 'pw',
        SCOUT_CONCURRENCY: '4',
      }).concurrency,
    ).toBe(4);
  });

  it('stops the worker with the reason on any other value, instead of guessing', () => {
    for (const value of ['0', '257', '-1', '2.5', 'sixteen', '1e3'])
      expect(() => readConcurrency(value), value).toThrow(
        `SCOUT_CONCURRENCY must be a whole number from 1 to 256 (got "${value}")`,
      );
  });
});

describe('describeSourceSettings', () => {
  it('says when a token is set or missing, never what it is', () => {
    const apify = describeSourceSettings({ ...readSourceSettings({}), source: 'apify' });
    expect(apify).toContain('token MISSING');
    const meta = describeSourceSettings({
      ...readSourceSettings({}),
      source: 'meta',
      metaAccessToken: 'EAAB-secret',
    });
    expect(meta).toContain('access token set');
    expect(meta).not.toContain('EAAB-secret');
  });
});
