import { describe, expect, it } from 'vitest';
import { DAY_MS } from '../../domain/text/format.ts';
import { currentPeriod, periodBoundary, renewedPeriodEnd } from './periods.ts';

const utc = (y: number, m: number, d: number, h = 0, min = 0) => new Date(Date.UTC(y, m - 1, d, h, min));
const iso = (d: Date) => d.toISOString();

describe('periodBoundary', () => {
  it('clamps to the end of shorter months and comes back to the anchor day', () => {
    const anchor = utc(2027, 1, 31, 9, 30);
    expect([1, 2, 3, 4, 12, 13].map((n) => iso(periodBoundary(anchor, n)))).toEqual([
      '2027-02-28T09:30:00.000Z',
      '2027-03-31T09:30:00.000Z',
      '2027-04-30T09:30:00.000Z',
      '2027-05-31T09:30:00.000Z',
      '2028-01-31T09:30:00.000Z',
      '2028-02-29T09:30:00.000Z', // leap year
    ]);
  });
  it('goes backwards too', () => {
    expect(iso(periodBoundary(utc(2027, 3, 31), -1))).toBe('2027-02-28T00:00:00.000Z');
  });
});

describe('currentPeriod', () => {
  it('every anchor day 1–31 over four years: contiguous periods that contain now, boundaries on the anchor day', () => {
    const problems: string[] = [];
    const check = (ok: boolean, what: string) => {
      if (!ok && problems.length < 10) problems.push(what);
    };
    for (let day = 1; day <= 31; day++) {
      // a common year start and a leap year start
      for (const anchor of [utc(2027, 1, day, 13, 45), utc(2028, 1, day, 0, 0)]) {
        let previous: { start: number; end: number } | null = null;
        // every day of four years, at the anchor's time of day and a millisecond before it
        for (let d = 0; d < 4 * 366; d++) {
          for (const offset of [-1, 0]) {
            const t = anchor.getTime() + d * DAY_MS + offset;
            if (t < anchor.getTime()) continue;
            const { start, end } = currentPeriod(anchor, new Date(t));
            const label = `anchor ${iso(anchor)} at ${new Date(t).toISOString()}`;
            check(
              start.getTime() <= t && t < end.getTime(),
              `${label}: not inside ${iso(start)}–${iso(end)}`,
            );
            for (const boundary of [start, end]) {
              const dim = new Date(
                Date.UTC(boundary.getUTCFullYear(), boundary.getUTCMonth() + 1, 0),
              ).getUTCDate();
              check(
                boundary.getUTCDate() === Math.min(day, dim),
                `${label}: boundary ${iso(boundary)} off the anchor day`,
              );
              check(boundary.getUTCHours() === anchor.getUTCHours(), `${label}: boundary hour`);
            }
            const months =
              (end.getUTCFullYear() - start.getUTCFullYear()) * 12 + end.getUTCMonth() - start.getUTCMonth();
            check(months === 1, `${label}: period spans ${months} months`);
            // periods never overlap and leave no gap
            if (previous && start.getTime() !== previous.start) {
              check(start.getTime() === previous.end, `${label}: gap or overlap after ${previous.end}`);
            }
            previous = { start: start.getTime(), end: end.getTime() };
          }
        }
      }
    }
    expect(problems).toEqual([]);
  });

  it('the boundary instant belongs to the new period', () => {
    const anchor = utc(2027, 1, 31, 12);
    const boundary = utc(2027, 2, 28, 12);
    expect(iso(currentPeriod(anchor, boundary).start)).toBe(iso(boundary));
    expect(iso(currentPeriod(anchor, new Date(boundary.getTime() - 1)).end)).toBe(iso(boundary));
  });

  it('a yearly plan still counts in monthly periods', () => {
    const anchor = utc(2028, 2, 29);
    expect(currentPeriod(anchor, utc(2028, 12, 1)).start.toISOString()).toBe('2028-11-29T00:00:00.000Z');
    expect(currentPeriod(anchor, utc(2029, 2, 28, 1)).start.toISOString()).toBe('2029-02-28T00:00:00.000Z');
    expect(currentPeriod(anchor, utc(2029, 3, 28)).start.toISOString()).toBe('2029-02-28T00:00:00.000Z');
    expect(currentPeriod(anchor, utc(2029, 3, 29)).start.toISOString()).toBe('2029-03-29T00:00:00.000Z');
  });

  it('before the anchor, the first period', () => {
    const anchor = utc(2027, 5, 10);
    expect(currentPeriod(anchor, utc(2027, 5, 1)).start.toISOString()).toBe(anchor.toISOString());
  });
});

