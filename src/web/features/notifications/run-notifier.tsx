/**
 * Reports runs that finish without this tab's form having started them — a watch's run, or one
 * started in another tab or device (docs/watches.md#notifications): a toast in the open app, "<name>: N new
 * ads" with a link to the run, and, when the page is hidden and the user turned it on in Settings, a system
 * notification saying the same. Runs started from the form here keep the product's toast
 * (docs/product.md#messages; search page).
 *
 * It watches the local mirror of the runs (the sync keeps it current over realtime and pulls), so
 * it opens no realtime subscription of its own: a run seen working that is now settled has just
 * finished. Runs that started and finished while no tab was open are not announced.
 */
import { useEffect, useRef } from 'react';
import { useNavigate } from 'react-router-dom';
import { MESSAGES, ROUTES, watchRunMessage, type SearchRun } from '../../../domain/index.ts';
import { useToast } from '../../components/toast.tsx';
import { useLocalRuns } from '../../data/local/local-reads.ts';
import { notifyInBackground } from '../../data/browser/notifications.ts';
import { wasStartedHere } from '../../data/server/runs.ts';
import { currentSession } from '../../data/server/session.ts';

/** Where a run's results are shown: its History card, with the results dialog open. */
export function runLink(run: SearchRun): string {
  return `${ROUTES.history.path}?run=${encodeURIComponent(run.id)}`;
}

export function RunNotifier() {
  const toast = useToast();
  const navigate = useNavigate();
  const runs = useLocalRuns();
  const statuses = useRef<Map<string, string> | null>(null);

  useEffect(() => {
    if (!runs) return;
    const before = statuses.current;
    statuses.current = new Map(runs.map((run) => [run.id, run.status]));
    // the first read only learns what is working
    if (!before) return;
    for (const run of runs) {
      if (before.get(run.id) !== 'working' || run.status === 'working' || wasStartedHere(run.id)) continue;
      const message =
        run.status === 'failed'
          ? `${run.search_name}: ${MESSAGES.scrapeFailed}`
          : watchRunMessage(run.search_name, run.new_count);
      const link = runLink(run);
      toast.info(message, { action: { label: 'View run', onClick: () => navigate(link) } });
      const userId = currentSession()?.userId;
      if (userId)
        void notifyInBackground(userId, { title: 'AdScout', body: message, url: link, tag: run.id });
    }
  }, [runs, toast, navigate]);
  return null;
}
