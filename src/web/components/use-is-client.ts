/**
 * False while React renders the prerendered HTML (at build time) and while it hydrates that HTML
 * in the browser; true on every later render and on a client-only render. What differs per
 * visitor or per day (the cookie banner, today's date) renders only when this is true, so that
 * the hydrated tree always matches the prerendered one.
 */
import { useSyncExternalStore } from 'react';

const subscribeToNothing = () => () => undefined;

export function useIsClient(): boolean {
  return useSyncExternalStore(
    subscribeToNothing,
    () => true,
    () => false,
  );
}
