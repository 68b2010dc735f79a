/**
 * Many users scouting at once (docs/scaling.md#many-users-at-once), against the stack an operator runs: `npm
 * start -- --workers 2` (PocketBase plus two supervised workers, each up to SCOUT_CONCURRENCY runs at once),
 * with the demo source paced like a real one (SCOUT_DEMO_PACE_MS=500: a 200-ad run takes about
 * 5 s), on loopback only. Users are created through the superuser (sign-up is rate limited per
 * address). Bounded: 61 users, 123 runs, and a deadline on every wait.
 *
 * - Reference: one paced 200-ad run alone, create → completed (median of 3).
 * - Phase one, no faults: 40 users start a 200-ad run at the same moment while 20 other users poll
 *   their quota and results every 200 ms. Prints the last run's completion as a ratio to the
 *   reference (target ≤ 3× + 10 s), reader p95 (≤ 300 ms) and errors (0), and whether every run
 *   completed with its requested count.
 * - Phase two: 40 more runs; midway, worker-1 is SIGKILLed. Prints the failed health checks
 *   from the kill until every run completed (0), and the time that took against one lease
 *   period + one sweep + two runs + 15 s; every run must complete with its full count, charged once.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import PocketBase, { type RecordModel } from 'pocketbase';
import { CREDENTIALS_FILE, freePort, ROOT } from '../../scripts/lib/stack.mjs';
import { messageOf } from '../../src/domain/text/error-message.ts';
import { createRunWithResults } from '../fixtures/records.ts';
import { realisticRuns } from './lib/ad-rows.ts';
import { createSubscriber } from './lib/stack.ts';
import { median, percentile, type Benchmark, type Measurement } from './types.ts';
import { quotaOf, startRun } from '../fixtures/user-api.ts';
import { COLLECTIONS } from '../../src/domain/api/collections.ts';

const WORKERS = 2;
const PACE_MS = 500;
const ADS = 200;
const SCOUTS = 40;
const READERS = 20;
const READER_PERIOD_MS = 200;
const READER_ROWS = 200;
const REFERENCE_RUNS = 3;
/** The run sweep is a cron job: once a minute. */
const SWEEP_MS = 60_000;
/** What PocketBase's hooks use (SCOUT_LEASE_SECONDS, default 60): the stack inherits this environment. */
const LEASE_MS = (Number(process.env.SCOUT_LEASE_SECONDS) || 60) * 1000;
/** Any wait beyond its target by this much fails the benchmark instead of hanging it. */
const GRACE_MS = 60_000;

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const seconds = (ms: number) => `${(ms / 1000).toFixed(1)} s`;
const pbTime = (value: string) => Date.parse(value.replace(' ', 'T'));
/** A line of progress: the benchmark takes minutes. */
const progress = (line: string) => console.log(`  load: ${line}`);
const load = () =>
  loadavg()
    .map((n) => n.toFixed(2))
    .join(' / ');

interface Stack {
  url: string;
  superuser: PocketBase;
  output(): string;
  /** The pid npm start reported for the latest start of a worker. */
  workerPid(name: string): number;
  stop(): Promise<void>;
}

/** `node scripts/start.mjs --workers N` on a free port and a fresh data dir, until every worker signed in. */
async function startStack(dataDir: string): Promise<Stack> {
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const child: ChildProcess = spawn(
    process.execPath,
    [
      join(ROOT, 'scripts', 'start.mjs'),
      ...['--http', `127.0.0.1:${port}`, '--dir', dataDir, '--workers', String(WORKERS)],
    ],
    {
      cwd: ROOT,
      env: { ...process.env, SCOUT_DEMO_PACE_MS: String(PACE_MS) },
      stdio: ['ignore', 'pipe', 'pipe'],
    },
  );
  let output = '';
  for (const stream of [child.stdout!, child.stderr!]) {
    stream.setEncoding('utf8').on('data', (chunk: string) => {
      output += chunk;
      if (output.length > 2_000_000) output = output.slice(-1_000_000);
    });
  }
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const stop = async () => {
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGINT');
    await Promise.race([exited, sleep(60_000)]);
  };
  try {
    const deadline = Date.now() + 120_000;
    for (let n = 1; n <= WORKERS; n++) {
      while (!output.includes(`[worker worker-${n}] ready: signed in`)) {
        if (child.exitCode !== null) throw new Error(`npm start exited with ${child.exitCode}:\n${output}`);
        if (Date.now() > deadline) throw new Error(`npm start was not ready within 120 s:\n${output}`);
        await sleep(100);
      }
    }
    const { admin } = JSON.parse(readFileSync(join(dataDir, CREDENTIALS_FILE), 'utf8')) as {
      admin: { email: string; password: string };
    };
    const superuser = new PocketBase(url);
    superuser.autoCancellation(false);
    await superuser.collection(COLLECTIONS.superusers).authWithPassword(admin.email, admin.password);
    return {
      url,
      superuser,
      output: () => output,
      workerPid(name) {
        const starts = [...output.matchAll(new RegExp(`started scout worker ${name} \\(pid (\\d+)\\)`, 'g'))];
        const pid = Number(starts.at(-1)?.[1]);
        if (!pid) throw new Error(`npm start reported no pid for ${name}`);
        return pid;
      },
      stop,
    };
  } catch (error) {
    await stop();
    throw error;
  }
}

