/**
 * Small statistics the Insights summaries share: days of PocketBase dates and weekly trends
 * (medians and the most common value: int-columns.ts).
 */
import { DAY_MS } from '../text/format.ts';
import { TREND_WEEKS } from './insight-types.ts';

/** Days since the epoch of a civil UTC date (H. Hinnant's days_from_civil). */
function daysFromCivil(year: number, month: number, day: number): number {
  const y = month <= 2 ? year - 1 : year;
  const era = Math.floor(y / 400);
  const yearOfEra = y - era * 400;
  const dayOfYear = Math.floor((153 * (month + (month > 2 ? -3 : 9)) + 2) / 5) + day - 1;
  const dayOfEra = yearOfEra * 365 + Math.floor(yearOfEra / 4) - Math.floor(yearOfEra / 100) + dayOfYear;
  return era * 146097 + dayOfEra - 719468;
}

/** The number the digits of `text` from `start` to `end` make; NaN when one is not a digit. */
function digitsAt(text: string, start: number, end: number): number {
  let value = 0;
  for (let i = start; i < end; i++) {
    const digit = text.charCodeAt(i) - 48;
    if (digit < 0 || digit > 9) return NaN;
    value = value * 10 + digit;
  }
  return value;
}

/**
 * The UTC day (days since the epoch) of a PocketBase date ('2026-11-22 10:00:00.000Z'); null
 * when unset or unreadable. Read from its digits: 50,000 of them go through here per computation.
 */
export function dayOfDate(date: string): number | null {
  if (!date) return null;
  if (date.length >= 11 && date[4] === '-' && date[7] === '-' && date.endsWith('Z')) {
    const day = daysFromCivil(digitsAt(date, 0, 4), digitsAt(date, 5, 7), digitsAt(date, 8, 10));
    if (Number.isFinite(day)) return day;
  }
  const ms = Date.parse(date.includes('T') ? date : date.replace(' ', 'T'));
  return Number.isFinite(ms) ? Math.floor(ms / DAY_MS) : null;
}

export function dayOfMs(ms: number): number {
  return Math.floor(ms / DAY_MS);
}

/**
 * Counts per week, TREND_WEEKS numbers, oldest first; the last week ends on `today` (its 7 days
 * are today and the 6 before). Days outside the span are left out.
 */
export function weeklyCounts(days: Iterable<number>, today: number): number[] {
  const trend = emptyTrend();
  for (const day of days) countInTrend(trend, day, today);
  return trend;
}

/** TREND_WEEKS zeros. */
export function emptyTrend(): number[] {
  return new Array<number>(TREND_WEEKS).fill(0);
}

/** Counts `day` in its week of `trend` (weeklyCounts, one day at a time). */
export function countInTrend(trend: number[], day: number, today: number): void {
  const weeksAgo = Math.floor((today - day) / 7);
  if (weeksAgo >= 0 && weeksAgo < TREND_WEEKS) trend[TREND_WEEKS - 1 - weeksAgo]!++;
}
