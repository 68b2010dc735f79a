/**
 * The demo Library: a deterministic, built-in Ad Library that answers offline, in the shape of
 * the curious_coder Apify actor (docs/ad-sources.md#the-actors-output), so that one normalizer
 * handles both. The worker's demo source (src/worker/sources/demo.ts) pages through it; the web
 * build renders its creatives (vite.config.ts).
 *
 * The catalogue is a rolling window of the last DEMO_WINDOW_DAYS demo days (clock.ts: a real day
 * unless SCOUT_DEMO_DAY_SECONDS says otherwise). Each day of each query (country + search terms +
 * page ids) starts a seeded number of creatives (creative.ts) for the products in fashion that day
 * (trends.ts), and the link's filters (filters.ts) pick from them. From one day to the next the
 * catalogue moves as the Library does: ads start, stop (an end date, inactive), now and then come
 * back after a pause (lifecycle.ts), and the order they are listed in changes; an ad keeps its id
 * for its whole life. The same query on the same demo day gives the same catalogue.
 * EU/UK transparency (reach, age and gender) is present only for EU countries and the UK.
 *
 * The parts: random.ts (seeded numbers), shops.ts (shops and products), trends.ts (their
 * fashion), lifecycle.ts (an ad's life and rank), clock.ts (the demo's day and dates),
 * copy.ts (ad copy), item.ts (the raw item shape), catalogue.ts (the tables),
 * media.ts (the creatives' files and links), media-render.ts (their rendering, with sharp).
 */
import type { SourceQuery } from '../domain/ads/source-query.ts';
import { isDemoMediaPath } from '../domain/text/url.ts';
import { demoClock, DEMO_DAY_SECONDS } from './clock.ts';
import { buildGroup, type BuildContext, type Group } from './creative.ts';
import { matchesQuery } from './filters.ts';
import { DEMO_MEDIA_LINK_TTL_S, demoMediaLink } from './media.ts';
import { Rand } from './random.ts';
import { buildUniverse, demoSeed } from './shops.ts';
import { trendsOf } from './trends.ts';

export const DEMO_WINDOW_DAYS = 120;

export interface DemoCatalogueOptions {
  /**
   * DEMO_MEDIA_BASE (tests, benches): the media as absolute, expiring links on this origin
   * (media.ts, demoMediaLink) instead of root-relative /demo-media/ paths.
   */
  mediaBase?: string;
  /** How long a demo day lasts (SCOUT_DEMO_DAY_SECONDS; clock.ts). */
  daySeconds?: number;
}

/**
 * Every ad the demo library holds for a query on the demo day of `nowMs`, in result order, with the
 * link's filters (active status, media type, platforms, start dates) applied. Content languages
 * and the ad type are not filtered: the demo ads are all English-language commercial ads.
 */
export function buildDemoCatalogue(
  query: SourceQuery,
  nowMs: number,
  options: DemoCatalogueOptions = {},
): Record<string, unknown>[] {
  let items = allAds(query, nowMs, options.daySeconds).filter((item) => matchesQuery(item, query));
  const { mediaBase } = options;
  if (mediaBase) {
    const expiresAtS = nowMs / 1000 + DEMO_MEDIA_LINK_TTL_S;
    items = items.map((item) =>
      withMediaLinks(item, (path) => demoMediaLink(path, mediaBase, String(item.ad_archive_id), expiresAtS)),
    );
  }
  for (const item of items) item.total = items.length;
  return items;
}

/**
 * The ads of the query's catalogue with these ids, as the Library shows an ad looked up by its id
 * (`?id=`): whatever the link's filters, so a stopped ad is found by a search for active ones. An
 * id the catalogue does not hold that day (another query's, one past the window, none at all) is
 * left out.
 */
export function demoAdsById(
  query: SourceQuery,
  nowMs: number,
  ids: readonly string[],
  options: Pick<DemoCatalogueOptions, 'daySeconds'> = {},
): Record<string, unknown>[] {
  const wanted = new Set(ids);
  return allAds(query, nowMs, options.daySeconds).filter((item) => wanted.has(String(item.ad_archive_id)));
}

/** Every ad of the query's window on the demo day of `nowMs`, in result order, unfiltered. */
function allAds(query: SourceQuery, nowMs: number, daySeconds = DEMO_DAY_SECONDS): Record<string, unknown>[] {
  const seed = demoSeed(query);
  const universe = buildUniverse(query, seed);
  const clock = demoClock(nowMs, daySeconds);
  const ctx: BuildContext = {
    query,
    seed,
    universe,
    trends: trendsOf(universe, seed),
    today: clock.today,
    shiftS: clock.shiftS,
    country: query.country.toUpperCase(),
    ids: new Set(),
  };
  const byPage = universe.pageShops.length > 0;
  const groups: Group[] = [];
  // Ads that started on the previous DEMO_WINDOW_DAYS days (none today, so none in the future).
  for (let age = DEMO_WINDOW_DAYS; age >= 1; age--) {
    const day = ctx.today - age;
    const dayRand = new Rand(`${seed}|day|${day}`);
    const creatives = byPage
      ? Array.from(universe.pageShops, () => dayRand.int(0, 3)).reduce((a, b) => a + b, 0)
      : dayRand.int(11, 19);
    for (let slot = 0; slot < creatives; slot++) groups.push(buildGroup(ctx, day, slot));
  }
  groups.sort((a, b) => b.score - a.score);
  return groups.flatMap((group) => group.items);
}

/**
 * A copy of `value` with every demo media path replaced by `link(path)`; the ads of a creative
 * share their media arrays, so the item is copied, never changed in place.
 */
function withMediaLinks<T>(value: T, link: (path: string) => string): T {
  if (typeof value === 'string') return (isDemoMediaPath(value) ? link(value) : value) as T;
  if (Array.isArray(value)) return value.map((entry: unknown) => withMediaLinks(entry, link)) as T;
  if (value && typeof value === 'object') {
    const copy: Record<string, unknown> = {};
    for (const [key, entry] of Object.entries(value)) copy[key] = withMediaLinks(entry, link);
    return copy as T;
  }
  return value;
}
