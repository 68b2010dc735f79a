/**
 * Products come into fashion and go out of it. How often stores start advertising each product
 * of a query, and how many stores sell it, rise and fall over weeks: a slow seeded wave per
 * product. On the rise, its next adopters (a seeded order of the stores that could sell it) take
 * it up; on the way down, new creatives come from its first few stores only, and the others' ads
 * stop one by one. So a product gains and loses stores as the Insights page's products do
 * (docs/insights.md#products).
 */
import { Rand } from './random.ts';
import type { Offer, Shop, Universe } from './shops.ts';
import type { DemoProduct } from './catalogue.ts';

export interface Trends {
  /** The query's offers, weighted for the demo day a creative starts on. */
  offersOn(day: number): readonly Offer[];
  /** The stores selling an offer's product on a demo day: its first adopters, more while in fashion. */
  shopsOn(offer: Offer, day: number): readonly Shop[];
  /**
   * The last day, from `from` to `until`, that `shop` sells the offer's product: the day before
   * the product's fashion fades past the shop's place among its adopters; `until` when it never does.
   */
  lastDaySelling(offer: Offer, shop: Shop, from: number, until: number): number;
}

interface Trend {
  periodDays: number;
  phase: number;
  adopters: readonly Shop[];
}

/** Between 0 (out of fashion) and 1 (at its peak). */
function fashion(trend: Trend, day: number): number {
  return 0.5 + 0.5 * Math.sin(2 * Math.PI * (day / trend.periodDays + trend.phase));
}

/** How many of its adopters sell a product on a day: half of them out of fashion, all at its peak. */
function sellers(trend: Trend, day: number): number {
  return Math.max(1, Math.ceil(trend.adopters.length * (0.5 + 0.5 * fashion(trend, day))));
}

function shuffled<T>(items: readonly T[], rand: Rand): T[] {
  const out = [...items];
  for (let i = out.length - 1; i > 0; i--) {
    const j = rand.int(0, i);
    [out[i], out[j]] = [out[j]!, out[i]!];
  }
  return out;
}

export function trendsOf(universe: Universe, seed: string): Trends {
  const trends = new Map<DemoProduct, Trend>();
  for (const offer of universe.offers) {
    const rand = new Rand(`${seed}|trend|${offer.product.name}`);
    const shops =
      universe.pageShops.length > 0 ? universe.pageShops : (universe.shopsByNiche.get(offer.niche.key) ?? []);
    trends.set(offer.product, {
      periodDays: rand.int(30, 90),
      phase: rand.next(),
      adopters: shuffled(shops, rand),
    });
  }
  const trendOf = (offer: Offer) => trends.get(offer.product)!;
  const byDay = new Map<number, readonly Offer[]>();
  return {
    offersOn(day) {
      let offers = byDay.get(day);
      if (!offers) {
        // 0.15 to 1.85 times the product's usual share of new creatives
        offers = universe.offers.map((offer) => ({
          ...offer,
          weight: offer.weight * (0.15 + 1.7 * fashion(trendOf(offer), day)),
        }));
        byDay.set(day, offers);
      }
      return offers;
    },
    shopsOn(offer, day) {
      const trend = trendOf(offer);
      return trend.adopters.slice(0, sellers(trend, day));
    },
    lastDaySelling(offer, shop, from, until) {
      const trend = trendOf(offer);
      const place = trend.adopters.indexOf(shop);
      for (let day = from + 1; day <= until; day++) if (sellers(trend, day) <= place) return day - 1;
      return until;
    },
  };
}
