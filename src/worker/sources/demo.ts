/**
 * The demo source: a deterministic, built-in Ad Library that answers offline, in the shape of
 * the curious_coder Apify actor (reference §3.3), so that one normalizer handles both.
 *
 * The catalogue is a rolling window of the last DEMO_WINDOW_DAYS days. Each day of each query
 * (country + search terms + page ids) holds a seeded number of creatives, and each creative is
 * one or more ads sharing a `collation_id` (only the lead ad carries `collation_count`). An ad's
 * id, start date and content derive from (query, start day, slot), so the same query returns the
 * same ads — today, and with the same ids and start dates on later days, as a real library would.
 * EU/UK transparency (reach, age and gender) is present only for EU countries and the UK.
 */
import { countryName, EU_COUNTRY_CODES } from '../../domain/countries.ts';
import { realSleep, type Sleep } from '../net/http.ts';
import {
  AGE_BUCKETS,
  CTA_TYPES,
  FIRST_NAMES,
  FORMATS,
  HOOKS,
  NICHES,
  OFFERS,
  PLATFORM_SETS,
  TESTIMONIALS,
  ctaText,
  formatPrice,
  type DemoFormat,
  type DemoNiche,
  type DemoProduct,
} from './demo-catalogue.ts';
import type { AdSource, SourcePage, SourceQuery } from './types.ts';

export const DEMO_WINDOW_DAYS = 120;
export const DEMO_PAGE_SIZE = 25;
const DAY_MS = 86_400_000;
const DAY_S = 86_400;
const MEDIA_HOST = 'https://media.adscout-demo.example';

// ---------------------------------------------------------------------------------------------
// Seeded randomness

/** cyrb53: a fast 53-bit string hash. */
function hash53(text: string, seed = 0): number {
  let h1 = 0xdeadbeef ^ seed;
  let h2 = 0x41c6ce57 ^ seed;
  for (let i = 0; i < text.length; i++) {
    const ch = text.charCodeAt(i);
    h1 = Math.imul(h1 ^ ch, 2654435761);
    h2 = Math.imul(h2 ^ ch, 1597334677);
  }
  h1 = Math.imul(h1 ^ (h1 >>> 16), 2246822507) ^ Math.imul(h2 ^ (h2 >>> 13), 3266489909);
  h2 = Math.imul(h2 ^ (h2 >>> 16), 2246822507) ^ Math.imul(h1 ^ (h1 >>> 13), 3266489909);
  return 4294967296 * (2097151 & h2) + (h1 >>> 0);
}

/** A small seeded generator (mulberry32) with the helpers the catalogue needs. */
class Rand {
  private state: number;
  constructor(key: string) {
    this.state = hash53(key) >>> 0;
  }
  next(): number {
    this.state = (this.state + 0x6d2b79f5) | 0;
    let t = this.state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  }
  /** Integer in [min, max]. */
  int(min: number, max: number): number {
    return min + Math.floor(this.next() * (max - min + 1));
  }
  chance(p: number): boolean {
    return this.next() < p;
  }
  pick<T>(items: readonly T[]): T {
    return items[Math.floor(this.next() * items.length)]!;
  }
  weighted<T extends { weight: number }>(items: readonly T[]): T {
    const total = items.reduce((sum, item) => sum + item.weight, 0);
    let roll = this.next() * total;
    for (const item of items) {
      roll -= item.weight;
      if (roll < 0) return item;
    }
    return items[items.length - 1]!;
  }
  logUniform(min: number, max: number): number {
    return Math.exp(Math.log(min) + this.next() * (Math.log(max) - Math.log(min)));
  }
}

/** A numeric id of `length` digits derived from `key` (first digit 1–9). */
function numericId(key: string, length: number): string {
  let out = '';
  for (let round = 0; out.length < length; round++) out += String(hash53(key, round)).padStart(16, '0');
  return String(1 + (Number(out[0]) % 9)) + out.slice(1, length);
}

// ---------------------------------------------------------------------------------------------
// Query → catalogue inputs

