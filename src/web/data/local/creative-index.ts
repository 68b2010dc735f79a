/**
 * The signed-in user's archived creatives by id (docs/local-first.md#offline-creatives): one Map,
 * built again each time the local `creatives` table changes, that the Database grid's Creative
 * cells and the ad detail view read from. A cell looks its row's creative up in the Map: never a
 * query per row (the grid holds 50,000 of them).
 */
import { liveQuery, type Subscription } from 'dexie';
import { useSyncExternalStore } from 'react';
import type { ArchivedCreative } from '../../../domain/index.ts';
import type { LocalDb } from './local-db.ts';

const EMPTY: ReadonlyMap<string, ArchivedCreative> = new Map();
let creatives = EMPTY;
let following: Subscription | null = null;
const listeners = new Set<() => void>();

function publish(next: ReadonlyMap<string, ArchivedCreative>) {
  if (next === creatives) return;
  creatives = next;
  for (const listener of listeners) listener();
}

/** Follows `db`'s creatives (null: signed out, none). */
export function followCreatives(db: LocalDb | null): void {
  following?.unsubscribe();
  following = null;
  publish(EMPTY);
  if (!db) return;
  following = liveQuery(() => db.creatives.toArray()).subscribe({
    next: (list) => publish(new Map(list.map((creative) => [creative.id, creative]))),
    error: (error: unknown) => console.error('[local-data] reading the archived creatives failed', error),
  });
}

/** The creative `id` names, when stored here ('' or unknown: undefined). */
export function archivedCreative(id: string | undefined): ArchivedCreative | undefined {
  return id ? creatives.get(id) : undefined;
}

/** Every archived creative stored here, by id. */
export function archivedCreatives(): ReadonlyMap<string, ArchivedCreative> {
  return creatives;
}

/** Called after the Map changed. */
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
