/**
 * The Insights of a growing set of rows, kept up to date row by row (docs/insights.md): which
 * product and store each ad belongs to, and the summaries of those that changed. Adding 1,000
 * rows to 50,000 recomputes only the products and stores those rows touch (and, when a creative
 * becomes or stops being a representative, the ads of the creatives that move).
 *
 * How ads become products (no chains): an ad whose creative is archived (and hashed) belongs to
 * its creative's group (creative-clusters.ts), whatever it links to; links never join two
 * groups. An ad without one yet joins, through its store's link to the same product page
 * (productLinkKey), the group that most of that store's ads with that link belong to; when none
 * of them has a creative, those ads are a product of the store's link ('l:' keys); an ad with
 * neither is a product alone ('a:' keys). Products are keyed 'c:<representative creative id>'.
 *
 * Ads, stores, creatives, link groups and products are small integers, their facts and groups
 * typed arrays and linked lists (ad-table.ts, int-columns.ts): the computation makes about one
 * object per summary, not several per row (docs/insights.md#speed).
 */
import { adHistory } from './ad-history.ts';
import { AdTable } from './ad-table.ts';
import { CreativeClusters } from './creative-clusters.ts';
import { hashBits } from './hash-bits.ts';
import { dayOfMs } from './insight-stats.ts';
import {
  PRODUCT_PHASH_RADIUS,
  type AdSighting,
  type InsightCreative,
  type InsightRow,
  type ProductSummary,
  type StoreSummary,
} from './insight-types.ts';
import { grown, Interned, LinkedGroups, MarkedSet, Tally } from './int-columns.ts';
import { ProductKeys } from './product-keys.ts';
import { ProductSummarizer } from './product-summary.ts';
import { StoreSummarizer } from './store-summary.ts';

/** What a refresh changed: summaries to show again, and keys no longer there. */
export interface InsightsChanges {
  products: { changed: ProductSummary[]; removed: string[] };
  stores: { changed: StoreSummary[]; removed: string[] };
}

export class InsightsIndex {
  private readonly table = new AdTable();
  /** Every creative named by a row or given (id → number); the known ones have a valid hash. */
  private readonly creatives = new Interned();
  private creativeKnown = new Uint8Array(0);
  private creativeHi = new Uint32Array(0);
  private creativeLo = new Uint32Array(0);
  /** How many ads have each creative as theirs: a creative groups while some ad has it. */
  private creativeUses = new Int32Array(0);
  private creativeClustered = new Uint8Array(0);
  private readonly clusters = new CreativeClusters(PRODUCT_PHASH_RADIUS);
  /** Ads (keys) with a row naming a creative not known yet: woken when it arrives. */
  private readonly adsAwaitingCreative = new Map<number, string[]>();
  private readonly adsByCreative = new LinkedGroups();
  private readonly linkMembers = new LinkedGroups();
  private readonly productAds = new LinkedGroups();
  private readonly productKeys = new ProductKeys(
    (rep) => this.creatives.values[rep]!,
    (group) => this.table.linkGroupKey(group),
    (ad) => this.table.adKeys[ad]!,
  );
  private readonly productSummaries: (ProductSummary | undefined)[] = [];
  private readonly storeSummaries: (StoreSummary | undefined)[] = [];
  private readonly dirtyProducts = new MarkedSet();
  private readonly dirtyStores = new MarkedSet();
  private readonly productVotes = new Tally();
  private readonly productSummarizer = new ProductSummarizer(this.table);
  private readonly storeSummarizer = new StoreSummarizer(this.table);
  private today: number | null = null;

  private creativeNumber(id: string): number {
    const num = this.creatives.of(id);
    if (num >= this.creativeKnown.length) {
      this.creativeKnown = grown(this.creativeKnown, num + 1);
      this.creativeHi = grown(this.creativeHi, num + 1);
      this.creativeLo = grown(this.creativeLo, num + 1);
      this.creativeUses = grown(this.creativeUses, num + 1);
      this.creativeClustered = grown(this.creativeClustered, num + 1);
    }
    return num;
  }