interface User {
  id: string;
  pb: PocketBase;
}

const createUser = (stack: Stack, label: string): Promise<User> =>
  createSubscriber(stack.superuser, `${label}@load.bench.test`);

/** The runs of one batch (its search_name), polled until none is working or the deadline passes. */
async function settledBatch(stack: Stack, batch: string, count: number, deadline: number) {
  let reported = Date.now();
  for (;;) {
    const runs = await stack.superuser.collection(COLLECTIONS.searchRuns).getFullList({
      filter: stack.superuser.filter('search_name = {:batch}', { batch }),
      fields: 'id,status,results_count,charged_count,finished_at,error',
    });
    if (runs.length === count && runs.every((r) => r.status !== 'working')) return runs;
    const working = runs.filter((r) => r.status === 'working').length;
    if (Date.now() > deadline) {
      const tail = stack.output().trim().split('\n').slice(-20).join('\n    ');
      throw new Error(
        `${batch}: ${working} of ${count} runs still working at the deadline; npm start said:\n    ${tail}`,
      );
    }
    if (Date.now() - reported >= 10_000) {
      reported = Date.now();
      progress(`${batch}: ${count - working} of ${count} runs settled`);
    }
    await sleep(250);
  }
}

/** One paced run alone, create → completed, in ms. */
async function oneRun(stack: Stack, user: User, term: string): Promise<number> {
  const started = Date.now();
  const run = await startRun(user, { term, search_name: `Load reference ${term}`, requested_count: ADS });
  for (;;) {
    const current = await stack.superuser
      .collection(COLLECTIONS.searchRuns)
      .getOne(run.id, { fields: 'status,results_count,finished_at' });
    if (current.status !== 'working') {
      if (current.status !== 'completed' || current.results_count !== ADS)
        throw new Error(
          `the reference run ended ${current.status} with ${current.results_count} of ${ADS} ads`,
        );
      return pbTime(current.finished_at) - started;
    }
    if (Date.now() - started > 60_000) throw new Error('the reference run took over a minute');
    await sleep(50);
  }
}

/** Waits until worker-1 is half-way through one of the batch's runs; returns how many it holds. */
async function midway(stack: Stack, batch: string, since: number): Promise<number> {
  for (;;) {
    const runs = await stack.superuser.collection(COLLECTIONS.searchRuns).getFullList({
      filter: stack.superuser.filter('search_name = {:batch} && status = "working"', { batch }),
      fields: 'id,lease_owner,progress',
    });
    const held = runs.filter((r) => r.lease_owner === 'worker-1');
    if (held.some((r) => r.progress >= ADS / 2)) return held.length;
    if (Date.now() - since > 60_000) throw new Error(`${batch}: worker-1 never got half-way through a run`);
    await sleep(100);
  }
}

/**
 * Readers: each polls its quota and its newest results (a page of 50; the list rule limits it to
 * the reader's own) every READER_PERIOD_MS until stopped. Not the sync engine's filtered pull: a
 * filtered list that finds nothing is held back by PocketBase, up to 500 ms at random, once an
 * address asks more than 3 times in 3 s (its guard against filter timing attacks), so polling it
 * every 200 ms would measure that pause, not the server under load.
 */
function startReaders(users: User[]) {
  const latencies: number[] = [];
  let errors = 0;
  const firstErrors: string[] = [];
  let running = true;
  const timed = async (request: () => Promise<unknown>) => {
    const started = performance.now();
    try {
      await request();
      latencies.push(performance.now() - started);
    } catch (error) {
      errors += 1;
      if (firstErrors.length < 3) firstErrors.push(messageOf(error));
    }
  };
  const loops = users.map(async (user, i) => {
    await sleep((READER_PERIOD_MS * i) / users.length); // spread over the period
    while (running) {
      const started = performance.now();
      const signal = () => AbortSignal.timeout(5_000);
      await timed(() => quotaOf(user.pb, { signal: signal() }));
      await timed(() =>
        user.pb
          .collection(COLLECTIONS.searchResults)
          .getList(1, 50, { sort: '-created', skipTotal: true, signal: signal() }),
      );
      await sleep(Math.max(0, READER_PERIOD_MS - (performance.now() - started)));
    }
  });
  return {
    async stop() {
      running = false;
      await Promise.all(loops);
      return { latencies, errors, firstErrors };
    },
  };
}

