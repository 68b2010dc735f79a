/**
 * The ad history's chart of reach per day (ad-history-section.tsx): uPlot (1.6.32, about 22 KB
 * gzipped with its CSS; docs/ad-detail.md#ad-history), a small canvas chart library, in this
 * module only, so it loads with the detail view's history and never with a page. It takes the
 * width of its box (a 390 px phone too) and the app's colours; the canvas is hidden from screen
 * readers, which read the history's summary instead.
 */
import { useEffect, useRef } from 'react';
import uPlot from 'uplot';
import 'uplot/dist/uPlot.min.css';

export interface ReachChartProps {
  /** Epoch seconds, ascending. */
  at: number[];
  perDay: number[];
  summary: string;
}

const HEIGHT = 160;

function themeColor(name: string, fallback: string): string {
  return getComputedStyle(document.documentElement).getPropertyValue(name).trim() || fallback;
}

export function ReachChart({ at, perDay, summary }: ReachChartProps) {
  const hostRef = useRef<HTMLDivElement | null>(null);
  useEffect(() => {
    const host = hostRef.current;
    if (!host) return;
    const stroke = themeColor('--c-primary', '#1d4ed8');
    const axis = themeColor('--c-muted', '#4a5568');
    const grid = themeColor('--c-border', '#dbe2ea');
    const plot = new uPlot(
      {
        width: Math.max(200, host.clientWidth),
        height: HEIGHT,
        legend: { show: false },
        cursor: { show: false },
        series: [
          {},
          { label: 'Reach per day', stroke, width: 2, points: { show: true, size: 6, fill: stroke } },
        ],
        axes: [
          { stroke: axis, grid: { stroke: grid }, ticks: { stroke: grid } },
          { stroke: axis, grid: { stroke: grid }, ticks: { stroke: grid }, size: 56 },
        ],
      },
      [at, perDay],
      host,
    );
    const resize = new ResizeObserver(() =>
      plot.setSize({ width: Math.max(200, host.clientWidth), height: HEIGHT }),
    );
    resize.observe(host);
    return () => {
      resize.disconnect();
      plot.destroy();
    };
  }, [at, perDay]);
  return (
    <figure className="ad-history-chart">
      <div ref={hostRef} aria-hidden="true" data-testid="reach-chart" />
      <figcaption className="visually-hidden">Reach per day between sightings. {summary}</figcaption>
    </figure>
  );
}
