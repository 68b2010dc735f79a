import { Link } from 'react-router-dom';
import {
  formatCount,
  ROUTES,
  runCoverageText,
  runStatusBadge,
  usagePercent,
  type SearchRun,
} from '../../../domain/index.ts';

export function RunBadge({ status }: { status: string }) {
  const badge = runStatusBadge(status);
  return <span className={`badge badge-${badge.tone}`}>{badge.label}</span>;
}

/**
 * docs/product.md#screens-and-routes: the 'Active Job Running' card, with live progress from the worker's
 * heartbeats.
 */
export function ActiveJobCard({ run }: { run: SearchRun }) {
  const percent = usagePercent(run.progress, run.requested_count);
  const coverage = runCoverageText(run);
  return (
    <section className="card active-job" aria-labelledby="active-job-title" aria-live="polite">
      <div className="row active-job-head">
        <h2 id="active-job-title">Active Job Running</h2>
        <RunBadge status={run.status} />
      </div>
      <p className="active-job-name">{run.search_name}</p>
      <div
        className="progress"
        role="progressbar"
        aria-label="Ads found so far"
        aria-valuemin={0}
        aria-valuemax={run.requested_count}
        aria-valuenow={run.progress}
      >
        <div className="progress-bar progress-bar-live" style={{ width: `${Math.max(percent, 3)}%` }} />
      </div>
      <p className="muted" data-testid="run-progress">
        {formatCount(run.progress)} of {formatCount(run.requested_count)} ads found so far
      </p>
      {coverage && (
        <p className="muted" data-testid="run-coverage">
          {coverage}
        </p>
      )}
    </section>
  );
}

/** What the last run that finished on this page brought in. */
export function RunSummaryCard({ run, onDismiss }: { run: SearchRun; onDismiss: () => void }) {
  return (
    <section className="card run-summary" aria-labelledby="run-summary-title">
      <div className="row active-job-head">
        <h2 id="run-summary-title">{run.search_name}</h2>
        <RunBadge status={run.status} />
      </div>
      {run.status === 'failed' && run.error && <p className="notice notice-danger">{run.error}</p>}
      <dl className="stats stats-3">
        <div>
          <dt>Ads found</dt>
          <dd data-testid="summary-results">{formatCount(run.results_count)}</dd>
        </div>
        <div>
          <dt>New to your database</dt>
          <dd>{formatCount(run.new_count)}</dd>
        </div>
        <div>
          <dt>Results used</dt>
          <dd>{formatCount(run.charged_count)}</dd>
        </div>
      </dl>
      <div className="row">
        <Link to={ROUTES.database.path} className="button button-primary">
          Go to Database
        </Link>
        <button type="button" className="button button-ghost" onClick={onDismiss}>
          Dismiss
        </button>
      </div>
    </section>
  );
}
