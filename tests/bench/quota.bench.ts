/**
 * GET /api/adscout/quota for a user with 50,000 stored results and 500 ledger entries: median
 * and p95 latency on loopback (target: p95 under 10 ms). The figures come from indexed ledger
 * sums, so the result rows should not matter.
 */
import { startBenchStack } from './lib/stack.ts';
import { median, percentile, type Benchmark } from './types.ts';

const RESULTS = 50_000;
const LEDGER = 500;
const REQUESTS = 500;

const benchmark: Benchmark = {
  name: 'quota endpoint latency',
  async run() {
    const stack = await startBenchStack({ workers: 0 });
    try {
      const user = await stack.subscriber('quota');
      const post = (path: string, body: unknown) => stack.superuser.send(path, { method: 'POST', body });
      // 50 runs of 1,000 rows through the worker routes (the fastest way in)
      for (let r = 0; r < RESULTS / 1000; r++) {
        const run = await stack.superuser.collection('search_runs').create({
          user: user.id,
          search_name: `Seed ${r}`,
          facebook_link: 'https://www.facebook.com/ads/library/?q=seed',
          target_country: 'US',
          requested_count: 1000,
          status: 'working',
        });
        await post('/api/adscout/worker/claim', { worker: 'seed' });
        for (let b = 0; b < 4; b++) {
          const rows = Array.from({ length: 250 }, (_, i) => ({
            ad_id: String(10_000_000 + r * 1000 + b * 250 + i),
            title: 'Seeded ad',
            body: 'A realistic amount of ad copy. '.repeat(20),
            store_name: 'Seed store',
          }));
          await post(`/api/adscout/worker/runs/${run.id}/results`, { worker: 'seed', rows });
        }
        await stack.superuser.collection('search_runs').update(run.id, { status: 'completed' });
      }
      for (let start = 0; start < LEDGER; start += 100) {
        const batch = stack.superuser.createBatch();
        for (let i = start; i < Math.min(LEDGER, start + 100); i++) {
          batch.collection('usage_ledger').create({
            user: user.id,
            kind: i % 5 === 0 ? 'addon_grant' : 'addon_use',
            amount: 10,
            checkout_session: i % 5 === 0 ? `cs_seed_${i}` : '',
          });
        }
        await batch.send();
      }
      const times: number[] = [];
      for (let i = 0; i < REQUESTS + 20; i++) {
        const started = performance.now();
        await user.pb.send('/api/adscout/quota', {});
        if (i >= 20) times.push(performance.now() - started); // after a short warm-up
      }
      const p95 = percentile(times, 95);
      return [
        {
          benchmark: 'quota',
          metric: `GET /api/adscout/quota, median of ${REQUESTS} (50k results, 500 ledger rows)`,
          value: median(times),
          unit: 'ms',
        },
        {
          benchmark: 'quota',
          metric: `GET /api/adscout/quota, p95 of ${REQUESTS}`,
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
