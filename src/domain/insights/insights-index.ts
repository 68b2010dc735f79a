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
 */
import { adFactsOf, adKeyOf, type AdFacts } from './ad-facts.ts';
import { adHistory } from './ad-history.ts';
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
import { summarizeProduct } from './product-summary.ts';
import { summarizeStore } from './store-summary.ts';

/** What a refresh changed: summaries to show again, and keys no longer there. */
export interface InsightsChanges {
  products: { changed: ProductSummary[]; removed: string[] };
  stores: { changed: StoreSummary[]; removed: string[] };
}

/** Keys by key, as arrays: lighter than Sets for the tens of thousands of small groups here. */
type Bags = Map<string, string[]>;

function addTo(bags: Bags, key: string, value: string): void {
  const bag = bags.get(key);
  if (bag) bag.push(value);
  else bags.set(key, [value]);
}

function removeFrom(bags: Bags, key: string, value: string): void {
  const bag = bags.get(key);
  const at = bag ? bag.indexOf(value) : -1;
  if (!bag || at < 0) return;
  bag[at] = bag[bag.length - 1]!;
  bag.pop();
  if (bag.length === 0) bags.delete(key);
}

export class InsightsIndex {
  private readonly hashes = new Map<string, string>();
  private readonly clusters = new CreativeClusters(PRODUCT_PHASH_RADIUS);
  /** How many ads have each creative as theirs: a creative groups while some ad has it. */
  private readonly creativeUses = new Map<string, number>();
  private readonly adRows = new Map<string, InsightRow[]>();
  private readonly rowAd = new Map<string, string>();
  private readonly ads = new Map<string, AdFacts>();
  /** Ads with a row naming a creative not known yet: woken when it arrives. */
  private readonly adsAwaitingCreative: Bags = new Map();
  private readonly adsByCreative: Bags = new Map();
  private readonly linkGroups: Bags = new Map();
  private readonly productAds: Bags = new Map();
  private readonly storeAds: Bags = new Map();
  private readonly productSummaries = new Map<string, ProductSummary>();
  private readonly storeSummaries = new Map<string, StoreSummary>();
  private readonly dirtyProducts = new Set<string>();
  private readonly dirtyStores = new Set<string>();
  private today: number | null = null;

  /** Adds rows (a row already here is replaced by its new version) and creatives. */
  add(rows: Iterable<InsightRow>, creatives: Iterable<InsightCreative> = []): void {
    const touched = new Set<string>();
    for (const creative of creatives) {
      if (this.hashes.has(creative.id) || !hashBits(creative.phash)) continue;
      this.hashes.set(creative.id, creative.phash);
      const waiting = this.adsAwaitingCreative.get(creative.id);
      if (waiting) for (const ad of waiting) touched.add(ad);
      this.adsAwaitingCreative.delete(creative.id);
    }
    for (const row of rows) {
      const key = adKeyOf(row);
      const before = this.rowAd.get(row.id);
      if (before !== undefined && before !== key) {
        const old = this.adRows.get(before)!;
        old.splice(
          old.findIndex((r) => r.id === row.id),
          1,
        );
        touched.add(before);
      }
      this.rowAd.set(row.id, key);
      const adRows = this.adRows.get(key);
      if (!adRows) this.adRows.set(key, [row]);
      else {
        const at = before === key ? adRows.findIndex((r) => r.id === row.id) : -1;
        if (at >= 0) adRows[at] = row;
        else adRows.push(row);
      }
      if (row.creative && !this.hashes.has(row.creative)) addTo(this.adsAwaitingCreative, row.creative, key);
      touched.add(key);
    }
    this.regroup(touched);
  }

