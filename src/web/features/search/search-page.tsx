import { useEffect, useRef } from 'react';
import { Link, useLocation } from 'react-router-dom';
import {
  formatCount,
  LIMITS,
  MESSAGES,
  readScoutPrefill,
  ROUTES,
  scoutCompletedMessage,
  type SearchRun,
  UNKNOWN_VALUE,
} from '../../../domain/index.ts';
import { useToast } from '../../components/toast.tsx';
import { usePublicConfig } from '../../data/server/public-config.ts';
import { useQuota } from '../../data/local/quota.ts';
import { dismissFinishedRun, useRuns } from '../../data/server/runs.ts';
import { wasStartedHere } from '../../data/server/started-runs.ts';
import { ActiveJobCard, RunSummaryCard } from './run-cards.tsx';
import { ScoutForm } from './scout-form.tsx';
import { WatchesPanel } from './watches-panel.tsx';
import './search.css';

/**
 * docs/product.md#messages: how a run started from the form in this tab is reported when it finishes. Other
 * runs (a watch's, another tab's) are reported by the app-wide run notifier instead.
 */
function useFinishedRunToast(run: SearchRun | null): void {
  const toast = useToast();
  const reported = useRef<string | null>(null);
  useEffect(() => {
    if (!run || reported.current === run.id || !wasStartedHere(run.id)) return;
    reported.current = run.id;
    if (run.status === 'failed') toast.error(MESSAGES.scrapeFailed);
    else if (run.results_count === 0) toast.info(MESSAGES.noResultsFound);
    else toast.success(scoutCompletedMessage(run.results_count));
  }, [run, toast]);
}

export function SearchPage() {
  const runs = useRuns();
  const quota = useQuota();
  const { scoutSource } = usePublicConfig();
  // 'Run again' (History) and a keyword (Keywords) arrive as router state.
  const location = useLocation();
  const prefill = readScoutPrefill(location.state);
  useFinishedRunToast(runs.finished);
  const remaining = quota.status === 'ready' ? quota.quota.total_remaining : null;

  return (
    <>
      <header className="page-header">
        <h1>Scout Winning Ads</h1>
        <p>Find the ads your competitors are scaling, straight from the Ad Library.</p>
      </header>
      {scoutSource === 'demo' && (
        <p className="notice notice-info demo-notice">
          Demo source: scouts on this server return ads from AdScout&apos;s built-in demo catalogue, not live
          Facebook data.
        </p>
      )}
      <div className="search-layout">
        <div className="stack">
          {runs.active && <ActiveJobCard run={runs.active} />}
          <ScoutForm key={location.key} busy={Boolean(runs.active)} quota={quota} initial={prefill} />
          <WatchesPanel />
        </div>
        <aside className="stack">
          <section className="card" aria-labelledby="remaining-title">
            <h2 id="remaining-title">Results remaining</h2>
            <p className="big-number" data-testid="search-total-remaining">
              {remaining === null ? UNKNOWN_VALUE : formatCount(remaining)}
            </p>
            {remaining !== null && remaining > 0 && remaining < LIMITS.lowCreditThreshold && (
              <p className="notice notice-warning" role="status">
                Low results remaining
              </p>
            )}
            <div className="row">
              <Link to={ROUTES.database.path} className="button button-secondary">
                Go to Database
              </Link>
              <Link to={ROUTES.settings.path} className="button button-secondary">
                Buy Results
              </Link>
            </div>
          </section>
          {runs.finished && <RunSummaryCard run={runs.finished} onDismiss={dismissFinishedRun} />}
        </aside>
      </div>
    </>
  );
}
