/**
 * Reports runs that finish without this tab's form having started them — a watch's run, or one
 * started in another tab or device (issue 17): a toast in the open app, "<name>: N new ads" with
 * a link to the run, and, when the page is hidden and the user turned it on in Settings, a system
 * notification saying the same. Runs started from the form here keep SPEC's toast (search page).
 */
import { useEffect } from 'react';
import { useNavigate } from 'react-router-dom';
import { MESSAGES, watchRunMessage, type SearchRun } from '../../../domain/index.ts';
import { useToast } from '../../components/toast.tsx';
import { notifyInBackground } from '../../data/notifications.ts';
import { onRunFinished, useRuns, wasStartedHere } from '../../data/runs.ts';

/** Where a run's results are shown: its History card, with the results dialog open. */
export function runLink(run: SearchRun): string {
  return `/app/history?run=${encodeURIComponent(run.id)}`;
}

export function RunNotifier() {
  const toast = useToast();
  const navigate = useNavigate();
  // keeps the runs store following the user's runs on every /app page
  useRuns();
  useEffect(
    () =>
      onRunFinished((run) => {
        if (wasStartedHere(run.id)) return;
        const failed = run.status === 'failed';
        const message = failed
          ? `${run.search_name}: ${MESSAGES.scrapeFailed}`
          : watchRunMessage(run.search_name, run.new_count);
        const link = runLink(run);
        toast.info(message, { action: { label: 'View run', onClick: () => navigate(link) } });
        void notifyInBackground({ title: 'AdScout', body: message, url: link, tag: run.id });
      }),
    [toast, navigate],
  );
  return null;
}
