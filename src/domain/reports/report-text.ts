/**
 * How the app words a report (docs/reports.md#in-the-app): its one-line summary (the Reports
 * page's cards, the Watches panel's "Last report" line), how long ago, and "+N more" where a list
 * keeps fewer items than its true count. The news itself is reportNewsText's
 * (src/domain/push/push-message.ts), the push's body: one wording everywhere.
 */
import { reportNewsText, type ReportNewsCounts } from '../push/push-message.ts';
import { formatCount } from '../text/format.ts';

/** What a report where nothing changed says (issue 34: "Nothing changed"). */
export const NOTHING_CHANGED = 'Nothing changed';

/** A report's news in one line, or NOTHING_CHANGED. */
export function reportSummary(counts: ReportNewsCounts): string {
  return reportNewsText(counts) || NOTHING_CHANGED;
}

/** '+N more' when a list shows `shown` of `total` items; '' when it shows them all. */
export function moreText(total: number, shown: number): string {
  return total > shown ? `+${formatCount(total - shown)} more` : '';
}

const MINUTE_MS = 60_000;
const HOUR_MS = 60 * MINUTE_MS;
const DAY_MS = 24 * HOUR_MS;

/** How long ago `atMs` was, roughly: 'just now', '5 min ago', '3 h ago', '2 days ago'. */
export function timeAgoText(atMs: number, nowMs: number): string {
  const ago = Math.max(0, nowMs - atMs);
  if (ago < MINUTE_MS) return 'just now';
  if (ago < HOUR_MS) return `${Math.floor(ago / MINUTE_MS)} min ago`;
  if (ago < DAY_MS) return `${Math.floor(ago / HOUR_MS)} h ago`;
  const days = Math.floor(ago / DAY_MS);
  return days === 1 ? '1 day ago' : `${formatCount(days)} days ago`;
}

/** The Reports page's messages (docs/reports.md#in-the-app). */
export const REPORT_MESSAGES = {
  empty: 'No reports yet. A watch reports what changed each time it runs: add one from the Watches panel.',
  offline: 'Reports can be marked read only while you are online. They are shown as last synced.',
  markedRead: 'All reports marked read',
  markReadFailed: 'Failed to mark the reports read',
} as const;
