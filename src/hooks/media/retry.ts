/**
 * What a failed fetch leads to (docs/creatives.md#the-flow): another try after a backoff while
 * the link may still be valid, else failed for good. Pure, so it is tested without a server.
 */
import { MEDIA_RETRY_DELAYS_SECONDS, MEDIA_RETRY_WINDOW_HOURS } from '../../domain/media/creative-limits.ts';

export type FailOutcome = { status: 'pending'; nextAttemptMs: number } | { status: 'failed' };

/**
 * `attempts` counts claims so far (the failed one included); `createdMs` is when the task was
 * queued (or its link last changed). A retry is due MEDIA_RETRY_DELAYS_SECONDS[attempts - 1]
 * after now (the last delay repeated), and only while the task is under the retry window.
 */
export function failOutcome(retry: boolean, attempts: number, createdMs: number, nowMs: number): FailOutcome {
  const windowEnds = createdMs + MEDIA_RETRY_WINDOW_HOURS * 3600 * 1000;
  if (!retry || !Number.isFinite(createdMs) || nowMs >= windowEnds) return { status: 'failed' };
  const delays = MEDIA_RETRY_DELAYS_SECONDS;
  const index = Math.min(Math.max(attempts, 1), delays.length) - 1;
  return { status: 'pending', nextAttemptMs: nowMs + delays[index]! * 1000 };
}

/** A PocketBase date ('2026-01-02 03:04:05.678Z') in epoch milliseconds; NaN when empty. */
export function pbDateMs(value: string): number {
  return value ? Date.parse(value.replace(' ', 'T')) : NaN;
}
