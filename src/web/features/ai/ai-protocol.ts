/**
 * The messages between the AI page (use-ai-insights.ts) and its Web Worker (ai-insights.worker.ts).
 */
import type { AiInsights } from '../../../domain/index.ts';

export type ToAiWorker =
  /** Read this user's rows and creatives from the local database and compute (again). */
  { type: 'compute'; userId: string };

export type FromAiWorker =
  | {
      type: 'insights';
      insights: AiInsights;
      /** When it was computed (ms since the epoch), and how long reading and computing took (ms). */
      computedAt: number;
      timings: { read: number; compute: number; rows: number };
    }
  | { type: 'failed'; message: string };
