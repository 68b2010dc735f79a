/**
 * The signed-in user's archived creatives by id (docs/local-first.md#offline-creatives): one Map
 * that the Database grid's Creative cells and the ad detail view read from. A cell looks its row's
 * creative up in the Map: never a query per row (the grid holds 50,000 of them).
 *
 * The Map is read whole once, then kept current from the creatives whose `updated` is at or after
 * the newest one it holds: a creative the archive stores or saves again is always the newest, and
 * none is deleted while the user stays signed in (logging out deletes the whole local copy). So
 * each batch the sync writes during a run costs a read of that batch, not of every creative.
 */
import { liveQuery, type Subscription } from 'dexie';
import { useSyncExternalStore } from 'react';
import type { ArchivedCreative } from '../../../domain/index.ts';
import type { LocalDb } from './local-db.ts';

let creatives = new Map<string, ArchivedCreative>();
/** The greatest `updated` in the Map: the next read starts there. */
let newest = '';
let following: Subscription | null = null;
const listeners = new Set<() => void>();

function notify() {
  for (const listener of listeners) listener();
}

/** Adds or replaces the creatives read; true when one of them was new or changed. */
function merge(read: readonly ArchivedCreative[]): boolean {
  let changed = false;
  for (const creative of read) {
    if (creative.updated > newest) newest = creative.updated;
    const held = creatives.get(creative.id);
    if (held && held.updated === creative.updated) continue;
    creatives.set(creative.id, creative);
    changed = true;
  }
  return changed;
}

/** Follows `db`'s creatives (null: signed out, none). */
export function followCreatives(db: LocalDb | null): void {
  following?.unsubscribe();
  following = null;
  const hadAny = creatives.size > 0;
  creatives = new Map();
  newest = '';
  if (hadAny) notify();
  if (!db) return;
  const map = creatives;
  // liveQuery runs the query again when a creative at or after `newest` is written (Dexie watches
  // the index range the last run read), and `newest` moves on with every run
  following = liveQuery(() => db.creatives.where('updated').aboveOrEqual(newest).toArray()).subscribe({
    next: (read) => {
      // a run of the query for a database followed before: nothing of it is current
      if (map !== creatives) return;
      if (merge(read)) notify();
    },
    error: (error: unknown) => console.error('[local-data] reading the archived creatives failed', error),
  });
}

/** The creative `id` names, when stored here ('' or unknown: undefined). */
export function archivedCreative(id: string | undefined): ArchivedCreative | undefined {
  return id ? creatives.get(id) : undefined;
}

/** Called after a creative was added or changed. */
export function onCreativesChanged(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** A row's archived creative, kept current as creatives arrive. */
export function useArchivedCreative(id: string | undefined): ArchivedCreative | undefined {
  return useSyncExternalStore(
    onCreativesChanged,
    () => archivedCreative(id),
    () => undefined,
  );
}
