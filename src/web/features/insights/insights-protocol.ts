/**
 * The messages between the Insights page and its Web Worker (insights.worker.ts).
 */
import type { AdSighting, InsightRow, ProductSummary, StoreSummary } from '../../../domain/index.ts';

export type ToInsightsWorker =
  /** Open this user's local database and compute from all rows (the page paints the saved results meanwhile). */
  | { type: 'open'; userId: string }
  /** Rows stored since (a run streaming in, a pull): update incrementally. */
  | { type: 'rows'; rows: InsightRow[] }
  | { type: 'history'; requestId: number; adId: string };

/** How long the last computation took, in the worker (ms). */
export interface InsightsTimings {
  read?: number;
  products: number;
  rows: number;
}

export type FromInsightsWorker =
  | {
      type: 'snapshot';
      products: ProductSummary[];
      stores: StoreSummary[];
      updatedAt: number;
      timings: InsightsTimings;
    }
  | {
      type: 'delta';
      products: { changed: ProductSummary[]; removed: string[] };
      stores: { changed: StoreSummary[]; removed: string[] };
      updatedAt: number;
      timings: InsightsTimings;
    }
  | { type: 'history'; requestId: number; sightings: AdSighting[] }
  | { type: 'failed'; message: string };
