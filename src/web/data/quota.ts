/**
 * The signed-in user's quota (SPEC §3 shape), computed by the server and re-read whenever the
 * ledger or the subscription changes (realtime), so balances follow purchases and scouts.
 */
import { useSyncExternalStore } from 'react';
import { COLLECTIONS, type Quota } from '../../domain/index.ts';
import { fetchQuota } from './billing.ts';
import { pb } from './client.ts';
import { watchCollection } from './realtime.ts';
import { currentSession } from './session.ts';

export type QuotaState = { status: 'loading' } | { status: 'ready'; quota: Quota } | { status: 'error' };

let state: QuotaState = { status: 'loading' };
let boundUser: string | null = null;
let stopWatching: Array<() => void> = [];
let inFlight = false;
let again = false;
const listeners = new Set<() => void>();

function publish(next: QuotaState): void {
  state = next;
  for (const listener of listeners) listener();
}

/** Loads the quota; calls that arrive while one is running coalesce into one more load. */
async function load(): Promise<void> {
  if (inFlight) {
    again = true;
    return;
  }
  inFlight = true;
  try {
    do {
      again = false;
      const userId = boundUser;
      if (!userId) return;
      try {
        const quota = await fetchQuota();
        if (boundUser === userId) publish({ status: 'ready', quota });
      } catch (error) {
        // SPEC §8: a quota load failure is only logged.
        console.error('[quota] load failed', error);
        if (boundUser === userId && state.status === 'loading') publish({ status: 'error' });
      }
    } while (again);
  } finally {
    inFlight = false;
  }
}

function bind(): void {
  const userId = currentSession()?.userId ?? null;
  if (userId === boundUser) return;
  boundUser = userId;
  for (const stop of stopWatching.splice(0)) stop();
  publish({ status: 'loading' });
  if (!userId) return;
  const reload = () => void load();
  stopWatching = [
    watchCollection(COLLECTIONS.usageLedger, reload, reload),
    watchCollection(COLLECTIONS.subscriptions, reload, reload),
  ];
  reload();
}

pb.authStore.onChange(() => {
  if (listeners.size > 0) bind();
});

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  bind();
  return () => listeners.delete(listener);
}

const snapshot = () => state;

export function useQuota(): QuotaState {
  return useSyncExternalStore(subscribe, snapshot, snapshot);
}

/** Re-reads the quota now (after a scout finishes, say). */
export function reloadQuota(): void {
  if (currentSession()) void load();
}
