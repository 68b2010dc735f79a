import { describe, expect, it } from 'vitest';
import { drawLife, lastDayOf, lifeOn, lifeUntil, type Life } from './lifecycle.ts';

const paused: Life = {
  startDay: 100,
  spans: [
    [100, 130],
    [134, 200],
  ],
};

describe("a demo creative's life", () => {
  it('is active through its spans, stopped in the pause and after, with the day it stopped', () => {
    expect(lifeOn(paused, 101)).toEqual({ active: true, stoppedDay: null, lastActiveDay: 101 });
    expect(lifeOn(paused, 130)).toEqual({ active: true, stoppedDay: null, lastActiveDay: 130 });
    expect(lifeOn(paused, 131)).toEqual({ active: false, stoppedDay: 130, lastActiveDay: 130 });
    expect(lifeOn(paused, 133)).toEqual({ active: false, stoppedDay: 130, lastActiveDay: 130 });
    expect(lifeOn(paused, 134)).toEqual({ active: true, stoppedDay: 130, lastActiveDay: 134 });
    expect(lifeOn(paused, 201)).toEqual({ active: false, stoppedDay: 200, lastActiveDay: 200 });
  });

  it('is cut short when its store stops selling the product', () => {
    expect(lifeUntil(paused, 150)).toEqual({
      startDay: 100,
      spans: [
        [100, 130],
        [134, 150],
      ],
    });
    expect(lifeUntil(paused, 132)).toEqual({ startDay: 100, spans: [[100, 130]] });
    expect(lifeUntil(paused, 120)).toEqual({ startDay: 100, spans: [[100, 120]] });
    expect(lastDayOf(lifeUntil(paused, 500))).toBe(200);
  });

  it('is drawn from its key alone: the same life whatever day asks, and pauses only for long runners', () => {
    expect(drawLife('k|1', 100, 150)).toEqual(drawLife('k|1', 100, 150));
    const lives = Array.from({ length: 400 }, (_, i) => drawLife(`key|${i}`, 100, 150));
    const pausing = lives.filter((life) => life.spans.length === 2);
    expect(pausing.length).toBeGreaterThan(100);
    expect(pausing.length).toBeLessThan(300);
    for (const life of pausing) {
      const [[first, stop], [resume, last]] = life.spans as [[number, number], [number, number]];
      expect(first).toBe(100);
      expect(resume - stop - 1).toBeGreaterThanOrEqual(1); // at least a day off
      expect(resume - stop - 1).toBeLessThanOrEqual(4);
      expect(last - first - (resume - stop - 1)).toBe(150); // its days of running kept
    }
    const short = Array.from({ length: 200 }, (_, i) => drawLife(`key|${i}`, 100, 15));
    expect(short.every((life) => life.spans.length === 1)).toBe(true);
  });
});
