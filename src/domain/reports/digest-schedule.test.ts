import { describe, expect, it } from 'vitest';
import { intlZoneClock, nextDigestAt } from './digest-schedule.ts';
import type { ReportSchedule } from './report-settings.ts';

const at = (iso: string) => Date.parse(iso);
const iso = (ms: number | null) => (ms === null ? null : new Date(ms).toISOString());

function next(settings: Partial<ReportSchedule>, now: string, last?: string) {
  const full: ReportSchedule = { email: 'daily', send_hour: 7, time_zone: 'UTC', ...settings };
  return iso(nextDigestAt(full, at(now), last ? at(last) : null, intlZoneClock));
}

describe('nextDigestAt', () => {
  it('is the next send hour in UTC, today when still ahead, else tomorrow', () => {
    expect(next({}, '2026-06-10T06:59:59Z')).toBe('2026-06-10T07:00:00.000Z');
    expect(next({}, '2026-06-10T07:00:00Z')).toBe('2026-06-11T07:00:00.000Z');
    expect(next({}, '2026-06-10T23:00:00Z')).toBe('2026-06-11T07:00:00.000Z');
  });

  it('follows Europe/Berlin across March and October (CET +1, CEST +2)', () => {
    const berlin = { time_zone: 'Europe/Berlin' };
    // 2026: summer time from 29 March 01:00Z to 25 October 01:00Z
    expect(next(berlin, '2026-03-28T12:00:00Z')).toBe('2026-03-29T05:00:00.000Z');
    expect(next(berlin, '2026-03-27T12:00:00Z')).toBe('2026-03-28T06:00:00.000Z');
    expect(next(berlin, '2026-10-24T12:00:00Z')).toBe('2026-10-25T06:00:00.000Z');
    expect(next(berlin, '2026-10-23T12:00:00Z')).toBe('2026-10-24T05:00:00.000Z');
  });

  it('follows America/New_York (EST -5, EDT -4), and an hour the clock skips still schedules', () => {
    const ny = { time_zone: 'America/New_York' };
    // 2026: summer time from 8 March 07:00Z to 1 November 06:00Z
    expect(next(ny, '2026-03-07T20:00:00Z')).toBe('2026-03-08T11:00:00.000Z');
    expect(next(ny, '2026-03-06T20:00:00Z')).toBe('2026-03-07T12:00:00.000Z');
    expect(next(ny, '2026-10-31T20:00:00Z')).toBe('2026-11-01T12:00:00.000Z');
    // 02:00 does not exist on 8 March: one of the hours beside it, that day
    const skipped = next({ ...ny, send_hour: 2 }, '2026-03-08T05:00:00Z');
    expect(['2026-03-08T06:00:00.000Z', '2026-03-08T07:00:00.000Z']).toContain(skipped);
    // 01:00 happens twice on 1 November: once, and the day after comes next
    const twice = next({ ...ny, send_hour: 1 }, '2026-11-01T04:00:00Z');
    expect(['2026-11-01T05:00:00.000Z', '2026-11-01T06:00:00.000Z']).toContain(twice);
    expect(next({ ...ny, send_hour: 1 }, '2026-11-01T06:00:00Z')).toBe('2026-11-02T06:00:00.000Z');
  });

  it('takes hours 0 and 23 on the zone’s own date', () => {
    expect(next({ send_hour: 0, time_zone: 'Europe/Berlin' }, '2026-01-10T22:30:00Z')).toBe(
      '2026-01-10T23:00:00.000Z',
    );
    expect(next({ send_hour: 0, time_zone: 'Europe/Berlin' }, '2026-01-10T23:00:00Z')).toBe(
      '2026-01-11T23:00:00.000Z',
    );
    // Kolkata (+5:30): 23:00 local is 17:30Z
    expect(next({ send_hour: 23, time_zone: 'Asia/Kolkata' }, '2026-01-10T18:00:00Z')).toBe(
      '2026-01-11T17:30:00.000Z',
    );
    // Honolulu (-10): at 20:00Z on the 10th it is still the 10th, 10:00
    expect(next({ send_hour: 23, time_zone: 'Pacific/Honolulu' }, '2026-01-10T20:00:00Z')).toBe(
      '2026-01-11T09:00:00.000Z',
    );
  });

  it('sends weekly digests on Mondays, rolling over to the next Monday once this one passed', () => {
    const weekly = { email: 'weekly' as const, time_zone: 'Europe/Berlin' };
    // Monday 2026-06-08
    expect(next(weekly, '2026-06-06T12:00:00Z')).toBe('2026-06-08T05:00:00.000Z');
    expect(next(weekly, '2026-06-08T04:59:00Z')).toBe('2026-06-08T05:00:00.000Z');
    expect(next(weekly, '2026-06-08T05:00:00Z')).toBe('2026-06-15T05:00:00.000Z');
    // Sunday 23:30 UTC is already Monday in Berlin: Monday 07:00 Berlin is hours ahead
    expect(next(weekly, '2026-06-07T23:30:00Z')).toBe('2026-06-08T05:00:00.000Z');
    // Monday in Honolulu while it is Tuesday in UTC
    expect(
      next({ email: 'weekly', send_hour: 23, time_zone: 'Pacific/Honolulu' }, '2026-06-09T08:00:00Z'),
    ).toBe('2026-06-09T09:00:00.000Z');
    // a weekly digest across the October change lands at 07:00 in winter time
    expect(next(weekly, '2026-10-20T12:00:00Z')).toBe('2026-10-26T06:00:00.000Z');
  });

  it('is never at or before the last digest', () => {
    expect(next({}, '2026-06-10T06:00:00Z', '2026-06-10T07:00:00Z')).toBe('2026-06-11T07:00:00.000Z');
  });

  it('is null for off and each: no digest', () => {
    expect(next({ email: 'off' }, '2026-06-10T06:00:00Z')).toBeNull();
    expect(next({ email: 'each' }, '2026-06-10T06:00:00Z')).toBeNull();
  });
});
