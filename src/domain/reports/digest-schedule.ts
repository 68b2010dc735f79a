/**
 * When a user's next report digest goes out (report_settings.next_digest_at, docs/reports.md#email):
 * the next `send_hour`:00 in the user's time zone after now (a weekly digest: the next Monday's),
 * daylight saving time following the zone. Pure, but the wall clock of a zone is asked of a
 * ZoneClock: the browser and Node have Intl (intlZoneClock below), PocketBase's VM (goja) has no
 * Intl but Go's zone database (src/hooks/digest/zone-clock.ts); both pass digest-schedule.test.ts's
 * cases (the hooks' one through tests/integration/report-settings.test.ts).
 */
import { DAY_MS } from '../text/format.ts';
import type { ReportSchedule } from './report-settings.ts';

/** A calendar date as a zone's wall clock shows it; month 1–12, weekday 0 (Sunday) – 6. */
export interface ZoneDate {
  year: number;
  month: number;
  day: number;
  weekday: number;
}

export interface ZoneClock {
  /** The date on the wall clock of `zone` at the instant `at` (ms since the epoch). */
  dateAt(zone: string, at: number): ZoneDate;
  /**
   * The instant when the wall clock of `zone` shows `hour`:00 on `date`. An hour the clock skips
   * (spring forward) may be answered as the hour before or after it, as Go's time.Date does.
   */
  instantOf(zone: string, date: Omit<ZoneDate, 'weekday'>, hour: number): number;
}

const MONDAY = 1;

/** The calendar date `days` after `date` (a plain calendar, no zone). */
function addDays(date: Omit<ZoneDate, 'weekday'>, days: number): Omit<ZoneDate, 'weekday'> {
  const shifted = new Date(Date.UTC(date.year, date.month - 1, date.day) + days * DAY_MS);
  return { year: shifted.getUTCFullYear(), month: shifted.getUTCMonth() + 1, day: shifted.getUTCDate() };
}

function weekdayOf(date: Omit<ZoneDate, 'weekday'>): number {
  return new Date(Date.UTC(date.year, date.month - 1, date.day)).getUTCDay();
}

/**
 * The next digest time (ms) after `now` and after `lastDigestAt` (a digest already sent is never
 * scheduled again for its own slot), or null when the settings ask for no digest (`off`, `each`).
 */
export function nextDigestAt(
  settings: ReportSchedule,
  now: number,
  lastDigestAt: number | null,
  clock: ZoneClock,
): number | null {
  if (settings.email !== 'daily' && settings.email !== 'weekly') return null;
  const after = lastDigestAt !== null && lastDigestAt > now ? lastDigestAt : now;
  const today = clock.dateAt(settings.time_zone, after);
  // starting the day before covers a zone whose hour of today is still ahead in UTC terms; a
  // weekly slot is at most 7 days away, so 9 candidate days always hold one
  for (let offset = -1; offset <= 8; offset++) {
    const date = addDays(today, offset);
    if (settings.email === 'weekly' && weekdayOf(date) !== MONDAY) continue;
    const at = clock.instantOf(settings.time_zone, date, settings.send_hour);
    if (at > after) return at;
  }
  // unreachable for a real zone; an absurd clock must not schedule nothing silently
  throw new Error(`no digest time found for ${settings.time_zone}`);
}

/** The offset (ms) of `zone`'s wall clock from UTC at the instant `at`, by Intl. */
function intlOffset(format: Intl.DateTimeFormat, at: number): number {
  const parts: Record<string, number> = {};
  for (const part of format.formatToParts(new Date(at))) {
    if (part.type !== 'literal') parts[part.type] = Number(part.value);
  }
  const wall = Date.UTC(
    parts.year!,
    parts.month! - 1,
    parts.day!,
    parts.hour! % 24,
    parts.minute!,
    parts.second!,
  );
  return wall - Math.floor(at / 1000) * 1000;
}

const formats = new Map<string, Intl.DateTimeFormat>();

function formatOf(zone: string): Intl.DateTimeFormat {
  let format = formats.get(zone);
  if (!format) {
    format = new Intl.DateTimeFormat('en-US', {
      timeZone: zone,
      hour12: false,
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
      hour: 'numeric',
      minute: 'numeric',
      second: 'numeric',
    });
    formats.set(zone, format);
  }
  return format;
}

/** A ZoneClock by Intl (the browser, Node); not in the hooks: goja has no Intl. */
export const intlZoneClock: ZoneClock = {
  dateAt(zone, at) {
    const local = new Date(at + intlOffset(formatOf(zone), at));
    return {
      year: local.getUTCFullYear(),
      month: local.getUTCMonth() + 1,
      day: local.getUTCDate(),
      weekday: local.getUTCDay(),
    };
  },
  instantOf(zone, date, hour) {
    const wall = Date.UTC(date.year, date.month - 1, date.day, hour);
    const format = formatOf(zone);
    // the offset at the guess, then at the corrected guess: right on both sides of a change
    const first = wall - intlOffset(format, wall);
    return wall - intlOffset(format, first);
  },
};
