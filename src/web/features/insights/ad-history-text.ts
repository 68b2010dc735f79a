/**
 * The ad history's words and numbers (ad-history-section.tsx): each sighting's cells, with an
 * unknown reach or variants count as a dash (never 0), and the reach-per-day series of the chart
 * with its text summary for screen readers. Pure.
 */
import { formatCount, parsePbDate, UNKNOWN_VALUE, type AdSighting } from '../../../domain/index.ts';

export interface SightingCells {
  seen: string;
  status: string;
  daysRunning: string;
  reach: string;
  variants: string;
  reachPerDay: string;
  /** 'Stopped' / 'Started again', called out; '' when the status did not change. */
  change: string;
}

const known = (value: number | null) => (value === null ? UNKNOWN_VALUE : formatCount(value));

/** 'yyyy-MM-dd HH:mm' in UTC of a PocketBase date, or a dash. */
export function seenText(value: string): string {
  const date = parsePbDate(value);
  return date ? date.toISOString().slice(0, 16).replace('T', ' ') : UNKNOWN_VALUE;
}

export function sightingCells(sighting: AdSighting): SightingCells {
  return {
    seen: seenText(sighting.seenAt),
    status: sighting.active ? 'Active' : 'Inactive',
    daysRunning: formatCount(sighting.daysRunning),
    reach: known(sighting.reach),
    variants: known(sighting.variants),
    reachPerDay: known(sighting.reachPerDay),
    change:
      sighting.change === 'stopped' ? 'Stopped' : sighting.change === 'started again' ? 'Started again' : '',
  };
}

/** The chart's points: when each sighting with a reach per day was made (epoch seconds), and it. */
export function reachPerDaySeries(sightings: readonly AdSighting[]): { at: number[]; perDay: number[] } {
  const at: number[] = [];
  const perDay: number[] = [];
  for (const sighting of sightings) {
    const date = parsePbDate(sighting.seenAt);
    if (sighting.reachPerDay === null || !date) continue;
    at.push(date.getTime() / 1000);
    perDay.push(sighting.reachPerDay);
  }
  return { at, perDay };
}

/** What the history says while the Insights worker reads the user's rows. */
export const AD_HISTORY_LOADING = 'Loading the ad’s history…';

/**
 * What an empty history says. The detail view shows ads of the user's own results, all seen by
 * their scouts: an empty answer means the Insights have not counted this ad's rows yet (a run
 * that is arriving), never that it was not seen.
 */
export const AD_HISTORY_NOT_COUNTED = 'This ad’s history shows once Insights has counted its newest results.';

/** The history in one sentence: how often it was seen, status changes, and reach per day. */
export function historySummary(sightings: readonly AdSighting[]): string {
  if (sightings.length === 0) return AD_HISTORY_NOT_COUNTED;
  const times = sightings.length === 1 ? 'once' : `${formatCount(sightings.length)} times`;
  const changes = sightings
    .filter((s) => s.change)
    .map((s) => `${s.change} on ${seenText(s.seenAt).slice(0, 10)}`);
  const { perDay } = reachPerDaySeries(sightings);
  const reach =
    perDay.length === 0
      ? 'no reach per day (the Ad Library gives reach for EU ads only)'
      : `reach per day ${perDay.map((v) => formatCount(v)).join(', ')}`;
  return `Seen ${times}${changes.length ? `; ${changes.join('; ')}` : ''}; ${reach}.`;
}
