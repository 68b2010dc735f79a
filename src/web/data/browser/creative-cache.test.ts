/**
 * The offline creatives' cache (creative-cache.ts): which files a sync prefetches, how the
 * prefetch stops and the bound on the cache, against an in-memory Cache Storage (its wipe with the
 * local database: local/local-db.test.ts).
 */
import { beforeEach, describe, expect, it } from 'vitest';
import type { ArchivedCreative } from '../../../domain/index.ts';
import { prefetchCreatives, prefetchUrls, trimCache, type PrefetchDeps } from './creative-cache.ts';

/** Cache Storage's one cache, in memory: keys listed in the order stored, as the browser does. */
class MemoryCache {
  entries = new Map<string, Response>();
  async match(request: RequestInfo | URL) {
    return this.entries.get(String(request instanceof Request ? request.url : request))?.clone();
  }
  async put(request: RequestInfo | URL, response: Response) {
    const key = String(request instanceof Request ? request.url : request);
    this.entries.delete(key);
    this.entries.set(key, response);
  }
  async keys() {
    return [...this.entries.keys()].map((url) => new Request(new URL(url, 'http://app.test')));
  }
  async delete(request: RequestInfo | URL) {
    const url =
      request instanceof Request
        ? new URL(request.url).pathname + new URL(request.url).search
        : String(request);
    return this.entries.delete(url);
  }
}

function creative(id: string): ArchivedCreative {
  return {
    id,
    created: '2026-11-22 10:00:00.000Z',
    updated: '2026-11-22 10:00:00.000Z',
    user: 'u1',
    file: `${id}.jpg`,
    poster: '',
    sha256: '',
    phash: '',
    mime: 'image/jpeg',
    bytes: 1,
    width: 1,
    height: 1,
  };
}
const thumb = (id: string) => `/api/files/creatives/${id}/${id}.jpg?thumb=100x100`;
const detail = (id: string) => `/api/files/creatives/${id}/${id}.jpg?thumb=400x0`;
const STORED = new Map(['a', 'b', 'c', 'd'].map((id) => [id, creative(id)]));

describe('prefetchUrls: the newest ads’ creatives, each once', () => {
  const rows = [
    { creative: 'a' },
    { creative: '' },
    { creative: 'a' },
    { creative: 'x' },
    { creative: 'b' },
    { creative: 'c' },
  ];

  it('takes the newest creatives up to the limit, skipping repeats and ones not stored here', () => {
    expect(prefetchUrls(rows, STORED, 'thumbs', { thumbs: 2, images: 1 })).toEqual([thumb('a'), thumb('b')]);
  });

  it('with images, adds the detail images of fewer of them', () => {
    expect(prefetchUrls(rows, STORED, 'images', { thumbs: 3, images: 1 })).toEqual([
      thumb('a'),
      thumb('b'),
      thumb('c'),
      detail('a'),
    ]);
  });

  it('off: nothing', () => {
    expect(prefetchUrls(rows, STORED, 'off')).toEqual([]);
  });
});

describe('prefetchCreatives', () => {
  let cache: MemoryCache;
  let online: boolean;
  let fetched: string[];
  const deps = (over: Partial<PrefetchDeps> = {}): PrefetchDeps => ({
    cache,
    fetch: async (url) => {
      fetched.push(url);
      return new Response(`file ${url}`, { status: url.includes('missing') ? 404 : 200 });
    },
    isOnline: () => online,
    isStopped: () => false,
    idle: async () => undefined,
    controlled: false,
    ...over,
  });
  beforeEach(() => {
    cache = new MemoryCache();
    online = true;
    fetched = [];
  });

  it('stores what is not cached yet, and only good answers', async () => {
    await cache.put(thumb('a'), new Response('old'));
    const outcome = await prefetchCreatives([thumb('a'), thumb('b'), '/missing'], deps());
    expect(fetched).toEqual([thumb('b'), '/missing']);
    expect(outcome).toEqual({ fetched: 1, cached: 1, stopped: false });
    expect([...cache.entries.keys()]).toEqual([thumb('a'), thumb('b')]);
  });

  it('stops when the browser goes offline, and when a request fails', async () => {
    let calls = 0;
    const goingOffline = deps({
      fetch: async (url) => {
        if (++calls === 2) online = false;
        return new Response(url);
      },
    });
    const outcome = await prefetchCreatives([thumb('a'), thumb('b'), thumb('c'), thumb('d')], goingOffline);
    expect(outcome.stopped).toBe(true);
    expect(cache.entries.size).toBe(2);

    online = true;
    const failing = deps({ fetch: () => Promise.reject(new TypeError('Failed to fetch')) });
    expect(await prefetchCreatives([thumb('c'), thumb('d')], failing)).toEqual({
      fetched: 0,
      cached: 0,
      stopped: true,
    });
  });

  it('leaves the storing to the service worker when one controls the page', async () => {
    const outcome = await prefetchCreatives([thumb('a')], deps({ controlled: true }));
    expect(outcome.fetched).toBe(1);
    expect(cache.entries.size).toBe(0);
  });

  it('keeps the cache within its bound, the files stored first going first', async () => {
    await prefetchCreatives([thumb('a'), thumb('b'), thumb('c'), thumb('d')], deps({ maxEntries: 3 }));
    expect([...cache.entries.keys()]).toEqual([thumb('b'), thumb('c'), thumb('d')]);
    expect(await trimCache(cache, 1)).toBe(2);
    expect([...cache.entries.keys()]).toEqual([thumb('d')]);
  });
});
