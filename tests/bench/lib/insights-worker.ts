/**
 * The body of the Insights benchmark's Web Worker (tests/bench/insights.bench.ts), bundled as the
 * production build bundles src/web/features/insights/insights.worker.ts: the same InsightsIndex
 * and summarizeStores, on 50,000 synthetic rows (tests/fixtures/insight-rows.ts) made in the
 * worker, each figure beside a plain pass over the same rows in the same worker.
 */
import { InsightsIndex, messageOf, summarizeStores, type InsightRow } from '../../../src/domain/index.ts';
import { insightData } from '../../fixtures/insight-rows.ts';

export interface InsightsBenchRequest {
  rows: number;
  newRows: number;
  creatives: number;
  warmUp: number;
  rounds: number;
  now: number;
}

export interface InsightsBenchFigures {
  reference: number[];
  products: number[];
  update: number[];
  stores: number[];
  distinctCreatives: number;
  productCount: number;
  storeCount: number;
  changedProducts: number;
}

interface WorkerScope {
  onmessage: ((event: MessageEvent<InsightsBenchRequest>) => void) | null;
  postMessage(message: InsightsBenchFigures | { error: string }): void;
}
const scope = self as unknown as WorkerScope;

/** The reference: one pass over the rows that touches each and files it by ad (one Map write a row). */
function plainPass(rows: InsightRow[]): number {
  const byAd = new Map<string, number>();
  for (const row of rows) byAd.set(row.ad_id, (byAd.get(row.ad_id) ?? 0) + row.days_running);
  return byAd.size;
}

function rowsIn(list: Array<{ rowIds: string[] }>): number {
  return list.reduce((sum, item) => sum + item.rowIds.length, 0);
}

function run(request: InsightsBenchRequest): InsightsBenchFigures {
  const all = insightData(request.rows + request.newRows, request.creatives, request.now);
  // the new run's rows: spread over the data, so that they hold new ads, new creatives and ads seen again
  const every = Math.floor(all.rows.length / request.newRows);
  const fresh = all.rows.filter((_, i) => i % every === every - 1).slice(0, request.newRows);
  const freshIds = new Set(fresh.map((row) => row.id));
  const base = all.rows.filter((row) => !freshIds.has(row.id));
  const figures: InsightsBenchFigures = {
    reference: [],
    products: [],
    update: [],
    stores: [],
    distinctCreatives: new Set(base.map((row) => row.creative).filter(Boolean)).size,
    productCount: 0,
    storeCount: 0,
    changedProducts: 0,
  };
  for (let round = 0; round < request.warmUp + request.rounds; round++) {
    const keep = round >= request.warmUp;
    let start = performance.now();
    plainPass(base);
    const reference = performance.now() - start;

    start = performance.now();
    const index = new InsightsIndex();
    index.add(base, all.creatives);
    index.refresh(request.now);
    const products = index.products();
    const full = performance.now() - start;
    if (rowsIn(products) !== base.length)
      throw new Error(`products hold ${rowsIn(products)} rows, not ${base.length}`);

    start = performance.now();
    index.add(fresh);
    const changes = index.refresh(request.now);
    const update = performance.now() - start;
    if (rowsIn(index.products()) !== base.length + fresh.length)
      throw new Error('the update lost or doubled rows');

    start = performance.now();
    const stores = summarizeStores(base, request.now);
    const storesMs = performance.now() - start;
    if (rowsIn(stores) !== base.length)
      throw new Error(`stores hold ${rowsIn(stores)} rows, not ${base.length}`);

    if (!keep) continue;
    figures.reference.push(reference);
    figures.products.push(full);
    figures.update.push(update);
    figures.stores.push(storesMs);
    figures.productCount = products.length;
    figures.storeCount = stores.length;
    figures.changedProducts = changes.products.changed.length;
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
