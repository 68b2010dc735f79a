/**
 * One creative group of the demo library → its raw items. A creative is one or more ads sharing
 * a `collation_id` (only the lead ad carries `collation_count`); its product, shop, life
 * (lifecycle.ts), format, copy and media derive from (query, start day, slot), so an ad keeps its
 * id and content from day to day; what changes is what the day shows of its life.
 */
import {
  CTA_TYPES,
  FORMATS,
  PLATFORM_SETS,
  ctaText,
  formatPrice,
  type DemoFormat,
  type DemoProduct,
} from './catalogue.ts';
import { bodyText, linkDescription, titleText, ucfirst } from './copy.ts';
import { card, image, rawItem, transparency, video } from './item.ts';
import { drawLife, lastDayOf, lifeOn, lifeUntil, relevanceOn } from './lifecycle.ts';
import { demoMediaPath, demoVideoPath } from './media.ts';
import { numericId, Rand } from './random.ts';
import { productUrl, slug, type Universe } from './shops.ts';
import type { Trends } from './trends.ts';
import type { SourceQuery } from '../domain/ads/source-query.ts';

const DAY_S = 86_400;

export interface Group {
  score: number;
  items: Record<string, unknown>[];
}

export interface BuildContext {
  query: SourceQuery;
  seed: string;
  universe: Universe;
  /** Which products are in fashion on a day, and which stores sell them (trends.ts). */
  trends: Trends;
  /** The demo day (clock.ts): demo days since the epoch. */
  today: number;
  /** Seconds added to a demo time to report it (clock.ts). */
  shiftS: number;
  country: string;
  ids: Set<string>;
}

const LIFETIMES = [
  { min: 1, max: 9, weight: 28 },
  { min: 10, max: 34, weight: 30 },
  { min: 35, max: 89, weight: 24 },
  { min: 90, max: 260, weight: 18 },
];

function uniqueAdId(ctx: BuildContext, key: string): string {
  for (let n = 0; ; n++) {
    const id = numericId(`${key}|${n}`, 16);
    if (!ctx.ids.has(id)) {
      ctx.ids.add(id);
      return id;
    }
  }
}