/** Health checks every 100 ms until stopped; a check fails on an error, a non-2xx or 2 s without an answer. */
function startHealthChecks(url: string) {
  let checks = 0;
  let failures = 0;
  let running = true;
  const loop = (async () => {
    while (running) {
      checks += 1;
      const ok = await fetch(`${url}/api/health`, { signal: AbortSignal.timeout(2_000) }).then(
        (r) => r.ok,
        () => false,
      );
      if (!ok) failures += 1;
      await sleep(100);
    }
  })();
  return {
    async stop() {
      running = false;
      await loop;
      return { checks, failures };
    },
  };
}

/** Every run completed with ADS rows, charged ADS once: counts, and the ledger's uses and reservation. */
async function fullAndChargedOnce(stack: Stack, runs: RecordModel[]): Promise<number> {
  let good = 0;
  for (const run of runs) {
    const ledger = await stack.superuser
      .collection(COLLECTIONS.usageLedger)
      .getFullList({ filter: stack.superuser.filter('run = {:run}', { run: run.id }) });
    const sum = (kind: string) => ledger.filter((e) => e.kind === kind).reduce((s, e) => s + e.amount, 0);
    if (
      run.status === 'completed' &&
      run.results_count === ADS &&
      run.charged_count === ADS &&
      sum('plan_use') + sum('addon_use') === ADS &&
      sum('reservation') === sum('reservation_release')
    )
      good += 1;
  }
  return good;
}

