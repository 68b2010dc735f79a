/**
 * The demo source: pages through the demo Library's catalogue for the query
 * (src/demo-library/library.ts), paced like a real source (SCOUT_DEMO_PACE_MS).
 */
import { buildDemoCatalogue } from '../../demo-library/library.ts';
import { realSleep, type Sleep } from '../net/http.ts';
import type { AdSource, SourcePage } from './types.ts';

export const DEMO_PAGE_SIZE = 25;

export interface DemoSourceOptions {
  /** Pause before each page (SCOUT_DEMO_PACE_MS); 0 answers at once. */
  paceMs: number;
  /**
   * DEMO_MEDIA_BASE (a test or bench setting): absolute, expiring media links on this origin
   * (tests/fixtures/fake-cdn.ts) instead of the app's root-relative /demo-media/ paths.
   */
  mediaBase?: string;
  pageSize?: number;
  now?: () => number;
  sleep?: Sleep;
}

export function createDemoSource(options: DemoSourceOptions): AdSource {
  const pageSize = options.pageSize ?? DEMO_PAGE_SIZE;
  const now = options.now ?? Date.now;
  const sleep = options.sleep ?? realSleep;
  return {
    name: 'demo',
    async *pages(query, { signal, cursor }): AsyncIterable<SourcePage> {
      if (signal.aborted) throw signal.reason;
      const catalogue = buildDemoCatalogue(query, now(), options.mediaBase ?? '');
      let offset = cursor && /^\d+$/.test(cursor) ? Number(cursor) : 0;
      const limit = Math.max(0, Math.floor(query.limit));
      let yielded = 0;
      while (yielded < limit && offset < catalogue.length) {
        if (options.paceMs > 0) await sleep(options.paceMs, signal);
        if (signal.aborted) throw signal.reason;
        const take = Math.min(pageSize, limit - yielded, catalogue.length - offset);
        const items = catalogue.slice(offset, offset + take);
        offset += take;
        yielded += take;
        yield {
          items,
          cursor: offset < catalogue.length ? String(offset) : null,
          libraryTotal: catalogue.length,
        };
      }
    },
  };
}
