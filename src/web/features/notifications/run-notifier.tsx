/**
 * Reports runs that finish without this tab's form having started them — a watch's run, or one
 * started in another tab or device (docs/watches.md#notifications): a toast in the open app, "<name>: N new
 * ads" with a link to the run, and, when the page is hidden and the user turned it on in Settings, a system
 * notification saying the same. Runs started from the form here keep the product's toast
 * (docs/product.md#messages; search page).
 *
 * With Web Push (docs/push.md) the server pushes every finished run too. No news is told twice: the
 * service worker asks the open windows before it shows a push (public/sw-notifications.js), and a
 * visible window that shows the run's toast itself (its form's, or this one's) answers so; a
 * hidden window's notification and the push's share their tag (runTag), so one replaces the other.
 * While it is mounted it also keeps this browser subscribed for a user who turned push on.
 *
 * It watches the local mirror of the runs (the sync keeps it current over realtime and pulls), so
 * it opens no realtime subscription of its own: a run seen working that is now settled has just
 * finished. Runs that started and finished while no tab was open are not announced.
 */
import { useEffect, useRef } from 'react';
import { useNavigate } from 'react-router-dom';
import { runFinishedText, runLink, runTag } from '../../../domain/index.ts';
import { useToast } from '../../components/toast.tsx';
import { useLocalRuns } from '../../data/local/local-reads.ts';
import { keepPushSubscribed } from '../../data/local/push-setting.ts';
import { notifyInBackground } from '../../data/browser/notifications.ts';
import { usePublicConfig } from '../../data/server/public-config.ts';
import { wasStartedHere } from '../../data/server/started-runs.ts';
import { currentSession, useSession } from '../../data/server/session.ts';

/** The service worker's question (public/sw-notifications.js): does this window show `run` itself? */
export const SHOWS_RUN_QUESTION = 'adscout:shows-run';

export function RunNotifier() {
  const toast = useToast();
  const navigate = useNavigate();
  const runs = useLocalRuns();
  const statuses = useRef<Map<string, string> | null>(null);
  /** The runs this window announced (a toast): a push of one of them is not shown again. */
  const announced = useRef(new Set<string>());
  const userId = useSession()?.userId ?? null;
  const { vapidPublicKey } = usePublicConfig();

  useEffect(() => {
    if (userId) void keepPushSubscribed(userId, vapidPublicKey);
  }, [userId, vapidPublicKey]);

  useEffect(() => {
    if (typeof navigator === 'undefined' || !('serviceWorker' in navigator)) return;
    const onMessage = (event: MessageEvent) => {
      const data = event.data as { type?: unknown; run?: unknown } | null;
      const port = event.ports[0];
      if (!port || data?.type !== SHOWS_RUN_QUESTION || typeof data.run !== 'string') return;
      // a visible window toasts every run it started, saw working, or announced already
      const shown =
        document.visibilityState === 'visible' &&
        (wasStartedHere(data.run) ||
          statuses.current?.get(data.run) === 'working' ||
          announced.current.has(data.run));
      port.postMessage({ shown });
    };
    navigator.serviceWorker.addEventListener('message', onMessage);
    return () => navigator.serviceWorker.removeEventListener('message', onMessage);
  }, []);

  useEffect(() => {
    if (!runs) return;
    const before = statuses.current;
    statuses.current = new Map(runs.map((run) => [run.id, run.status]));
    // the first read only learns what is working
    if (!before) return;
    for (const run of runs) {
      if (before.get(run.id) !== 'working' || run.status === 'working' || wasStartedHere(run.id)) continue;
      announced.current.add(run.id);
      const message = runFinishedText(run);
      const link = runLink(run.id);
      toast.info(message, { action: { label: 'View run', onClick: () => navigate(link) } });
      const userId = currentSession()?.userId;
      if (userId)
        void notifyInBackground(userId, { title: 'AdScout', body: message, url: link, tag: runTag(run.id) });
    }
  }, [runs, toast, navigate]);
  return null;
}
