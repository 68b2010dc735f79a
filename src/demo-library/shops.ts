/**
 * The demo source's advertisers and what they sell: the seed of a query, the shops (name, domain,
 * page, likes) and the products a query finds, by keyword, by page or across every niche.
 */
import { NICHES, type DemoNiche, type DemoProduct } from './catalogue.ts';
import { withPrefix, withSuffix } from './copy.ts';
import { numericId, Rand } from './random.ts';
import type { SourceQuery } from '../domain/ads/source-query.ts';

function normalizedTerms(query: SourceQuery): string {
  return query.searchTerms.toLowerCase().replace(/["“”]/g, ' ').replace(/\s+/g, ' ').trim();
}

/**
 * The seed of a query: country + search terms + page ids (docs/pipeline.md#sources: same query, same ads).
 */
export function demoSeed(query: SourceQuery): string {
  const pages = [...query.pageIds]
    .map((id) => id.trim())
    .filter(Boolean)
    .sort();
  return `${query.country.toUpperCase()}|${normalizedTerms(query)}|${pages.join(',')}`;
}

export interface Shop {
  name: string;
  domain: string;
  pageId: string;
  likes: number;
  categories: readonly string[];
  niche: DemoNiche;
}

export interface Offer {
  product: DemoProduct;
  niche: DemoNiche;
  weight: number;
}

export function slug(text: string): string {
  return text
    .toLowerCase()
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/&/g, ' and ')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '');
}

function titleCase(text: string): string {
  return text.replace(/\b\p{L}/gu, (c) => c.toUpperCase());
}

function makeShop(rand: Rand, niche: DemoNiche, taken: Set<string>, pageId?: string): Shop {
  let name = '';
  for (let tries = 0; tries < 20; tries++) {
    name = `${rand.pick(niche.shopHeads)} ${rand.pick(niche.shopTails)}`;
    if (!taken.has(name)) break;
  }
  if (taken.has(name)) name = `${name} ${taken.size + 1}`;
  taken.add(name);
  const base = slug(name)
    .replace(/-and-|-co$/g, '-')
    .replace(/-+/g, '-')
    .replace(/-$/, '');
  const domain = `${rand.pick(['', '', '', 'shop', 'get', 'try'])}${rand.chance(0.5) ? base.replace(/-/g, '') : base}.example`;
  return {
    name,
    domain,
    pageId: pageId ?? numericId(`${name}|${domain}|page`, 15),
    likes: Math.round(rand.logUniform(180, 1_800_000)),
    categories: rand.pick(niche.pageCategories),
    niche,
  };
}

/** Keyword words a product must contain (three letters or more; a trailing plural s dropped). */
function keywordStems(terms: string): string[] {
  return terms
    .split(/[^\p{L}\p{N}]+/u)
    .filter((word) => word.length >= 3)
    .map((word) => (word.length > 3 && word.endsWith('s') ? word.slice(0, -1) : word));
}

function productMatches(product: DemoProduct, stems: readonly string[]): boolean {
  const words = `${product.name} ${product.tags.join(' ')}`.toLowerCase().split(/[^\p{L}\p{N}]+/u);
  return stems.some((stem) => words.some((word) => word.startsWith(stem)));
}

/** Products for a keyword nothing in the catalogue matches: the keyword itself, sold in a niche. */
function keywordProducts(terms: string, rand: Rand): Offer[] {
  const niche = rand.pick(NICHES);
  const base = titleCase(terms);
  // once each: the keyword may already hold a prefix or suffix ('lamp pro')
  const names = new Set([
    base,
    withSuffix(base, 'Pro'),
    withPrefix('Premium', base),
    withSuffix(base, 'Set'),
    withSuffix(base, '2.0'),
    withPrefix('The Original', base),
  ]);
  return [...names].map((name, i) => ({
    niche,
    weight: 3,
    product: {
      name,
      pain: `settling for a ${terms} that just doesn't work`,
      benefits: [
        rand.pick(['built to last for years', 'made from premium materials', 'designed by experts']),
        rand.pick(['loved by 50,000+ customers', 'rated 4.8 out of 5', 'a bestseller three months running']),
        rand.pick(['ships in 24 hours', 'backed by a 30-day guarantee', 'free returns, no questions asked']),
      ],
      price: [19.99, 29.99, 39.99, 24.95, 34.0, 49.0][i]!,
      description: `${base} – ${rand.pick(['bestseller edition', 'new for this season', 'limited release'])}`,
      tags: [terms],
    },
  }));
}

export interface Universe {
  offers: Offer[];
  shopsByNiche: Map<string, Shop[]>;
  pageShops: Shop[];
  keyword: string;
}

export function buildUniverse(query: SourceQuery, seed: string): Universe {
  const rand = new Rand(`${seed}|universe`);
  const keyword = normalizedTerms(query);
  const taken = new Set<string>();
  const pageIds = [...new Set(query.pageIds.map((id) => id.trim()).filter(Boolean))];
  const pageShops = pageIds.map((id) => makeShop(rand, rand.pick(NICHES), taken, id));
  const niches = pageShops.length > 0 ? [...new Set(pageShops.map((shop) => shop.niche))] : NICHES;

  const all: Offer[] = niches.flatMap((niche) =>
    niche.products.map((product) => ({ product, niche, weight: 1 })),
  );
  let offers = all;
  if (keyword) {
    const stems = keywordStems(keyword);
    const matched = all.filter((offer) => productMatches(offer.product, stems));
    if (matched.length > 0) {
      const nichesHit = new Set(matched.map((offer) => offer.niche.key));
      offers = [
        ...matched.map((offer) => ({ ...offer, weight: 4 })),
        ...all.filter((offer) => !matched.includes(offer) && nichesHit.has(offer.niche.key)),
      ];
    } else {
      offers = keywordProducts(keyword, rand);
      if (pageShops.length > 0) offers = offers.map((offer) => ({ ...offer, niche: pageShops[0]!.niche }));
    }
  }

  // Many advertisers sell what a keyword search finds; a broad search spreads over every niche.
  const searched = new Set(offers.map((offer) => offer.niche.key));
  const shopsByNiche = new Map<string, Shop[]>();
  for (const niche of NICHES) {
    const count = pageShops.length > 0 ? 0 : !keyword ? 8 : searched.has(niche.key) ? 20 : 0;
    shopsByNiche.set(
      niche.key,
      Array.from({ length: count }, () => makeShop(rand, niche, taken)),
    );
  }
  return { offers, shopsByNiche, pageShops, keyword };
}

/** A product page of the shop, plain or with a variant or campaign parameters. */
export function productUrl(shop: Shop, product: DemoProduct, rand: Rand, campaign: string): string {
  const base = `https://${shop.domain}/products/${slug(product.name)}`;
  const roll = rand.next();
  if (roll < 0.35) return base;
  if (roll < 0.55) return `${base}?variant=${numericId(`${base}|${campaign}`, 14)}`;
  return `${base}?utm_source=facebook&utm_medium=paid&utm_campaign=${campaign}`;
}
