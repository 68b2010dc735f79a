/**
 * The demo Library: a deterministic, built-in Ad Library that answers offline, in the shape of
 * the curious_coder Apify actor (docs/ad-sources.md#the-actors-output), so that one normalizer
 * handles both. The worker's demo source (src/worker/sources/demo.ts) pages through it; the web
 * build renders its creatives (vite.config.ts).
 *
 * The catalogue is a rolling window of the last DEMO_WINDOW_DAYS days. Each day of each query
 * (country + search terms + page ids) holds a seeded number of creatives (creative.ts), and
 * the link's filters (filters.ts) pick from them.
 * EU/UK transparency (reach, age and gender) is present only for EU countries and the UK.
 *
 * The parts: random.ts (seeded numbers), shops.ts (shops and products),
 * copy.ts (ad copy), item.ts (the raw item shape), catalogue.ts (the tables),
 * media.ts (the creatives' files and links), media-render.ts (their rendering, with sharp).
 */
import type { SourceQuery } from '../domain/ads/source-query.ts';
import { DAY_MS } from '../domain/text/format.ts';
import { isDemoMediaPath } from '../domain/text/url.ts';
import { buildGroup, type BuildContext, type Group } from './creative.ts';
import { matchesQuery } from './filters.ts';
import { DEMO_MEDIA_LINK_TTL_S, demoMediaLink } from './media.ts';
import { Rand } from './random.ts';
import { buildUniverse, demoSeed } from './shops.ts';

export const DEMO_WINDOW_DAYS = 120;

/**
 * Every ad the demo library holds for a query on the day of `nowMs`, in result order, with the
 * link's filters (active status, media type, platforms, start dates) applied. Content languages
 * and the ad type are not filtered: the demo ads are all English-language commercial ads.
 */
export function buildDemoCatalogue(
  query: SourceQuery,
  nowMs: number,
  mediaBase = '',
): Record<string, unknown>[] {
  const seed = demoSeed(query);
  const universe = buildUniverse(query, seed);
  const ctx: BuildContext = {
    query,
    seed,
    universe,
    today: Math.floor(nowMs / DAY_MS),
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
      : dayRand.int(9, 16);
    for (let slot = 0; slot < creatives; slot++) groups.push(buildGroup(ctx, day, slot));
  }
  groups.sort((a, b) => b.score - a.score);
  let items = groups.flatMap((group) => group.items).filter((item) => matchesQuery(item, query));
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
