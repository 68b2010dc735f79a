/**
 * What the Insights Web Worker (src/web/features/insights/insights.worker.ts) reads from and
 * keeps in the local database (docs/insights.md#in-the-browser): every result row and the
 * archived creatives' hashes, and the results it computed last, which the page reads and paints
 * before the worker has computed anew (savedInsights of local-data.ts). Dexie works in a worker as on the page: the worker
 * opens the user's database itself, so 50,000 rows never cross the page's thread.
 */
import { insightRowOf, type StoredRow } from '../../../domain/insights/insight-row.ts';
import type { InsightCreative, InsightRow } from '../../../domain/insights/insight-types.ts';
import { openLocalDb, writeMeta, type LocalDb, type SavedInsights } from './local-db.ts';

export type { SavedInsights } from './local-db.ts';

/** The signed-in user's database, opened in the worker (the same schema as the page's). */
export function openInsightsDb(userId: string): LocalDb {
  return openLocalDb(userId);
}

function creativeOf(creative: { id: string; phash: string }): InsightCreative {
  return { id: creative.id, phash: creative.phash };
}

/** Every stored result as InsightRow, and every archived creative's hash. */
export async function readInsightInputs(
  db: LocalDb,
): Promise<{ rows: InsightRow[]; creatives: InsightCreative[] }> {
  return db.transaction('r', db.results, db.creatives, async () => {
    const rows: InsightRow[] = [];
    await db.results.each((chunk) => {
      for (const row of chunk.rows) rows.push(insightRowOf(row as StoredRow));
    });
    const creatives = (await db.creatives.toArray()).map(creativeOf);
    return { rows, creatives };
  });
}

/** The hashes of the creatives `ids` names that are stored here. */
export async function readCreatives(db: LocalDb, ids: string[]): Promise<InsightCreative[]> {
  if (ids.length === 0) return [];
  const found = await db.creatives.bulkGet(ids);
  return found.filter((creative) => creative !== undefined).map(creativeOf);
}

export async function saveInsights(db: LocalDb, insights: SavedInsights): Promise<void> {
  await writeMeta(db, 'insights', insights);
}
