/**
 * The AI page's Web Worker (docs/ai.md#the-ai-page): opens the user's local database, reads every
 * row and the text read on the creatives (ai-inputs.ts) and computes the page's tables
 * (computeAiInsights of src/domain/tags/ai-insights.ts), off the page's thread and offline too.
 * Asked again, it reads and computes anew: the page asks at most every RECOMPUTE_EVERY_MS while
 * rows arrive (use-ai-insights.ts).
 */
import { computeAiInsights } from '../../../domain/tags/ai-insights.ts';
import { readAiInputs } from '../../data/local/ai-inputs.ts';
import { openInsightsDb } from '../../data/local/insights-inputs.ts';
import type { FromAiWorker, ToAiWorker } from './ai-protocol.ts';

interface WorkerScope {
  onmessage: ((event: MessageEvent<ToAiWorker>) => void) | null;
  postMessage(message: FromAiWorker): void;
}
const scope = self as unknown as WorkerScope;

let db: { userId: string; db: ReturnType<typeof openInsightsDb> } | null = null;
/** One computation at a time, in order. */
let queue: Promise<void> = Promise.resolve();

async function compute(userId: string): Promise<void> {
  if (db?.userId !== userId) db = { userId, db: openInsightsDb(userId) };
  const readStart = performance.now();
  const { rows, creatives } = await readAiInputs(db.db);
  const start = performance.now();
  const computedAt = Date.now();
  const insights = computeAiInsights(rows, creatives, computedAt);
  scope.postMessage({
    type: 'insights',
    insights,
    computedAt,
    timings: { read: start - readStart, compute: performance.now() - start, rows: rows.length },
  });
}

function failed(error: unknown): void {
  console.error('[ai] the computation failed', error);
  scope.postMessage({ type: 'failed', message: 'The AI tables could not be computed from the local data.' });
}

scope.onmessage = (event) => {
  const { userId } = event.data;
  queue = queue.then(() => compute(userId)).catch(failed);
};
