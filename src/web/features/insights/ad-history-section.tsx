/**
 * The ad detail view's history (docs/ad-detail.md#ad-history): every time the user's scouts saw
 * the ad (each run or watch run), with its status, days running, reach and variants then, status
 * changes called out, and reach per day between sightings where the source gives reach. The chart
 * (uPlot) is a module of its own, loaded only when there is reach per day to draw.
 */
import { lazy, Suspense } from 'react';
import { AD_HISTORY_LOADING, historySummary, reachPerDaySeries, sightingCells } from './ad-history-text.ts';
import type { AdHistoryProps } from '../../components/ad-history-slot.ts';
import { useAdHistory } from './use-insights.ts';

const ReachChart = lazy(() => import('./reach-chart.tsx').then((m) => ({ default: m.ReachChart })));

export function AdHistorySection({ adId }: AdHistoryProps) {
  const history = useAdHistory(adId);
  // null while the Insights worker reads the user's rows: it says so, never "not seen"
  if (history === null)
    return (
      <div className="ad-history">
        <p className="muted" data-testid="ad-history-summary" role="status">
          {AD_HISTORY_LOADING}
        </p>
      </div>
    );
  const sightings = history;
  const series = reachPerDaySeries(sightings);
  const summary = historySummary(sightings);
  return (
    <div className="ad-history">
      <p className="muted" data-testid="ad-history-summary">
        {summary}
      </p>
      {sightings.length > 0 && (
        <ol className="ad-history-list" data-testid="ad-history-list">
          {sightings.map((sighting, index) => {
            const cells = sightingCells(sighting);
            return (
              <li key={`${sighting.run}:${index}`} className="ad-history-item">
                <p className="ad-history-when">
                  <strong>{cells.seen}</strong> · {cells.status}
                  {cells.change && <span className="ad-history-change"> {cells.change}</span>}
                </p>
                <dl className="ad-history-facts">
                  <div>
                    <dt>Days running</dt>
                    <dd>{cells.daysRunning}</dd>
                  </div>
                  <div>
                    <dt>Reach</dt>
                    <dd>{cells.reach}</dd>
                  </div>
                  <div>
                    <dt>Variants</dt>
                    <dd>{cells.variants}</dd>
                  </div>
                  <div>
                    <dt>Reach per day</dt>
                    <dd>{cells.reachPerDay}</dd>
                  </div>
                </dl>
              </li>
            );
          })}
        </ol>
      )}
      {series.at.length > 0 && (
        <Suspense fallback={null}>
          <ReachChart at={series.at} perDay={series.perDay} summary={summary} />
        </Suspense>
      )}
    </div>
  );
}
