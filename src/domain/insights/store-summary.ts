/**
 * One advertiser's line on the Insights page (StoreSummary, docs/insights.md#stores): ads by
 * `page_id`, or by store name for ads without one (marked `byName`).
 */
import { adFactsOf, rowsByAd, type AdFacts } from './ad-facts.ts';
import { dayOfMs, median, mostCommon, sortedDistinct, weeklyCounts } from './insight-stats.ts';
import type { InsightRow, StoreSummary } from './insight-types.ts';

/** Days counted as "new" for a store's ads: first seen today or in the 6 days before. */
const NEW_ADS_DAYS = 7;

/** A row's platforms ('FACEBOOK,INSTAGRAM'), split once per distinct text: rows share a few. */
const platformLists = new Map<string, string[]>();
function platformsOf(text: string): string[] {
  let list = platformLists.get(text);
  if (!list) {
    list = text
      .split(',')
      .map((platform) => platform.trim())
      .filter(Boolean);
    if (platformLists.size < 1000) platformLists.set(text, list);
  }
  return list;
}

export function summarizeStore(key: string, ads: Iterable<AdFacts>, today: number): StoreSummary {
  const names: string[] = [];
  const scores: number[] = [];
  const countries: string[] = [];
  const platforms: string[] = [];
  const firstSeenDays: number[] = [];
  const rowIds: string[] = [];
  let count = 0;
  let activeAds = 0;
  let newAds = 0;
  let firstSeen = '';
  let lastSeen = '';
  let longest: { adId: string; days: number } | null = null;
  for (const ad of ads) {
    count++;
    const { latest } = ad;
    names.push(latest.store_name);
    scores.push(latest.winning_score);
    if (ad.active) activeAds++;
    if (ad.firstSeenDay !== null) {
      firstSeenDays.push(ad.firstSeenDay);
      if (ad.firstSeenDay > today - NEW_ADS_DAYS && ad.firstSeenDay <= today) newAds++;
    }
    if (!firstSeen || ad.firstSeen < firstSeen) firstSeen = ad.firstSeen;
    if (ad.lastSeen > lastSeen) lastSeen = ad.lastSeen;
    if (
      latest.start_date &&
      (!longest ||
        latest.days_running > longest.days ||
        (latest.days_running === longest.days && latest.ad_id < longest.adId))
    ) {
      longest = { adId: latest.ad_id, days: latest.days_running };
    }
    for (const row of ad.rows) {
      rowIds.push(row.id);
      countries.push(row.country);
      for (const platform of platformsOf(row.platforms)) platforms.push(platform);
    }
  }
  const byName = key.startsWith('n:');
  return {
    key,
    pageId: byName ? '' : key.slice(2),
    name: mostCommon(names) || (byName ? key.slice(2) : ''),
    byName,
    ads: count,
    activeAds,
    newLast7Days: newAds,
    firstSeen,
    lastSeen,
    longestRunning: longest,
    medianWinningScore: median(scores),
    countries: sortedDistinct(countries),
    platforms: sortedDistinct(platforms),
    trend: weeklyCounts(firstSeenDays, today),
    rowIds,
  };
}

/** The ads of `rows` by store (each row once, by id). */
export function adsByStore(rows: Iterable<InsightRow>): Map<string, AdFacts[]> {
  const unique = new Map<string, InsightRow>();
  for (const row of rows) unique.set(row.id, row);
  const stores = new Map<string, AdFacts[]>();
  for (const [key, adRows] of rowsByAd(unique.values())) {
    const ad = adFactsOf(key, adRows, () => false, false);
    const list = stores.get(ad.storeKey);
    if (list) list.push(ad);
    else stores.set(ad.storeKey, [ad]);
  }
  return stores;
}

/** Every store of `rows`, from nothing, in no particular order (the page sorts). */
export function summarizeStores(rows: Iterable<InsightRow>, nowMs: number): StoreSummary[] {
  const today = dayOfMs(nowMs);
  return [...adsByStore(rows)].map(([key, ads]) => summarizeStore(key, ads, today));
}
