/**
 * The rows and ads the Insights summaries read (docs/insights.md#speed), as columns: rows and ads
 * are small integers (slots), an ad's rows a linked list, its facts typed arrays. An ad (one
 * `ad_id`) was seen in one or more runs, one row each; its newest row says what it is now.
 */
import { dayOfDate } from './insight-stats.ts';
import type { InsightRow } from './insight-types.ts';
import { grown, Interned, LinkedGroups } from './int-columns.ts';
import { LinkGroups } from './link-groups.ts';
import { productLinkKey } from './product-link.ts';

/** "No day" in a day column (a day is days since the epoch). */
export const NO_DAY = -0x80000000;

/** Newest first: `created`, then id. */
function newer(a: InsightRow, b: InsightRow): boolean {
  return a.created > b.created || (a.created === b.created && a.id > b.id);
}

export class AdTable {
  readonly rows: InsightRow[] = [];
  private readonly rowSlots = new Map<string, number>();
  rowAd = new Int32Array(0);
  /** The next row of the same ad (-1 at the end). */
  rowNext = new Int32Array(0);
  rowCountry = new Int32Array(0);
  rowPlatforms = new Int32Array(0);
  readonly countries = new Interned();
  /** Platforms texts ('FACEBOOK,INSTAGRAM') and the platform names in each. */
  readonly platformTexts = new Interned();
  readonly platformNames = new Interned();
  readonly platformsOfText: number[][] = [];

  private readonly adSlots = new Map<string, number>();
  /** The ad's id ('row:<row id>' for a row without one: then it is an ad on its own). */
  readonly adKeys: string[] = [];
  adFirstRow = new Int32Array(0);
  /** How many rows the ad has. */
  adRowCount = new Int32Array(0);
  /** The newest row; -1 when the ad has no rows (any more). */
  adLatest = new Int32Array(0);
  adActive = new Uint8Array(0);
  /** The row with the earliest start date (-1 when none has one), and its UTC day. */
  adFirstStart = new Int32Array(0);
  adStartDay = new Int32Array(0);
  /** The rows first and last stored (rows' `created`), and the UTC day of the first. */
  adFirstSeen = new Int32Array(0);
  adLastSeen = new Int32Array(0);
  adFirstSeenDay = new Int32Array(0);
  /** The ad's store (-1 for none yet). */
  adStore = new Int32Array(0);
  /** The creative of the newest row that names one the grouping knows (the caller's number; -1 for none). */
  adCreative = new Int32Array(0);
  /**
   * The store's link group ('store key|productLinkKey' of the newest row naming a page; -1 for
   * none, and in a store that does not use links: see useLinks).
   */
  adLinkGroup = new Int32Array(0);

  /** Stores: 'p:<page id>', or 'n:<store name>' when the ad has no page id. */
  readonly storeKeys: string[] = [];
  private readonly storesByPage = new Map<string, number>();
  private readonly storesByName = new Map<string, number>();
  /** The ads of each store. */
  readonly storeAds = new LinkedGroups();
  /** A store's ads linking to one product page (productLinkKey). */
  private readonly linkGroups = new LinkGroups();
  /** Stores whose ads have link groups (see useLinks). */
  private storeLinks = new Uint8Array(0);

  private touchedMark = new Int32Array(0);
  private touched: number[] = [];
  private generation = 1;

  get adCount(): number {
    return this.adKeys.length;
  }

  private adOf(key: string): number {
    let ad = this.adSlots.get(key);
    if (ad !== undefined) return ad;
    ad = this.adKeys.length;
    this.adKeys.push(key);
    this.adSlots.set(key, ad);
    const size = ad + 1;
    if (size > this.adLatest.length) {
      this.adFirstRow = grown(this.adFirstRow, size, -1);
      this.adRowCount = grown(this.adRowCount, size);
      this.adLatest = grown(this.adLatest, size, -1);
      this.adActive = grown(this.adActive, size);
      this.adFirstStart = grown(this.adFirstStart, size, -1);
      this.adStartDay = grown(this.adStartDay, size, NO_DAY);
      this.adFirstSeen = grown(this.adFirstSeen, size, -1);
      this.adLastSeen = grown(this.adLastSeen, size, -1);
      this.adFirstSeenDay = grown(this.adFirstSeenDay, size, NO_DAY);
      this.adStore = grown(this.adStore, size, -1);
      this.adCreative = grown(this.adCreative, size, -1);
      this.adLinkGroup = grown(this.adLinkGroup, size, -1);
      this.touchedMark = grown(this.touchedMark, size);
    }
    return ad;
  }

