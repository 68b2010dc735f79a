/**
 * What the AI page's Web Worker (src/web/features/ai/ai-insights.worker.ts) reads from the local
 * database (docs/ai.md#the-ai-page): every result row and the text read on the archived
 * creatives. The worker opens the user's database itself (openInsightsDb), so 50,000 rows never
 * cross the page's thread.
 */
import type { AiCreative, AiRow } from '../../../domain/tags/ai-insights.ts';
import type { LocalDb } from './local-db.ts';

export async function readAiInputs(db: LocalDb): Promise<{ rows: AiRow[]; creatives: AiCreative[] }> {
  return db.transaction('r', db.results, db.creatives, async () => {
    const rows: AiRow[] = [];
    // the stored rows as they are: they carry every field AiRow names, and copying 50,000 costs time
    await db.results.each((chunk) => {
      for (const row of chunk.rows) rows.push(row);
    });
    const creatives: AiCreative[] = [];
    await db.creatives.each((creative) => {
      if (creative.text) creatives.push({ id: creative.id, text: creative.text });
    });
    return { rows, creatives };
  });
}
