/**
 * The ZoneClock of src/domain/reports/digest-schedule.ts in PocketBase's VM: goja has no Intl, but
 * PocketBase exposes Go's zone database (`Timezone`, `DateTime` parsed in a zone). Go reads an
 * unknown zone as UTC without a word, so the zone is checked against TIME_ZONES before it is
 * saved (settings.ts).
 */
import type { ZoneClock } from '../../domain/reports/digest-schedule.ts';
import { toPbDate } from '../../domain/text/format.ts';

const pad = (n: number) => (n < 10 ? `0${n}` : String(n));

// Go loads a zone from its database on every LoadLocation: keep each zone once per VM
const zones: { [name: string]: Timezone } = {};
function zoneOf(name: string): Timezone {
  return zones[name] || (zones[name] = new Timezone(name));
}

export const goZoneClock: ZoneClock = {
  dateAt(zone, at) {
    const local = new DateTime(toPbDate(at)).time().in(zoneOf(zone));
    return {
      year: local.year(),
      month: Number(local.month()),
      day: local.day(),
      weekday: Number(local.weekday()),
    };
  },
  instantOf(zone, date, hour) {
    const wall = `${date.year}-${pad(date.month)}-${pad(date.day)} ${pad(hour)}:00:00`;
    return new DateTime(wall, zone).time().unixMilli();
  },
};
