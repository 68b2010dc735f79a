/**
 * The raw item shape of the demo source: what the curious_coder Apify actor returns for one ad
 * (docs/ad-sources.md#the-actors-output), so that one normalizer handles both. Images are the app's own demo
 * product images and videos (media.ts, root-relative /demo-media/ paths); Page pictures sit on an `.example` host.
 */
import { countryName, EU_COUNTRY_CODES } from '../domain/forms/countries.ts';
import { AGE_BUCKETS, type DemoFormat } from './catalogue.ts';
import type { Rand } from './random.ts';
import type { Shop } from './shops.ts';

/** Where the demo's Page profile pictures would be (never shown). */
const PICTURE_HOST = 'https://media.adscout-demo.example';

/** An image of the creative: one of the demo product images (a 600×600 raster, also the resized one). */
export function image(path: string): { original_image_url: string; resized_image_url: string } {
  return { original_image_url: path, resized_image_url: path };
}

/**
 * A video: its file when the product has one (media.ts, DEMO_VIDEO_PRODUCTS), else only its
 * preview image (a product image) is known.
 */
export function video(previewPath: string, videoPath: string | null): Record<string, unknown> {
  return { video_hd_url: videoPath, video_sd_url: null, video_preview_image_url: previewPath };
}

export function card(fields: {
  title: string | null;
  body: string | null;
  caption: string;
  ctaType: string;
  ctaText: string;
  linkUrl: string;
  linkDescription: string | null;
  /** The card's product image (media.ts). */
  image: string;
}): Record<string, unknown> {
  return {
    title: fields.title,
    body: fields.body,
    caption: fields.caption,
    cta_text: fields.ctaText,
    cta_type: fields.ctaType,
    link_url: fields.linkUrl,
    link_description: fields.linkDescription,
    ...image(fields.image),
    watermarked_resized_image_url: '',
    video_hd_url: null,
    video_sd_url: null,
    video_preview_image_url: null,
  };
}

/** EU (DSA) or UK transparency for one ad; null outside the EU and the UK. */
export function transparency(
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

/** One ad of a creative group, as `buildGroup` drew it; `rawItem` lays it out as the actor does. */
export interface DemoAd {
  adId: string;
  collationId: string;
  /** The group's size on its lead ad; null on the others. */
  collationCount: number | null;
  active: boolean;
  shop: Shop;
  platforms: readonly string[];
  /** Unix seconds. */
  start: number;
  end: number;
  format: DemoFormat;
  body: string;
  title: string | null;
  description: string | null;
  linkUrl: string;
  ctaText: string;
  ctaType: string;
  cards: Record<string, unknown>[];
  images: Record<string, unknown>[];
  videos: Record<string, unknown>[];
  /** The EU/UK block of `transparency`, or null. */
  details: Record<string, unknown> | null;
  libraryUrl: string;
}

export function rawItem(ad: DemoAd): Record<string, unknown> {
  const { shop } = ad;
  return {
    ad_archive_id: ad.adId,
    ad_id: null,
    collation_id: ad.collationId,
    collation_count: ad.collationCount,
    categories: ['UNKNOWN'],
    currency: '',
    entity_type: 'PERSON_PROFILE',
    gated_type: 'ELIGIBLE',
    impressions_with_index: { impressions_text: null, impressions_index: -1 },
    is_aaa_eligible: ad.details !== null,
    is_active: ad.active,
    page_id: shop.pageId,
    page_name: shop.name,
    page_is_deleted: false,
    publisher_platform: [...ad.platforms],
    reach_estimate: null,
    spend: null,
    start_date: ad.start,
    end_date: ad.end,
    targeted_or_reached_countries: [],
    total_active_time: null,
    ad_library_url: `https://www.facebook.com/ads/library/?id=${ad.adId}`,
    snapshot: {
      body: { text: ad.body },
      caption: shop.domain,
      cta_text: ad.ctaText,
      cta_type: ad.ctaType,
      display_format: ad.format,
      title: ad.title,
      link_description: ad.description,
      link_url: ad.linkUrl,
      page_name: shop.name,
      page_categories: [...shop.categories],
      page_like_count: shop.likes,
      page_profile_uri: `https://www.facebook.com/${shop.pageId}/`,
      page_profile_picture_url: `${PICTURE_HOST}/p/${shop.pageId}.jpg`,
      cards: ad.cards,
      images: ad.images,
      videos: ad.videos,
      extra_images: [],
      extra_links: [],
      extra_texts: [],
      extra_videos: [],
      branded_content: null,
    },
    ...(ad.details ?? {}),
    url: ad.libraryUrl,
  };
}
