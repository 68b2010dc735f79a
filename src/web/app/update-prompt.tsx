/**
 * The service worker's update flow (registerType 'prompt', service-worker.ts): when a new build
 * has been deployed and its service worker is installed and waiting, a toast offers 'Reload'; the
 * new version takes over only then, so nothing the user is typing is lost to an automatic reload.
 */
import { useEffect } from 'react';
import { useToast } from '../components/toast.tsx';
import { activateWaitingVersion, registerServiceWorker } from './service-worker.ts';

const UPDATE_CHECK_MS = 60 * 60 * 1000;

export function UpdatePrompt() {
  const toast = useToast();

  useEffect(() => {
    let stopped = false;
    let shown = false;
    const cleanups: (() => void)[] = [];
    registerServiceWorker({
      onWaiting(registration) {
        if (stopped || shown) return;
        shown = true;
        toast.info('A new version is available', {
          persistent: true,
          action: { label: 'Reload', onClick: () => activateWaitingVersion(registration) },
        });
      },
      onRegistered(registration) {
        if (stopped) return;
        // An installed app can stay open for days: look for a new version hourly and on return.
        const check = () => {
          if (navigator.onLine) void registration.update().catch(() => undefined);
        };
        const onVisible = () => {
          if (document.visibilityState === 'visible') check();
        };
        const timer = window.setInterval(check, UPDATE_CHECK_MS);
        document.addEventListener('visibilitychange', onVisible);
        cleanups.push(() => {
          window.clearInterval(timer);
          document.removeEventListener('visibilitychange', onVisible);
        });
      },
      onError(error) {
        console.error('[pwa] service worker registration failed', error);
      },
    });
    return () => {
      stopped = true;
      for (const cleanup of cleanups) cleanup();
    };
  }, [toast]);

  return null;
}