/** The ads of creative `slot` of day `day`, and its relevance score (higher surfaces first). */
export function buildGroup(ctx: BuildContext, day: number, slot: number): Group {
  const { universe, country, today, query } = ctx;
  const key = `${ctx.seed}|${day}|${slot}`;
  const rand = new Rand(key);

  const offer = rand.weighted(ctx.trends.offersOn(day));
  const { product } = offer;
  const shop = rand.pick(ctx.trends.shopsOn(offer, day));
  const niche = shop.niche;

  const life = rand.weighted(LIFETIMES);
  const lifetime = rand.int(life.min, life.max);
  const drawn = drawLife(key, day, lifetime);
  // A store that stops selling the product stops its ads of it.
  const course = lifeUntil(drawn, ctx.trends.lastDaySelling(offer, shop, day, lastDayOf(drawn)));
  const state = lifeOn(course, today);
  const { active } = state;
  const size =
    lifetime >= 90
      ? rand.weighted([
          { n: 1, weight: 25 },
          { n: 2, weight: 20 },
          { n: 3, weight: 18 },
          { n: 4, weight: 14 },
          { n: 6, weight: 12 },
          { n: 9, weight: 8 },
          { n: 14, weight: 3 },
        ]).n
      : rand.weighted([
          { n: 1, weight: 70 },
          { n: 2, weight: 18 },
          { n: 3, weight: 8 },
          { n: 5, weight: 4 },
        ]).n;
  const format: DemoFormat = rand.weighted(FORMATS).format;
  const ctaType = rand.weighted(CTA_TYPES).type;
  const cta = ctaText(ctaType, country);
  const campaign = `${slug(product.name)}-${rand.pick(['scale', 'test', 'cbo', 'broad', 'retarget', 'ugc'])}`;
  const collationId = numericId(`${key}|collation`, 16);
  /**
   * The product image of the main product or of another product of the shop's niche, in the
   * variant this shop uses (so the product shows near-duplicate files across shops).
   */
  const mediaOf = (p: DemoProduct) => demoMediaPath(p, p === product ? offer.niche : niche, shop.domain);
  const style = rand.int(0, 5);

  let body: string = bodyText(style, product, rand, country);
  if (universe.keyword && !body.toLowerCase().includes(universe.keyword)) {
    body += `\n\n#${universe.keyword.replace(/[^\p{L}\p{N}]+/gu, '')}`;
  }
  let title = titleText(product, rand, country);
  let description = linkDescription(product, rand, country);
  let linkUrl = productUrl(shop, product, rand, campaign);
  let cards: Record<string, unknown>[] = [];
  let images: Record<string, unknown>[] = [];
  let videos: Record<string, unknown>[] = [];

  const cardOf = (p: DemoProduct, cardBody: string | null) =>
    card({
      title: p.name,
      body: cardBody,
      caption: shop.domain,
      ctaType,
      ctaText: cta,
      linkUrl: productUrl(shop, p, rand, campaign),
      linkDescription: rand.chance(0.6) ? formatPrice(p.price, country) : p.description,
      image: mediaOf(p),
    });
  const nicheProducts = [product, ...niche.products.filter((p) => p !== product)];

  switch (format) {
    case 'VIDEO':
      videos = [video(mediaOf(product), demoVideoPath(product, offer.niche))];
      break;
    case 'IMAGE':
      images = [image(mediaOf(product))];
      break;
    case 'MULTI_IMAGES':
      images = Array.from({ length: rand.int(2, 4) }, (_, i) =>
        image(mediaOf(nicheProducts[i % nicheProducts.length]!)),
      );
      break;
    case 'CAROUSEL': {
      const count = rand.int(3, 5);
      title = null;
      cards = Array.from({ length: count }, (_, i) => {
        const p = rand.chance(0.5) ? product : nicheProducts[i % nicheProducts.length]!;
        return cardOf(p, ucfirst(p.benefits[i % 3]!));
      });
      break;
    }
    case 'DPA': {
      // A catalogue ad: the top level holds templates, the real text sits in the cards.
      const count = rand.int(3, 6);
      cards = Array.from({ length: count }, (_, i) => {
        const p = nicheProducts[i % nicheProducts.length]!;
        return cardOf(p, i === 0 ? body : `${p.description}. ${ucfirst(p.benefits[0])}.`);
      });
      body = '{{product.brand}}';
      title = '{{product.name}}';
      description = '{{product.description}}';
      linkUrl = `https://${shop.domain}/?utm_source=facebook&utm_medium=paid&utm_content={{product.id}}`;
      break;
    }
    case 'DCO': {
      // Dynamic creative: templates on top, the variants (same product, other copy) in the cards.
      const count = rand.int(1, 3);
      cards = Array.from({ length: count }, (_, i) =>
        card({
          title: i === 0 ? (title ?? product.name) : product.name,
          body: i === 0 ? body : bodyText((style + i) % 6, product, rand, country),
          caption: shop.domain,
          ctaType,
          ctaText: cta,
          linkUrl,
          linkDescription: i === 0 ? description : product.description,
          image: mediaOf(product),
        }),
      );
      body = '{{product.brand}}';
      title = '{{product.name}}';
      description = '{{product.description}}';
      break;
    }
  }

  const basePlatforms = rand.weighted(PLATFORM_SETS).platforms;
  const startS = day * DAY_S + rand.int(5, 21) * 3600 + rand.int(0, 59) * 60;
  const baseReach = rand.logUniform(250, 45_000) * (1 + Math.min(lifetime, today - day) / 25);
  const items: Record<string, unknown>[] = [];
  for (let m = 0; m < size; m++) {
    const adId = uniqueAdId(ctx, `${key}|${m}`);
    // Draw the same values whatever today is, so that an ad stays the same ad from day to day.
    const start = m === 0 ? startS : day * DAY_S + rand.int(5, 22) * 3600 + rand.int(0, 3599);
    const seenJitter = rand.int(0, 3600);
    const stopHour = rand.int(6, 22);
    // Active ads report "last seen" as their end date: about a day ago
    // (docs/ad-sources.md#the-actors-output).
    const lastSeen = (today - 1) * DAY_S + 8 * 3600 + seenJitter;
    // Stopped (for good or for a pause): the hour it stopped on its last day.
    const end = active
      ? Math.max(start, lastSeen)
      : Math.max(start, (state.stoppedDay ?? day) * DAY_S + stopHour * 3600);
    const platforms = m === 0 || rand.chance(0.7) ? basePlatforms : rand.weighted(PLATFORM_SETS).platforms;
    const reach = Math.max(1, Math.round(baseReach * (m === 0 ? 1 : 0.25 + rand.next() * 0.8)));
    const details = transparency(rand, country, reach, niche.femaleShare, shop.name);
    items.push(
      rawItem({
        adId,
        collationId,
        collationCount: m === 0 ? size : null,
        active,
        shop,
        platforms,
        start: start + ctx.shiftS,
        end: end + ctx.shiftS,
        format,
        body,
        title,
        description,
        linkUrl:
          m === 0 ? linkUrl : linkUrl.replace(/utm_campaign=[^&]*/, `utm_campaign=${campaign}-${m + 1}`),
        ctaText: cta,
        ctaType,
        cards,
        images,
        videos,
        details,
        libraryUrl: query.libraryUrl,
      }),
    );
  }
  // Relevance: long-running, duplicated, still-active and new creatives surface first, with noise.
  const score = relevanceOn(key, course, state, today, rand.next(), size);
  return { score, items };
}
