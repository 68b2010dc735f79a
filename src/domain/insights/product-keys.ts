/**
 * Products as small integers, and their keys (ProductSummary.key, docs/insights.md#how-ads-become-products):
 * 'c:<representative creative id>' for a group of look-alike creatives, 'l:<store>|<link>' for a
 * store's ads linking to one product page with no creative among them, 'a:<ad id>' for an ad
 * alone. A product's number and key stay while what names it stays, so an update summarizes
 * again only the products whose ads changed.
 */
import { grown } from './int-columns.ts';

export class ProductKeys {
  readonly keys: string[] = [];
  private reps = new Int32Array(0);
  private byRep = new Int32Array(0);
  private byLinkGroup = new Int32Array(0);
  private byAd = new Int32Array(0);

  constructor(
    private readonly creativeId: (creative: number) => string,
    private readonly linkGroupKey: (group: number) => string,
    private readonly adKey: (ad: number) => string,
  ) {}

  /** The representative creative of a 'c:' product; -1 for others. */
  representative(product: number): number {
    return this.reps[product]!;
  }

  private add(key: string, rep: number): number {
    const product = this.keys.length;
    this.keys.push(key);
    this.reps = grown(this.reps, product + 1, -1);
    this.reps[product] = rep;
    return product;
  }

  /** The product of the group whose representative is creative `rep`. */
  ofRepresentative(rep: number): number {
    this.byRep = grown(this.byRep, rep + 1, -1);
    let product = this.byRep[rep]!;
    if (product < 0) {
      product = this.add(`c:${this.creativeId(rep)}`, rep);
      this.byRep[rep] = product;
    }
    return product;
  }

  /** The product of a link group none of whose ads has a creative. */
  ofLinkGroup(group: number): number {
    this.byLinkGroup = grown(this.byLinkGroup, group + 1, -1);
    let product = this.byLinkGroup[group]!;
    if (product < 0) {
      product = this.add(`l:${this.linkGroupKey(group)}`, -1);
      this.byLinkGroup[group] = product;
    }
    return product;
  }

  /** The product of an ad with neither a creative nor a product link. */
  ofAd(ad: number): number {
    this.byAd = grown(this.byAd, ad + 1, -1);
    let product = this.byAd[ad]!;
    if (product < 0) {
      product = this.add(`a:${this.adKey(ad)}`, -1);
      this.byAd[ad] = product;
    }
    return product;
  }
}