async function measure(stack: Stack): Promise<Measurement[]> {
  const startLoad = load();
  // users, and the readers' results (not timed)
  const reference = await createUser(stack, 'reference');
  const scouts = await Promise.all(Array.from({ length: SCOUTS }, (_, i) => createUser(stack, `scout-${i}`)));
  const readers = await Promise.all(
    Array.from({ length: READERS }, (_, i) => createUser(stack, `reader-${i}`)),
  );
  for (const [i, seed] of realisticRuns(READERS, READER_ROWS).entries()) {
    await createRunWithResults(
      stack.superuser,
      readers[i]!.id,
      { ...seed.run, status: 'completed' },
      seed.rows,
    );
  }

  // the reference: one paced run alone
  const alone: number[] = [];
  for (let i = 0; i < REFERENCE_RUNS; i++) alone.push(await oneRun(stack, reference, `reference ${i}`));
  const oneRunMs = median(alone);
  progress(`one paced run alone: ${alone.map(seconds).join(', ')}`);

  // phase one: 40 at once, readers polling throughout
  const phaseOneTarget = 3 * oneRunMs + 10_000;
  const reading = startReaders(readers);
  await sleep(1_000); // the readers at their pace before the load arrives
  const p1Start = Date.now();
  await Promise.all(
    scouts.map((user, i) =>
      startRun(user, { term: `phase one ${i}`, search_name: 'Load phase 1', requested_count: ADS }),
    ),
  );
  progress(`phase one: ${SCOUTS} runs created in ${seconds(Date.now() - p1Start)}`);
  const p1Runs = await settledBatch(stack, 'Load phase 1', SCOUTS, p1Start + phaseOneTarget + GRACE_MS);
  const read = await reading.stop();
  const p1Last = Math.max(...p1Runs.map((r) => pbTime(r.finished_at))) - p1Start;
  const p1Full = p1Runs.filter((r) => r.status === 'completed' && r.results_count === ADS).length;
  const p95 = percentile(read.latencies, 95);
  progress(`phase one: the last run completed after ${seconds(p1Last)}`);

  // phase two: 40 more; worker-1 SIGKILLed midway
  const phaseTwoTarget = LEASE_MS + SWEEP_MS + 2 * oneRunMs + 15_000;
  const p2Start = Date.now();
  await Promise.all(
    scouts.map((user, i) =>
      startRun(user, { term: `phase two ${i}`, search_name: 'Load phase 2', requested_count: ADS }),
    ),
  );
  const heldAtKill = await midway(stack, 'Load phase 2', p2Start);
  progress(`phase two: SIGKILL to worker-1, holding ${heldAtKill} runs, ${seconds(Date.now() - p2Start)} in`);
  const health = startHealthChecks(stack.url);
  const killedAt = Date.now();
  process.kill(stack.workerPid('worker-1'), 'SIGKILL');
  const p2Runs = await settledBatch(stack, 'Load phase 2', SCOUTS, killedAt + phaseTwoTarget + GRACE_MS);
  const checked = await health.stop();
  const p2Last = Math.max(...p2Runs.map((r) => pbTime(r.finished_at)));
  const p2Full = await fullAndChargedOnce(stack, p2Runs);
  const restarted = /scout worker worker-1 exited unexpectedly \(killed by SIGKILL\)/.test(stack.output());

  const loadNote = `load average (1/5/15 min) ${startLoad} at the start, ${load()} at the end`;
  return [
    {
      benchmark: 'load',
      metric: `one paced ${ADS}-ad run alone, create → completed (median of ${REFERENCE_RUNS})`,
      value: oneRunMs,
      unit: 'ms',
      note: `SCOUT_DEMO_PACE_MS=${PACE_MS}, npm start --workers ${WORKERS}, SCOUT_CONCURRENCY ${process.env.SCOUT_CONCURRENCY || 'default (16)'}; ${loadNote}`,
    },
    {
      benchmark: 'load',
      metric: `phase 1: ${SCOUTS} users' simultaneous paced runs, last completed`,
      value: p1Last,
      unit: 'ms',
      target: `≤ 3 × one run + 10 s = ${Math.round(phaseOneTarget)} ms`,
      met: p1Last <= phaseOneTarget,
    },
    {
      benchmark: 'load',
      metric: `phase 1: last run's time as a ratio to one run alone`,
      value: p1Last / oneRunMs,
      unit: '×',
      target: `≤ ${(phaseOneTarget / oneRunMs).toFixed(2)} ×`,
      met: p1Last <= phaseOneTarget,
    },
    {
      benchmark: 'load',
      metric: `phase 1: reader p95 (${READERS} users polling quota + results every ${READER_PERIOD_MS} ms, ${read.latencies.length + read.errors} requests)`,
      value: p95,
      unit: 'ms',
      target: '≤ 300 ms',
      met: p95 <= 300,
    },
    {
      benchmark: 'load',
      metric: 'phase 1: reader errors',
      value: read.errors,
      unit: 'errors',
      target: '0',
      met: read.errors === 0,
      ...(read.firstErrors.length ? { note: `first errors: ${read.firstErrors.join(' | ')}` } : {}),
    },
    {
      benchmark: 'load',
      metric: `phase 1: runs completed with their requested ${ADS} ads`,
      value: p1Full,
      unit: `of ${SCOUTS}`,
      target: `${SCOUTS} of ${SCOUTS}`,
      met: p1Full === SCOUTS,
    },
    {
      benchmark: 'load',
      metric: `phase 2: failed health checks from the SIGKILL of worker-1 (holding ${heldAtKill} runs) to the last run (${checked.checks} checks, 100 ms apart)`,
      value: checked.failures,
      unit: 'failed',
      target: '0',
      met: checked.failures === 0,
      note: restarted
        ? 'npm start logged the crash and restarted worker-1'
        : 'npm start did NOT log a restart of worker-1',
    },
    {
      benchmark: 'load',
      metric: `phase 2: SIGKILL → every run completed`,
      value: p2Last - killedAt,
      unit: 'ms',
      target: `≤ lease ${seconds(LEASE_MS)} + sweep ${seconds(SWEEP_MS)} + 2 runs ${seconds(2 * oneRunMs)} + 15 s = ${Math.round(phaseTwoTarget)} ms`,
      met: p2Last - killedAt <= phaseTwoTarget,
      note: `${seconds(p2Last - p2Start)} from the phase's first create; the kill came ${seconds(killedAt - p2Start)} in`,
    },
    {
      benchmark: 'load',
      metric: `phase 2: runs completed with their requested ${ADS} ads, charged once (ledger)`,
      value: p2Full,
      unit: `of ${SCOUTS}`,
      target: `${SCOUTS} of ${SCOUTS}`,
      met: p2Full === SCOUTS,
    },
  ];
}

const benchmark: Benchmark = {
  name: `${SCOUTS} users scouting at once, then a worker SIGKILLed (npm start --workers ${WORKERS}, paced demo source)`,
  async run() {
    const dataDir = await mkdtemp(join(tmpdir(), 'adscout-bench-load-'));
    try {
      const stack = await startStack(dataDir);
      try {
        return await measure(stack);
      } finally {
        await stack.stop();
      }
    } finally {
      await rm(dataDir, { recursive: true, force: true });
    }
  },
};

export default benchmark;
