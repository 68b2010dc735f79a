/**
 * Whether the server can be reached: the browser says it is online, and the sync engine's last
 * attempt did not find the server unreachable (a captive portal, a server restart, a blocked
 * API). Actions that need the server are disabled while it cannot be reached. No Dexie here:
 * the landing page uses it too.
 */
import { useSyncExternalStore } from 'react';

let serverUnreachable = false;
const listeners = new Set<() => void>();

function notify() {
  for (const listener of listeners) listener();
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  window.addEventListener('online', listener);
  window.addEventListener('offline', listener);
  return () => {
    listeners.delete(listener);
    window.removeEventListener('online', listener);
    window.removeEventListener('offline', listener);
  };
}

export type Connectivity = 'online' | 'offline' | 'unreachable';

function snapshot(): Connectivity {
  if (!navigator.onLine) return 'offline';
  return serverUnreachable ? 'unreachable' : 'online';
}

/** 'offline' (the browser has no network), 'unreachable' (no answer from the server) or 'online'. */
export function useConnectivity(): Connectivity {
  return useSyncExternalStore(subscribe, snapshot, () => 'online');
}

/** Called by the sync engine's owner after each attempt to talk to the server. */
export function reportServerReachable(reachable: boolean): void {
  if (serverUnreachable === !reachable) return;
  serverUnreachable = !reachable;
  notify();
}
