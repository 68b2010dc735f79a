/** Seeding a user's completed runs and their rows through the superuser's batch API (not timed). */
import type PocketBase from 'pocketbase';
import type { SeedRun } from './ad-rows.ts';
import { COLLECTIONS } from '../../../src/domain/api/collections.ts';

/** Rows per batch request: the batch limit the settings migration sets. */
const BATCH = 500;

/**
 * Stores `runs` as completed runs an hour apart (the last the newest) with their rows; `extra`
 * adds fields to each row (its index over all runs, 0 the oldest run's first row).
 */
export async function seedRuns(
  superuser: PocketBase,
  userId: string,
  runs: SeedRun[],
  extra: (index: number) => Record<string, unknown> = () => ({}),
): Promise<void> {
  const now = Date.now();
  let index = 0;
  for (const [i, { run, rows }] of runs.entries()) {
    const started = new Date(now - (runs.length - i) * 3_600_000);
    const record = await superuser.collection(COLLECTIONS.searchRuns).create({
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
    for (let start = 0; start < rows.length; start += BATCH) {
      const batch = superuser.createBatch();
      for (const row of rows.slice(start, start + BATCH)) {
        batch
          .collection(COLLECTIONS.searchResults)
          .create({ ...row, ...extra(index++), run: record.id, user: userId });
      }
      await batch.send();
    }
  }
}
