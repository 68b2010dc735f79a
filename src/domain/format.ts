/** Display formats shared by every screen (SPEC §2, §4). */

/** PocketBase stores dates as '2026-11-22 10:00:00.000Z'; '' means unset. */
export function parsePbDate(value: string | null | undefined): Date | null {
  if (!value) return null;
  const date = new Date(value.includes('T') ? value : value.replace(' ', 'T'));
  return Number.isNaN(date.getTime()) ? null : date;
}

const MONTHS = [
  'January',
  'February',
  'March',
  'April',
  'May',
  'June',
  'July',
  'August',
  'September',
  'October',
  'November',
  'December',
] as const;

// Written out rather than through Intl: PocketBase's JS VM (goja) has no locale support.

/** 'December 22, 2026' in UTC (SPEC §4: 'Will be cancelled on {long date}'). */
export function formatLongDate(date: Date): string {
  return `${MONTHS[date.getUTCMonth()]} ${date.getUTCDate()}, ${date.getUTCFullYear()}`;
}

/** A whole number with thousands separators: 2,500. */
export function formatCount(value: number): string {
  const sign = value < 0 ? '-' : '';
  return sign + String(Math.round(Math.abs(value))).replace(/\B(?=(\d{3})+(?!\d))/g, ',');
}

/** Used / quota as a whole percentage between 0 and 100 (SPEC §9 usage progress). */
export function usagePercent(used: number, quota: number): number {
  if (quota <= 0) return used > 0 ? 100 : 0;
  return Math.min(100, Math.max(0, Math.round((used / quota) * 100)));
}
