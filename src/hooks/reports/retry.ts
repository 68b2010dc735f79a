/**
 * What a failed report task leads to (docs/reports.md#exactly-one-report-per-run): another claim
 * after a backoff while it has attempts left, else failed for good (logged; the run keeps no
 * report). Pure, so it is tested without a server.
 */

/** Claims a report task may have; an expired lease counts as one, as a failure does. */
export const REPORT_MAX_ATTEMPTS = 5;
/** The pause before the next claim after the n-th failed attempt (the last repeated). */
export const REPORT_RETRY_DELAYS_SECONDS = [30, 120, 600, 1800] as const;

export type ReportFailOutcome = { status: 'pending'; nextAttemptMs: number } | { status: 'failed' };

/** `attempts` counts claims so far, the failed one included. */
export function reportFailOutcome(retry: boolean, attempts: number, nowMs: number): ReportFailOutcome {
  if (!retry || attempts >= REPORT_MAX_ATTEMPTS) return { status: 'failed' };
  const delays = REPORT_RETRY_DELAYS_SECONDS;
  const index = Math.min(Math.max(attempts, 1), delays.length) - 1;
  return { status: 'pending', nextAttemptMs: nowMs + delays[index]! * 1000 };
}