  /** The ad `key` names; undefined when none. */
  adNamed(key: string): number | undefined {
    return this.adSlots.get(key);
  }

  touch(ad: number): void {
    if (this.touchedMark[ad] === this.generation) return;
    this.touchedMark[ad] = this.generation;
    this.touched.push(ad);
  }

  /** The ads touched since the last call, each once. */
  takeTouched(): number[] {
    const touched = this.touched;
    this.touched = [];
    this.generation++;
    return touched;
  }

  /** Adds rows (a row already here is replaced by its new version); touches their ads. */
  add(rows: Iterable<InsightRow>): void {
    for (const row of rows) {
      const ad = this.adOf(row.ad_id ? row.ad_id : `row:${row.id}`);
      let slot = this.rowSlots.get(row.id);
      if (slot === undefined) {
        slot = this.rows.length;
        this.rows.push(row);
        this.rowSlots.set(row.id, slot);
        if (slot >= this.rowAd.length) {
          this.rowAd = grown(this.rowAd, slot + 1, -1);
          this.rowNext = grown(this.rowNext, slot + 1, -1);
          this.rowCountry = grown(this.rowCountry, slot + 1);
          this.rowPlatforms = grown(this.rowPlatforms, slot + 1);
        }
        this.linkRow(slot, ad);
      } else {
        this.rows[slot] = row;
        const before = this.rowAd[slot]!;
        if (before !== ad) {
          this.unlinkRow(slot, before);
          this.touch(before);
          this.linkRow(slot, ad);
        }
      }
      this.rowCountry[slot] = this.countries.of(row.country);
      this.rowPlatforms[slot] = this.platformsId(row.platforms);
      this.touch(ad);
    }
  }

  private platformsId(text: string): number {
    const id = this.platformTexts.of(text);
    if (id === this.platformsOfText.length) {
      this.platformsOfText.push(
        text
          .split(',')
          .map((platform) => platform.trim())
          .filter(Boolean)
          .map((platform) => this.platformNames.of(platform)),
      );
    }
    return id;
  }

  private linkRow(slot: number, ad: number): void {
    this.rowAd[slot] = ad;
    this.rowNext[slot] = this.adFirstRow[ad]!;
    this.adFirstRow[ad] = slot;
    this.adRowCount[ad]!++;
  }

  private unlinkRow(slot: number, ad: number): void {
    this.adRowCount[ad]!--;
    if (this.adFirstRow[ad] === slot) this.adFirstRow[ad] = this.rowNext[slot]!;
    else {
      let row = this.adFirstRow[ad]!;
      while (this.rowNext[row] !== slot) row = this.rowNext[row]!;
      this.rowNext[row] = this.rowNext[slot]!;
    }
  }

  private storeOf(row: InsightRow): number {
    const byPage = row.page_id !== '';
    const name = byPage ? row.page_id : row.store_name.trim();
    const stores = byPage ? this.storesByPage : this.storesByName;
    let store = stores.get(name);
    if (store === undefined) {
      store = this.storeKeys.length;
      this.storeKeys.push(byPage ? `p:${name}` : `n:${name}`);
      stores.set(name, store);
    }
    return store;
  }

