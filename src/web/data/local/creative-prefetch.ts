/**
 * After a sync, when the page is idle, the newest ads' creatives are fetched into the browser's
 * cache for offline review (docs/local-first.md#offline-creatives), as the "Offline creatives"
 * choice says (creative-cache.ts). A sync that ends while a prefetch runs starts it anew.
 */
import type { ArchivedCreative, SearchResult, SearchRun } from '../../../domain/index.ts';
import { CREATIVES_CACHE_NAME } from '../../../domain/media/creative-files.ts';
import {
  PREFETCH_LIMITS,
  prefetchCreatives,
  prefetchUrls,
  readOfflineCreatives,
  whenIdle,
} from '../browser/creative-cache.ts';
import type { LocalDb } from './local-db.ts';
import { newestFirst } from './newest-results.ts';

/** Runs whose rows are read together. */
const RUNS_PER_READ = 5;

const byStartDescending = (a: SearchRun, b: SearchRun) =>
  a.started_at < b.started_at ? 1 : a.started_at > b.started_at ? -1 : 0;

/**
 * Rows newest first (newest runs first, each run's rows newest first), read until they name
 * `creatives` distinct creatives or the rows run out.
 */
export async function readNewestCreativeRows(db: LocalDb, creatives: number): Promise<SearchResult[]> {
  const runs = (await db.runs.toArray()).slice().sort(byStartDescending);
  const rows: SearchResult[] = [];
  const seen = new Set<string>();
  for (let start = 0; start < runs.length && seen.size < creatives; start += RUNS_PER_READ) {
    const chunks = await db.results.bulkGet(runs.slice(start, start + RUNS_PER_READ).map((run) => run.id));
    for (const chunk of chunks) {
      if (!chunk) continue;
      for (const row of chunk.rows.slice().sort(newestFirst)) {
        rows.push(row);
        if (row.creative) seen.add(row.creative);
      }
    }
  }
  return rows;
}

export interface CreativePrefetch {
  /** The sync caught up: prefetch what the choice asks for, once the page is idle. */
  afterSync(): void;
  stop(): void;
}

export function createCreativePrefetch(db: LocalDb): CreativePrefetch {
  let generation = 0;
  return {
    afterSync() {
      const mine = ++generation;
      const isStopped = () => mine !== generation;
      void (async () => {
        const choice = readOfflineCreatives();
        if (choice === 'off' || typeof caches === 'undefined') return;
        await whenIdle();
        if (isStopped()) return;
        const rows = await readNewestCreativeRows(db, PREFETCH_LIMITS.thumbs);
        const ids = [...new Set(rows.map((row) => row.creative).filter(Boolean))];
        const creatives = new Map<string, ArchivedCreative>();
        for (const creative of await db.creatives.bulkGet(ids))
          if (creative) creatives.set(creative.id, creative);
        const urls = prefetchUrls(rows, creatives, choice);
        if (urls.length === 0 || isStopped()) return;
        await prefetchCreatives(urls, {
          cache: await caches.open(CREATIVES_CACHE_NAME),
          fetch: (url) => fetch(url),
          isOnline: () => navigator.onLine,
          isStopped,
          idle: whenIdle,
          controlled: Boolean(navigator.serviceWorker?.controller),
        });
      })().catch((error: unknown) => console.warn('[offline-creatives] prefetch stopped', error));
    },
    stop() {
      generation++;
    },
  };
}
