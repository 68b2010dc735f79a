/**
 * Offline creatives (docs/local-first.md#offline-creatives): the archived creatives' files kept in
 * the browser's Cache Storage for review without a network. The service worker serves
 * /api/files/creatives/… from the cache CREATIVES_CACHE_NAME (CacheFirst: the URLs are immutable;
 * at most CREATIVES_CACHE_MAX_ENTRIES files, the least recently used expiring first:
 * vite.config.ts), and after a sync the app fetches the newest ads' thumbnails into the same cache
 * (prefetchCreatives). The cache is wiped with the user's local database (local-db.ts).
 */
import type { ArchivedCreative } from '../../../domain/index.ts';
import {
  CREATIVES_CACHE_MAX_ENTRIES,
  CREATIVES_CACHE_NAME,
  creativeThumbUrl,
  PREFETCH_IMAGES,
  PREFETCH_THUMBS,
} from '../../../domain/media/creative-files.ts';
import { THUMB_DETAIL, THUMB_GRID } from '../../../domain/media/creative-limits.ts';

/** What is kept for offline review: nothing, the grid's thumbnails, or those and the detail images. */
export const OFFLINE_CREATIVES_CHOICES = ['off', 'thumbs', 'images'] as const;
export type OfflineCreatives = (typeof OFFLINE_CREATIVES_CHOICES)[number];
export const OFFLINE_CREATIVES_DEFAULT: OfflineCreatives = 'thumbs';
export const OFFLINE_CREATIVES_STORAGE_KEY = 'adscout.offlineCreatives';

/** The choice stored on this device (the default when none or unreadable). */
export function readOfflineCreatives(): OfflineCreatives {
  try {
    const raw = localStorage.getItem(OFFLINE_CREATIVES_STORAGE_KEY);
    return (OFFLINE_CREATIVES_CHOICES as readonly (string | null)[]).includes(raw)
      ? (raw as OfflineCreatives)
      : OFFLINE_CREATIVES_DEFAULT;
  } catch {
    return OFFLINE_CREATIVES_DEFAULT;
  }
}

export function writeOfflineCreatives(choice: OfflineCreatives): void {
  try {
    localStorage.setItem(OFFLINE_CREATIVES_STORAGE_KEY, choice);
  } catch (error) {
    console.warn('[offline-creatives] could not save the choice', error);
  }
}

export interface PrefetchLimits {
  thumbs: number;
  images: number;
}
export const PREFETCH_LIMITS: PrefetchLimits = { thumbs: PREFETCH_THUMBS, images: PREFETCH_IMAGES };

/**
 * The files to keep, from rows newest first: the grid thumbnails of the creatives of the newest
 * ads (each creative once, up to `limits.thumbs` of them), then with 'images' the detail images of
 * the newest `limits.images` of those. Rows without a creative stored here are skipped.
 */
export function prefetchUrls(
  rows: Iterable<{ creative?: string }>,
  creatives: ReadonlyMap<string, ArchivedCreative>,
  choice: OfflineCreatives,
  limits: PrefetchLimits = PREFETCH_LIMITS,
): string[] {
  if (choice === 'off') return [];
  const picked: ArchivedCreative[] = [];
  const seen = new Set<string>();
  for (const row of rows) {
    if (picked.length >= limits.thumbs) break;
    const creative = row.creative ? creatives.get(row.creative) : undefined;
    if (!creative || seen.has(creative.id)) continue;
    seen.add(creative.id);
    picked.push(creative);
  }
  const urls: string[] = [];
  for (const creative of picked) {
    const url = creativeThumbUrl(creative, THUMB_GRID);
    if (url) urls.push(url);
  }
  if (choice === 'images') {
    for (const creative of picked.slice(0, limits.images)) {
      const url = creativeThumbUrl(creative, THUMB_DETAIL);
      if (url) urls.push(url);
    }
  }
  return urls;
}

