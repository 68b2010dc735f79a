/**
 * A store's ads that link to one product page (docs/insights.md#how-ads-become-products), as
 * small integers: a group is a (store, productLinkKey) pair. A product page is nearly always one
 * store's (each shop links to its own host), so the first store of a link is kept beside it and
 * only a link shared by stores costs a lookup by text.
 */
import { grown, Interned } from './int-columns.ts';

export class LinkGroups {
  private readonly links = new Interned();
  private linkFirstStore = new Int32Array(0);
  private linkFirstGroup = new Int32Array(0);
  private readonly otherGroups = new Map<string, number>();
  private readonly groupStores: number[] = [];
  private readonly groupLinks: number[] = [];

  /** The group of `store`'s ads linking to `link` (a productLinkKey). */
  of(store: number, link: string): number {
    const id = this.links.of(link);
    if (id >= this.linkFirstStore.length) {
      this.linkFirstStore = grown(this.linkFirstStore, id + 1, -1);
      this.linkFirstGroup = grown(this.linkFirstGroup, id + 1, -1);
    }
    if (this.linkFirstStore[id] === store) return this.linkFirstGroup[id]!;
    const first = this.linkFirstStore[id]! < 0;
    const pair = first ? '' : `${store}|${id}`;
    let group = first ? undefined : this.otherGroups.get(pair);
    if (group === undefined) {
      group = this.groupStores.length;
      this.groupStores.push(store);
      this.groupLinks.push(id);
      if (first) {
        this.linkFirstStore[id] = store;
        this.linkFirstGroup[id] = group;
      } else this.otherGroups.set(pair, group);
    }
    return group;
  }

  storeOf(group: number): number {
    return this.groupStores[group]!;
  }

  linkOf(group: number): string {
    return this.links.values[this.groupLinks[group]!]!;
  }
}
