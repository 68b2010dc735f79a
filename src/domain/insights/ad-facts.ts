/**
 * What the summaries need to know of one ad (one `ad_id`), from all the rows it was seen in:
 * every run that found it stored a row. The newest row says what the ad is now.
 */
import { dayOfDate } from './insight-stats.ts';
import type { InsightRow } from './insight-types.ts';
import { productLinkKey } from './product-link.ts';

export interface AdFacts {
  /** The ad's id ('row:<row id>' for a row without one: then it is an ad on its own). */
  key: string;
  rows: InsightRow[];
  /** The newest row (by `created`, then id). */
  latest: InsightRow;
  /** 'p:<page id>', or 'n:<store name>' when the ad has no page id. */
  storeKey: string;
  /** The creative of the newest row that names one the grouping knows ('' for none). */
  creative: string;
  /** productLinkKey of the newest row whose link names a page; null for none. */
  link: string | null;
  active: boolean;
  /** The earliest start date of its rows ('' when unknown), and its UTC day. */
  firstStart: string;
  startDay: number | null;
  /** When the user's scouts first and last stored it (rows' `created`). */
  firstSeen: string;
  lastSeen: string;
  firstSeenDay: number | null;
  /** The product it belongs to and its store's link group ('store key|link key'): kept by InsightsIndex. */
  product: string;
  linkGroup: string | null;
}

export function adKeyOf(row: InsightRow): string {
  return row.ad_id ? row.ad_id : `row:${row.id}`;
}

export function storeKeyOf(row: Pick<InsightRow, 'page_id' | 'store_name'>): string {
  return row.page_id ? `p:${row.page_id}` : `n:${row.store_name.trim()}`;
}

/** Newest first: `created`, then id. */
function newer(a: InsightRow, b: InsightRow): boolean {
  return a.created > b.created || (a.created === b.created && a.id > b.id);
}

/**
 * The ad's facts from its rows (at least one); `knownCreative` says which creatives can group.
 * `links: false` leaves `link` null (the stores need no product pages).
 */
export function adFactsOf(
  key: string,
  rows: InsightRow[],
  knownCreative: (id: string) => boolean,
  links = true,
): AdFacts {
  let latest = rows[0]!;
  let firstStart = '';
  let firstSeen = latest.created;
  let lastSeen = latest.created;
  for (const row of rows) {
    if (newer(row, latest)) latest = row;
    if (row.start_date && (!firstStart || row.start_date < firstStart)) firstStart = row.start_date;
    if (row.created < firstSeen) firstSeen = row.created;
    if (row.created > lastSeen) lastSeen = row.created;
  }
  let creative = '';
  let creativeRow: InsightRow | null = null;
  let link: string | null = null;
  let linkRow: InsightRow | null = null;
  for (const row of rows) {
    if (row.creative && knownCreative(row.creative) && (!creativeRow || newer(row, creativeRow))) {
      creative = row.creative;
      creativeRow = row;
    }
    if (links && (!linkRow || newer(row, linkRow))) {
      const rowLink = productLinkKey(row.product_link);
      if (rowLink !== null) {
        link = rowLink;
        linkRow = row;
      }
    }
  }
  return {
    key,
    rows,
    latest,
    storeKey: storeKeyOf(latest),
    creative,
    link,
    active: latest.active_status === 'ACTIVE',
    firstStart,
    startDay: dayOfDate(firstStart),
    firstSeen,
    lastSeen,
    firstSeenDay: dayOfDate(firstSeen),
    product: '',
    linkGroup: null,
  };
}

/** The rows by ad. */
export function rowsByAd(rows: Iterable<InsightRow>): Map<string, InsightRow[]> {
  const byAd = new Map<string, InsightRow[]>();
  for (const row of rows) {
    const key = adKeyOf(row);
    const list = byAd.get(key);
    if (list) list.push(row);
    else byAd.set(key, [row]);
  }
  return byAd;
}
