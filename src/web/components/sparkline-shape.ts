/**
 * What a sparkline draws and says (sparkline.tsx): the polyline of a series of counts scaled into
 * a box, and the same numbers in words for screen readers. Pure, so its tests need no DOM.
 */

export interface SparklineShape {
  /** An SVG path: a line through one point per value, left to right. */
  line: string;
  /** The last point, marked with a dot. */
  last: { x: number; y: number } | null;
}

const round = (n: number) => Math.round(n * 10) / 10;

/**
 * The points of `values` in a `width` × `height` box with `pad` around it: the first value at the
 * left, the last at the right, 0 at the bottom and the largest value at the top (a series of
 * zeros lies flat on the bottom). A single value is a flat line across.
 */
export function sparklineShape(
  values: readonly number[],
  width: number,
  height: number,
  pad = 2,
): SparklineShape {
  if (values.length === 0) return { line: '', last: null };
  const max = Math.max(0, ...values.map((v) => (Number.isFinite(v) ? v : 0)));
  const inner = { w: width - 2 * pad, h: height - 2 * pad };
  const step = values.length > 1 ? inner.w / (values.length - 1) : 0;
  const points = values.map((value, i) => {
    const v = Number.isFinite(value) ? Math.max(0, value) : 0;
    return {
      x: round(pad + (values.length > 1 ? i * step : 0)),
      y: round(pad + inner.h - (max > 0 ? (v / max) * inner.h : 0)),
    };
  });
  if (points.length === 1) points.push({ x: round(pad + inner.w), y: points[0]!.y });
  const line = points.map((p, i) => `${i === 0 ? 'M' : 'L'}${p.x},${p.y}`).join('');
  return { line, last: points[points.length - 1]! };
}

/**
 * The series in words: '<what>, last 12 weeks: 0, 1, 3, …; 7 in all'. `what` says what is counted
 * ('Stores starting it per week').
 */
export function sparklineSummary(what: string, values: readonly number[]): string {
  const total = values.reduce((sum, v) => sum + (Number.isFinite(v) ? v : 0), 0);
  const weeks = values.length === 1 ? 'last week' : `last ${values.length} weeks`;
  return `${what}, ${weeks}: ${values.join(', ')}; ${total} in all`;
}
