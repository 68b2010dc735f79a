/**
 * The AI page's data (docs/ai.md#the-ai-page): its tables, computed by the AI Web Worker
 * (ai-insights.worker.ts) from the signed-in user's local database, offline too. While rows are
 * stored (a run streaming in, a pull) or creatives read, it asks the worker again, at most every
 * RECOMPUTE_EVERY_MS. The worker lives while the page does.
 */
import { useEffect, useState } from 'react';
import type { AiInsights } from '../../../domain/index.ts';
import { onCreativesChanged } from '../../data/local/creative-index.ts';
import { onResultsStored, useLocalUserId } from '../../data/local/local-data.ts';
import type { FromAiWorker, ToAiWorker } from './ai-protocol.ts';

/** At most one computation per this many ms while rows or creatives arrive. */
export const RECOMPUTE_EVERY_MS = 5000;

export interface AiInsightsState {
  insights: AiInsights | null;
  /** True until the first computation is in, and while another one runs. */
  computing: boolean;
  /** When the tables shown were computed (ms since the epoch). */
  computedAt: number | null;
  failed: string | null;
}

const START: AiInsightsState = { insights: null, computing: true, computedAt: null, failed: null };

export function useAiInsights(): AiInsightsState {
  const userId = useLocalUserId();
  // what the worker of `userId` said last: another user's never shows
  const [state, setState] = useState<AiInsightsState & { userId: string | null }>({ ...START, userId: null });

  useEffect(() => {
    if (!userId) return;
    const worker = new Worker(new URL('./ai-insights.worker.ts', import.meta.url), { type: 'module' });
    const ask = () => worker.postMessage({ type: 'compute', userId } satisfies ToAiWorker);
    let timer: ReturnType<typeof setTimeout> | null = null;
    let lastAsked = Date.now();
    const changed = () => {
      if (timer !== null) return;
      timer = setTimeout(
        () => {
          timer = null;
          lastAsked = Date.now();
          setState((current) => (current.userId === userId ? { ...current, computing: true } : current));
          ask();
        },
        Math.max(0, lastAsked + RECOMPUTE_EVERY_MS - Date.now()),
      );
    };
    worker.onmessage = (event: MessageEvent<FromAiWorker>) => {
      const message = event.data;
      if (message.type === 'failed') {
        setState({ ...START, userId, computing: false, failed: message.message });
        return;
      }
      setState({
        userId,
        insights: message.insights,
        computing: timer !== null,
        computedAt: message.computedAt,
        failed: null,
      });
    };
    const stopRows = onResultsStored(changed);
    const stopCreatives = onCreativesChanged(changed);
    ask();
    return () => {
      stopRows();
      stopCreatives();
      if (timer !== null) clearTimeout(timer);
      worker.terminate();
    };
  }, [userId]);

  if (state.userId !== userId) return START;
  const { userId: _owner, ...shown } = state;
  return shown;
}
