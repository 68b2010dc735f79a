/**
 * The signed-in session: who is logged in, sign in / up / out, and keeping the token fresh.
 * PocketBase's LocalAuthStore persists the session in localStorage (docs/product.md#entities-and-fields) and
 * shares it across tabs; this module turns it into a React-friendly store.
 */
import { getTokenPayload } from 'pocketbase';
import { useSyncExternalStore } from 'react';
// Direct module imports (not the domain index, which pulls in zod): the landing page loads this.
import { COLLECTIONS } from '../../../domain/api/collections.ts';
import { pb } from './client.ts';
import { TOKEN_CHECK_INTERVAL_MS, tokenNeedsRefresh } from './token-refresh.ts';

export interface Session {
  userId: string;
  email: string;
}

function readSession(): Session | null {
  const record = pb.authStore.record;
  if (!pb.authStore.isValid || !record || record.collectionName !== COLLECTIONS.users) return null;
  return { userId: record.id, email: String(record.email ?? '') };
}

let current = readSession();
const listeners = new Set<() => void>();

pb.authStore.onChange(() => {
  const next = readSession();
  // Keep the same object while nothing a screen shows has changed (a token refresh, say).
  if (next?.userId === current?.userId && next?.email === current?.email) return;
  current = next;
  for (const listener of listeners) listener();
});

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function currentSession(): Session | null {
  return current;
}

/** The signed-in user, or null; re-renders on login, logout and changes from other tabs. */
// Prerendered pages are rendered signed out; hydration starts from that and then re-renders.
const signedOut = () => null;

export function useSession(): Session | null {
  return useSyncExternalStore(subscribe, currentSession, signedOut);
}

export async function signIn(email: string, password: string): Promise<void> {
  await pb.collection(COLLECTIONS.users).authWithPassword(email.trim(), password);
}

/** Creates the account, then signs in with it. */
export async function signUp(email: string, password: string): Promise<void> {
  const address = email.trim();
  await pb.collection(COLLECTIONS.users).create({ email: address, password, passwordConfirm: password });
  await pb.collection(COLLECTIONS.users).authWithPassword(address, password);
}

export async function signOut(): Promise<void> {
  // Realtime subscriptions were authorised with this session: drop them with it.
  await pb.realtime.unsubscribe().catch(() => undefined);
  pb.authStore.clear();
}

async function refreshIfDue(): Promise<void> {
  if (!pb.authStore.isValid || !navigator.onLine) return;
  const { exp } = getTokenPayload(pb.authStore.token) as { exp?: number };
  if (!tokenNeedsRefresh(exp, Date.now())) return;
  try {
    await pb.collection(COLLECTIONS.users).authRefresh();
  } catch (error) {
    const status = (error as { status?: number }).status ?? 0;
    // The account is gone or the token was revoked: the session is over. Anything else (offline,
    // rate limit, server down) is retried at the next check while the token is still valid.
    if (status === 401 || status === 403 || status === 404) pb.authStore.clear();
    else console.warn('[session] token refresh failed; will retry', error);
  }
}

/**
 * Renews the token before it expires: at start, every quarter hour, when the tab comes back
 * into view and when the browser goes online. Returns a function that stops it.
 */
export function startSessionKeeper(): () => void {
  const check = () => void refreshIfDue();
  const onVisible = () => {
    if (document.visibilityState === 'visible') check();
  };
  check();
  const timer = window.setInterval(check, TOKEN_CHECK_INTERVAL_MS);
  window.addEventListener('online', check);
  document.addEventListener('visibilitychange', onVisible);
  return () => {
    window.clearInterval(timer);
    window.removeEventListener('online', check);
    document.removeEventListener('visibilitychange', onVisible);
  };
}
