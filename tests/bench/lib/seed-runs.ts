/**
 * Seeds completed demo scouts and their rows for a user through the superuser batch API, as the
 * browser benchmarks that need 50,000 rows do (local-first.bench.ts, insights-page.bench.ts).
 * Not measured: the benchmarks time what the browser does with the rows.
 */
import type { SeedRun } from './ad-rows.ts';
import type { WebStack } from './web-stack.ts';

/** One search_runs record per run (an hour apart, newest last) and its rows, 500 a batch. */
export async function seedRuns(stack: WebStack, userId: string, runs: SeedRun[]): Promise<void> {
  const now = Date.now();
  for (const [i, { run, rows }] of runs.entries()) {
    const started = new Date(now - (runs.length - i) * 3_600_000);
    const record = await stack.superuser.collection('search_runs').create({
      user: userId,
      ...run,
      status: 'completed',
      started_at: started.toISOString(),
      finished_at: new Date(started.getTime() + 60_000).toISOString(),
      results_count: rows.length,
      new_count: rows.filter((row) => row.is_new).length,
      charged_count: rows.length,
      progress: rows.length,
      source: 'demo',
    });
    for (let start = 0; start < rows.length; start += 500) {
      const batch = stack.superuser.createBatch();
      for (const row of rows.slice(start, start + 500)) {
        batch.collection('search_results').create({ ...row, run: record.id, user: userId });
      }
      await batch.send();
    }
  }
}
