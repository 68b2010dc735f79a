/**
 * One product's line on the Insights page (ProductSummary, docs/insights.md#products) from the
 * ads grouped into it (a group of InsightsIndex's `productAds`). Every value depends on the set of
 * ads only, never on their order. The scratch arrays are reused from one product to the next.
 */
import { NO_DAY, type AdTable } from './ad-table.ts';
import { countInTrend, emptyTrend } from './insight-stats.ts';
import { MOMENTUM_DAYS, type ProductSummary } from './insight-types.ts';
import { grown, MedianBuffer, StringTally, Tally, type LinkedGroups } from './int-columns.ts';

export class ProductSummarizer {
  private readonly titles = new StringTally();
  private readonly countries = new Tally();
  private readonly daysRunning = new MedianBuffer();
  /** Per store of the product being summarized (stamped): the ad its name comes from, active, first start. */
  private storeMark = new Int32Array(0);
  private storeNameAd = new Int32Array(0);
  private storeActive = new Uint8Array(0);
  private storeFirstStart = new Int32Array(0);
  private readonly stores: number[] = [];
  private generation = 0;

  constructor(private readonly table: AdTable) {}

  /**
   * `creative` is the representative creative's id and `creativeNum` its number in
   * `table.adCreative` ('' and -1 for a product grouped by its link only).
   */
  summarize(
    key: string,
    creative: string,
    creativeNum: number,
    ads: LinkedGroups,
    product: number,
    today: number,
  ): ProductSummary {
    const table = this.table;
    const { rows, adKeys } = table;
    this.titles.reset();
    this.countries.reset();
    this.daysRunning.reset();
    this.stores.length = 0;
    const generation = ++this.generation;
    if (table.storeKeys.length > this.storeMark.length) {
      const size = table.storeKeys.length;
      this.storeMark = grown(this.storeMark, size);
      this.storeNameAd = grown(this.storeNameAd, size);
      this.storeActive = grown(this.storeActive, size);
      this.storeFirstStart = grown(this.storeFirstStart, size);
    }
    let rowCount = 0;
    for (let ad = ads.first(product); ad >= 0; ad = ads.after(ad)) rowCount += table.adRowCount[ad]!;
    const rowIds = new Array<string>(rowCount);
    let rowAt = 0;
    let adCount = 0;
    let activeAds = 0;
    let firstStart = -1;
    let mediaAd = -1;
    let mediaUrl = '';
    let mediaPreferred = false;
    for (let ad = ads.first(product); ad >= 0; ad = ads.after(ad)) {
      adCount++;
      const latest = rows[table.adLatest[ad]!]!;
      const active = table.adActive[ad] === 1;
      if (active) activeAds++;
      this.titles.add(latest.title);
      if (latest.start_date) this.daysRunning.push(latest.days_running);
      const adStart = table.adFirstStart[ad]!;
      if (adStart >= 0 && (firstStart < 0 || rows[adStart]!.start_date < rows[firstStart]!.start_date))
        firstStart = adStart;
      for (let slot = table.adFirstRow[ad]!; slot >= 0; slot = table.rowNext[slot]!) {
        rowIds[rowAt++] = rows[slot]!.id;
        this.countries.add(table.rowCountry[slot]!);
      }
      const url = latest.media_poster_url || latest.media_url;
      const preferred = creativeNum >= 0 && table.adCreative[ad] === creativeNum;
      if (
        url &&
        (mediaAd < 0 ||
          (preferred && !mediaPreferred) ||
          (preferred === mediaPreferred && adKeys[ad]! < adKeys[mediaAd]!))
      ) {
        mediaAd = ad;
        mediaUrl = url;
        mediaPreferred = preferred;
      }
      const store = table.adStore[ad]!;
      if (this.storeMark[store] !== generation) {
        this.storeMark[store] = generation;
        this.storeNameAd[store] = ad;
        this.storeActive[store] = 0;
        this.storeFirstStart[store] = -1;
        this.stores.push(store);
      } else if (adKeys[ad]! < adKeys[this.storeNameAd[store]!]!) {
        this.storeNameAd[store] = ad;
      }
      if (active) this.storeActive[store] = 1;
      const storeStart = this.storeFirstStart[store]!;
      if (adStart >= 0 && (storeStart < 0 || rows[adStart]!.start_date < table.firstStartOf(storeStart)))
        this.storeFirstStart[store] = ad;
    }
    let newest = -1;
    let newestStart = '';
    let momentum = 0;
    let storesStopped = 0;
    const trend = emptyTrend();
    for (const store of this.stores) {
      if (!this.storeActive[store]) storesStopped++;
      const startAd = this.storeFirstStart[store]!;
      if (startAd < 0) continue;
      const startDay = table.adStartDay[startAd]!;
      const start = table.firstStartOf(startAd);
      if (startDay === NO_DAY) continue;
      countInTrend(trend, startDay, today);
      if (startDay > today - MOMENTUM_DAYS && startDay <= today) momentum++;
      if (
        newest < 0 ||
        start > newestStart ||
        (start === newestStart && table.storeKeys[store]! < table.storeKeys[newest]!)
      ) {
        newest = store;
        newestStart = start;
      }
    }
    const newestLatest = newest < 0 ? null : rows[table.adLatest[this.storeNameAd[newest]!]!]!;
    return {
      key,
      name: this.titles.mostCommon(),
      creative,
      mediaUrl,
      stores: this.stores.length,
      storesStopped,
      ads: adCount,
      activeAds,
      medianDaysRunning: this.daysRunning.median(),
      firstStart: firstStart < 0 ? '' : rows[firstStart]!.start_date,
      newestStore: newestLatest
        ? { name: newestLatest.store_name, pageId: newestLatest.page_id, since: newestStart }
        : null,
      momentum,
      trend,
      countries: this.countries.distinct(table.countries.values),
      rowIds,
    };
  }
}
