/**
 * The body of the AI page benchmark's Web Worker (tests/bench/ai-page.bench.ts), bundled as
 * the production build bundles src/web/features/ai/ai-insights.worker.ts: the same
 * computeAiInsights on 50,000 synthetic rows (tests/fixtures/ai-rows.ts) made in the worker,
 * beside a plain pass over the same rows in the same worker.
 */
import { computeAiInsights, messageOf, type AiRow } from '../../../src/domain/index.ts';
import { aiData } from '../../fixtures/ai-rows.ts';

export interface AiBenchRequest {
  rows: number;
  creatives: number;
  warmUp: number;
  rounds: number;
  now: number;
}

export interface AiBenchFigures {
  reference: number[];
  compute: number[];
  ads: number;
  tags: number;
  headlines: number;
  withText: number;
}

interface WorkerScope {
  onmessage: ((event: MessageEvent<AiBenchRequest>) => void) | null;
  postMessage(message: AiBenchFigures | { error: string }): void;
}
const scope = self as unknown as WorkerScope;

/** The reference: one pass over the rows that touches each and files it by ad (one Map write a row). */
function plainPass(rows: AiRow[]): number {
  const byAd = new Map<string, number>();
  for (const row of rows) byAd.set(row.ad_id, (byAd.get(row.ad_id) ?? 0) + row.days_running);
  return byAd.size;
}

function run(request: AiBenchRequest): AiBenchFigures {
  const { rows, creatives } = aiData(request.rows, request.creatives, request.now);
  const figures: AiBenchFigures = { reference: [], compute: [], ads: 0, tags: 0, headlines: 0, withText: 0 };
  for (let round = 0; round < request.warmUp + request.rounds; round++) {
    let start = performance.now();
    const ads = plainPass(rows);
    const reference = performance.now() - start;
    start = performance.now();
    const insights = computeAiInsights(rows, creatives, request.now);
    const compute = performance.now() - start;
    // every ad counted once, as the plain pass files them
    if (insights.ads !== ads) throw new Error(`${insights.ads} ads computed, not ${ads}`);
    if (round < request.warmUp) continue;
    figures.reference.push(reference);
    figures.compute.push(compute);
    figures.ads = insights.ads;
    figures.tags = insights.tags.length;
    figures.headlines = insights.headlines.length;
    figures.withText = insights.winningAdsWithText;
  }
  return figures;
}

scope.onmessage = (event) => {
  try {
    scope.postMessage(run(event.data));
  } catch (error) {
    scope.postMessage({ error: messageOf(error) });
  }
};
