/**
 * The comparison behind a watch run's report (docs/reports.md#how-a-report-is-computed): this run
 * against what the watch saw before, as counts (the true totals) and capped, ranked lists.
 *
 * - new: the run's ads new to the user (`is_new` rows);
 * - stopped: ads whose last sighting by the watch was running and that this run shows stopped
 *   (inactive, or with an end date), or, missing from this run, that the source's look-up says
 *   stopped. A watch whose link asks for active ads only takes the look-up's word alone;
 * - came back: ads whose last sighting was stopped and that run again;
 * - not seen this time: ads of the previous run missing from this one and not called stopped;
 * - products gaining stores and stores adding ads, among the watch's ads, by the Insights rules
 *   (src/domain/insights: the same index groups them and keys the stores).
 *
 * Pure: the worker reads the rows through SERVER_ROUTES.reportRows and calls it; the tests call
 * it with any rows.
 */
import { InsightsIndex } from '../insights/insights-index.ts';
import type { InsightCreative } from '../insights/insight-types.ts';
import {
  REPORT_ITEM_AD_IDS_CAP,
  REPORT_LIST_CAP,
  type LookupAnswer,
  type ReportAdItem,
  type ReportContent,
  type ReportProductItem,
  type ReportRow,
  type ReportStoreItem,
} from './report-contract.ts';

export interface CompareRunsInput {
  /** This run's rows. */
  current: readonly ReportRow[];
  /** The rows of the watch's previous completed run ([] for its first run). */
  previous: readonly ReportRow[];
  /**
   * Rows of the watch's earlier completed runs, any number per ad (the previous run's may be
   * among them): the newest row of an ad is its last sighting.
   */
  history: readonly ReportRow[];
  /** The perceptual hashes of the creatives the rows name (the Insights grouping's input). */
  creatives: readonly InsightCreative[];
  /** The source's answers about ads missing from this run ([] when it was not asked). */
  lookup: readonly LookupAnswer[];
  /** The watch's link asks for active ads only: only the look-up may call an ad stopped. */
  activeOnly: boolean;
  /** When the run finished: momentum counts days back from it. */
  nowMs: number;
}

/** What a row says of its ad: running, stopped, or nothing (the source gave no status). */
export type AdState = 'active' | 'stopped' | 'unknown';

export function stateOf(row: Pick<ReportRow, 'active_status' | 'end_date'>): AdState {
  if (row.end_date || row.active_status === 'INACTIVE') return 'stopped';
  return row.active_status === 'ACTIVE' ? 'active' : 'unknown';
}

/** Whether the look-up says the ad stopped: inactive, or with an end date. */
function lookupSaysStopped(answer: LookupAnswer | undefined): boolean {
  return answer !== undefined && (!answer.active || answer.endDate !== '');
}

/** `a` is a later sighting than `b` (the Insights index's order: created, then id). */
function newer(a: ReportRow, b: ReportRow): boolean {
  return a.created > b.created || (a.created === b.created && a.id > b.id);
}

/** Ads by winning score, then days running, then id: the order of every ad list. */
function byRank(a: ReportAdItem, b: ReportAdItem): number {
  return (
    b.winningScore - a.winningScore ||
    b.daysRunning - a.daysRunning ||
    (a.adId < b.adId ? -1 : a.adId > b.adId ? 1 : 0)
  );
}

function adItem(row: ReportRow, creative: string, active: boolean): ReportAdItem {
  return {
    adId: row.ad_id,
    row: row.id,
    creative,
    store: row.store_name,
    pageId: row.page_id,
    title: row.title,
    daysRunning: Math.max(0, Math.floor(row.days_running)),
    winningScore: Math.min(100, Math.max(0, row.winning_score)),
    active,
  };
}

/** The first REPORT_LIST_CAP items of `items` in `order`, and how many there were. */
function ranked<T>(items: T[], order: (a: T, b: T) => number): { count: number; first: T[] } {
  return { count: items.length, first: items.sort(order).slice(0, REPORT_LIST_CAP) };
}

const compareText = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

/** One row per ad (the newest), by ad id. */
function newestByAd(...lists: (readonly ReportRow[])[]): Map<string, ReportRow> {
  const out = new Map<string, ReportRow>();
  for (const rows of lists) {
    for (const row of rows) {
      const seen = out.get(row.ad_id);
      if (!seen || newer(row, seen)) out.set(row.ad_id, row);
    }
  }
  return out;
}

