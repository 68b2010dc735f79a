/**
 * GET /api/adscout/quota for a user with 50,000 stored results and 500 ledger entries (among
 * 20,000 entries of 40 other users): median and p95 latency on loopback (target: p95 under
 * 10 ms). The figures come from indexed ledger sums, so the result rows should not matter.
 */
import { toPbDate } from '../../src/domain/index.ts';
import { periodBoundary } from '../../src/hooks/quota/periods.ts';
import { startBenchStack, type BenchStack } from './lib/stack.ts';
import { median, percentile, type Benchmark } from './types.ts';
import { quotaOf } from '../fixtures/user-api.ts';
import { COLLECTIONS } from '../../src/domain/api/collections.ts';
import { SERVER_ROUTES } from '../../src/domain/api/routes.ts';

const RESULTS = 50_000;
const LEDGER = 500;
const REQUESTS = 500;
const OTHER_USERS = 40;
const OTHER_LEDGER = 500;

/** Ledger rows through the superuser batch API, 500 to a request. */
async function seedLedger(stack: BenchStack, rows: Record<string, unknown>[]): Promise<void> {
  for (let start = 0; start < rows.length; start += 500) {
    const batch = stack.superuser.createBatch();
    for (const row of rows.slice(start, start + 500)) batch.collection(COLLECTIONS.usageLedger).create(row);
    await batch.send();
  }
}

const benchmark: Benchmark = {
  name: 'quota endpoint latency',
  async run() {
    const stack = await startBenchStack({ workers: 0 });
    try {
      const user = await stack.subscriber('quota');
      const post = (path: string, body: unknown) => stack.worker.send(path, { method: 'POST', body });
      // 50 runs of 1,000 rows through the worker routes (the fastest way in)
      for (let r = 0; r < RESULTS / 1000; r++) {
        const run = await stack.superuser.collection(COLLECTIONS.searchRuns).create({
          user: user.id,
          search_name: `Seed ${r}`,
          facebook_link: 'https://www.facebook.com/ads/library/?q=seed',
          target_country: 'US',
          requested_count: 1000,
          status: 'working',
        });
        await post(SERVER_ROUTES.workerClaim.path, { worker: 'seed' });
        for (let b = 0; b < 4; b++) {
          const rows = Array.from({ length: 250 }, (_, i) => ({
            ad_id: String(10_000_000 + r * 1000 + b * 250 + i),
            title: 'Seeded ad',
            body: 'A realistic amount of ad copy. '.repeat(20),
            store_name: 'Seed store',
          }));
          await post(SERVER_ROUTES.workerRunResults.url(run.id), { worker: 'seed', rows });
        }
        await stack.superuser.collection(COLLECTIONS.searchRuns).update(run.id, { status: 'completed' });
      }
      // The user's 500 ledger rows, a realistic mix: each seeded run's reservation, release and
      // plan use (spread over this and the eleven earlier quota periods), credit grants and uses.
      const sub = await stack.superuser
        .collection(COLLECTIONS.subscriptions)
        .getFirstListItem(`user = "${user.id}"`);
      const anchor = new Date(sub.quota_anchor.replace(' ', 'T'));
      const periodStart = (back: number) => toPbDate(periodBoundary(anchor, -back).getTime());
      const own: Record<string, unknown>[] = [];
      let usedThisPeriod = 0;
      for (let r = 0; own.length < LEDGER - 200; r++) {
        own.push({ kind: 'reservation', amount: 1000 });
        own.push({ kind: 'reservation_release', amount: 1000 });
        own.push({ kind: 'plan_use', amount: 20, period_start: periodStart(r % 12) });
        if (r % 12 === 0) usedThisPeriod += 20;
      }
      for (let i = 0; own.length < LEDGER; i++) {
        own.push(
          i % 4 === 0
            ? { kind: 'addon_grant', amount: 100, checkout_session: `cs_seed_${i}` }
            : { kind: 'addon_use', amount: 5 },
        );
      }
      await seedLedger(
        stack,
        own.map((row) => ({ user: user.id, ...row })),
      );
      // Other users' ledgers, so the sums must find this user's rows through the index.
      const others: Record<string, unknown>[] = [];
      for (let u = 0; u < OTHER_USERS; u++) {
        const other = await stack.superuser.collection(COLLECTIONS.users).create({
          email: `other-${u}@bench.test`,
          password: 'Bench-Pass-2026',
          passwordConfirm: 'Bench-Pass-2026',
        });
        for (let i = 0; i < OTHER_LEDGER; i++) {
          others.push({
            user: other.id,
            kind: i % 3 === 0 ? 'plan_use' : 'reservation',
            amount: 7,
            period_start: periodStart(0),
          });
        }
      }
      await seedLedger(stack, others);
      // the figures must be right before their speed means anything
      const answer = await quotaOf(user.pb);
      if (answer.plan_used_this_month !== usedThisPeriod) {
        throw new Error(
          `quota says ${answer.plan_used_this_month} used this period, expected ${usedThisPeriod}`,
        );
      }
      const times: number[] = [];
      for (let i = 0; i < REQUESTS + 20; i++) {
        const started = performance.now();
        await quotaOf(user.pb);
        if (i >= 20) times.push(performance.now() - started); // after a short warm-up
      }
      const p95 = percentile(times, 95);
      return [
        {
          benchmark: 'quota',
          metric: `GET ${SERVER_ROUTES.quota.path}, median of ${REQUESTS} (50k results, 500 own + 20k other ledger rows)`,
          value: median(times),
          unit: 'ms',
        },
        {
          benchmark: 'quota',
          metric: `GET ${SERVER_ROUTES.quota.path}, p95 of ${REQUESTS}`,
          value: p95,
          unit: 'ms',
          target: '< 10 ms',
          met: p95 < 10,
        },
      ];
    } finally {
      await stack.stop();
    }
  },
};

export default benchmark;
