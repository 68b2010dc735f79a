/**
 * Every time one ad was seen (docs/insights.md#ad-history): one row per run or watch run that
 * found it, oldest first, with what changed since the sighting before and the reach gained per
 * day where the source gave reach both times. Unknown reach is never taken as 0.
 */
import { DAY_MS } from '../text/format.ts';
import type { AdSighting, InsightRow } from './insight-types.ts';

/** Sightings closer than this say nothing about reach per day: the count barely moved, or moved by a recount. */
export const MIN_REACH_INTERVAL_MS = 3_600_000;

function msOf(date: string): number {
  return Date.parse(date.includes('T') ? date : date.replace(' ', 'T'));
}

/** The sightings of the rows of one ad, oldest first (by `created`, then id). */
export function adHistory(rows: readonly InsightRow[]): AdSighting[] {
  const sorted = [...new Map(rows.map((row) => [row.id, row])).values()].sort((a, b) =>
    a.created < b.created ? -1 : a.created > b.created ? 1 : a.id < b.id ? -1 : a.id > b.id ? 1 : 0,
  );
  const out: AdSighting[] = [];
  let lastReach: { reach: number; at: number } | null = null;
  for (const row of sorted) {
    const previous = out[out.length - 1];
    const active = row.active_status === 'ACTIVE';
    const reach = row.reach_known ? row.reach : null;
    const at = msOf(row.created);
    let reachPerDay: number | null = null;
    if (reach !== null && Number.isFinite(at)) {
      if (lastReach && at - lastReach.at >= MIN_REACH_INTERVAL_MS) {
        reachPerDay = Math.round((reach - lastReach.reach) / ((at - lastReach.at) / DAY_MS));
      }
      lastReach = { reach, at };
    }
    out.push({
      run: row.run,
      seenAt: row.created,
      active,
      daysRunning: row.days_running,
      reach,
      variants: row.collation_known ? row.collation_count : null,
      change: !previous
        ? null
        : previous.active && !active
          ? 'stopped'
          : !previous.active && active
            ? 'started again'
            : null,
      reachPerDay,
    });
  }
  return out;
}