  private regroup(touched: Set<string>): void {
    const added = new Set<string>();
    const removed = new Set<string>();
    const use = (creative: string, delta: number) => {
      if (!creative) return;
      const uses = (this.creativeUses.get(creative) ?? 0) + delta;
      if (uses > 0) this.creativeUses.set(creative, uses);
      else this.creativeUses.delete(creative);
      if (uses === 1 && delta > 0) {
        if (!removed.delete(creative)) added.add(creative);
      } else if (uses === 0) {
        if (!added.delete(creative)) removed.add(creative);
      }
    };
    const affected: AdFacts[] = [];
    const groups = new Set<string>();
    const known = (id: string) => this.hashes.has(id);
    for (const key of touched) {
      const old = this.ads.get(key);
      const rows = this.adRows.get(key);
      const next = rows && rows.length > 0 ? adFactsOf(key, rows, known) : null;
      if (next) next.linkGroup = next.link === null ? null : `${next.storeKey}|${next.link}`;
      if (old) {
        this.dirtyProducts.add(old.product);
        this.dirtyStores.add(old.storeKey);
      }
      if (old?.storeKey !== next?.storeKey) {
        if (old) removeFrom(this.storeAds, old.storeKey, key);
        if (next) addTo(this.storeAds, next.storeKey, key);
      }
      if (old?.creative !== next?.creative) {
        if (old?.creative) removeFrom(this.adsByCreative, old.creative, key);
        if (next?.creative) addTo(this.adsByCreative, next.creative, key);
        use(old?.creative ?? '', -1);
        use(next?.creative ?? '', 1);
      }
      if (old?.linkGroup !== next?.linkGroup) {
        if (old?.linkGroup) removeFrom(this.linkGroups, old.linkGroup, key);
        if (next?.linkGroup) addTo(this.linkGroups, next.linkGroup, key);
      }
      if (old?.linkGroup) groups.add(old.linkGroup);
      if (!next) {
        this.adRows.delete(key);
        this.ads.delete(key);
        if (old) removeFrom(this.productAds, old.product, key);
        continue;
      }
      next.product = old?.product ?? '';
      this.ads.set(key, next);
      this.dirtyStores.add(next.storeKey);
      affected.push(next);
    }
    const moved = this.clusters.update(
      [...added].map((id) => ({ id, phash: this.hashes.get(id)! })),
      [...removed],
    );
    for (const creative of moved) {
      for (const key of this.adsByCreative.get(creative) ?? []) affected.push(this.ads.get(key)!);
    }
    for (const ad of affected) {
      if (ad.linkGroup !== null) groups.add(ad.linkGroup);
      if (ad.creative) this.place(ad, `c:${this.clusters.representativeOf(ad.creative)!}`);
      else if (ad.linkGroup === null) this.place(ad, `a:${ad.key}`);
    }
    for (const group of groups) {
      const members = this.linkGroups.get(group);
      if (!members) continue;
      const counts = new Map<string, number>();
      for (const key of members) {
        const ad = this.ads.get(key)!;
        if (ad.creative) counts.set(ad.product, (counts.get(ad.product) ?? 0) + 1);
      }
      let target = `l:${group}`;
      let best = 0;
      for (const [product, count] of counts) {
        if (count > best || (count === best && product < target)) {
          target = product;
          best = count;
        }
      }
      for (const key of members) {
        const ad = this.ads.get(key)!;
        if (!ad.creative) this.place(ad, target);
      }
    }
    for (const ad of affected) this.dirtyProducts.add(ad.product);
  }

  /** Moves an ad to `product` (a new ad has product ''). */
  private place(ad: AdFacts, product: string): void {
    if (ad.product === product) return;
    if (ad.product) {
      removeFrom(this.productAds, ad.product, ad.key);
      this.dirtyProducts.add(ad.product);
    }
    ad.product = product;
    addTo(this.productAds, product, ad.key);
    this.dirtyProducts.add(product);
  }

  /**
   * Summarizes again what changed since the last refresh (everything when the day changed:
   * momentum and trends count days back from `nowMs`).
   */
  refresh(nowMs: number): InsightsChanges {
    const today = dayOfMs(nowMs);
    if (today !== this.today) {
      this.today = today;
      for (const key of this.productAds.keys()) this.dirtyProducts.add(key);
      for (const key of this.storeAds.keys()) this.dirtyStores.add(key);
    }
    const changes: InsightsChanges = {
      products: { changed: [], removed: [] },
      stores: { changed: [], removed: [] },
    };
    for (const key of this.dirtyProducts) {
      const members = this.productAds.get(key);
      if (!members) {
        if (this.productSummaries.delete(key)) changes.products.removed.push(key);
        continue;
      }
      const ads = members.map((ad) => this.ads.get(ad)!);
      const summary = summarizeProduct(key, key.startsWith('c:') ? key.slice(2) : '', ads, today);
      this.productSummaries.set(key, summary);
      changes.products.changed.push(summary);
    }
    for (const key of this.dirtyStores) {
      const members = this.storeAds.get(key);
      if (!members) {
        if (this.storeSummaries.delete(key)) changes.stores.removed.push(key);
        continue;
      }
      const summary = summarizeStore(
        key,
        members.map((ad) => this.ads.get(ad)!),
        today,
      );
      this.storeSummaries.set(key, summary);
      changes.stores.changed.push(summary);
    }
    this.dirtyProducts.clear();
    this.dirtyStores.clear();
    return changes;
  }

  /** The products as of the last refresh, in no particular order (the page sorts). */
  products(): ProductSummary[] {
    return [...this.productSummaries.values()];
  }

  stores(): StoreSummary[] {
    return [...this.storeSummaries.values()];
  }

  /** The sightings of one ad (adHistory of its rows). */
  history(adId: string): AdSighting[] {
    return adHistory(this.adRows.get(adId) ?? []);
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
