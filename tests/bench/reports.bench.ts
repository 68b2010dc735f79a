/**
 * A watch run's report (docs/reports.md): its CPU beside the same run's write cost, measured in
 * the same bench (target: the report at most 0.2× the writes).
 *
 * Untimed: a daily watch's history, HISTORY_RUNS (46) completed runs of 1,000 ads (realistic ad
 * fields through the real normalizer, tests/bench/lib/ad-rows.ts), each run sharing 980 ads with
 * the one before, some ads stopping and coming back, and WARMUP_ROUNDS rounds not counted in the
 * ratio: the first keeps the watch's sightings of the seeded runs, and its report is the first
 * this process computes (a fresh worker's: reported apart, as its own figures); the others warm
 * the process as a long-running worker is warm, which computes report after report (the Insights
 * index's code compiled). Then, each counted round:
 *
 * 1. the write cost: a 1,000-ad run of the watch claimed, its rows written in the worker's batches
 *    of FLUSH_ROWS through the lease routes, and finished (which queues its report), as a worker
 *    writes a run; PocketBase's CPU, and this process's (the worker's side: the requests);
 * 2. the report of that run over the 50,000-row history: claimed, its rows read page by page,
 *    compared (compareRuns) and stored by the worker's own code (src/worker/reports), in this
 *    process; PocketBase's CPU, and this process's.
 *
 * Reported: medians of the counted rounds, each side's CPU, and the ratio report / writes (a warm
 * worker's); and the first report of the fresh process, its CPU and its ratio to the same writes.
 */
import { COLLECTIONS } from '../../src/domain/api/collections.ts';
import { workerServer } from '../../src/worker/api.ts';
import { buildSourceQueries } from '../../src/worker/query.ts';
import { reportServer, type ReportServer } from '../../src/worker/reports/report-api.ts';
import { reportTask } from '../../src/worker/reports/report-task.ts';
import { FLUSH_ROWS } from '../../src/worker/row-buffer.ts';
import { pausedWatch } from '../fixtures/records.ts';
import { realisticRuns, type SeedRun } from './lib/ad-rows.ts';
import { seedRuns } from './lib/seed-results.ts';
import { processCpuMs, startBenchStack } from './lib/stack.ts';
import { median, type Benchmark, type Measurement } from './types.ts';

const ADS = 1000;
/**
 * Rounds not counted in the ratio: the first is the fresh process's first report (reported apart),
 * the others warm it, as a long-running worker is warm.
 */
const WARMUP_ROUNDS = 3;
/** Completed runs seeded before the warm-up rounds: with them, 49 × 1,000 rows, and the first counted run makes 50,000. */
const HISTORY_RUNS = 49 - WARMUP_ROUNDS;
/** Ads that change from one day's run to the next. */
const TURNOVER = 20;
const ROUNDS = 2;
const TARGET_RATIO = 0.2;

const BENCH = 'reports';
const log = (line: string) => console.log(`  ${BENCH}: ${line}`);

/** This process's CPU time so far, in ms (user + system). */
const ownCpuMs = () => {
  const usage = process.cpuUsage();
  return (usage.user + usage.system) / 1000;
};

/**
 * The watch's run of day `day`: a window of ADS ads sliding by TURNOVER a day over the pool,
 * every seventh ad of a day stopped (an end date) on odd days, so ads stop and come back.
 */
function dayRun(pool: SeedRun['rows'], day: number, link: SeedRun['run']): SeedRun {
  const rows = Array.from({ length: ADS }, (_, i) => {
    const row = pool[(day * TURNOVER + i) % pool.length]!;
    const stopped = day % 2 === 1 && i % 7 === 0;
    return {
      ...row,
      is_new: i >= ADS - TURNOVER,
      active_status: stopped ? 'INACTIVE' : 'ACTIVE',
      end_date: stopped ? row.start_date : '',
    };
  });
  return { run: link, rows };
}

interface Cost {
  pocketbase: number;
  worker: number;
}

async function measured(pid: number, work: () => Promise<void>): Promise<Cost> {
  const pb0 = processCpuMs(pid);
  const own0 = ownCpuMs();
  await work();
  return { pocketbase: processCpuMs(pid) - pb0, worker: ownCpuMs() - own0 };
}

