/**
 * Realtime helpers shared by the stores and the sync engine that follow server records. They take
 * the client as a parameter so that the sync engine runs against any server in tests.
 */
import type PocketBase from 'pocketbase';
import type { RecordSubscription } from 'pocketbase';

export interface CollectionWatch {
  /** Settles once the subscription is registered on the server (or failed to be). */
  ready: Promise<void>;
  stop(): void;
}

/**
 * Follows a collection's realtime events (the server sends only what the list rule lets this
 * user see) and calls `onReconnect` after every reconnect, since missed events are not replayed.
 */
export function followCollection(
  pb: PocketBase,
  collection: string,
  onEvent: (event: RecordSubscription) => void,
  onReconnect: () => void,
): CollectionWatch {
  let stopped = false;
  const stops: Array<() => Promise<void>> = [];
  const keep = (stop: () => Promise<void>) => {
    if (stopped) void stop().catch(() => undefined);
    else stops.push(stop);
  };
  const events = pb
    .collection(collection)
    .subscribe('*', (event) => {
      if (!stopped) onEvent(event);
    })
    .then(keep)
    .catch((error) => console.warn(`[realtime] ${collection} unavailable`, error));
  let first = true;
  const connects = pb.realtime
    .subscribe('PB_CONNECT', () => {
      if (first) first = false;
      else if (!stopped) onReconnect();
    })
    .then(keep)
    .catch(() => undefined);
  return {
    ready: Promise.all([events, connects]).then(() => undefined),
    stop() {
      stopped = true;
      for (const stop of stops.splice(0)) void stop().catch(() => undefined);
    },
  };
}

/** `followCollection` for callers that only need to stop it. */
export function watchCollection(
  pb: PocketBase,
  collection: string,
  onEvent: (event: RecordSubscription) => void,
  onReconnect: () => void,
): () => void {
  const watch = followCollection(pb, collection, onEvent, onReconnect);
  return () => watch.stop();
}