function normalizedTerms(query: SourceQuery): string {
  return query.searchTerms.toLowerCase().replace(/["“”]/g, ' ').replace(/\s+/g, ' ').trim();
}

/** The seed of a query: country + search terms + page ids (ARCHITECTURE §5: same query, same ads). */
export function demoSeed(query: SourceQuery): string {
  const pages = [...query.pageIds]
    .map((id) => id.trim())
    .filter(Boolean)
    .sort();
  return `${query.country.toUpperCase()}|${normalizedTerms(query)}|${pages.join(',')}`;
}

interface Shop {
  name: string;
  domain: string;
  pageId: string;
  likes: number;
  categories: readonly string[];
  niche: DemoNiche;
}

interface Offer {
  product: DemoProduct;
  niche: DemoNiche;
  weight: number;
}

function slug(text: string): string {
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
  const names = [
    base,
    `${base} Pro`,
    `Premium ${base}`,
    `${base} Set`,
    `${base} 2.0`,
    `The Original ${base}`,
  ];
  return names.map((name, i) => ({
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

interface Universe {
  offers: Offer[];
  shopsByNiche: Map<string, Shop[]>;
  pageShops: Shop[];
  keyword: string;
}

function buildUniverse(query: SourceQuery, seed: string): Universe {
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

// ---------------------------------------------------------------------------------------------
// One creative group → raw items

interface Group {
  score: number;
  items: Record<string, unknown>[];
}

interface BuildContext {
  query: SourceQuery;
  seed: string;
  universe: Universe;
  today: number; // days since the epoch (UTC)
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

function productUrl(shop: Shop, product: DemoProduct, rand: Rand, campaign: string): string {
  const base = `https://${shop.domain}/products/${slug(product.name)}`;
  const roll = rand.next();
  if (roll < 0.35) return base;
  if (roll < 0.55) return `${base}?variant=${numericId(`${base}|${campaign}`, 14)}`;
  return `${base}?utm_source=facebook&utm_medium=paid&utm_campaign=${campaign}`;
}

function ucfirst(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}

function bodyText(style: number, product: DemoProduct, rand: Rand, country: string): string {
  const [b0, b1, b2] = product.benefits;
  const hook = rand.pick(HOOKS);
  const offer = rand.pick(OFFERS);
  const price = formatPrice(product.price, country);
  switch (style) {
    case 0:
      return `Tired of ${product.pain}? ${hook}\n\nMeet the ${product.name}: ${b0}, ${b1} and ${b2}.\n\n👉 ${offer}.`;
    case 1:
      return `"${rand.pick(TESTIMONIALS)}." – ${rand.pick(FIRST_NAMES)}, verified buyer ⭐️⭐️⭐️⭐️⭐️\n\nThe ${product.name}: ${b0}. ${offer}.`;
    case 2: {
      const off = rand.pick([20, 30, 40, 50, 60]);
      const was = formatPrice(product.price / (1 - off / 100), country);
      return `${hook} FLASH SALE: ${off}% OFF the ${product.name} – today only!\n\nNow ${price} (was ${was}). ${offer}.`;
    }
    case 3:
      return `Why ${rand.int(2, 95)},000+ customers love the ${product.name}:\n\n✅ ${ucfirst(b0)}\n✅ ${ucfirst(b1)}\n✅ ${ucfirst(b2)}\n\n${offer} 🚚`;
    case 4:
      return `I didn't think a ${product.name.toLowerCase()} would change anything... I was wrong ${hook}\n\n${ucfirst(b0)}, ${b1}. Try it risk-free: ${offer.toLowerCase()}.`;
    default:
      return `${product.name}. ${ucfirst(b0)}. ${offer}.`;
  }
}

function titleText(product: DemoProduct, rand: Rand, country: string): string | null {
  const roll = rand.next();
  if (roll < 0.15) return null;
  if (roll < 0.45) return product.name;
  if (roll < 0.65) return `${product.name} – ${rand.pick([30, 40, 50])}% Off Today`;
  if (roll < 0.8) return `The Original ${product.name}™`;
  return `${product.name} | Only ${formatPrice(product.price, country)}`;
}

function linkDescription(product: DemoProduct, rand: Rand, country: string): string | null {
  const roll = rand.next();
  if (roll < 0.3) return null;
  if (roll < 0.6) return product.description;
  if (roll < 0.8) return `${formatPrice(product.price, country)} · ${rand.pick(OFFERS)}`;
  return `${ucfirst(product.benefits[0])} ✓ ${ucfirst(product.benefits[2])}`;
}

function image(key: string, index: number): { original_image_url: string; resized_image_url: string } {
  return {
    original_image_url: `${MEDIA_HOST}/i/${key}_${index}.jpg`,
    resized_image_url: `${MEDIA_HOST}/i/${key}_${index}_600x600.jpg`,
  };
}

function card(fields: {
  title: string | null;
  body: string | null;
  caption: string;
  ctaType: string;
  ctaText: string;
  linkUrl: string;
  linkDescription: string | null;
  media: string;
  index: number;
}): Record<string, unknown> {
  return {
    title: fields.title,
    body: fields.body,
    caption: fields.caption,
    cta_text: fields.ctaText,
    cta_type: fields.ctaType,
    link_url: fields.linkUrl,
    link_description: fields.linkDescription,
    ...image(fields.media, fields.index),
    watermarked_resized_image_url: '',
    video_hd_url: null,
    video_sd_url: null,
    video_preview_image_url: null,
  };
}

/** EU (DSA) or UK transparency for one ad; null outside the EU and the UK. */
function transparency(
  rand: Rand,
  country: string,
  reach: number,
  femaleShare: number,
  shopName: string,
): Record<string, unknown> | null {
  const isEu = EU_COUNTRY_CODES.has(country);
  const isUk = country === 'GB';
  if (!isEu && !isUk) return null;
  const gender = rand.chance(0.72) ? 'All' : rand.chance(femaleShare) ? 'Women' : 'Men';
  const min = rand.weighted([
    { v: 18, weight: 70 },
    { v: 21, weight: 5 },
    { v: 25, weight: 15 },
    { v: 30, weight: 10 },
  ]).v;
  const max = rand.weighted([
    { v: 65, weight: 85 },
    { v: 54, weight: 10 },
    { v: 44, weight: 5 },
  ]).v;
  const buckets = AGE_BUCKETS.filter((bucket) => {
    const low = Number.parseInt(bucket, 10);
    return low + (bucket === '65+' ? 0 : 6) >= min && low <= max;
  });
  const peak = rand.int(0, Math.max(0, buckets.length - 1));
  const weights = buckets.map((_, i) => 1 / (1 + Math.abs(i - peak) * 1.4) + rand.next() * 0.15);
  const totalWeight = weights.reduce((a, b) => a + b, 0);
  const female = gender === 'Women' ? 0.97 : gender === 'Men' ? 0.03 : femaleShare;
  const breakdown = buckets.map((age_range, i) => {
    const people = (reach * weights[i]!) / totalWeight;
    const unknown = Math.round(people * 0.02);
    const women = Math.round((people - unknown) * female);
    return { age_range, male: Math.max(0, Math.round(people - unknown - women)), female: women, unknown };
  });
  const block = {
    gender_audience: gender,
    age_audience: { min, max },
    location_audience: [{ name: countryName(country) ?? country, type: 'countries', excluded: false }],
    age_country_gender_reach_breakdown: [{ country, age_gender_breakdowns: breakdown }],
  };
  return {
    transparency_by_location: {
      eu_transparency: isEu ? { eu_total_reach: reach, targets_eu: true, ...block } : null,
      uk_transparency: isUk ? { total_reach: reach, ...block } : null,
      br_transparency: null,
    },
    aaa_info: {
      payer_beneficiary_data: [{ payer: shopName, beneficiary: shopName }],
      targets_eu: isEu,
      is_ad_taken_down: false,
    },
  };
}

function buildGroup(ctx: BuildContext, day: number, slot: number): Group {
  const { universe, country, today, query } = ctx;
  const key = `${ctx.seed}|${day}|${slot}`;
  const rand = new Rand(key);

  const offer = rand.weighted(universe.offers);
  const { product } = offer;
  const shops =
    universe.pageShops.length > 0 ? universe.pageShops : (universe.shopsByNiche.get(offer.niche.key) ?? []);
  const shop = rand.pick(shops);
  const niche = shop.niche;

  const life = rand.weighted(LIFETIMES);
  const lifetime = rand.int(life.min, life.max);
  const active = day + lifetime >= today;
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
  const media = collationId;
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

  const cardOf = (p: DemoProduct, index: number, cardBody: string | null) =>
    card({
      title: p.name,
      body: cardBody,
      caption: shop.domain,
      ctaType,
      ctaText: cta,
      linkUrl: productUrl(shop, p, rand, campaign),
      linkDescription: rand.chance(0.6) ? formatPrice(p.price, country) : p.description,
      media,
      index,
    });
  const nicheProducts = [product, ...niche.products.filter((p) => p !== product)];

  switch (format) {
    case 'VIDEO':
      videos = [
        {
          video_hd_url: `${MEDIA_HOST}/v/${media}_hd.mp4`,
          video_sd_url: `${MEDIA_HOST}/v/${media}_sd.mp4`,
          video_preview_image_url: `${MEDIA_HOST}/v/${media}_preview.jpg`,
        },
      ];
      break;
    case 'IMAGE':
      images = [image(media, 0)];
      break;
    case 'MULTI_IMAGES':
      images = Array.from({ length: rand.int(2, 4) }, (_, i) => image(media, i));
      break;
    case 'CAROUSEL': {
      const count = rand.int(3, 5);
      title = null;
      cards = Array.from({ length: count }, (_, i) => {
        const p = rand.chance(0.5) ? product : nicheProducts[i % nicheProducts.length]!;
        return cardOf(p, i, ucfirst(p.benefits[i % 3]!));
      });
      break;
    }
    case 'DPA': {
      // A catalogue ad: the top level holds templates, the real text sits in the cards.
      const count = rand.int(3, 6);
      cards = Array.from({ length: count }, (_, i) => {
        const p = nicheProducts[i % nicheProducts.length]!;
        return cardOf(p, i, i === 0 ? body : `${p.description}. ${ucfirst(p.benefits[0])}.`);
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
          media,
          index: i,
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
    // Active ads report "last seen" as their end date: about a day ago (reference §3.3).
    const lastSeen = (today - 1) * DAY_S + 8 * 3600 + seenJitter;
    const end = active
      ? Math.max(start, lastSeen)
      : Math.max(start, (day + lifetime) * DAY_S + stopHour * 3600);
    const platforms = m === 0 || rand.chance(0.7) ? basePlatforms : rand.weighted(PLATFORM_SETS).platforms;
    const reach = Math.max(1, Math.round(baseReach * (m === 0 ? 1 : 0.25 + rand.next() * 0.8)));
    const details = transparency(rand, country, reach, niche.femaleShare, shop.name);
    items.push({
      ad_archive_id: adId,
      ad_id: null,
      collation_id: collationId,
      collation_count: m === 0 ? size : null,
      categories: ['UNKNOWN'],
      currency: '',
      entity_type: 'PERSON_PROFILE',
      gated_type: 'ELIGIBLE',
      impressions_with_index: { impressions_text: null, impressions_index: -1 },
      is_aaa_eligible: details !== null,
      is_active: active,
      page_id: shop.pageId,
      page_name: shop.name,
      page_is_deleted: false,
      publisher_platform: [...platforms],
      reach_estimate: null,
      spend: null,
      start_date: start,
      end_date: end,
      targeted_or_reached_countries: [],
      total_active_time: null,
      ad_library_url: `https://www.facebook.com/ads/library/?id=${adId}`,
      snapshot: {
        body: { text: body },
        caption: shop.domain,
        cta_text: cta,
        cta_type: ctaType,
        display_format: format,
        title,
        link_description: description,
        link_url:
          m === 0 ? linkUrl : linkUrl.replace(/utm_campaign=[^&]*/, `utm_campaign=${campaign}-${m + 1}`),
        page_name: shop.name,
        page_categories: [...shop.categories],
        page_like_count: shop.likes,
        page_profile_uri: `https://www.facebook.com/${shop.pageId}/`,
        page_profile_picture_url: `${MEDIA_HOST}/p/${shop.pageId}.jpg`,
        cards,
        images,
        videos,
        extra_images: [],
        extra_links: [],
        extra_texts: [],
        extra_videos: [],
        branded_content: null,
      },
      ...(details ?? {}),
      url: query.libraryUrl,
    });
  }
  // Relevance: long-running, duplicated, still-active creatives surface first, with noise.
  const running = (active ? today : day + lifetime) - day;
  const score = rand.next() + (active ? 0.35 : 0) + Math.log10(1 + running) * 0.15 + Math.log10(size) * 0.2;
  return { score, items };
}

// ---------------------------------------------------------------------------------------------
// Filters of the Ad Library link

const IMAGE_FORMATS: ReadonlySet<string> = new Set(['IMAGE', 'MULTI_IMAGES', 'CAROUSEL', 'DPA', 'DCO']);

function matchesQuery(item: Record<string, unknown>, query: SourceQuery): boolean {
  if (query.activeStatus === 'active' && item.is_active !== true) return false;
  if (query.activeStatus === 'inactive' && item.is_active !== false) return false;
  const format = String((item.snapshot as { display_format?: string }).display_format);
  switch (query.mediaType) {
    case 'image':
    case 'meme':
    case 'image_and_meme':
      if (!IMAGE_FORMATS.has(format)) return false;
      break;
    case 'video':
      if (format !== 'VIDEO') return false;
      break;
    case 'none':
      return false; // every demo ad has an image or a video
  }
  if (query.platforms.length > 0) {
    const wanted = new Set(query.platforms.map((p) => p.toUpperCase()));
    if (!(item.publisher_platform as string[]).some((p) => wanted.has(p))) return false;
  }
  const startDay = new Date((item.start_date as number) * 1000).toISOString().slice(0, 10);
  if (query.startDateMin && startDay < query.startDateMin) return false;
  if (query.startDateMax && startDay > query.startDateMax) return false;
  return true;
}

/**
 * Every ad the demo library holds for a query on the day of `nowMs`, in result order, with the
 * link's filters (active status, media type, platforms, start dates) applied. Content languages
 * and the ad type are not filtered: the demo ads are all English-language commercial ads.
 */
export function buildDemoCatalogue(query: SourceQuery, nowMs: number): Record<string, unknown>[] {
  const seed = demoSeed(query);
  const universe = buildUniverse(query, seed);
  const ctx: BuildContext = {
    query,
    seed,
    universe,
    today: Math.floor(nowMs / DAY_MS),
    country: query.country.toUpperCase(),
    ids: new Set(),
  };
  const byPage = universe.pageShops.length > 0;
  const groups: Group[] = [];
  // Ads that started on the previous DEMO_WINDOW_DAYS days (none today, so none in the future).
  for (let age = DEMO_WINDOW_DAYS; age >= 1; age--) {
    const day = ctx.today - age;
    const dayRand = new Rand(`${seed}|day|${day}`);
    const creatives = byPage
      ? Array.from(universe.pageShops, () => dayRand.int(0, 3)).reduce((a, b) => a + b, 0)
      : dayRand.int(9, 16);
    for (let slot = 0; slot < creatives; slot++) groups.push(buildGroup(ctx, day, slot));
  }
  groups.sort((a, b) => b.score - a.score);
  const items = groups.flatMap((group) => group.items).filter((item) => matchesQuery(item, query));
  for (const item of items) item.total = items.length;
  return items;
}

// ---------------------------------------------------------------------------------------------
// The source

export interface DemoSourceOptions {
  /** Pause before each page (SCOUT_DEMO_PACE_MS); 0 answers at once. */
  paceMs: number;
  pageSize?: number;
  now?: () => number;
  sleep?: Sleep;
}

export function createDemoSource(options: DemoSourceOptions): AdSource {
  const pageSize = options.pageSize ?? DEMO_PAGE_SIZE;
  const now = options.now ?? Date.now;
  const sleep = options.sleep ?? realSleep;
  return {
    name: 'demo',
    async *pages(query, { signal, cursor }): AsyncIterable<SourcePage> {
      if (signal.aborted) throw signal.reason;
      const catalogue = buildDemoCatalogue(query, now());
      let offset = cursor && /^\d+$/.test(cursor) ? Number(cursor) : 0;
      const limit = Math.max(0, Math.floor(query.limit));
      let yielded = 0;
      while (yielded < limit && offset < catalogue.length) {
        if (options.paceMs > 0) await sleep(options.paceMs, signal);
        if (signal.aborted) throw signal.reason;
        const take = Math.min(pageSize, limit - yielded, catalogue.length - offset);
        const items = catalogue.slice(offset, offset + take);
        offset += take;
        yielded += take;
        yield { items, cursor: offset < catalogue.length ? String(offset) : null };
      }
    },
  };
}
