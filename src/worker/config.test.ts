import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { describeSourceSettings, readSourceSettings, readWorkerConfig } from './config.ts';

const dir = mkdtempSync(join(tmpdir(), 'adscout-worker-config-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('readWorkerConfig', () => {
  it('takes the superuser from the credentials file npm start writes', () => {
    const file = join(dir, 'credentials.json');
    writeFileSync(file, JSON.stringify({ worker: { email: 'worker@adscout.local', password: 'secret' } }));
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

  it('refuses to start without a superuser, and says how to give it one', () => {
    expect(() => readWorkerConfig({})).toThrow(/ADSCOUT_CREDENTIALS_FILE \(npm start does\)/);
    const empty = join(dir, 'empty.json');
    writeFileSync(empty, '{}');
    expect(() => readWorkerConfig({ ADSCOUT_CREDENTIALS_FILE: empty })).toThrow(/needs a superuser/);
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
