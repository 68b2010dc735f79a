/**
 * One advertiser's line on the Insights page (StoreSummary, docs/insights.md#stores): ads by
 * `page_id`, or by store name for ads without one (marked `byName`). The scratch arrays are
 * reused from one store to the next.
 */
import { AdTable, NO_DAY } from './ad-table.ts';
import { countInTrend, dayOfMs, emptyTrend } from './insight-stats.ts';
import type { InsightRow, StoreSummary } from './insight-types.ts';
import { MedianBuffer, StringTally, Tally } from './int-columns.ts';

/** Days counted as "new" for a store's ads: first seen today or in the 6 days before. */
const NEW_ADS_DAYS = 7;

export class StoreSummarizer {
  private readonly names = new StringTally();
  private readonly countries = new Tally();
  private readonly platforms = new Tally();
  private readonly scores = new MedianBuffer();

  constructor(private readonly table: AdTable) {}

  /** The store `store` of the table (its ads are `table.storeAds`). */
  summarize(store: number, today: number): StoreSummary {
    const table = this.table;
    const { rows } = table;
    const key = table.storeKeys[store]!;
    this.names.reset();
    this.countries.reset();
    this.platforms.reset();
    this.scores.reset();
    const trend = emptyTrend();
    let rowCount = 0;
    for (let ad = table.storeAds.first(store); ad >= 0; ad = table.storeAds.after(ad))
      rowCount += table.adRowCount[ad]!;
    // sized once: most stores have a row or two, and a list grown by push keeps room for 17
    const rowIds = new Array<string>(rowCount);
    let rowAt = 0;
    let count = 0;
    let activeAds = 0;
    let newAds = 0;
    let firstSeen = '';
    let lastSeen = '';
    let longest: { adId: string; days: number } | null = null;
    for (let ad = table.storeAds.first(store); ad >= 0; ad = table.storeAds.after(ad)) {
      count++;
      const latest = rows[table.adLatest[ad]!]!;
      this.names.add(latest.store_name);
      this.scores.push(latest.winning_score);
      if (table.adActive[ad]) activeAds++;
      const firstSeenDay = table.adFirstSeenDay[ad]!;
      if (firstSeenDay !== NO_DAY) {
        countInTrend(trend, firstSeenDay, today);
        if (firstSeenDay > today - NEW_ADS_DAYS && firstSeenDay <= today) newAds++;
      }
      const adFirstSeen = rows[table.adFirstSeen[ad]!]!.created;
      const adLastSeen = rows[table.adLastSeen[ad]!]!.created;
      if (!firstSeen || adFirstSeen < firstSeen) firstSeen = adFirstSeen;
      if (adLastSeen > lastSeen) lastSeen = adLastSeen;
      if (
        latest.start_date &&
        (!longest ||
          latest.days_running > longest.days ||
          (latest.days_running === longest.days && latest.ad_id < longest.adId))
      ) {
        longest = { adId: latest.ad_id, days: latest.days_running };
      }
      for (let slot = table.adFirstRow[ad]!; slot >= 0; slot = table.rowNext[slot]!) {
        rowIds[rowAt++] = rows[slot]!.id;
        this.countries.add(table.rowCountry[slot]!);
        for (const platform of table.platformsOfText[table.rowPlatforms[slot]!]!)
          this.platforms.add(platform);
      }
    }
    const byName = key.startsWith('n:');
    return {
      key,
      pageId: byName ? '' : key.slice(2),
      name: this.names.mostCommon() || (byName ? key.slice(2) : ''),
      byName,
      ads: count,
      activeAds,
      newLast7Days: newAds,
      firstSeen,
      lastSeen,
      longestRunning: longest,
      medianWinningScore: this.scores.median(),
      countries: this.countries.distinct(table.countries.values),
      platforms: this.platforms.distinct(table.platformNames.values),
      trend,
      rowIds,
    };
  }
}

/** Every store of `rows`, from nothing, in no particular order (the page sorts). */
export function summarizeStores(rows: Iterable<InsightRow>, nowMs: number): StoreSummary[] {
  const today = dayOfMs(nowMs);
  const table = new AdTable();
  table.add(rows);
  for (const ad of table.takeTouched()) table.computeFacts(ad);
  const summarizer = new StoreSummarizer(table);
  const out: StoreSummary[] = [];
  for (let store = 0; store < table.storeKeys.length; store++)
    if (table.storeAds.size(store) > 0) out.push(summarizer.summarize(store, today));
  return out;
}
