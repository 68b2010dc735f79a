/**
 * `npm run build:worker` compiles the scout worker into one JavaScript file that plain Node runs
 * (no tsx, no checkout: only sharp, the archive's native image library, and tesseract.js with its
 * language data, installed beside it),
 * configured by the environment alone, as a service unit runs it (deploy/adscout-worker@.service):
 * it loads sharp, signs in, works runs to completion and stops cleanly on SIGTERM.
 */
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { subscriber } from '../fixtures/records.ts';
import { command, npm, stopLeftoverCommands } from './commands.ts';
import { startTestServer, type TestServer } from './harness.ts';
import { expectSettledOnce } from './worker-runs.ts';
import { startRun } from '../fixtures/user-api.ts';

let server: TestServer;
const tmp = mkdtempSync(join(tmpdir(), 'adscout-worker-build-'));

beforeAll(async () => {
  server = await startTestServer();
});

afterAll(async () => {
  stopLeftoverCommands();
  await server?.stop();
  rmSync(tmp, { recursive: true, force: true });
});

describe('npm run build:worker', () => {
  // its own budget: the build copies tesseract.js and its data, and the self-check reads with it
  it(
    'compiles a worker that plain Node runs against a real PocketBase, configured by the environment',
    {
      timeout: 240_000,
    },
    async () => {
      const outdir = join(tmp, 'out');
      const build = npm(['run', 'build:worker', '--', '--outdir', outdir]);
      expect((await build.exited).code, build.output()).toBe(0);
      const file = join(outdir, 'worker.mjs');
      expect(build.output()).toContain(`built the scout worker: ${file}`);
      expect(existsSync(`${file}.map`)).toBe(true);
      // nothing to resolve packages from outside the output folder, which holds sharp and its own
      expect(existsSync(join(tmp, 'node_modules'))).toBe(false);
      expect(JSON.parse(readFileSync(join(outdir, 'package.json'), 'utf8'))).toMatchObject({
        type: 'module',
        dependencies: { sharp: '0.35.5', 'tesseract.js': '7.0.0', '@tesseract.js-data/deu': '1.0.0' },
      });
      // the OCR child beside it, and of each language's data only the set the reader uses
      expect(existsSync(join(outdir, 'ocr-child.mjs'))).toBe(true);
      const eng = join(outdir, 'node_modules', '@tesseract.js-data', 'eng');
      expect(readdirSync(eng).sort()).toEqual(['4.0.0_best_int', 'package.json']);
      const check = command('/usr/bin/env', [
        '-i',
        `PATH=${process.env.PATH ?? ''}`,
        process.execPath,
        file,
        '--self-check',
      ]);
      expect(await check.exited, check.output()).toEqual({ code: 0, signal: null });
      expect(check.output()).toMatch(
        /\[worker\] self-check: sharp 0\.35\.5 with libvips [\d.]+: images decode and hash; the OCR child reads "FREE SHIPPING 42"/,
      );

      const env: Record<string, string> = {
        PATH: process.env.PATH ?? '',
        ADSCOUT_PB_URL: server.url,
        ADSCOUT_WORKER_EMAIL: server.workerCredentials.email,
        ADSCOUT_WORKER_PASSWORD: server.workerCredentials.password,
        ADSCOUT_WORKER_NAME: 'compiled',
        SCOUT_CONCURRENCY: '2',
        SCOUT_DEMO_PACE_MS: '100',
        SCOUT_IDLE_POLL_MS: '200',
        ...(process.env.NODE_V8_COVERAGE ? { NODE_V8_COVERAGE: process.env.NODE_V8_COVERAGE } : {}),
      };
      const worker = command('/usr/bin/env', [
        '-i',
        ...Object.entries(env).map(([k, v]) => `${k}=${v}`),
        process.execPath,
        '--enable-source-maps',
        file,
      ]);
      const users = await Promise.all(
        ['built-a', 'built-b'].map((l) => subscriber(server.superuser, server, l)),
      );
      const runIds = [
        (await startRun(users[0]!, { requested_count: 120, term: 'garden hose' })).id,
        (await startRun(users[1]!, { requested_count: 80, term: 'hose reel' })).id,
      ];
      await expectSettledOnce(server, users[0]!, runIds[0]!, 120);
      await expectSettledOnce(server, users[1]!, runIds[1]!, 80);

      worker.child.kill('SIGTERM');
      // `exited` waits for the output streams to close: the whole log is read
      expect(await worker.exited).toEqual({ code: 0, signal: null });
      expect(worker.output()).toContain(
        `[worker compiled] ready: signed in to ${server.url} as ${server.workerCredentials.email}, up to 2 runs at once`,
      );
      expect(worker.output()).toMatch(
        /\[worker compiled\] claimed run \w+ \(80 ads, attempt 1, 0 stored; 2 of 2 slots busy\)/,
      );
      expect(worker.output()).toContain('[worker compiled] received SIGTERM, stopping');
    },
  );
});
