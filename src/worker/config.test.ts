import { chmodSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import {
  DEFAULT_CONCURRENCY,
  describeSourceSettings,
  readConcurrency,
  readFetchAllow,
  readMediaSettings,
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

describe('SCOUT_HEARTBEAT_MS and SCOUT_IDLE_POLL_MS', () => {
  const account = { ADSCOUT_WORKER_EMAIL: 'a@x.test', ADSCOUT_WORKER_PASSWORD: 'pw' };

  it('default to a heartbeat every 5 s and a look for work every 2 s, and read whole milliseconds', () => {
    expect(readWorkerConfig(account)).toMatchObject({ heartbeatMs: 5_000, idlePollMs: 2_000 });
    expect(
      readWorkerConfig({ ...account, SCOUT_HEARTBEAT_MS: ' 300 ', SCOUT_IDLE_POLL_MS: '200' }),
    ).toMatchObject({ heartbeatMs: 300, idlePollMs: 200 });
    expect(
      readWorkerConfig({ ...account, SCOUT_HEARTBEAT_MS: '100', SCOUT_IDLE_POLL_MS: '60000' }),
    ).toMatchObject({ heartbeatMs: 100, idlePollMs: 60_000 });
  });

  it('stop the worker with the reason on any other value, instead of guessing', () => {
    for (const name of ['SCOUT_HEARTBEAT_MS', 'SCOUT_IDLE_POLL_MS']) {
      for (const value of ['0', '99', '60001', '-5', '2.5', '5s', 'often']) {
        expect(() => readWorkerConfig({ ...account, [name]: value }), `${name}=${value}`).toThrow(
          `${name} must be a whole number from 100 to 60000 (got "${value}")`,
        );
      }
    }
  });
});

describe('SCOUT_DEMO_DAY_SECONDS', () => {
  const account = { ADSCOUT_WORKER_EMAIL: 'a@x.test', ADSCOUT_WORKER_PASSWORD: 'pw' };

  it('defaults to a real day, and reads whole seconds from 1 to 86400', () => {
    expect(readWorkerConfig(account).demoDaySeconds).toBe(86_400);
    expect(readWorkerConfig({ ...account, SCOUT_DEMO_DAY_SECONDS: ' ' }).demoDaySeconds).toBe(86_400);
    expect(readWorkerConfig({ ...account, SCOUT_DEMO_DAY_SECONDS: ' 10 ' }).demoDaySeconds).toBe(10);
    expect(readWorkerConfig({ ...account, SCOUT_DEMO_DAY_SECONDS: '1' }).demoDaySeconds).toBe(1);
    expect(readWorkerConfig({ ...account, SCOUT_DEMO_DAY_SECONDS: '86400' }).demoDaySeconds).toBe(86_400);
  });

  it('stops the worker with the reason on any other value, whatever the source', () => {
    for (const value of ['0', '86401', '-5', '2.5', '10s', '1e3', 'fast']) {
      for (const source of ['demo', 'apify']) {
        expect(
          () => readWorkerConfig({ ...account, SCOUT_SOURCE: source, SCOUT_DEMO_DAY_SECONDS: value }),
          `${source}: ${value}`,
        ).toThrow(`SCOUT_DEMO_DAY_SECONDS must be a whole number from 1 to 86400 (got "${value}")`);
      }
    }
  });

  it('shows in the start-up line only when a demo day is not a real day', () => {
    expect(describeSourceSettings(readSourceSettings({}))).not.toContain('demo day');
    expect(describeSourceSettings(readSourceSettings({ SCOUT_DEMO_DAY_SECONDS: '10' }))).toContain(
      'a demo day every 10 s',
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

describe('readMediaSettings (the creative archive)', () => {
  it('defaults to 8 files at once, videos up to 50 MB, no private endpoint', () => {
    expect(readMediaSettings({})).toEqual({ concurrency: 8, videoMaxMb: 50, fetchAllow: [] });
    expect(
      readWorkerConfig({ ADSCOUT_WORKER_EMAIL: 'a@x.test', ADSCOUT_WORKER_PASSWORD: 'pw' }).media,
    ).toEqual({ concurrency: 8, videoMaxMb: 50, fetchAllow: [] });
  });

  it('reads MEDIA_CONCURRENCY from 0 (archive off) to 64, MEDIA_VIDEO_MAX_MB from 1 to 200', () => {
    expect(readMediaSettings({ MEDIA_CONCURRENCY: '0', MEDIA_VIDEO_MAX_MB: '1' })).toMatchObject({
      concurrency: 0,
      videoMaxMb: 1,
    });
    expect(readMediaSettings({ MEDIA_CONCURRENCY: ' 64 ', MEDIA_VIDEO_MAX_MB: '200' })).toMatchObject({
      concurrency: 64,
      videoMaxMb: 200,
    });
    for (const value of ['65', '-1', '2.5', 'eight']) {
      expect(() => readMediaSettings({ MEDIA_CONCURRENCY: value })).toThrow(
        `MEDIA_CONCURRENCY must be a whole number from 0 to 64 (got "${value}")`,
      );
    }
    for (const value of ['0', '201', '1e2']) {
      expect(() => readMediaSettings({ MEDIA_VIDEO_MAX_MB: value })).toThrow(
        `MEDIA_VIDEO_MAX_MB must be a whole number from 1 to 200 (got "${value}")`,
      );
    }
  });

  it('reads MEDIA_FETCH_ALLOW as host:port endpoints, as the fetcher compares them', () => {
    expect(readFetchAllow(undefined)).toEqual([]);
    expect(readFetchAllow(' CDN.internal:8080 , 127.0.0.1:9000,[FD00:0::5]:443,')).toEqual([
      'cdn.internal:8080',
      '127.0.0.1:9000',
      '[fd00::5]:443',
    ]);
  });

  it('stops the worker on a bad MEDIA_FETCH_ALLOW entry, naming it', () => {
    for (const entry of [
      'cdn.internal',
      'http://cdn:80',
      'cdn:0',
      'cdn:65536',
      'fd00::5:443',
      'a b:80',
      'cdn:80/x',
    ]) {
      expect(() => readFetchAllow(`ok.test:80,${entry}`), entry).toThrow(
        `MEDIA_FETCH_ALLOW must list host:port endpoints separated by commas, e.g. cdn.internal:8080 or [fd00::5]:443 (got "${entry}")`,
      );
    }
    expect(() =>
      readWorkerConfig({
        ADSCOUT_WORKER_EMAIL: 'a@x.test',
        ADSCOUT_WORKER_PASSWORD: 'pw',
        MEDIA_FETCH_ALLOW: 'nope',
      }),
    ).toThrow(/MEDIA_FETCH_ALLOW must list host:port/);
  });
});

describe('OCR_CONCURRENCY (the text reader)', () => {
  const account = { ADSCOUT_WORKER_EMAIL: 'a@x.test', ADSCOUT_WORKER_PASSWORD: 'pw' };
  it('defaults to one OCR process, 0 turns reading off, at most the claim’s limit', () => {
    expect(readWorkerConfig(account).ocrConcurrency).toBe(1);
    expect(readWorkerConfig({ ...account, OCR_CONCURRENCY: '0' }).ocrConcurrency).toBe(0);
    expect(readWorkerConfig({ ...account, OCR_CONCURRENCY: '8' }).ocrConcurrency).toBe(8);
    expect(() => readWorkerConfig({ ...account, OCR_CONCURRENCY: '9' })).toThrow(
      'OCR_CONCURRENCY must be a whole number from 0 to 8 (got "9")',
    );
  });
});

describe('AI_TRANSCRIBE_MODEL (transcripts, docs/ai.md#transcripts)', () => {
  const account = { ADSCOUT_WORKER_EMAIL: 'a@x.test', ADSCOUT_WORKER_PASSWORD: 'pw' };
  const ai = { AI_BASE_URL: 'http://127.0.0.1:9/v1/', AI_API_KEY: 'sk-secret-1', AI_MODEL: 'gpt-4o-mini' };
  it('is off unless set, and reads the base URL, key and model from the worker’s environment', () => {
    expect(readWorkerConfig(account).transcribe).toBeNull();
    expect(readWorkerConfig({ ...account, ...ai }).transcribe).toBeNull();
    expect(readWorkerConfig({ ...account, ...ai, AI_TRANSCRIBE_MODEL: 'whisper-1' }).transcribe).toEqual({
      baseUrl: 'http://127.0.0.1:9/v1',
      apiKey: 'sk-secret-1',
      model: 'whisper-1',
    });
  });

  it('refuses to start without the three AI_* settings, naming what is missing and never the key', () => {
    expect(() =>
      readWorkerConfig({ ...account, ...ai, AI_MODEL: '', AI_TRANSCRIBE_MODEL: 'whisper-1' }),
    ).toThrow('AI_TRANSCRIBE_MODEL needs AI_BASE_URL, AI_API_KEY and AI_MODEL as well: AI_MODEL is not set.');
    expect(() => readWorkerConfig({ ...account, AI_TRANSCRIBE_MODEL: 'whisper-1' })).toThrow(
      'AI_BASE_URL, AI_API_KEY and AI_MODEL are not set',
    );
    let message = '';
    try {
      readWorkerConfig({ ...account, ...ai, AI_BASE_URL: 'ftp://x', AI_TRANSCRIBE_MODEL: 'whisper-1' });
    } catch (error) {
      message = (error as Error).message;
    }
    expect(message).toContain('AI_BASE_URL must be an http(s) URL');
    expect(message).not.toContain(ai.AI_API_KEY);
  });
});
