import { useId } from 'react';
import {
  countryLabel,
  formatDateTime,
  runCoverageText,
  runStatusBadge,
  type SearchRun,
  UNKNOWN_VALUE,
} from '../../../domain/index.ts';
import { DownloadIcon } from '../../components/icons.tsx';
import { EyeIcon, RepeatIcon } from './history-icons.tsx';
import { adsLabel, keywordsLabel, runDate } from './run-history.ts';

/**
 * docs/product.md#screens-and-routes: one search of the history, with its two icon buttons and 'Run again'.
 */
export function HistoryRunCard({
  run,
  onView,
  onExport,
  onRunAgain,
}: {
  run: SearchRun;
  onView: (run: SearchRun) => void;
  onExport: (run: SearchRun) => void;
  onRunAgain: (run: SearchRun) => void;
}) {
  const titleId = useId();
  const badge = runStatusBadge(run.status);
  const date = runDate(run);
  const coverage = runCoverageText(run);
  return (
    <article className="card history-card" aria-labelledby={titleId}>
      <div className="history-card-head">
        <div className="history-card-title">
          <h2 id={titleId}>{run.search_name}</h2>
          <span className={`badge badge-${badge.tone}`}>{badge.label}</span>
          {run.watch && (
            <span className="badge history-watch-badge" title="Started by a watch">
              Watch
            </span>
          )}
        </div>
        <div className="history-card-icons">
          <button
            type="button"
            className="button button-secondary history-icon-button"
            aria-label="View results"
            title="View results"
            onClick={() => onView(run)}
          >
            <EyeIcon />
          </button>
          <button
            type="button"
            className="button button-secondary history-icon-button"
            aria-label="Export CSV"
            title="Export CSV"
            onClick={() => onExport(run)}
          >
            <DownloadIcon />
          </button>
        </div>
      </div>
      <dl className="history-facts">
        <div>
          <dt>Date</dt>
          <dd>{date ? <time dateTime={date.toISOString()}>{formatDateTime(date)}</time> : UNKNOWN_VALUE}</dd>
        </div>
        <div>
          <dt>Country</dt>
          <dd>{countryLabel(run.target_country)}</dd>
        </div>
        <div>
          <dt>Requested</dt>
          <dd>{adsLabel(run.requested_count)}</dd>
        </div>
        <div>
          <dt>Results</dt>
          <dd>{adsLabel(run.results_count)}</dd>
        </div>
        {run.watch && run.status !== 'working' && (
          <div>
            <dt>New ads</dt>
            <dd data-testid="history-new-count">{adsLabel(run.new_count)}</dd>
          </div>
        )}
        <div className="history-fact-wide">
          <dt>Keywords</dt>
          <dd>{keywordsLabel(run.keywords_used)}</dd>
        </div>
      </dl>
      {coverage && (
        <p className="muted history-coverage" data-testid="run-coverage">
          {coverage}
        </p>
      )}
      <div className="history-card-actions">
        <button type="button" className="button button-ghost" onClick={() => onRunAgain(run)}>
          <RepeatIcon />
          Run again
        </button>
      </div>
    </article>
  );
}
