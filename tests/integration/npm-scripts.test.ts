/**
 * The package.json scripts users run, run as they run them (through npm, against the real
 * binaries): `npm start` (serves, prints how to sign in, stops cleanly on Ctrl-C, and is quiet
 * after its banner unless --verbose), `npm run bench`
 * (one quick benchmark: its table and its results file), `npm run bootstrap` (does nothing when
 * everything is current, and says so), `npm run build` (the build npm start serves, which the
 * bootstrap then leaves alone), `npm run check:hooks`, and `node scripts/make-icons.mjs`
 * (the committed icons are what it draws). `npm run normalize` has its own file; `npm test` is
 * what CI runs.
 */
import {
  chmodSync,
  copyFileSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  statSync,
} from 'node:fs';
import { readdir, readFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import PocketBase from 'pocketbase';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { ensurePocketBase, ensureWebBuild, nodeModulesCurrent } from '../../scripts/bootstrap.mjs';
import { buildHooks, HOOKS_LIB_DIR, staleFiles } from '../../scripts/build-hooks.mjs';
import { CREDENTIALS_FILE, freePort, ROOT } from '../../scripts/lib/stack.mjs';
import { DEMO_MEDIA_DIR } from '../../src/domain/text/url.ts';
import { createSubscription } from '../fixtures/records.ts';
import { waitFor } from '../fixtures/wait-for.ts';
import { command, npm, pressCtrlC, stopLeftoverCommands, type Command } from './commands.ts';
import { startRun } from '../fixtures/user-api.ts';
import { COLLECTIONS } from '../../src/domain/api/collections.ts';
import { SERVER_ROUTES } from '../../src/domain/api/routes.ts';

afterAll(stopLeftoverCommands);

// Every test here starts npm or node, most a PocketBase and a worker, some twice: 3–25 s on a quiet
// machine, and a CI run beside the suite's media tests on two cores took over 30 s for one. Each
// test's budget has room for that; those that wait longer set their own.
vi.setConfig({ testTimeout: 180_000 });

/** Waits until `probe` gives a value; fails at once when the command exits first. */
async function until<T>(
  what: string,
  run: Command,
  probe: () => Promise<T | null> | T | null,
  timeoutMs = 60_000,
): Promise<T> {
  const value = await waitFor(what, probe, (found) => found !== null || run.child.exitCode !== null, {
    timeoutMs,
    context: () => `output so far:\n${run.output()}`,
  });
  if (value === null) throw new Error(`${what} did not happen; output so far:\n${run.output()}`);
  return value;
}

/** A /proc file's text, or '' once the process is gone. */
function proc(path: string): string {
  try {
    return readFileSync(`/proc/${path}`, 'utf8');
  } catch {
    return '';
  }
}

/** Every process below `pid` (Linux /proc), with its command line. */
function descendants(pid: number): Array<{ pid: number; cmdline: string }> {
  const out: Array<{ pid: number; cmdline: string }> = [];
  const visit = (parent: number) => {
    let tasks: string[];
    try {
      tasks = readdirSync(`/proc/${parent}/task`);
    } catch {
      return;
    }
    for (const task of tasks) {
      for (const child of proc(`${parent}/task/${task}/children`).split(' ').filter(Boolean).map(Number)) {
        const cmdline = proc(`${child}/cmdline`).replaceAll('\0', ' ');
        if (!cmdline) continue;
        out.push({ pid: child, cmdline });
        visit(child);
      }
    }
  };
  visit(pid);
  return out;
}

const healthy = (url: string) =>
  fetch(`${url}/api/health`).then(
    (response) => response.ok,
    () => false,
  );

// The scripts bootstrap first. Under vitest that must find nothing to do: npm ci would replace
// node_modules under the running tests, and a stale hooks bundle would be rewritten in the tree.
beforeAll(async () => {
  if (!nodeModulesCurrent())
    throw new Error(
      'node_modules was not installed by the bootstrap: run `npm run bootstrap` (or npm test) first',
    );
  if (staleFiles(await buildHooks()).length > 0)
    throw new Error('pb_hooks/lib is stale: run `npm run build:hooks`');
  await ensureWebBuild();
}, 300_000);

const tmp = mkdtempSync(join(tmpdir(), 'adscout-npm-scripts-'));
afterAll(() => rmSync(tmp, { recursive: true, force: true }));

describe('npm start', () => {
  async function start(dataDir: string, via: 'npm' | 'node', extra: string[] = []) {
    const port = await freePort();
    const url = `http://127.0.0.1:${port}`;
    const args = ['--http', `127.0.0.1:${port}`, '--dir', dataDir, ...extra];
    const run =
      via === 'npm'
        ? npm(['start', '--', ...args])
        : command(process.execPath, ['scripts/start.mjs', ...args]);
    await until('the worker signing in', run, () =>
      /\[worker worker-1\] ready: signed in/.test(run.output()) ? true : null,
    );
    expect(await healthy(url)).toBe(true);
    return { run, url };
  }

  /** Ctrl-C: the script stops the worker and PocketBase, then exits 0. */
  async function stop(run: Command, url: string) {
    const before = run.output().length;
    pressCtrlC(run);
    const exit = await run.exited;
    const after = run.output().slice(before);
    expect(after).toContain('stopping…');
    expect(after).toMatch(/\[worker worker-1\] received SIG(INT|TERM), stopping/);
    expect(after).not.toMatch(/exited unexpectedly|restarting|npm error/);
    expect(await healthy(url)).toBe(false);
    return exit;
  }

  it('serves the app, prints how to sign in once, and stops cleanly on Ctrl-C; a restart keeps the data', async () => {
    const dataDir = join(tmp, 'start-data');
    const first = await start(dataDir, 'npm');
    const credentials = JSON.parse(await readFile(join(dataDir, CREDENTIALS_FILE), 'utf8')) as {
      admin: { email: string; password: string };
    };
    const out = first.run.output();
    expect(out).toContain(`AdScout is running at ${first.url}`);
    expect(out).toContain(`Admin UI: ${first.url}/_/ — log in as admin@adscout.local`);
    expect(out).toContain(`admin password (shown this once): ${credentials.admin.password}`);
    // the printed password really signs in to the admin UI, and the built PWA is served
    const admin = new PocketBase(first.url);
    await admin
      .collection(COLLECTIONS.superusers)
      .authWithPassword('admin@adscout.local', credentials.admin.password);
    expect(await (await fetch(`${first.url}/app/search`)).text()).toContain('<div id="root"></div>');
    // on loopback with no billing settings, the local test checkout is on offer
    // (docs/invariants.md#invariant-11-no-paid-access-without-payment)
    expect(out).toContain('billing: local test checkout');
    // without SMTP it says where the captured mails are read (docs/accounts.md#mail)
    expect(out).toContain(`${first.url}${SERVER_ROUTES.localOutbox.path} as a superuser`);
    const buyer = await admin
      .collection(COLLECTIONS.users)
      .create({ email: 'buyer@adscout.test', password: 'Buyer-2026', passwordConfirm: 'Buyer-2026' });
    const asBuyer = await admin.collection(COLLECTIONS.users).impersonate(buyer.id, 600);
    const { url: checkout } = await asBuyer.send<{ url: string }>(SERVER_ROUTES.checkout.path, {
      method: 'POST',
      body: { product: 'monthly' },
    });
    expect(await (await fetch(checkout)).text()).toContain('Test checkout — no real payment');
    // npm passes Ctrl-C on and, once the script is done, ends itself by the same signal
    expect(await stop(first.run, first.url)).toEqual({ code: null, signal: 'SIGINT' });

    // the script itself, started again on the same data: no new password, and exit code 0
    const second = await start(dataDir, 'node');
    expect(second.run.output()).not.toContain('shown this once');
    expect(second.run.output()).toContain('log in as admin@adscout.local');
    expect(await stop(second.run, second.url)).toEqual({ code: 0, signal: null });
  });

  /**
   * After a failed assertion: Ctrl-C, so that the script stops its PocketBase, which runs in a
   * process group of its own and would outlive the command's.
   */
  async function stopIfRunning(run: Command) {
    if (run.child.exitCode !== null || run.child.signalCode !== null) return;
    pressCtrlC(run);
    await run.exited;
  }

  /** The pid `npm start` reported for the latest start of a scout worker. */
  function workerPid(run: Command, name: string): number {
    const started = [
      ...run.output().matchAll(new RegExp(`started scout worker ${name} \\(pid (\\d+)\\)`, 'g')),
    ];
    return Number(started.at(-1)?.[1]);
  }

  it('restarts a scout worker that dies, with the reason, while PocketBase keeps answering; --workers 2', async () => {
    const { run, url } = await start(join(tmp, 'worker-crash'), 'node', ['--workers', '2']);
    await until('the second worker signing in', run, () =>
      /\[worker worker-2\] ready: signed in/.test(run.output()) ? true : null,
    );
    // the banner comes after the workers signed in: wait for it rather than read the output once
    await until('the banner', run, () =>
      run.output().includes('Scout workers: 2; one that dies is restarted while PocketBase keeps serving.')
        ? true
        : null,
    );
    const workers = () => descendants(run.child.pid!).filter((p) => p.cmdline.includes('src/worker/main.ts'));
    expect(workers()).toHaveLength(2);
    const doomed = workerPid(run, 'worker-1');
    expect(workers().map((p) => p.pid)).toContain(doomed);

    // health checks every 50 ms from the kill until the restarted worker has signed in again
    const checks: boolean[] = [];
    let checking = true;
    const checker = (async () => {
      while (checking) {
        checks.push(await healthy(url));
        await new Promise((r) => setTimeout(r, 50));
      }
    })();
    process.kill(doomed, 'SIGKILL');
    await until('worker-1 signing in again', run, () =>
      (run.output().match(/\[worker worker-1\] ready: signed in/g) ?? []).length === 2 ? true : null,
    );
    checking = false;
    await checker;
    expect(checks.length).toBeGreaterThan(10);
    expect(checks.filter((ok) => !ok)).toEqual([]);
    expect(run.output()).toMatch(
      /\[adscout\]\S* scout worker worker-1 exited unexpectedly \(killed by SIGKILL\) after \d+(\.\d)? s; restarting it in 1 s/,
    );
    expect(run.output()).not.toMatch(/worker-2 exited|PocketBase exited/);
    const restarted = workerPid(run, 'worker-1');
    expect(restarted).not.toBe(doomed);
    expect(workers().map((p) => p.pid)).toContain(restarted);

    // Ctrl-C still stops both workers and PocketBase
    expect(await stop(run, url)).toEqual({ code: 0, signal: null });
    expect(run.output()).toMatch(/\[worker worker-2\] received SIG(INT|TERM), stopping/);
    expect(descendants(run.child.pid!)).toEqual([]);
  });

  it('--workers 0 serves with no worker on this machine (they run elsewhere)', async () => {
    const port = await freePort();
    const url = `http://127.0.0.1:${port}`;
    const run = command(process.execPath, [
      'scripts/start.mjs',
      ...['--http', `127.0.0.1:${port}`, '--dir', join(tmp, 'no-workers'), '--workers', '0'],
    ]);
    await until('the server being up', run, () => (/Press Ctrl-C to stop/.test(run.output()) ? true : null));
    expect(run.output()).toContain(
      'No scout worker runs here (--workers 0): start workers elsewhere against this server.',
    );
    expect(await healthy(url)).toBe(true);
    expect(descendants(run.child.pid!).filter((p) => p.cmdline.includes('src/worker/main.ts'))).toEqual([]);
    pressCtrlC(run);
    expect(await run.exited).toEqual({ code: 0, signal: null });
    expect(await healthy(url)).toBe(false);
  });

  it('stops the workers, exit code 1, when PocketBase dies under it', async () => {
    const { run, url } = await start(join(tmp, 'pocketbase-crash'), 'node');
    const target = descendants(run.child.pid!).find((p) => p.cmdline.includes('.bin/pocketbase'));
    expect(target, 'no PocketBase process under npm start').toBeDefined();
    process.kill(target!.pid, 'SIGKILL');
    expect(await run.exited).toEqual({ code: 1, signal: null });
    expect(run.output()).toContain(
      'PocketBase exited unexpectedly (killed by SIGKILL); stopping the scout workers.',
    );
    expect(await healthy(url)).toBe(false);
    expect(descendants(run.child.pid!)).toEqual([]);
  });

  it('a SIGTERM while PocketBase is still starting stops it too, instead of leaving it orphaned', async () => {
    const port = await freePort();
    const run = command(process.execPath, [
      'scripts/start.mjs',
      '--http',
      `127.0.0.1:${port}`,
      '--dir',
      join(tmp, 'early-stop'),
    ]);
    // PocketBase runs in its own process group, so only start.mjs can stop it: signal the script
    // the moment its PocketBase exists, before the server answers (the migrations take a while).
    const server = await until(
      'PocketBase starting',
      run,
      () => descendants(run.child.pid!).find((p) => p.cmdline.includes('pocketbase serve')) ?? null,
      60_000,
    );
    process.kill(run.child.pid!, 'SIGTERM');
    expect(await run.exited).toEqual({ code: 0, signal: null });
    expect(proc(`${server.pid}/cmdline`)).toBe('');
    expect(await healthy(`http://127.0.0.1:${port}`)).toBe(false);
  });

  // A minute of silence is what is promised, so this test waits that minute. That it would not be
  // silent otherwise is shown on the same data dir and binary: with --verbose the worker's claims
  // (one every 2 s while there is no work) are printed at once; and after the minute a run still
  // prints its start and its end.
  it(
    'is quiet: after the banner an idle minute prints nothing, then a run prints its start and its end; --verbose prints requests and SQL',
    { timeout: 300_000 },
    async () => {
      // PocketBase turns on its dev mode (every request and SQL statement printed) by itself when
      // its binary lies under the temp directory, as in a checkout under /tmp: run it from there.
      const pocketbase = join(tmp, 'bin', 'pocketbase');
      mkdirSync(join(tmp, 'bin'), { recursive: true });
      copyFileSync(await ensurePocketBase(), pocketbase);
      chmodSync(pocketbase, 0o755);
      const dataDir = join(tmp, 'quiet');
      const port = await freePort();
      const url = `http://127.0.0.1:${port}`;
      const args = ['--http', `127.0.0.1:${port}`, '--dir', dataDir];
      const env = { POCKETBASE_BIN: pocketbase };

      const run = npm(['start', '--', ...args], { env });
      try {
        const bannerEnd = 'Press Ctrl-C to stop.\n\n';
        await until('the banner', run, () => (run.output().includes(bannerEnd) ? true : null));
        const startup = run.output();
        // the worker signed in before the banner, which is the last thing printed
        expect(startup.indexOf('[worker worker-1] ready: signed in')).toBeGreaterThan(0);
        expect(startup.indexOf('[worker worker-1] ready: signed in')).toBeLessThan(
          startup.indexOf('AdScout is running at'),
        );
        expect(startup.endsWith(bannerEnd)).toBe(true);
        expect(startup).not.toMatch(/\bSELECT\b|\bINSERT\b|POST \/api\//);

        await new Promise((resolve) => setTimeout(resolve, 60_000));
        expect(run.output().slice(startup.length)).toBe('');
        expect(run.child.exitCode).toBeNull();

        // a run: one line as the worker claims it, one as it completes, and nothing else
        const credentials = JSON.parse(await readFile(join(dataDir, CREDENTIALS_FILE), 'utf8')) as {
          admin: { email: string; password: string };
        };
        const admin = new PocketBase(url);
        await admin
          .collection(COLLECTIONS.superusers)
          .authWithPassword(credentials.admin.email, credentials.admin.password);
        const buyer = await admin
          .collection(COLLECTIONS.users)
          .create({ email: 'quiet@adscout.test', password: 'Quiet-2026', passwordConfirm: 'Quiet-2026' });
        await createSubscription(admin, buyer.id);
        const asBuyer = await admin.collection(COLLECTIONS.users).impersonate(buyer.id, 600);
        const runId = (
          await startRun({ id: buyer.id, pb: asBuyer }, { requested_count: 5, term: 'yoga mat' })
        ).id;
        const done = `[worker worker-1] run ${runId} completed with 5 ads\n`;
        await until('the run completing', run, () => (run.output().includes(done) ? true : null));
        const afterIdle = run.output().slice(startup.length);
        expect(afterIdle).toMatch(
          new RegExp(
            `^\\[worker worker-1\\] claimed run ${runId} \\(5 ads, attempt 1, 0 stored; 1 of \\d+ slots busy\\)\n`,
          ),
        );
        expect(afterIdle.trimEnd().split('\n')).toHaveLength(2);
        expect(await stop(run, url)).toEqual({ code: null, signal: 'SIGINT' });
      } finally {
        await stopIfRunning(run);
      }

      // --verbose: PocketBase's dev mode, with the requests (the worker's claims) and SQL
      const verbose = command(process.execPath, ['scripts/start.mjs', ...args, '--verbose'], { env });
      try {
        await until('a claim request printed', verbose, () =>
          verbose.output().includes(`POST ${SERVER_ROUTES.workerClaim.path}`) ? true : null,
        );
        expect(verbose.output()).toMatch(/\[\d+\.\d+ms\] SELECT /);
        expect(verbose.output()).not.toContain('read them in the admin UI (Logs)');
        expect(await stop(verbose, url)).toEqual({ code: 0, signal: null });
      } finally {
        await stopIfRunning(verbose);
      }
    },
  );

  it('answers --help, and refuses unknown options, a malformed --http, an empty --dir and a bad --workers', async () => {
    const usage = 'usage: npm start -- [--http HOST:PORT] [--dir DATA_DIR] [--workers N] [--verbose]';
    const cases: Array<[string[], number, string]> = [
      [['--help'], 0, usage],
      [['--port', '1'], 2, `unknown option --port; ${usage}`],
      [['--http', 'localhost'], 2, '--http expects HOST:PORT, for example 127.0.0.1:8090 (got localhost)'],
      [['--dir='], 2, '--dir expects a directory'],
      [
        ['--workers', 'two'],
        2,
        '--workers expects a whole number from 0 to 32 (0: no worker here, they run elsewhere; got two)',
      ],
      [['--workers=33'], 2, '--workers expects a whole number from 0 to 32'],
    ];
    for (const [args, code, message] of cases) {
      const run = npm(['start', '--', ...args]);
      expect((await run.exited).code, args.join(' ')).toBe(code);
      expect(run.output()).toContain(message);
    }
  });
});

describe('npm run bench', () => {
  // The startup benchmark starts a whole stack six times (about 13 s on an idle machine); with the
  // other integration files' servers on the same two cores it has taken 45 s, and over 90 s in CI.
  it('runs one benchmark, prints its table and writes the results file', { timeout: 300_000 }, async () => {
    const resultsDir = join(tmp, 'bench-results');
    const run = npm(['run', 'bench', '--', 'startup'], { env: { ADSCOUT_BENCH_RESULTS_DIR: resultsDir } });
    expect((await run.exited).code, run.output()).toBe(0);
    const out = run.output();
    expect(out).toContain('▶ npm start until /api/health answers (startup.bench.ts)');
    expect(out).toMatch(/^benchmark +\| metric +\| value +\| target +\| met *$/m);
    expect(out).toMatch(/^startup +\| first start, empty data dir \(migrations, superusers\) +\| \d+ ms/m);
    expect(out).toMatch(/^startup +\| start on an existing data dir \(median of 5\) +\| \d+ ms/m);
    expect(out).toContain(`wrote ${join(resultsDir, 'latest.json')}`);

    const files = await readdir(resultsDir);
    expect(files).toContain('latest.json');
    expect(files.filter((f) => /^bench-.*\.json$/.test(f))).toHaveLength(1);
    const report = JSON.parse(await readFile(join(resultsDir, 'latest.json'), 'utf8')) as {
      results: Array<{ benchmark: string; metric: string; value: number; unit: string }>;
      failures: string[];
      machine: { cpus: number };
    };
    expect(report.failures).toEqual([]);
    expect(report.machine.cpus).toBeGreaterThan(0);
    expect(report.results.map((r) => [r.benchmark, r.unit])).toEqual([
      ['startup', 'ms'],
      ['startup', 'ms'],
    ]);
    for (const result of report.results) expect(result.value).toBeGreaterThan(0);
  });
});

describe('npm run bootstrap', () => {
  it('finds everything current and changes nothing, twice in a row', async () => {
    const hooks = () =>
      readdirSync(HOOKS_LIB_DIR).map((file) => readFileSync(join(HOOKS_LIB_DIR, file), 'utf8'));
    const before = hooks();
    for (let i = 0; i < 2; i++) {
      const run = npm(['run', 'bootstrap', '--', '--with-stripe-mock']);
      expect((await run.exited).code, run.output()).toBe(0);
      const lines = run
        .output()
        .split('\n')
        .filter((line) => line.includes('[adscout]'));
      expect(lines, run.output()).toHaveLength(1);
      expect(lines[0]).toMatch(/bootstrap done in \d+\.\d s \(PocketBase: /);
    }
    expect(hooks()).toEqual(before);
  });
});

describe('npm run build', () => {
  it(
    'builds the web app npm start serves, prerendered pages included; the bootstrap then finds it current',
    { timeout: 600_000 },
    async () => {
      const env = { ADSCOUT_DIST_DIR: join(tmp, 'dist-build') };
      const build = npm(['run', 'build'], { env });
      expect((await build.exited).code, build.output()).toBe(0);
      const outDir = env.ADSCOUT_DIST_DIR;
      const built = await readdir(outDir);
      expect(built).toEqual(expect.arrayContaining(['index.html', 'sw.js', 'prerendered', DEMO_MEDIA_DIR]));
      const shell = statSync(join(outDir, 'index.html')).mtimeMs;

      const bootstrap = npm(['run', 'bootstrap'], { env });
      expect((await bootstrap.exited).code, bootstrap.output()).toBe(0);
      expect(bootstrap.output()).not.toContain('building the web app');
      expect(statSync(join(outDir, 'index.html')).mtimeMs).toBe(shell);
    },
  );
});

describe('a binary named in the environment that is not there', () => {
  it('stops npm start, bench and bootstrap with one clear line, exit code 1', async () => {
    const missing = join(tmp, 'no-such-pocketbase');
    const because = `POCKETBASE_BIN=${missing} is not an executable file.`;
    const cases: Array<[string[], Record<string, string>, string]> = [
      [['start'], { POCKETBASE_BIN: missing }, `[adscout] npm start failed: ${because}`],
      [
        ['run', 'bench', '--', 'startup'],
        { POCKETBASE_BIN: missing },
        `[adscout] npm run bench could not set up: ${because}`,
      ],
      [['run', 'bootstrap'], { POCKETBASE_BIN: missing }, `[adscout] bootstrap failed: ${because}`],
      [
        ['run', 'bootstrap', '--', '--with-stripe-mock'],
        { STRIPE_MOCK_BIN: missing },
        `[adscout] bootstrap failed: STRIPE_MOCK_BIN=${missing} is not an executable file.`,
      ],
    ];
    for (const [args, env, message] of cases) {
      const run = npm(args, { env });
      expect((await run.exited).code, args.join(' ')).toBe(1);
      expect(run.output()).toContain(message);
    }
  });
});

describe('the other scripts', () => {
  it('npm run check:hooks says the committed hook bundles are fresh', async () => {
    const run = npm(['run', 'check:hooks']);
    expect((await run.exited).code, run.output()).toBe(0);
    expect(run.output()).toMatch(/pb_hooks\/lib is fresh \(\d+\.\d KB\)\./);
  });

  it('make-icons draws exactly the committed PWA icons', async () => {
    const out = join(tmp, 'icons');
    const run = command(process.execPath, ['scripts/make-icons.mjs', '--out', out]);
    expect((await run.exited).code, run.output()).toBe(0);
    const drawn = (await readdir(out)).sort();
    expect(drawn).toEqual(['apple-touch-icon.png', 'icon-192.png', 'icon-512.png', 'icon-maskable-512.png']);
    for (const name of drawn)
      expect(await readFile(join(out, name)), name).toEqual(
        await readFile(join(ROOT, 'public', 'icons', name)),
      );
  });
});