  /**
   * Computes the ad's facts from its rows and files it under its store; false when it has no
   * rows (then it is in no store). `creativeOf` gives the caller's number of a creative the
   * grouping knows (-1 for one it does not); without it, `adCreative` and `adLinkGroup` stay -1
   * (the stores need neither).
   */
  computeFacts(ad: number, creativeOf?: (id: string) => number): boolean {
    const first = this.adFirstRow[ad]!;
    if (first < 0) {
      this.adLatest[ad] = -1;
      this.adStore[ad] = -1;
      this.adCreative[ad] = -1;
      this.adLinkGroup[ad] = -1;
      this.storeAds.remove(ad);
      return false;
    }
    const rows = this.rows;
    let latest = first;
    let firstStart = -1;
    let firstSeen = first;
    let lastSeen = first;
    let creative = -1;
    let creativeRow = -1;
    for (let slot = first; slot >= 0; slot = this.rowNext[slot]!) {
      const row = rows[slot]!;
      if (newer(row, rows[latest]!)) latest = slot;
      if (row.start_date && (firstStart < 0 || row.start_date < rows[firstStart]!.start_date))
        firstStart = slot;
      if (row.created < rows[firstSeen]!.created) firstSeen = slot;
      if (row.created > rows[lastSeen]!.created) lastSeen = slot;
      if (!creativeOf) continue;
      if (row.creative && (creativeRow < 0 || newer(row, rows[creativeRow]!))) {
        const known = creativeOf(row.creative);
        if (known >= 0) {
          creative = known;
          creativeRow = slot;
        }
      }
    }
    const latestRow = rows[latest]!;
    const store = this.storeOf(latestRow);
    if (this.storeAds.groupOf(ad) !== store) this.storeAds.add(store, ad);
    this.adLatest[ad] = latest;
    this.adActive[ad] = latestRow.active_status === 'ACTIVE' ? 1 : 0;
    this.adFirstStart[ad] = firstStart;
    this.adStartDay[ad] = firstStart < 0 ? NO_DAY : (dayOfDate(rows[firstStart]!.start_date) ?? NO_DAY);
    this.adFirstSeen[ad] = firstSeen;
    this.adLastSeen[ad] = lastSeen;
    this.adFirstSeenDay[ad] = dayOfDate(rows[firstSeen]!.created) ?? NO_DAY;
    this.adStore[ad] = store;
    this.adCreative[ad] = creative;
    this.adLinkGroup[ad] = creativeOf && this.storeLinks[store] ? this.linkGroupOfAd(ad, store) : -1;
    return true;
  }

  /**
   * From now on, the ads of `store` have link groups (`adLinkGroup`); answers whether that is
   * new (then the caller computes them with `computeLink`). Link groups matter only in a store
   * with an ad without a creative, so only such stores read their ads' links.
   */
  useLinks(store: number): boolean {
    if (store >= this.storeLinks.length) this.storeLinks = grown(this.storeLinks, store + 1);
    if (this.storeLinks[store]) return false;
    this.storeLinks[store] = 1;
    return true;
  }

  /** Computes `adLinkGroup` of an ad (with rows) of a store that uses links. */
  computeLink(ad: number): void {
    this.adLinkGroup[ad] = this.linkGroupOfAd(ad, this.adStore[ad]!);
  }

  /** The link group of productLinkKey of the newest row whose link names a page; -1 for none. */
  private linkGroupOfAd(ad: number, store: number): number {
    const rows = this.rows;
    let link: string | null = null;
    let linkRow = -1;
    for (let slot = this.adFirstRow[ad]!; slot >= 0; slot = this.rowNext[slot]!) {
      const row = rows[slot]!;
      if (linkRow >= 0 && !newer(row, rows[linkRow]!)) continue;
      const rowLink = productLinkKey(row.product_link);
      if (rowLink !== null) {
        link = rowLink;
        linkRow = slot;
      }
    }
    return link === null ? -1 : this.linkGroups.of(store, link);
  }

  /** A link group's key: 'store key|productLinkKey'. */
  linkGroupKey(group: number): string {
    return `${this.storeKeys[this.linkGroups.storeOf(group)]!}|${this.linkGroups.linkOf(group)}`;
  }

  /** The ad's first start date ('' when unknown). */
  firstStartOf(ad: number): string {
    const row = this.adFirstStart[ad]!;
    return row < 0 ? '' : this.rows[row]!.start_date;
  }

  /** The rows of one ad, in no particular order. */
  rowsOf(ad: number): InsightRow[] {
    const out: InsightRow[] = [];
    for (let slot = this.adFirstRow[ad]!; slot >= 0; slot = this.rowNext[slot]!) out.push(this.rows[slot]!);
    return out;
  }
}
