/**
 * One product's line on the Insights page (ProductSummary, docs/insights.md#products) from the
 * ads grouped into it. Every value depends on the set of ads only, never on their order.
 */
import type { AdFacts } from './ad-facts.ts';
import { median, mostCommon, sortedDistinct, weeklyCounts } from './insight-stats.ts';
import { MOMENTUM_DAYS, type ProductSummary } from './insight-types.ts';

interface StoreOfProduct {
  key: string;
  pageId: string;
  /** The store's name as its first ad (by key) gives it. */
  name: string;
  nameFrom: string;
  firstStart: string;
  startDay: number | null;
  active: boolean;
}

/** `creative` is the representative creative's id ('' for a product grouped by its link only). */
export function summarizeProduct(
  key: string,
  creative: string,
  ads: Iterable<AdFacts>,
  today: number,
): ProductSummary {
  const stores = new Map<string, StoreOfProduct>();
  const titles: string[] = [];
  const daysRunning: number[] = [];
  const countries: string[] = [];
  const rowIds: string[] = [];
  let adCount = 0;
  let activeAds = 0;
  let firstStart = '';
  let media: { from: string; url: string; preferred: boolean } | null = null;
  for (const ad of ads) {
    adCount++;
    const { latest } = ad;
    if (ad.active) activeAds++;
    titles.push(latest.title);
    if (latest.start_date) daysRunning.push(latest.days_running);
    if (ad.firstStart && (!firstStart || ad.firstStart < firstStart)) firstStart = ad.firstStart;
    for (const row of ad.rows) {
      rowIds.push(row.id);
      countries.push(row.country);
    }
    const url = latest.media_poster_url || latest.media_url;
    const preferred = creative !== '' && ad.creative === creative;
    if (
      url &&
      (!media || (preferred && !media.preferred) || (preferred === media.preferred && ad.key < media.from))
    ) {
      media = { from: ad.key, url, preferred };
    }
    let store = stores.get(ad.storeKey);
    if (!store) {
      store = {
        key: ad.storeKey,
        pageId: latest.page_id,
        name: latest.store_name,
        nameFrom: ad.key,
        firstStart: '',
        startDay: null,
        active: false,
      };
      stores.set(ad.storeKey, store);
    } else if (ad.key < store.nameFrom) {
      store.name = latest.store_name;
      store.nameFrom = ad.key;
    }
    if (ad.active) store.active = true;
    if (ad.firstStart && (!store.firstStart || ad.firstStart < store.firstStart)) {
      store.firstStart = ad.firstStart;
      store.startDay = ad.startDay;
    }
  }
  let newest: StoreOfProduct | null = null;
  let momentum = 0;
  const startDays: number[] = [];
  let storesStopped = 0;
  for (const store of stores.values()) {
    if (!store.active) storesStopped++;
    if (store.startDay === null) continue;
    startDays.push(store.startDay);
    if (store.startDay > today - MOMENTUM_DAYS && store.startDay <= today) momentum++;
    if (
      !newest ||
      store.firstStart > newest.firstStart ||
      (store.firstStart === newest.firstStart && store.key < newest.key)
    ) {
      newest = store;
    }
  }
  return {
    key,
    name: mostCommon(titles),
    creative,
    mediaUrl: media?.url ?? '',
    stores: stores.size,
    storesStopped,
    ads: adCount,
    activeAds,
    medianDaysRunning: median(daysRunning),
    firstStart,
    newestStore: newest ? { name: newest.name, pageId: newest.pageId, since: newest.firstStart } : null,
    momentum,
    trend: weeklyCounts(startDays, today),
    countries: sortedDistinct(countries),
    rowIds,
  };
}