export default {
  name: BENCH,
  async run(): Promise<Measurement[]> {
    const stack = await startBenchStack({ workers: 0 });
    try {
      const user = await stack.subscriber('reports');
      const seeds = realisticRuns(3, ADS);
      // three searches' ads, told apart, as the pool a daily watch's window slides over
      const pool = seeds.flatMap((run, r) => run.rows.map((row) => ({ ...row, ad_id: `${r}-${row.ad_id}` })));
      const link = seeds[0]!.run;
      const watch = await stack.superuser.collection(COLLECTIONS.watches).create({
        ...pausedWatch(user.id, 'Bench daily'),
        facebook_link: link.facebook_link,
        target_country: link.target_country,
      });
      log(`seeding ${HISTORY_RUNS} runs of ${ADS} ads (untimed)`);
      const history = Array.from({ length: HISTORY_RUNS }, (_, day) => dayRun(pool, day, link));
      await seedRuns(stack.superuser, user.id, history, () => ({}));
      // the seeded runs are the watch's
      const seeded = await stack.superuser
        .collection(COLLECTIONS.searchRuns)
        .getFullList({ filter: `user = "${user.id}"`, fields: 'id' });
      for (const run of seeded)
        await stack.superuser.collection(COLLECTIONS.searchRuns).update(run.id, { watch: watch.id });

      const writes: Cost[] = [];
      const reports: Cost[] = [];
      let firstReport: Cost | undefined;
      // the warm-up rounds are not counted. Round 0's write is not a run's usual: the seeded runs
      // did not complete through a worker's finish, so the watch has no sightings yet
      // (src/hooks/reports/sightings.ts), and its first finish keeps those of every earlier run at
      // once, as on a server updated from a version without them. Its report is this process's
      // first (a fresh worker's), kept apart; rounds 1 to WARMUP_ROUNDS - 1 warm the process.
      for (let round = 0; round < WARMUP_ROUNDS + ROUNDS; round++) {
        const counted = round >= WARMUP_ROUNDS;
        const day = HISTORY_RUNS + round;
        const run = dayRun(pool, day, link);
        const created = await stack.superuser.collection(COLLECTIONS.searchRuns).create({
          user: user.id,
          ...run.run,
          watch: watch.id,
          status: 'working',
        });
        const api = workerServer(stack.worker, 'bench-writer');
        const rows = run.rows.map(({ is_new: _new, ...row }) => row);
        const write = await measured(stack.pid, async () => {
          const claimed = await api.claim();
          if (claimed?.id !== created.id) throw new Error(`claimed ${claimed?.id}, not ${created.id}`);
          for (let start = 0; start < rows.length; start += FLUSH_ROWS)
            await api.writeResults(created.id, rows.slice(start, start + FLUSH_ROWS));
          await api.finish(created.id, { status: 'completed' });
        });
        if (counted) writes.push(write);

        const plainApi = reportServer(stack.worker, 'bench-reporter');
        // PocketBase's CPU per route of the report, for the log
        const byRoute: Record<string, number> = {};
        const onServer = async <R>(key: string, call: () => Promise<R>): Promise<R> => {
          const before = processCpuMs(stack.pid);
          try {
            return await call();
          } finally {
            byRoute[key] = (byRoute[key] ?? 0) + processCpuMs(stack.pid) - before;
          }
        };
        const reportApi: ReportServer = {
          ...plainApi,
          claim: (limit) => onServer('claim', () => plainApi.claim(limit)),
          rows: (taskId, part, after, limit) =>
            onServer(`rows ${part}`, () => plainApi.rows(taskId, part, after, limit)),
          store: (taskId, report) => onServer('store', () => plainApi.store(taskId, report)),
        };
        let logLine = '';
        const report = await measured(stack.pid, async () => {
          const [task] = await reportApi.claim(1);
          if (task?.run !== created.id) throw new Error(`no report task for run ${created.id}`);
          const outcome = await reportTask(
            task,
            {
              server: reportApi,
              buildQueries: buildSourceQueries,
              lookupTimeoutMs: 60_000,
              log: (line) => (logLine = line),
            },
            new AbortController().signal,
          );
          if (outcome !== 'stored') throw new Error(`the report was ${outcome}: ${logLine}`);
        });
        if (counted) reports.push(report);
        if (round === 0) firstReport = report;
        log(
          `${counted ? `round ${round - WARMUP_ROUNDS + 1}` : round === 0 ? "warm-up (not counted), the fresh process's first report" : `warm-up ${round} (not counted)`}: writes ${write.pocketbase.toFixed(0)} + ${write.worker.toFixed(0)} ms CPU, ` +
            `report ${report.pocketbase.toFixed(0)} + ${report.worker.toFixed(0)} ms CPU (${logLine}); ` +
            `PocketBase by route: ${Object.entries(byRoute)
              .map(([route, ms]) => `${route} ${ms.toFixed(0)} ms`)
              .join(', ')}`,
        );
      }
      const total = (cost: Cost) => cost.pocketbase + cost.worker;
      const ratio = median(reports.map(total)) / median(writes.map(total));
      const first = firstReport!;
      const figure = (metric: string, values: number[], note?: string): Measurement => ({
        benchmark: BENCH,
        metric,
        value: median(values),
        unit: 'ms',
        ...(note ? { note } : {}),
      });
      return [
        figure(
          'write 1,000 rows: PocketBase CPU',
          writes.map((c) => c.pocketbase),
        ),
        figure(
          'write 1,000 rows: worker CPU',
          writes.map((c) => c.worker),
        ),
        figure(
          'report over 50,000 rows: PocketBase CPU',
          reports.map((c) => c.pocketbase),
        ),
        figure(
          'report over 50,000 rows: worker CPU',
          reports.map((c) => c.worker),
        ),
        {
          benchmark: BENCH,
          metric: 'report CPU / write CPU',
          value: ratio,
          unit: '×',
          target: `≤ ${TARGET_RATIO}×`,
          met: ratio <= TARGET_RATIO,
          note: `medians of ${ROUNDS} rounds, the worker's reports ${WARMUP_ROUNDS + 1} to ${WARMUP_ROUNDS + ROUNDS} in this process (warm, as a long-running worker); CPU of PocketBase and of the worker's side together`,
        },
        figure("a fresh process's first report: PocketBase CPU", [first.pocketbase]),
        figure("a fresh process's first report: worker CPU", [first.worker]),
        {
          benchmark: BENCH,
          metric: "a fresh process's first report CPU / write CPU",
          value: total(first) / median(writes.map(total)),
          unit: '×',
          note: `the report of the warm-up round (over ${HISTORY_RUNS + 1},000 rows), beside the counted rounds' writes: what a worker's first report after a start costs`,
        },
      ];
    } finally {
      await stack.stop();
    }
  },
} satisfies Benchmark;
