/**
 * A sparkline: a small inline SVG line of weekly counts (no chart library), themed with the
 * app's colours, and read to screen readers as its numbers (sparkline-shape.ts).
 */
import { sparklineShape, sparklineSummary } from './sparkline-shape.ts';

export interface SparklineProps {
  values: readonly number[];
  /** What is counted, for the text summary: 'Stores starting it per week'. */
  what: string;
  width?: number;
  height?: number;
}

export function Sparkline({ values, what, width = 96, height = 24 }: SparklineProps) {
  const { line, last } = sparklineShape(values, width, height);
  return (
    <svg
      className="sparkline"
      role="img"
      aria-label={sparklineSummary(what, values)}
      width={width}
      height={height}
      viewBox={`0 0 ${width} ${height}`}
    >
      <line className="sparkline-base" x1={0} x2={width} y1={height - 1} y2={height - 1} />
      {line && <path className="sparkline-line" d={line} />}
      {last && <circle className="sparkline-dot" cx={last.x} cy={last.y} r={2} />}
    </svg>
  );
}
