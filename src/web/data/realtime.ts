/** Realtime helpers shared by the stores that follow server records. */
import type { RecordSubscription } from 'pocketbase';
import { pb } from './client.ts';

/**
 * Follows a collection's realtime events (the server sends only what the list rule lets this
 * user see) and calls `onReconnect` after every reconnect, since missed events are not replayed.
 * Returns a function that stops both.
 */
export function watchCollection(
  collection: string,
  onEvent: (event: RecordSubscription) => void,
  onReconnect: () => void,
): () => void {
  let stopped = false;
  const stops: Array<() => Promise<void>> = [];
  const keep = (stop: () => Promise<void>) => {
    if (stopped) void stop().catch(() => undefined);
    else stops.push(stop);
  };
  pb.collection(collection)
    .subscribe('*', (event) => {
      if (!stopped) onEvent(event);
    })
    .then(keep)
    .catch((error) => console.warn(`[realtime] ${collection} unavailable`, error));
  let first = true;
  pb.realtime
    .subscribe('PB_CONNECT', () => {
      if (first) first = false;
      else if (!stopped) onReconnect();
    })
    .then(keep)
    .catch(() => undefined);
  return () => {
    stopped = true;
    for (const stop of stops.splice(0)) void stop().catch(() => undefined);
  };
}