  /** Adds rows (a row already here is replaced by its new version) and creatives. */
  add(rows: Iterable<InsightRow>, creatives: Iterable<InsightCreative> = []): void {
    const table = this.table;
    for (const creative of creatives) {
      const num = this.creativeNumber(creative.id);
      if (this.creativeKnown[num]) continue;
      const bits = hashBits(creative.phash);
      if (!bits) continue;
      this.creativeKnown[num] = 1;
      this.creativeHi[num] = bits.hi;
      this.creativeLo[num] = bits.lo;
      const waiting = this.adsAwaitingCreative.get(num);
      if (!waiting) continue;
      this.adsAwaitingCreative.delete(num);
      for (const key of waiting) {
        const ad = table.adNamed(key);
        if (ad !== undefined) table.touch(ad);
      }
    }
    const list = Array.isArray(rows) ? (rows as InsightRow[]) : [...rows];
    for (const row of list) {
      if (!row.creative) continue;
      const num = this.creativeNumber(row.creative);
      if (this.creativeKnown[num]) continue;
      const waiting = this.adsAwaitingCreative.get(num);
      const key = row.ad_id ? row.ad_id : `row:${row.id}`;
      if (waiting) waiting.push(key);
      else this.adsAwaitingCreative.set(num, [key]);
    }
    table.add(list);
    this.regroup(table.takeTouched());
  }

  private regroup(touched: number[]): void {
    const table = this.table;
    const useChanged: number[] = [];
    const use = (creative: number, delta: number) => {
      if (creative < 0) return;
      this.creativeUses[creative]! += delta;
      useChanged.push(creative);
    };
    const creativeOf = (id: string) => {
      const num = this.creatives.get(id);
      return num !== undefined && this.creativeKnown[num] ? num : -1;
    };
    const affected: number[] = [];
    const groups: number[] = [];
    for (const ad of touched) {
      const oldStore = table.adStore[ad]!;
      const oldCreative = table.adCreative[ad]!;
      const oldLink = table.adLinkGroup[ad]!;
      const hasRows = table.computeFacts(ad, creativeOf);
      this.dirtyProducts.mark(this.productAds.groupOf(ad));
      this.dirtyStores.mark(oldStore);
      const creative = table.adCreative[ad]!;
      if (hasRows && creative < 0 && table.useLinks(table.adStore[ad]!))
        this.linkStore(table.adStore[ad]!, groups);
      if (creative !== oldCreative) {
        if (oldCreative >= 0) this.adsByCreative.remove(ad);
        if (creative >= 0) this.adsByCreative.add(creative, ad);
        use(oldCreative, -1);
        use(creative, 1);
      }
      const link = table.adLinkGroup[ad]!;
      if (link !== oldLink) {
        if (oldLink >= 0) this.linkMembers.remove(ad);
        if (link >= 0) this.linkMembers.add(link, ad);
      }
      if (oldLink >= 0) groups.push(oldLink);
      if (!hasRows) {
        this.productAds.remove(ad);
        continue;
      }
      this.dirtyStores.mark(table.adStore[ad]!);
      affected.push(ad);
    }
    for (const creative of useChanged) {
      const used = this.creativeUses[creative]! > 0;
      if (used === (this.creativeClustered[creative] === 1)) continue;
      this.creativeClustered[creative] = used ? 1 : 0;
      if (used)
        this.clusters.stage(
          creative,
          this.creatives.values[creative]!,
          this.creativeHi[creative]!,
          this.creativeLo[creative]!,
        );
      else this.clusters.unstage(creative);
    }
    for (const creative of this.clusters.apply()) {
      for (let ad = this.adsByCreative.first(creative); ad >= 0; ad = this.adsByCreative.after(ad))
        affected.push(ad);
    }
    for (const ad of affected) {
      const link = table.adLinkGroup[ad]!;
      const creative = table.adCreative[ad]!;
      if (link >= 0) groups.push(link);
      if (creative >= 0)
        this.place(ad, this.productKeys.ofRepresentative(this.clusters.representativeSlot(creative)));
      else if (link < 0) this.place(ad, this.productKeys.ofAd(ad));
    }
    for (const group of groups) this.placeLinkGroup(group);
    for (const ad of affected) this.dirtyProducts.mark(this.productAds.groupOf(ad));
  }

