import { describe, expect, it } from 'vitest';
import { sparklineShape, sparklineSummary } from './sparkline-shape.ts';

const points = (line: string) =>
  [...line.matchAll(/[ML]([\d.]+),([\d.]+)/g)].map((m) => ({ x: Number(m[1]), y: Number(m[2]) }));

describe('sparklineShape', () => {
  it('draws one point per value, left to right, the largest at the top and 0 at the bottom', () => {
    const { line, last } = sparklineShape([0, 2, 4, 1], 100, 20, 2);
    const p = points(line);
    expect(p).toHaveLength(4);
    expect(p[0]).toEqual({ x: 2, y: 18 });
    expect(p[2]).toEqual({ x: round(2 + (96 / 3) * 2), y: 2 });
    expect(p[3]!.x).toBe(98);
    expect(p.map((q) => q.x)).toEqual([...p.map((q) => q.x)].sort((a, b) => a - b));
    expect(last).toEqual(p[3]);
  });

  it('lays a series of zeros flat on the bottom, and a single value across', () => {
    expect(points(sparklineShape([0, 0, 0], 50, 10, 1).line).every((q) => q.y === 9)).toBe(true);
    const single = points(sparklineShape([5], 50, 10, 1).line);
    expect(single).toEqual([
      { x: 1, y: 1 },
      { x: 49, y: 1 },
    ]);
  });

  it('draws nothing for no values and treats a non-finite or negative value as 0', () => {
    expect(sparklineShape([], 50, 10)).toEqual({ line: '', last: null });
    const p = points(sparklineShape([NaN, -3, 2], 50, 10, 0).line);
    expect(p.map((q) => q.y)).toEqual([10, 10, 0]);
  });
});

describe('sparklineSummary', () => {
  it('says what is counted, over how many weeks, every number and the total', () => {
    expect(sparklineSummary('Stores starting it per week', [0, 1, 3, 3])).toBe(
      'Stores starting it per week, last 4 weeks: 0, 1, 3, 3; 7 in all',
    );
    expect(sparklineSummary('New ads per week', [2])).toBe('New ads per week, last week: 2; 2 in all');
  });
});

function round(n: number) {
  return Math.round(n * 10) / 10;
}
