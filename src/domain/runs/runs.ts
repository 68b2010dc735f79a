/** Search-run rules shared by the search page, the history page and the run guard (docs/product.md). */
import { MESSAGES, notEnoughResultsMessage } from '../forms/messages.ts';
import type { SearchRun } from '../records/entities.ts';
import { formatCount } from '../text/format.ts';

export type BadgeTone = 'success' | 'warning' | 'danger';

/**
 * docs/product.md#states-and-transitions: completed green, working orange, failed red; any unknown status
 * shows as Working.
 */
export function runStatusBadge(status: string | null | undefined): { label: string; tone: BadgeTone } {
  if (status === 'completed') return { label: 'Completed', tone: 'success' };
  if (status === 'failed') return { label: 'Failed', tone: 'danger' };
  return { label: 'Working', tone: 'warning' };
}

/**
 * docs/pipeline.md#coverage: "N of about M ads in the Library for this search" — N the ads the run
 * found so far (its progress while it works, then its results), M the Library's count where the
 * source said (`library_total`); null when it did not (0, or a run from before the field), so
 * nothing is shown.
 */
export function runCoverageText(
  run: Pick<SearchRun, 'status' | 'progress' | 'results_count' | 'library_total'>,
): string | null {
  const total = run.library_total ?? 0;
  if (!(total > 0)) return null;
  const found = run.status === 'working' ? run.progress : run.results_count;
  return `${formatCount(found)} of about ${formatCount(total)} ads in the Library for this search`;
}

/**
 * docs/product.md#validation-rules, before a scout starts: the first reason to refuse a new run, or null.
 * The server applies the same rules again inside the transaction that creates the run.
 */
export function scoutRefusal(input: {
  hasWorkingRun: boolean;
  totalRemaining: number;
  requestedCount: number;
}): string | null {
  if (input.hasWorkingRun) return MESSAGES.activeSearchRunning;
  if (input.totalRemaining <= 0) return MESSAGES.monthlyLimitReached;
  if (input.requestedCount > input.totalRemaining) {
    return notEnoughResultsMessage(input.totalRemaining, input.requestedCount);
  }
  return null;
}