  /** Gives the ads of a store that starts using links their link groups (to be placed again). */
  private linkStore(store: number, groups: number[]): void {
    const table = this.table;
    for (let ad = table.storeAds.first(store); ad >= 0; ad = table.storeAds.after(ad)) {
      const before = table.adLinkGroup[ad]!;
      table.computeLink(ad);
      const link = table.adLinkGroup[ad]!;
      if (link === before) continue;
      if (before >= 0) this.linkMembers.remove(ad);
      if (link >= 0) {
        this.linkMembers.add(link, ad);
        groups.push(link);
      }
    }
  }

  /** The ads of a link group without a creative join the product most of its archived ads are in. */
  private placeLinkGroup(group: number): void {
    if (this.linkMembers.size(group) === 0) return;
    const table = this.table;
    const votes = this.productVotes;
    votes.reset();
    for (let ad = this.linkMembers.first(group); ad >= 0; ad = this.linkMembers.after(ad))
      if (table.adCreative[ad]! >= 0) votes.add(this.productAds.groupOf(ad));
    let target = votes.mostCommonId(this.productKeys.keys);
    if (target < 0) target = this.productKeys.ofLinkGroup(group);
    for (let ad = this.linkMembers.first(group); ad >= 0; ad = this.linkMembers.after(ad))
      if (table.adCreative[ad]! < 0) this.place(ad, target);
  }

  /** Moves an ad to `product`. */
  private place(ad: number, product: number): void {
    const before = this.productAds.groupOf(ad);
    if (before === product) return;
    this.dirtyProducts.mark(before);
    this.productAds.add(product, ad);
    this.dirtyProducts.mark(product);
  }

  /**
   * Summarizes again what changed since the last refresh (everything when the day changed:
   * momentum and trends count days back from `nowMs`).
   */
  refresh(nowMs: number): InsightsChanges {
    const today = dayOfMs(nowMs);
    if (today !== this.today) {
      this.today = today;
      for (let product = 0; product < this.productKeys.keys.length; product++)
        this.dirtyProducts.mark(product);
      for (let store = 0; store < this.table.storeKeys.length; store++) this.dirtyStores.mark(store);
    }
    const changes: InsightsChanges = {
      products: { changed: [], removed: [] },
      stores: { changed: [], removed: [] },
    };
    for (const product of this.dirtyProducts.take()) {
      const key = this.productKeys.keys[product]!;
      if (this.productAds.size(product) === 0) {
        if (this.productSummaries[product]) {
          this.productSummaries[product] = undefined;
          changes.products.removed.push(key);
        }
        continue;
      }
      const rep = this.productKeys.representative(product);
      const summary = this.productSummarizer.summarize(
        key,
        rep < 0 ? '' : this.creatives.values[rep]!,
        rep,
        this.productAds,
        product,
        today,
      );
      this.productSummaries[product] = summary;
      changes.products.changed.push(summary);
    }
    for (const store of this.dirtyStores.take()) {
      if (this.table.storeAds.size(store) === 0) {
        if (this.storeSummaries[store]) {
          this.storeSummaries[store] = undefined;
          changes.stores.removed.push(this.table.storeKeys[store]!);
        }
        continue;
      }
      const summary = this.storeSummarizer.summarize(store, today);
      this.storeSummaries[store] = summary;
      changes.stores.changed.push(summary);
    }
    return changes;
  }

  /** The products as of the last refresh, in no particular order (the page sorts). */
  products(): ProductSummary[] {
    return this.productSummaries.filter((summary): summary is ProductSummary => summary !== undefined);
  }

  stores(): StoreSummary[] {
    return this.storeSummaries.filter((summary): summary is StoreSummary => summary !== undefined);
  }

  /** The sightings of one ad (adHistory of its rows). */
  history(adId: string): AdSighting[] {
    const ad = this.table.adNamed(adId);
    return adHistory(ad === undefined ? [] : this.table.rowsOf(ad));
  }
}

/** The products of `rows`, from nothing (InsightsIndex gives the same, kept up to date). */
export function groupProducts(
  rows: Iterable<InsightRow>,
  creatives: Iterable<InsightCreative>,
  nowMs: number,
): ProductSummary[] {
  const index = new InsightsIndex();
  index.add(rows, creatives);
  index.refresh(nowMs);
  return index.products();
}
