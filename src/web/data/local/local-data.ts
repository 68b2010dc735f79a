/**
 * The browser's local-first data (docs/local-first.md): the signed-in user's local database and
 * its sync engine, bound to the session. A login opens (or creates) that user's database; a logout
 * or a switch to another user closes it and deletes it, with every other user's database on this
 * browser (docs/invariants.md#invariant-9-local-data-belongs-to-one-user).
 *
 * This is the binding and what the sync says (its state, its notices, the rows it stores). Pages
 * read the bound database through local-reads.ts, never from the network, and change it through
 * local-writes.ts.
 */
import { useSyncExternalStore } from 'react';
import type { SearchResult } from '../../../domain/index.ts';
import { pb } from '../server/client.ts';
import { reportServerReachable } from '../browser/connectivity.ts';
import { followCreatives } from './creative-index.ts';
import { createCreativePrefetch, type CreativePrefetch } from './creative-prefetch.ts';
import { createLocalBinder, type LocalBinder, type LocalBinding } from './local-binder.ts';
import { deleteOtherUserDbs, type LocalDb } from './local-db.ts';
import { currentSession, signOut } from '../server/session.ts';
import type { SyncNotice, SyncState } from './sync/engine.ts';

export type { SyncNotice, SyncState } from './sync/engine.ts';

let binder: LocalBinder | null = null;
let prefetch: CreativePrefetch | null = null;
let started = false;
const bindingListeners = new Set<() => void>();
const noticeListeners = new Set<(notice: SyncNotice) => void>();
const stateListeners = new Set<() => void>();
const resultListeners = new Set<(rows: SearchResult[]) => void>();

const SIGNED_OUT_STATE: SyncState = {
  phase: 'idle',
  caughtUp: false,
  lastPulledAt: null,
  pulledRows: 0,
  pendingWrites: 0,
};

function announce(listeners: Set<() => void>) {
  for (const listener of listeners) listener();
}

function bind(): void {
  binder ??= createLocalBinder({ pb, notify: (notice) => noticeListeners.forEach((l) => l(notice)) });
  const before = binder.current();
  const after = binder.bind(currentSession()?.userId ?? null);
  if (after === before) return;
  prefetch?.stop();
  prefetch = null;
  if (after) {
    const creatives = createCreativePrefetch(after.db);
    prefetch = creatives;
    let pulledAt: number | null = null;
    after.engine.onState((state) => {
      if (state.phase === 'offline') reportServerReachable(false);
      else if (state.phase === 'idle') reportServerReachable(true);
      // each pull that caught up: the newest ads' creatives into the cache (creative-prefetch.ts)
      if (state.phase === 'idle' && state.lastPulledAt !== null && state.lastPulledAt !== pulledAt) {
        pulledAt = state.lastPulledAt;
        creatives.afterSync();
      }
      announce(stateListeners);
    });
    after.engine.onResults((rows) => resultListeners.forEach((listener) => listener(rows)));
  }
  followCreatives(after?.db ?? null);
  announce(bindingListeners);
  announce(stateListeners);
}

/**
 * Starts following the session (once per page load): binds the local database now and on every
 * login, logout or user switch (including those in other tabs), and re-syncs when the browser
 * comes back online or the tab or window gets the focus back.
 */
export function startLocalData(): void {
  if (started) return;
  started = true;
  pb.authStore.onChange(() => bind());
  window.addEventListener('online', () => {
    void binder?.current()?.engine.pull();
    void binder?.current()?.engine.flushOutbox();
  });
  // Back to the tab (visibility) or to the window (focus): pull what changed meanwhile; pulls
  // that overlap coalesce into one.
  document.addEventListener('visibilitychange', () => {
    if (document.visibilityState === 'visible') void binder?.current()?.engine.pull();
  });
  window.addEventListener('focus', () => void binder?.current()?.engine.pull());
  bind();
}

/**
 * Deletes every user database on this browser and resolves when they are gone (after an
 * account's deletion, where a logout's wipe must be finished before the app moves on).
 */
export async function wipeLocalData(): Promise<void> {
  if (binder) {
    binder.bind(null);
    await binder.settled();
  }
  await deleteOtherUserDbs(null);
}

/** After an account's deletion: signs out and resolves once this browser's local databases are gone. */
export async function forgetDeletedAccount(): Promise<void> {
  await signOut();
  await wipeLocalData();
}

/** The signed-in user's binding (starting the local data first), or null when signed out. */
export function currentBinding(): LocalBinding | null {
  if (!started) startLocalData();
  return binder?.current() ?? null;
}

function subscribeBinding(listener: () => void) {
  bindingListeners.add(listener);
  return () => bindingListeners.delete(listener);
}

/** Called after the signed-in user's local database was bound or let go (currentBinding). */
export function onBindingChanged(listener: () => void): () => void {
  const unsubscribe = subscribeBinding(listener);
  return () => void unsubscribe();
}

/** The signed-in user's local database, or null when signed out. */
export function useLocalDb(): LocalDb | null {
  return useSyncExternalStore(
    subscribeBinding,
    () => currentBinding()?.db ?? null,
    () => null,
  );
}

/**
 * The id of the user whose local database is bound (null when signed out): the Insights worker
 * opens that database itself (insights-inputs.ts).
 */
export function useLocalUserId(): string | null {
  return useSyncExternalStore(
    subscribeBinding,
    () => currentBinding()?.userId ?? null,
    () => null,
  );
}

/** The local database of `userId` if that user is the one signed in now. */
export function localDbOf(userId: string): LocalDb | null {
  // Never starts the local data itself: public pages (/subscribe) also load these stores.
  const current = started ? (binder?.current() ?? null) : null;
  return current?.userId === userId ? current.db : null;
}

// --- sync status, notices and the rows it stores ------------------------------------------

function subscribeState(listener: () => void) {
  stateListeners.add(listener);
  return () => stateListeners.delete(listener);
}

/** Where the sync stands (pulling, caught up, offline) and how many local writes wait. */
export function useSyncState(): SyncState {
  return useSyncExternalStore(
    subscribeState,
    // Never starts the local data itself (only the /app shell does).
    () => (started ? binder?.current()?.engine.state() : undefined) ?? SIGNED_OUT_STATE,
    () => SIGNED_OUT_STATE,
  );
}

/** Messages for the user from the sync (a refused write, a conflict the server won). */
export function onSyncNotice(listener: (notice: SyncNotice) => void): () => void {
  noticeListeners.add(listener);
  return () => noticeListeners.delete(listener);
}

/**
 * Rows stored locally after the caller's bulk read (a running scout, a catch-up pull): hand them
 * to the grid as a transaction instead of reading everything again.
 */
export function onResultsStored(listener: (rows: SearchResult[]) => void): () => void {
  resultListeners.add(listener);
  return () => resultListeners.delete(listener);
}
