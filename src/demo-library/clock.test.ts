import { describe, expect, it } from 'vitest';
import { DAY_MS } from '../domain/text/format.ts';
import { demoClock, DEMO_DAY_SECONDS } from './clock.ts';

const NOW = Date.UTC(2026, 10, 22, 14, 30);
const DAY_S = DAY_MS / 1000;

describe('demoClock', () => {
  it('counts real days by default, and reports them as they are', () => {
    expect(DEMO_DAY_SECONDS).toBe(86_400);
    expect(demoClock(NOW)).toEqual({ today: Math.floor(NOW / DAY_MS), shiftS: 0 });
    expect(demoClock(Date.UTC(2026, 10, 22)).today).toBe(
      demoClock(Date.UTC(2026, 10, 22, 23, 59, 59, 999)).today,
    );
  });

  it('counts demo days of SCOUT_DEMO_DAY_SECONDS, and reports today as the real day it began', () => {
    const { today, shiftS } = demoClock(NOW, 10);
    expect(today).toBe(Math.floor(NOW / 10_000));
    expect(demoClock(today * 10_000 + 9_999, 10).today).toBe(today);
    expect(demoClock(today * 10_000 + 10_000, 10).today).toBe(today + 1);
    // today's demo day, reported, is the real day of now; yesterday's the real day before
    expect((today * DAY_S + shiftS) * 1000).toBe(Date.UTC(2026, 10, 22));
    expect(((today - 1) * DAY_S + shiftS) * 1000).toBe(Date.UTC(2026, 10, 21));
  });

  it('keeps reporting the real day a demo day began in, past midnight', () => {
    const midnight = Date.UTC(2026, 10, 23);
    const began = Math.floor(midnight / 7_000) * 7_000; // 7-second days: one spans midnight
    expect(began).toBeLessThan(midnight);
    const day = demoClock(began, 7);
    expect(demoClock(midnight + 1, 7)).toEqual(day);
    expect((day.today * DAY_S + day.shiftS) * 1000).toBe(Date.UTC(2026, 10, 22));
  });
});