export function compareRuns(input: CompareRunsInput): ReportContent {
  const current = newestByAd(input.current);
  const before = newestByAd(input.previous, input.history);
  const previousAds = new Set(input.previous.map((row) => row.ad_id));
  const answers = new Map(input.lookup.map((answer) => [answer.adId, answer]));
  /** An ad's creative: its row's, else the one an earlier sighting had (the archive links every row of an ad). */
  const creativeOf = (row: ReportRow) => row.creative || before.get(row.ad_id)?.creative || '';

  const fresh: ReportAdItem[] = [];
  const stopped: ReportAdItem[] = [];
  const resumed: ReportAdItem[] = [];
  const unseen: ReportAdItem[] = [];
  for (const row of current.values()) {
    const now = stateOf(row);
    if (row.is_new) fresh.push(adItem(row, creativeOf(row), now === 'active'));
    const seen = before.get(row.ad_id);
    if (!seen) continue;
    const then = stateOf(seen);
    if (then === 'active' && now === 'stopped' && !input.activeOnly)
      stopped.push(adItem(row, creativeOf(row), false));
    else if (then === 'stopped' && now === 'active') resumed.push(adItem(row, creativeOf(row), true));
  }
  let lookedUp = 0;
  for (const adId of previousAds) {
    if (current.has(adId)) continue;
    const last = before.get(adId)!;
    const answer = answers.get(adId);
    if (answer) lookedUp++;
    if (stateOf(last) === 'active' && lookupSaysStopped(answer))
      stopped.push(adItem(last, last.creative, false));
    else unseen.push(adItem(last, last.creative, stateOf(last) === 'active'));
  }

  const { products, stores } = movers(input, current, before);
  const newAds = ranked(fresh, byRank);
  const stoppedAds = ranked(stopped, byRank);
  const resumedAds = ranked(resumed, byRank);
  const unseenAds = ranked(unseen, byRank);
  return {
    ads_count: current.size,
    new_count: newAds.count,
    stopped_count: stoppedAds.count,
    resumed_count: resumedAds.count,
    unseen_count: unseenAds.count,
    looked_up_count: lookedUp,
    products_count: products.count,
    stores_count: stores.count,
    new_ads: newAds.first,
    stopped_ads: stoppedAds.first,
    resumed_ads: resumedAds.first,
    unseen_ads: unseenAds.first,
    products: products.first,
    stores: stores.first,
  };
}

/**
 * Products gaining stores and stores adding ads among the watch's ads: one Insights index over
 * every sighting (its groups and store keys are the Insights page's rules), then, per product, its
 * stores among the ads seen before this run against all of them, and, per store, this run's ads
 * the watch had never seen.
 */
function movers(
  input: CompareRunsInput,
  current: Map<string, ReportRow>,
  before: Map<string, ReportRow>,
): {
  products: { count: number; first: ReportProductItem[] };
  stores: { count: number; first: ReportStoreItem[] };
} {
  const index = new InsightsIndex();
  const all = [...before.values(), ...current.values()];
  // a ReportRow is an InsightRow with two fields more, which the index ignores
  index.add(all, input.creatives);
  index.refresh(input.nowMs);
  const adOfRow = new Map(all.map((row) => [row.id, row.ad_id]));
  const storeOfAd = new Map<string, string>();
  const storeSummaries = index.stores();
  for (const store of storeSummaries)
    for (const rowId of store.rowIds) storeOfAd.set(adOfRow.get(rowId)!, store.key);
  /** The score an ad ranks by: this run's row's, else its last sighting's. */
  const scoreOf = (adId: string) => (current.get(adId) ?? before.get(adId))?.winning_score ?? 0;
  const byScore = (a: string, b: string) => scoreOf(b) - scoreOf(a) || compareText(a, b);

  const products: ReportProductItem[] = [];
  for (const product of index.products()) {
    const ads = [...new Set(product.rowIds.map((rowId) => adOfRow.get(rowId)!))];
    const storesBefore = new Set<string>();
    const storesNow = new Set<string>();
    for (const adId of ads) {
      const store = storeOfAd.get(adId)!;
      storesNow.add(store);
      if (before.has(adId)) storesBefore.add(store);
    }
    if (storesNow.size <= storesBefore.size) continue;
    const inRun = ads.filter((adId) => current.has(adId)).sort(byScore);
    const others = ads.filter((adId) => !current.has(adId)).sort(byScore);
    products.push({
      key: product.key,
      name: product.name,
      creative: product.creative,
      storesNow: storesNow.size,
      storesBefore: storesBefore.size,
      momentum: product.momentum,
      ads: ads.length,
      adIds: [...inRun, ...others].slice(0, REPORT_ITEM_AD_IDS_CAP),
    });
  }

  const stores: ReportStoreItem[] = [];
  for (const store of storeSummaries) {
    const added = [
      ...new Set(store.rowIds.map((rowId) => adOfRow.get(rowId)!).filter((adId) => !before.has(adId))),
    ].sort(byScore);
    if (added.length === 0) continue;
    stores.push({
      key: store.key,
      pageId: store.pageId,
      name: store.name,
      adsAdded: added.length,
      adIds: added.slice(0, REPORT_ITEM_AD_IDS_CAP),
    });
  }
  const bestScore = (item: ReportStoreItem) => scoreOf(item.adIds[0] ?? '');
  return {
    products: ranked(
      products,
      (a, b) =>
        b.momentum - a.momentum ||
        b.storesNow - b.storesBefore - (a.storesNow - a.storesBefore) ||
        b.storesNow - a.storesNow ||
        compareText(a.key, b.key),
    ),
    stores: ranked(
      stores,
      (a, b) => b.adsAdded - a.adsAdded || bestScore(b) - bestScore(a) || compareText(a.key, b.key),
    ),
  };
}

/** The creatives the rows name, with their hashes (rows carry their creative's `phash`). */
export function creativesOfRows(...lists: (readonly ReportRow[])[]): InsightCreative[] {
  const out = new Map<string, string>();
  for (const rows of lists)
    for (const row of rows) if (row.creative && row.phash) out.set(row.creative, row.phash);
  return [...out].map(([id, phash]) => ({ id, phash }));
}