describe('currentPeriod properties (seeded random anchors and instants, 1970–2100)', () => {
  // mulberry32: deterministic, so a failure reproduces
  let state = 1_234_567;
  const random = () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  const START = Date.UTC(1970, 0, 1);
  const END = Date.UTC(2100, 0, 1);

  it('each period is [boundary k, boundary k+1) from the anchor, with the anchor day and time', () => {
    for (let i = 0; i < 3000; i++) {
      const anchor = new Date(START + Math.floor(random() * (END - START)));
      const now = new Date(anchor.getTime() + Math.floor(random() * 20 * 366 * DAY_MS));
      const { start, end } = currentPeriod(anchor, now);
      const label = `anchor ${iso(anchor)} now ${iso(now)} → ${iso(start)}–${iso(end)}`;
      expect(start.getTime() <= now.getTime() && now.getTime() < end.getTime(), label).toBe(true);
      const k =
        (start.getUTCFullYear() - anchor.getUTCFullYear()) * 12 + start.getUTCMonth() - anchor.getUTCMonth();
      expect(iso(start), label).toBe(iso(periodBoundary(anchor, k)));
      expect(iso(end), label).toBe(iso(periodBoundary(anchor, k + 1)));
      for (const boundary of [start, end]) {
        const dim = new Date(Date.UTC(boundary.getUTCFullYear(), boundary.getUTCMonth() + 1, 0)).getUTCDate();
        expect(boundary.getUTCDate(), label).toBe(Math.min(anchor.getUTCDate(), dim));
        expect(boundary.getTime() % DAY_MS, label).toBe(anchor.getTime() % DAY_MS);
      }
      // a later instant is never in an earlier period
      const later = new Date(now.getTime() + Math.floor(random() * 90 * DAY_MS));
      expect(currentPeriod(anchor, later).start.getTime(), label).toBeGreaterThanOrEqual(start.getTime());
    }
  });

  it('twelve monthly periods of a yearly plan end on the yearly renewal', () => {
    for (let day = 1; day <= 31; day++) {
      for (const year of [2027, 2028]) {
        for (let month = 0; month < 12; month++) {
          const dim = new Date(Date.UTC(year, month + 1, 0)).getUTCDate();
          if (day > dim) continue;
          const anchor = new Date(Date.UTC(year, month, day, 8));
          const renewal = periodBoundary(anchor, 12);
          expect(renewal.getUTCFullYear()).toBe(year + 1);
          expect(renewal.getUTCMonth()).toBe(month);
          // the moment before the renewal is in the 12th period, the renewal starts the 13th
          expect(iso(currentPeriod(anchor, new Date(renewal.getTime() - 1)).end)).toBe(iso(renewal));
          expect(iso(currentPeriod(anchor, renewal).start)).toBe(iso(renewal));
        }
      }
    }
  });
});

describe('renewedPeriodEnd', () => {
  it('is the first boundary after now, counted from the anchor with month-end clamping', () => {
    const anchor = new Date('2026-01-31T08:00:00Z');
    expect(renewedPeriodEnd(anchor, 1, new Date('2026-02-28T09:00:00Z'))).toEqual(
      new Date('2026-03-31T08:00:00Z'),
    );
    expect(renewedPeriodEnd(anchor, 1, new Date('2026-02-27T09:00:00Z'))).toEqual(
      new Date('2026-02-28T08:00:00Z'),
    );
    expect(renewedPeriodEnd(anchor, 1, new Date('2026-01-31T08:00:00Z'))).toEqual(
      new Date('2026-02-28T08:00:00Z'),
    );
    expect(renewedPeriodEnd(anchor, 12, new Date('2028-06-01T00:00:00Z'))).toEqual(
      new Date('2029-01-31T08:00:00Z'),
    );
    expect(renewedPeriodEnd(anchor, 1, new Date('2031-11-30T09:00:00Z'))).toEqual(
      new Date('2031-12-31T08:00:00Z'),
    );
  });
});
