/**
 * The Insights Web Worker (docs/insights.md#in-the-browser): opens the user's local database,
 * computes products and stores from every row
 * (InsightsIndex of src/domain/insights), then keeps them up to date with the rows the page
 * reports, posting only what changed. Saves the results for the next visit at most every
 * SAVE_EVERY_MS, so a streaming run does not write 35,000 products every two seconds.
 */
import { InsightsIndex } from '../../../domain/insights/insights-index.ts';
import type { InsightRow } from '../../../domain/insights/insight-types.ts';
import {
  openInsightsDb,
  readCreatives,
  readInsightInputs,
  saveInsights,
} from '../../data/local/insights-inputs.ts';
import type { FromInsightsWorker, ToInsightsWorker } from './insights-protocol.ts';

const SAVE_EVERY_MS = 10_000;

interface WorkerScope {
  onmessage: ((event: MessageEvent<ToInsightsWorker>) => void) | null;
  postMessage(message: FromInsightsWorker): void;
}
const scope = self as unknown as WorkerScope;

let db: ReturnType<typeof openInsightsDb> | null = null;
const index = new InsightsIndex();
let knownCreatives = new Set<string>();
/** Work in order: an update waits for the first computation. */
let queue: Promise<void> = Promise.resolve();
let saveTimer: ReturnType<typeof setTimeout> | null = null;
let lastSaved = 0;

function post(message: FromInsightsWorker): void {
  scope.postMessage(message);
}

function save(): void {
  if (!db || saveTimer) return;
  const run = () => {
    saveTimer = null;
    lastSaved = Date.now();
    void saveInsights(db!, {
      products: index.products(),
      stores: index.stores(),
      updatedAt: lastSaved,
    }).catch((error: unknown) => console.warn('[insights] could not save the results', error));
  };
  saveTimer = setTimeout(run, Math.max(0, lastSaved + SAVE_EVERY_MS - Date.now()));
}

async function open(userId: string): Promise<void> {
  db = openInsightsDb(userId);
  const readStart = performance.now();
  const { rows, creatives } = await readInsightInputs(db);
  const start = performance.now();
  index.add(rows, creatives);
  knownCreatives = new Set(creatives.map((creative) => creative.id));
  const now = Date.now();
  index.refresh(now);
  const products = index.products();
  const stores = index.stores();
  post({
    type: 'snapshot',
    products,
    stores,
    updatedAt: now,
    timings: { read: start - readStart, products: performance.now() - start, rows: rows.length },
  });
  save();
}

async function addRows(rows: InsightRow[]): Promise<void> {
  if (!db) return;
  const start = performance.now();
  const unknown = [...new Set(rows.map((row) => row.creative).filter((id) => id && !knownCreatives.has(id)))];
  const creatives = await readCreatives(db, unknown);
  for (const creative of creatives) knownCreatives.add(creative.id);
  const computeStart = performance.now();
  index.add(rows, creatives);
  const now = Date.now();
  const changes = index.refresh(now);
  post({
    type: 'delta',
    ...changes,
    updatedAt: now,
    timings: { read: computeStart - start, products: performance.now() - computeStart, rows: rows.length },
  });
  save();
}

function failed(error: unknown): void {
  console.error('[insights] the computation failed', error);
  post({ type: 'failed', message: 'Insights could not be computed from the local data.' });
}

scope.onmessage = (event) => {
  const message = event.data;
  if (message.type === 'open') queue = queue.then(() => open(message.userId)).catch(failed);
  else if (message.type === 'rows') queue = queue.then(() => addRows(message.rows)).catch(failed);
  else {
    queue = queue.then(() =>
      post({ type: 'history', requestId: message.requestId, sightings: index.history(message.adId) }),
    );
  }
};