export interface PrefetchDeps {
  cache: Pick<Cache, 'match' | 'put' | 'keys' | 'delete'>;
  fetch: (url: string) => Promise<Response>;
  /** false stops the prefetch (offline: every request would fail). */
  isOnline: () => boolean;
  /** true stops it too (signed out, another sync started one anew). */
  isStopped: () => boolean;
  /** Resolves when the page is idle: the prefetch works in the page's spare time. */
  idle: () => Promise<void>;
  /**
   * Whether a service worker handles the requests: then it stores each response (and counts its
   * use for the expiration); else the prefetch stores it and keeps the bound itself.
   */
  controlled: boolean;
  maxEntries?: number;
}

export interface PrefetchOutcome {
  fetched: number;
  /** Already in the cache. */
  cached: number;
  /** Stopped before the end: offline, stopped, or a request failed. */
  stopped: boolean;
}

/** Files fetched per idle turn. */
const PER_TURN = 4;

/** Fetches the files of `urls` not in the cache yet, a few per idle turn, and stores them. */
export async function prefetchCreatives(
  urls: readonly string[],
  deps: PrefetchDeps,
): Promise<PrefetchOutcome> {
  const outcome: PrefetchOutcome = { fetched: 0, cached: 0, stopped: false };
  let stored = 0;
  for (let start = 0; start < urls.length; start += PER_TURN) {
    await deps.idle();
    for (const url of urls.slice(start, start + PER_TURN)) {
      if (!deps.isOnline() || deps.isStopped()) return { ...outcome, stopped: true };
      if (await deps.cache.match(url)) {
        outcome.cached++;
        continue;
      }
      let response: Response;
      try {
        response = await deps.fetch(url);
      } catch {
        // the network went away meanwhile: the next sync tries again
        return { ...outcome, stopped: true };
      }
      if (!response.ok) {
        await response.body?.cancel();
        continue;
      }
      if (deps.controlled) await response.blob();
      else {
        await deps.cache.put(url, response);
        stored++;
      }
      outcome.fetched++;
    }
  }
  if (stored > 0) await trimCache(deps.cache, deps.maxEntries ?? CREATIVES_CACHE_MAX_ENTRIES);
  return outcome;
}

/**
 * Keeps at most `maxEntries` files, deleting those stored first (Cache Storage lists requests in
 * the order they were stored). Only for the prefetch's own writes when no service worker runs;
 * the service worker's expiration counts each use, so least recently used files go first.
 */
export async function trimCache(cache: Pick<Cache, 'keys' | 'delete'>, maxEntries: number): Promise<number> {
  const keys = await cache.keys();
  const excess = keys.slice(0, Math.max(0, keys.length - maxEntries));
  for (const request of excess) await cache.delete(request);
  return excess.length;
}

/** Deletes every cached creative (with the user's local database: docs/invariants.md#invariant-9-local-data-belongs-to-one-user). */
export async function wipeCreativeCache(): Promise<void> {
  if (typeof caches === 'undefined') return;
  await caches.delete(CREATIVES_CACHE_NAME);
}

/** The bytes of the cached creatives (by each response's Content-Length, else its body). */
export async function creativeCacheBytes(): Promise<number> {
  if (typeof caches === 'undefined' || !(await caches.has(CREATIVES_CACHE_NAME))) return 0;
  const cache = await caches.open(CREATIVES_CACHE_NAME);
  let bytes = 0;
  for (const response of await cache.matchAll()) {
    const length = Number(response.headers.get('content-length'));
    bytes += Number.isFinite(length) && length > 0 ? length : (await response.blob()).size;
  }
  return bytes;
}

/** Resolves when the page is idle (requestIdleCallback; a short timer where there is none). */
export function whenIdle(): Promise<void> {
  return new Promise((resolve) => {
    if (typeof requestIdleCallback === 'function') requestIdleCallback(() => resolve(), { timeout: 2000 });
    else setTimeout(resolve, 50);
  });
}
