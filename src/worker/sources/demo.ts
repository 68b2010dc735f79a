/**
 * The demo source: pages through the demo Library's catalogue for the query
 * (src/demo-library/library.ts), paced like a real source (SCOUT_DEMO_PACE_MS), and looks its ads
 * up by id as the Library's `?id=` page would show them.
 */
import { buildDemoCatalogue, demoAdsById } from '../../demo-library/library.ts';
import { realSleep, type Sleep } from '../net/http.ts';
import { answersFor, idsToLookUp } from './lookup.ts';
import type { AdSource, SourcePage } from './types.ts';

export const DEMO_PAGE_SIZE = 25;
/** No cap worth naming: the demo answers from its catalogue, whose window holds about 3,500 ads. */
export const DEMO_LOOKUP_MAX_IDS = 1000;

export interface DemoSourceOptions {
  /** Pause before each page (SCOUT_DEMO_PACE_MS); 0 answers at once. */
  paceMs: number;
  /**
   * DEMO_MEDIA_BASE (a test or bench setting): absolute, expiring media links on this origin
   * (tests/fixtures/fake-cdn.ts) instead of the app's root-relative /demo-media/ paths.
   */
  mediaBase?: string;
  /** SCOUT_DEMO_DAY_SECONDS: how long a day of the demo catalogue lasts (a real day by default). */
  daySeconds?: number;
  pageSize?: number;
  now?: () => number;
  sleep?: Sleep;
}

export function createDemoSource(options: DemoSourceOptions): AdSource {
  const pageSize = options.pageSize ?? DEMO_PAGE_SIZE;
  const now = options.now ?? Date.now;
  const sleep = options.sleep ?? realSleep;
  const { daySeconds } = options;
  return {
    name: 'demo',
    async *pages(query, { signal, cursor }): AsyncIterable<SourcePage> {
      if (signal.aborted) throw signal.reason;
      const catalogue = buildDemoCatalogue(query, now(), {
        mediaBase: options.mediaBase ?? '',
        ...(daySeconds ? { daySeconds } : {}),
      });
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
    lookup: {
      maxIds: DEMO_LOOKUP_MAX_IDS,
      async ads(query, ids, { signal }) {
        const wanted = idsToLookUp(ids, DEMO_LOOKUP_MAX_IDS, 'demo');
        if (signal.aborted) throw signal.reason;
        if (wanted.length === 0) return [];
        // paced like one page: a look-up is one request to a real source
        if (options.paceMs > 0) await sleep(options.paceMs, signal);
        if (signal.aborted) throw signal.reason;
        const at = now();
        return answersFor(wanted, demoAdsById(query, at, wanted, daySeconds ? { daySeconds } : {}), at);
      },
    },
  };
}
