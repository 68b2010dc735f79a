/**
 * A store of server state that belongs to the signed-in user (their subscription, quota, runs).
 * It starts following the user when a screen first reads it, restarts on login, logout or a
 * user switch, and never hands one user's state to another: work started for a previous user
 * checks `isCurrent` before it publishes.
 */
import { useSyncExternalStore } from 'react';
import { pb } from './client.ts';
import { currentSession } from './session.ts';

export interface UserStoreScope<S> {
  readonly userId: string;
  get(): S;
  /** Publishes a new state, unless the session has moved on to someone else. */
  set(next: S): void;
  isCurrent(): boolean;
}

export interface UserStore<S> {
  use(): S;
  get(): S;
  /** The scope of the user the store follows now, or null when nobody is signed in. */
  scope(): UserStoreScope<S> | null;
}

export function createUserStore<S>(options: {
  /** The state before anything is known about `userId` (null: signed out). */
  initial(userId: string | null): S;
  /** Starts following a user (realtime, first load); returns what stops it. */
  start(scope: UserStoreScope<S>): () => void;
}): UserStore<S> {
  // What is known before the first reader subscribes: for a signed-in user their initial state
  // (not a signed-out one, which a screen would show for a frame: the gate's locked card).
  let state = options.initial(currentSession()?.userId ?? null);
  let boundUser: string | null = null;
  let current: UserStoreScope<S> | null = null;
  let stop: (() => void) | null = null;
  const listeners = new Set<() => void>();

  const publish = (next: S) => {
    state = next;
    for (const listener of listeners) listener();
  };

  const bind = () => {
    const userId = currentSession()?.userId ?? null;
    if (userId === boundUser) return;
    boundUser = userId;
    stop?.();
    stop = null;
    current = null;
    publish(options.initial(userId));
    if (!userId) return;
    const scope: UserStoreScope<S> = {
      userId,
      get: () => state,
      set: (next) => {
        if (boundUser === userId) publish(next);
      },
      isCurrent: () => boundUser === userId,
    };
    current = scope;
    stop = options.start(scope);
  };

  pb.authStore.onChange(() => {
    if (listeners.size > 0) bind();
  });

  const subscribe = (listener: () => void) => {
    listeners.add(listener);
    bind();
    return () => listeners.delete(listener);
  };
  const snapshot = () => state;
  // Prerendered pages are rendered signed out; hydration starts from that state.
  const signedOutState = options.initial(null);
  const prerendered = () => signedOutState;

  return {
    use: () => useSyncExternalStore(subscribe, snapshot, prerendered),
    get: snapshot,
    scope: () => current,
  };
}
