/**
 * Display formats shared by every screen (docs/product.md), with the dash shown for an unknown
 * value; the date format PocketBase stores, and the length of a day.
 */

/** One day in milliseconds: a UTC day, which daylight saving never lengthens. */
export const DAY_MS = 86_400_000;

/** What a screen shows for a value the source did not give (docs/decisions.md#unknown-is-not-zero). */
export const UNKNOWN_VALUE = '—';

/** PocketBase stores dates as '2026-11-22 10:00:00.000Z'; '' means unset. */
export function parsePbDate(value: string | null | undefined): Date | null {
  if (!value) return null;
  const date = new Date(value.includes('T') ? value : value.replace(' ', 'T'));
  return Number.isNaN(date.getTime()) ? null : date;
}

/** A Date, or epoch ms, in PocketBase's date format: '2024-10-24 07:00:00.000Z'. */
export function toPbDate(at: Date | number): string {
  return (typeof at === 'number' ? new Date(at) : at).toISOString().replace('T', ' ');
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

/**
 * 'December 22, 2026' in UTC (docs/product.md#states-and-transitions: 'Will be cancelled on {long date}').
 */
export function formatLongDate(date: Date): string {
  return `${MONTHS[date.getUTCMonth()]} ${date.getUTCDate()}, ${date.getUTCFullYear()}`;
}

/** A whole number with thousands separators: 2,500. */
export function formatCount(value: number): string {
  const sign = value < 0 ? '-' : '';
  return sign + String(Math.round(Math.abs(value))).replace(/\B(?=(\d{3})+(?!\d))/g, ',');
}

/** A number of days: '1 day', '1,200 days' (the ad detail's and the shared board's days running). */
export function formatDays(days: number): string {
  return `${formatCount(days)} ${days === 1 ? 'day' : 'days'}`;
}

/**
 * Used / quota as a whole percentage between 0 and 100 (the usage progress of
 * docs/product.md#constants-and-limits).
 */
export function usagePercent(used: number, quota: number): number {
  if (quota <= 0) return used > 0 ? 100 : 0;
  return Math.min(100, Math.max(0, Math.round((used / quota) * 100)));
}

const SHORT_MONTHS = [
  'Jan',
  'Feb',
  'Mar',
  'Apr',
  'May',
  'Jun',
  'Jul',
  'Aug',
  'Sep',
  'Oct',
  'Nov',
  'Dec',
] as const;

const pad2 = (value: number) => String(value).padStart(2, '0');

/**
 * 'Nov 22, 2026 14:05' (docs/product.md#screens-and-routes History: 'MMM dd, yyyy HH:mm'), in the runtime's
 * local time zone (the browser's) or in UTC. Written out so that no Intl locale data is needed.
 */
export function formatDateTime(date: Date, zone: 'local' | 'utc' = 'local'): string {
  const utc = zone === 'utc';
  const year = utc ? date.getUTCFullYear() : date.getFullYear();
  const month = utc ? date.getUTCMonth() : date.getMonth();
  const day = utc ? date.getUTCDate() : date.getDate();
  const hours = utc ? date.getUTCHours() : date.getHours();
  const minutes = utc ? date.getUTCMinutes() : date.getMinutes();
  return `${SHORT_MONTHS[month]} ${pad2(day)}, ${year} ${pad2(hours)}:${pad2(minutes)}`;
}
