/**
 * The ZoneClock of src/domain/reports/digest-schedule.ts in PocketBase's VM: goja has no Intl, but
 * PocketBase exposes Go's zone database (`Timezone`, `DateTime` parsed in a zone). Go reads an
 * unknown zone as UTC without a word, so the zone is checked against TIME_ZONES before it is
 * saved (settings.ts).
 */
import type { ZoneClock } from '../../domain/reports/digest-schedule.ts';
import { toPbDate } from '../../domain/text/format.ts';

const pad = (n: number) => (n < 10 ? `0${n}` : String(n));

export const goZoneClock: ZoneClock = {
  dateAt(zone, at) {
    const local = new DateTime(toPbDate(at)).time().in(new Timezone(zone));
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
