/**
 * One raw ad from a source → one search_results row (docs/pipeline.md#normalizing). Sources disagree
 * on shape: curious_coder-style actors write snake_case (`ad_archive_id`, `snapshot.*`), older
 * builds and apify/facebook-ads-scraper camelCase (`adArchiveID`, `collationCount`), the Graph
 * API `ads_archive` its own names (`id`, `ad_creative_bodies[]`). The mapping and its traps are
 * docs/ad-sources.md#field-mapping; each concern has its module in this folder. Nothing here
 * throws on bad input: an item that cannot become a row comes back with a reason, and every field
 * falls back to '' or 0.
 */
import { AD_TEXT_CAPS } from '../ad-fields.ts';
import type { AdFields } from '../../records/entities.ts';
import { cleanText } from '../../text/text.ts';
import { winningScore } from '../winning-score.ts';
import { adIdOf, SKIP_REASONS, type SkipReason } from './ad-id.ts';
import { advertiserOf } from './advertiser.ts';
import { audienceOf, platformsOf } from './audience.ts';
import { creativeTextsOf } from './creative-text.ts';
import { nowMsOf } from './dates.ts';
import { itemShapeOf } from './item-shapes.ts';
import { lifetimeOf } from './lifetime.ts';
import { creativeMediaOf, formatOf } from './media.ts';
import { countOrNull, isJsonObject, readField } from './raw-access.ts';

/** A result row as the worker writes it: the 24 ad fields plus what the scout derives. */
export type NormalizedAd = AdFields & {
  /** Ads that share this creative ("N ads use this content"); 0 when the source gave none. */
  collation_count: number;
  /** Whole days between start and end (active ads: start and `now`). */
  days_running: number;
  /** The creative's main media file: video (HD, else SD) for video ads, else the image. */
  media_url: string;
  /** The preview image of that video when media_url is one; else ''. */
  media_poster_url: string;
  /** Cards of a carousel-style creative (or images of a multi-image ad); 0 for one image or video. */
  card_count: number;
  /** winning-score.ts, from the fields above. */
  winning_score: number;
  /** Whether the source gave a reach (EU/UK delivery): when false, `reach` is unknown, not 0. */
  reach_known: boolean;
  /** Whether the source gave `collation_count` (only a group's lead ad does). */
  collation_known: boolean;
};

/** The run an ad was scouted for: the `keywords` and `country` columns come from here. */
export interface NormalizeContext {
  /** Keywords of the run, comma-separated (ScoutQuery.keywords joined with ', '). */
  keywords: string;
  /** The run's country (the form's, else the link's). */
  country: string;
  /** When the scout ran: the end of an active ad's run. Passed in, never read from the clock. */
  now: Date | number;
}

export { SKIP_REASONS, type SkipReason };

export type NormalizeResult = { ok: true; ad: NormalizedAd } | { ok: false; reason: SkipReason };

/** The column limits live with the field list; the normalizer keeps within them. */
export { AD_TEXT_CAPS };

/**
 * Normalizes one raw item into a result row, or says why it cannot be one.
 * Pure: the same item and context always give the same row.
 */
export function normalizeAd(raw: unknown, context: NormalizeContext): NormalizeResult {
  if (!isJsonObject(raw)) return { ok: false, reason: SKIP_REASONS.notAnObject };
  const adId = adIdOf(raw);
  if ('reason' in adId) return { ok: false, reason: adId.reason };

  const shape = itemShapeOf(raw);
  const texts = creativeTextsOf(shape);
  const advertiser = advertiserOf(shape, texts.caption);
  const audience = audienceOf(shape);
  const lifetime = lifetimeOf(shape, nowMsOf(context.now));
  const collationCount = countOrNull(readField(raw, 'collation_count'));

  const ad: NormalizedAd = {
    active_status: lifetime.active_status,
    keywords: cleanText(context.keywords, { maxLength: AD_TEXT_CAPS.keywords }),
    country: cleanText(context.country, { maxLength: AD_TEXT_CAPS.country }).toUpperCase(),
    reach: audience.reach,
    store_name: advertiser.store_name,
    title: texts.title,
    ad_id: adId.id,
    category: advertiser.category,
    format: formatOf(shape),
    page_likes: advertiser.page_likes,
    start_date: lifetime.start_date,
    end_date: lifetime.end_date,
    platforms: platformsOf(shape),
    page_profile_url: advertiser.page_profile_url,
    // Always built from the id: the item's `url` is the search it came from, and ads_archive's
    // ad_snapshot_url carries an access token.
    ad_library_url: `https://www.facebook.com/ads/library/?id=${encodeURIComponent(adId.id)}`,
    product_link: advertiser.product_link,
    caption: texts.caption,
    cta_text: texts.cta_text,
    body: texts.body,
    cta_type: texts.cta_type,
    link_description: texts.link_description,
    age_ranges: audience.age_ranges,
    page_id: advertiser.page_id,
    gender_audience: audience.gender_audience,
    collation_count: collationCount ?? 0,
    days_running: lifetime.days_running,
    ...creativeMediaOf(shape),
    winning_score: 0,
    reach_known: audience.reach_known,
    collation_known: collationCount !== null,
  };
  ad.winning_score = winningScore(ad);
  return { ok: true, ad };
}
