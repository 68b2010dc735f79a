/**
 * One raw ad from a source → one search_results row (ARCHITECTURE §5 step 5). Sources disagree
 * on shape: curious_coder-style actors write snake_case (`ad_archive_id`, `snapshot.*`), older
 * builds and apify/facebook-ads-scraper camelCase (`adArchiveID`, `collationCount`), the Graph
 * API `ads_archive` its own names (`id`, `ad_creative_bodies[]`). The mapping and its traps are
 * reference/ad-library-sources.md §3–§4. Nothing here throws on bad input: an item that cannot
 * become a row comes back with a reason, and every field falls back to '' or 0.
 */
import { AD_TEXT_CAPS } from './ad-fields.ts';
import type { AdFields } from './entities.ts';
import { capText, cleanText } from './text.ts';
import { isAdMediaUrl, isHttpUrl, parseHttpUrl } from './url.ts';
import { winningScore } from './winning-score.ts';

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

export const SKIP_REASONS = {
  notAnObject: 'not an object',
  missingAdId: 'missing ad id',
  invalidAdId: 'invalid ad id',
} as const;
export type SkipReason = (typeof SKIP_REASONS)[keyof typeof SKIP_REASONS];

export type NormalizeResult = { ok: true; ad: NormalizedAd } | { ok: false; reason: SkipReason };

/** The column limits live with the field list; the normalizer keeps within them. */
export { AD_TEXT_CAPS };

const DAY_MS = 24 * 60 * 60 * 1000;
/** Dates before Facebook (2004) or after 2100 are junk (0, ms read as seconds…), not ad dates. */
const EARLIEST_DATE_MS = Date.UTC(2004, 0, 1);
const LATEST_DATE_MS = Date.UTC(2100, 0, 1);
/** `{{product.name}}`-style placeholders of DPA/DCO catalogue ads. */
const TEMPLATE = /\{\{[\s\S]*?\}\}/;
const AD_ID = /^[A-Za-z0-9_-]{1,64}$/;
/** The order platforms are listed in; unknown ones follow alphabetically. */
const PLATFORM_ORDER = [
  'FACEBOOK',
  'INSTAGRAM',
  'AUDIENCE_NETWORK',
  'MESSENGER',
  'THREADS',
  'WHATSAPP',
  'OCULUS',
];
/** Domains that say nothing about the store: marketplaces, link shorteners, Meta itself. */
const NOT_A_STORE =
  /(^|\.)(amazon\.[a-z.]+|amzn\.to|ebay\.[a-z.]+|etsy\.com|aliexpress\.[a-z.]+|alibaba\.com|temu\.com|walmart\.com|shein\.com|wish\.com|shopee\.[a-z.]+|lazada\.[a-z.]+|bit\.ly|tinyurl\.com|t\.co|goo\.gl|ow\.ly|rebrand\.ly|linktr\.ee|facebook\.com|fb\.com|fb\.me|m\.me|instagram\.com|whatsapp\.com|wa\.me|apps\.apple\.com|play\.google\.com)$/;

type Obj = Record<string, unknown>;

/** A JSON object (not null, not an array): the only thing a raw item or a block can be. */
function isObj(value: unknown): value is Obj {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** Squashed keys by key: sources repeat the same hundred keys, so this stays small (bounded anyway). */
const SQUASHED = new Map<string, string>();

/** `ad_archive_id`, `adArchiveID` and `adArchiveId` all become 'adarchiveid'. */
function squash(key: string): string {
  let squashed = SQUASHED.get(key);
  if (squashed === undefined) {
    squashed = key.replace(/_/g, '').toLowerCase();
    if (SQUASHED.size >= 5000) SQUASHED.clear();
    SQUASHED.set(key, squashed);
  }
  return squashed;
}

/**
 * An own property by its snake_case name, also found under camelCase or other capitals
 * (`adArchiveID`, `collationCount`): builds of one actor rename fields. Null counts as absent.
 */
function prop(obj: unknown, name: string): unknown {
  if (!isObj(obj)) return undefined;
  if (Object.prototype.hasOwnProperty.call(obj, name) && obj[name] != null) return obj[name];
  const wanted = squash(name);
  for (const key of Object.keys(obj)) {
    if (obj[key] != null && squash(key) === wanted) return obj[key];
  }
  return undefined;
}

/** Follows a dotted path of `prop` names; numeric segments index arrays. */
function at(obj: unknown, path: string): unknown {
  let current = obj;
  for (const segment of path.split('.')) {
    if (Array.isArray(current) && /^\d+$/.test(segment)) current = current[Number(segment)];
    else current = prop(current, segment);
    if (current === undefined) return undefined;
  }
  return current;
}

/** The first value that is not null/undefined/''. */
function firstPresent(...values: unknown[]): unknown {
  return values.find((v) => v !== undefined && v !== null && v !== '');
}

/** An array, or [] for anything else, so that a missing or wrong-typed list reads as empty. */
function list(value: unknown): unknown[] {
  return Array.isArray(value) ? value : [];
}

/** Graph API fields are arrays of texts (one per creative version); the first is the ad's. */
function firstOfList(value: unknown): unknown {
  return Array.isArray(value) ? value[0] : value;
}

/** Plain text of the legacy `body.markup.__html` (Facebook's own markup, not the advertiser's). */
function htmlToText(html: string): string {
  return html
    .replace(/<br\s*\/?>/gi, '\n')
    .replace(/<\/(p|div|li)>/gi, '\n')
    .replace(/<[^>]*>/g, '')
    .replace(/&#x([0-9a-f]{1,6});/gi, (m, hex: string) => codePoint(parseInt(hex, 16), m))
    .replace(/&#(\d{1,7});/g, (m, dec: string) => codePoint(Number(dec), m))
    .replace(/&(amp|lt|gt|quot|apos|nbsp);/g, (_m, name: string) => ENTITIES[name] ?? '');
}

const ENTITIES: Record<string, string> = {
  amp: '&',
  lt: '<',
  gt: '>',
  quot: '"',
  apos: "'",
  nbsp: ' ',
};

/** The character of a numeric entity, or the entity as typed when it names no character. */
function codePoint(value: number, fallback: string): string {
  return value > 0 && value <= 0x10ffff && !(value >= 0xd800 && value <= 0xdfff)
    ? String.fromCodePoint(value)
    : fallback;
}

/** Text of a creative field that may be a string, `{text}` or legacy `{markup: {__html}}`. */
function textOf(value: unknown): unknown {
  if (typeof value === 'string' || typeof value === 'number') return value;
  const text = prop(value, 'text');
  if (typeof text === 'string' && text.trim()) return text;
  const html = at(value, 'markup.__html');
  return typeof html === 'string' ? htmlToText(html) : undefined;
}

/**
 * A creative text: the ad's own value, unless it is missing or a DPA/DCO template, in which case
 * the first card's (where catalogue ads keep the real text). A template with nothing better
 * stays only if it carries words besides its placeholders.
 */
function creativeText(top: unknown, card: unknown, maxLength: number, multiline = false): string {
  const own = cleanText(textOf(top), { maxLength, multiline });
  if (own && !TEMPLATE.test(own)) return own;
  const fromCard = cleanText(textOf(card), { maxLength, multiline });
  if (fromCard && !TEMPLATE.test(fromCard)) return fromCard;
  const template = own || fromCard;
  return /[A-Za-z0-9\u00C0-\uFFFF]/.test(template.replace(/\{\{[\s\S]*?\}\}/g, '')) ? template : '';
}

/** A whole, non-negative number from a number or a numeric string ('315,801'); else 0. */
function count(value: unknown): number {
  let n = Number.NaN;
  if (typeof value === 'number') n = value;
  else if (typeof value === 'string' && /^\s*\d[\d,. ]*\s*$/.test(value)) {
    n = Number(value.replace(/[, ]/g, ''));
  }
  return Number.isFinite(n) && n > 0 ? Math.min(Math.floor(n), Number.MAX_SAFE_INTEGER) : 0;
}

/** A URL kept only when it is http(s) and fits its column; anything else ('javascript:…') is ''. */
function httpUrl(value: unknown, maxLength: number): string {
  if (typeof value !== 'string') return '';
  const url = value.trim();
  return url.length <= maxLength && isHttpUrl(url) ? url : '';
}

/** Facebook wraps outbound links in l.facebook.com/l.php?u=…; the store link is inside. */
function unwrapFacebookRedirect(url: string): string {
  const parts = parseHttpUrl(url);
  if (!parts || !/^(l|lm)\.facebook\.com$/.test(parts.host) || parts.path !== '/l.php') return url;
  const param = parts.query.split('&').find((pair) => pair.startsWith('u='));
  if (!param) return url;
  try {
    const inner = decodeURIComponent(param.slice(2).replace(/\+/g, ' '));
    return isHttpUrl(inner) ? inner : url;
  } catch {
    return url;
  }
}

// ---- dates ------------------------------------------------------------------------------------

const DATE_TEXT =
  /^(\d{4})-(\d{2})-(\d{2})(?:[T ](\d{2}):(\d{2})(?::(\d{2})(?:\.(\d{1,9}))?)?)?\s*(Z|[+-]\d{2}:?\d{2})?$/i;

/** Epoch ms of an ISO-like date ('2024-10-24', '…T07:00:00+0000', '… 07:00:00'); UTC unless zoned. */
function parseDateText(text: string): number | null {
  const m = DATE_TEXT.exec(text.trim());
  if (!m) return null;
  const [y, mo, d, h = 0, mi = 0, s = 0] = [m[1], m[2], m[3], m[4], m[5], m[6]].map((v) =>
    v === undefined ? undefined : Number(v),
  ) as number[];
  if (y === undefined || mo === undefined || d === undefined) return null;
  const ms = m[7] ? Number(`0.${m[7]}`) * 1000 : 0;
  if (mo < 1 || mo > 12 || d < 1 || d > 31 || h > 23 || mi > 59 || s > 59) return null;
  let time = Date.UTC(y, mo - 1, d, h, mi, s, Math.floor(ms));
  if (new Date(time).getUTCDate() !== d) return null; // 2025-02-30
  const zone = m[8];
  if (zone && zone.toUpperCase() !== 'Z') {
    const sign = zone.startsWith('-') ? -1 : 1;
    const digits = zone.slice(1).replace(':', '');
    time -= sign * (Number(digits.slice(0, 2)) * 60 + Number(digits.slice(2))) * 60_000;
  }
  return time;
}

/** Epoch ms of a source date: Unix seconds (or ms), numeric strings, or ISO-like text. */
function toEpochMs(value: unknown): number | null {
  let ms: number | null = null;
  if (typeof value === 'number' && Number.isFinite(value)) {
    ms = value > 1e11 ? value : value * 1000;
  } else if (typeof value === 'string' && /^\s*\d{9,13}(\.\d+)?\s*$/.test(value)) {
    const n = Number(value);
    ms = n > 1e11 ? n : n * 1000;
  } else if (typeof value === 'string') {
    ms = parseDateText(value);
  }
  return ms !== null && ms >= EARLIEST_DATE_MS && ms <= LATEST_DATE_MS ? Math.floor(ms) : null;
}

/** PocketBase's date format: '2024-10-24 07:00:00.000Z'. */
export function toPbDate(epochMs: number): string {
  return new Date(epochMs).toISOString().replace('T', ' ');
}

/** `now` as epoch ms; an invalid Date counts as 0 (no days running) rather than NaN. */
function epochOf(now: Date | number): number {
  const ms = typeof now === 'number' ? now : now.getTime();
  return Number.isFinite(ms) ? ms : 0;
}

// ---- field groups ---------------------------------------------------------------------------

/** Builds disagree on booleans (true, 'true', 1); null when the item does not say. */
function booleanOf(value: unknown): boolean | null {
  if (typeof value === 'boolean') return value;
  if (value === 1 || value === 0) return value === 1;
  if (typeof value === 'string') {
    const text = value.trim().toLowerCase();
    if (text === 'true') return true;
    if (text === 'false') return false;
  }
  return null;
}

interface Lifetime {
  active_status: 'ACTIVE' | 'INACTIVE' | '';
  start_date: string;
  end_date: string;
  days_running: number;
}

/**
 * Status, dates and days running. Active ads report today-ish as their end date: that is the
 * day the scraper last saw them, not an end, so an active ad has no end date and runs until `now`.
 */
function lifetime(raw: Obj, isGraph: boolean, now: number): Lifetime {
  // Each candidate is parsed in turn: an unreadable `start_date` must not hide a good formatted one.
  const firstDate = (...names: string[]) =>
    names.map((name) => toEpochMs(prop(raw, name))).find((ms) => ms !== null) ?? null;
  const start = firstDate('start_date', 'start_date_formatted', 'ad_delivery_start_time');
  const end = firstDate('end_date', 'end_date_formatted', 'ad_delivery_stop_time');

  let active = booleanOf(prop(raw, 'is_active'));
  if (active === null) {
    const status = String(firstPresent(prop(raw, 'active_status'), prop(raw, 'ad_active_status')) ?? '');
    if (/^active$/i.test(status)) active = true;
    else if (/^inactive$/i.test(status)) active = false;
  }
  if (active === null && isGraph) {
    // ads_archive: a blank stop time means the ad runs until stopped.
    active = end === null || end > now;
  }

  const activeStatus = active === null ? '' : active ? 'ACTIVE' : 'INACTIVE';
  let days = 0;
  if (start !== null) {
    if (active) days = (now - start) / DAY_MS;
    else if (end !== null) days = (end - start) / DAY_MS;
  }
  if (!days && !active) {
    const seconds = count(prop(raw, 'total_active_time'));
    if (seconds) days = (seconds * 1000) / DAY_MS;
  }
  return {
    active_status: activeStatus,
    start_date: start === null ? '' : toPbDate(start),
    end_date: active || end === null ? '' : toPbDate(end),
    days_running: Number.isFinite(days) && days > 0 ? Math.min(Math.floor(days), 36500) : 0,
  };
}

/** Transparency blocks for EU/UK delivery, in the order the reference says to read them. */
function transparencyBlocks(raw: Obj): { eu: unknown[]; uk: unknown[] } {
  return {
    eu: [
      at(raw, 'transparency_by_location.eu_transparency'),
      prop(raw, 'aaa_info'),
      at(raw, 'ad_details.aaa_info'),
      at(raw, 'ad_details.transparency_by_location.eu_transparency'),
      raw, // ads_archive puts eu_total_reach, target_ages… at the top
    ].filter(isObj),
    uk: [
      at(raw, 'transparency_by_location.uk_transparency'),
      at(raw, 'ad_details.transparency_by_location.uk_transparency'),
    ].filter(isObj),
  };
}

/** EU reach plus UK reach (disjoint audiences), each from the first block that has it. */
function reachOf(raw: Obj, blocks: { eu: unknown[]; uk: unknown[] }): number {
  const firstCount = (sources: unknown[], names: string[]) => {
    for (const block of sources) {
      for (const name of names) {
        const n = count(prop(block, name));
        if (n) return n;
      }
    }
    return 0;
  };
  const eu = firstCount(blocks.eu, ['eu_total_reach']);
  const uk =
    firstCount(blocks.uk, ['uk_total_reach', 'total_reach']) || firstCount([raw], ['uk_total_reach']);
  if (eu || uk) return Math.min(eu + uk, Number.MAX_SAFE_INTEGER);
  // ads_archive's per-location totals (EU, UK, BR), when the single total is absent.
  return list(prop(raw, 'total_reach_by_location')).reduce<number>(
    (sum, entry) =>
      sum + count(firstPresent(prop(entry, 'reach'), prop(entry, 'total_reach'), prop(entry, 'value'))),
    0,
  );
}

/** An age the Library can show (13–100), from 18, '18' or '65+'; else null. */
function ageBound(value: unknown): number | null {
  const n = typeof value === 'number' ? value : typeof value === 'string' ? parseInt(value, 10) : NaN;
  return Number.isInteger(n) && n >= 13 && n <= 100 ? n : null;
}

/** '18-65' from {min,max} or Graph `target_ages`; else the breakdown's age ranges, sorted. */
function ageRangesOf(blocks: unknown[]): string {
  for (const block of blocks) {
    const audience = prop(block, 'age_audience');
    const min = ageBound(prop(audience, 'min'));
    const max = ageBound(prop(audience, 'max'));
    if (min !== null && max !== null && min <= max) return `${min}-${max}`;
    if (min !== null && max === null) return `${min}+`;
    const targets = list(prop(block, 'target_ages'))
      .map(ageBound)
      .filter((n): n is number => n !== null);
    if (targets.length > 0) return `${Math.min(...targets)}-${Math.max(...targets)}`;
  }
  for (const block of blocks) {
    const ranges = new Set<string>();
    for (const country of list(prop(block, 'age_country_gender_reach_breakdown'))) {
      for (const row of list(prop(country, 'age_gender_breakdowns'))) {
        const range = prop(row, 'age_range');
        if (typeof range === 'string' && /^\d{1,3}(-\d{1,3}|\+)$/.test(range.trim()))
          ranges.add(range.trim());
      }
    }
    if (ranges.size > 0) return [...ranges].sort((a, b) => parseInt(a, 10) - parseInt(b, 10)).join(', ');
  }
  return '';
}

const GENDERS: Record<string, string> = {
  all: 'All',
  both: 'All',
  women: 'Women',
  female: 'Women',
  men: 'Men',
  male: 'Men',
};

/** 'All', 'Women' or 'Men' (the Library's words); other values kept as text. */
function genderOf(blocks: unknown[]): string {
  for (const block of blocks) {
    const value = firstPresent(prop(block, 'gender_audience'), prop(block, 'target_gender'));
    const text = cleanText(value, { maxLength: AD_TEXT_CAPS.gender_audience });
    if (text) return GENDERS[text.toLowerCase()] ?? text;
  }
  return '';
}

/** Upper-case platform names in one fixed order, ', '-separated: FACEBOOK, INSTAGRAM. */
function platformsOf(value: unknown): string {
  const items = typeof value === 'string' ? value.split(',') : list(value);
  const names = new Set<string>();
  for (const item of items) {
    if (typeof item !== 'string') continue;
    const name = item
      .trim()
      .toUpperCase()
      .replace(/[\s-]+/g, '_');
    if (/^[A-Z_]{1,40}$/.test(name)) names.add(name);
  }
  const rank = (name: string) => {
    const i = PLATFORM_ORDER.indexOf(name);
    return i < 0 ? PLATFORM_ORDER.length : i;
  };
  const sorted = [...names].sort((a, b) => rank(a) - rank(b) || (a < b ? -1 : a > b ? 1 : 0));
  // Whole names only: a cut name would be a platform that does not exist.
  while (sorted.join(', ').length > AD_TEXT_CAPS.platforms) sorted.pop();
  return sorted.join(', ');
}

/** The Page's categories joined with ', ' (top-level `categories` is not the Page's: ignored). */
function categoryOf(value: unknown): string {
  const items = typeof value === 'string' ? [value] : list(value);
  const names: string[] = [];
  for (const item of items) {
    const name = cleanText(typeof item === 'string' ? item : prop(item, 'name'), { maxLength: 200 });
    if (name && !names.includes(name)) names.push(name);
  }
  return capText(names.join(', '), AD_TEXT_CAPS.category);
}

/** A bare domain ('curvy-faja.com') from a display caption or a URL, without 'www.'. */
function domainOf(text: string): string {
  const match = /^(?:https?:\/\/)?([a-z0-9-]+(?:\.[a-z0-9-]+)*\.[a-z]{2,63})\.?(?::\d+)?(?:[/?#].*)?$/i.exec(
    text.trim(),
  );
  return match?.[1] ? match[1].toLowerCase().replace(/^www\./, '') : '';
}

/**
 * The store: the caption's display domain, else the product link's domain, else the Page name.
 * A marketplace, shortener or Meta domain names no store, so the Page name wins over it.
 */
function storeNameOf(caption: string, productLink: string, pageName: string): string {
  const domain = domainOf(caption) || domainOf(productLink);
  if (domain && !NOT_A_STORE.test(domain)) return capText(domain, AD_TEXT_CAPS.store_name);
  return pageName || capText(domain, AD_TEXT_CAPS.store_name);
}

/** Display format as the Library names it, else inferred from the media the ad carries. */
function formatOf(displayFormat: unknown, snapshot: unknown, cards: unknown[]): string {
  const named = typeof displayFormat === 'string' ? displayFormat.trim().toUpperCase() : '';
  if (/^[A-Z_]{1,50}$/.test(named)) return named;
  if (list(prop(snapshot, 'videos')).length > 0) return 'VIDEO';
  if (cards.length > 1) return 'CAROUSEL';
  if (list(prop(snapshot, 'images')).length > 0) return 'IMAGE';
  const card = cards[0];
  if (firstPresent(prop(card, 'video_hd_url'), prop(card, 'video_sd_url'))) return 'VIDEO';
  if (firstPresent(prop(card, 'original_image_url'), prop(card, 'resized_image_url'))) return 'IMAGE';
  return '';
}

/** A media link: http(s) or a demo image path (url.ts, isAdMediaUrl) that fits its column. */
function mediaLink(value: unknown, maxLength: number): string {
  if (typeof value !== 'string') return '';
  const url = value.trim();
  return url.length <= maxLength && isAdMediaUrl(url) ? url : '';
}

const VIDEO_NAMES = ['video_hd_url', 'video_sd_url'];
const IMAGE_NAMES = ['original_image_url', 'resized_image_url', 'video_preview_image_url'];

interface Creative {
  media_url: string;
  media_poster_url: string;
  card_count: number;
}

/**
 * The creative's media: a video when the ad has one (with that video's preview image as its
 * poster), else its image; a carousel's come from its first card. `card_count` counts the cards
 * (or the images of a multi-image ad) when there is more than one file to show.
 */
function creativeOf(snapshot: unknown, cards: unknown[]): Creative {
  const images = list(prop(snapshot, 'images'));
  const holders = [
    firstOfList(prop(snapshot, 'videos')),
    images[0],
    cards[0],
    firstOfList(prop(snapshot, 'extra_videos')),
    firstOfList(prop(snapshot, 'extra_images')),
  ];
  const cardCount = cards.length > 0 ? cards.length : images.length > 1 ? images.length : 0;
  for (const name of VIDEO_NAMES) {
    for (const holder of holders) {
      const video = mediaLink(prop(holder, name), AD_TEXT_CAPS.media_url);
      if (!video) continue;
      const poster = mediaLink(prop(holder, 'video_preview_image_url'), AD_TEXT_CAPS.media_poster_url);
      return { media_url: video, media_poster_url: poster, card_count: cardCount };
    }
  }
  for (const name of IMAGE_NAMES) {
    for (const holder of holders) {
      const image = mediaLink(prop(holder, name), AD_TEXT_CAPS.media_url);
      if (image) return { media_url: image, media_poster_url: '', card_count: cardCount };
    }
  }
  return { media_url: '', media_poster_url: '', card_count: cardCount };
}

/**
 * The Library ID (`ad_archive_id`, Graph `id`). `ad_id` is another id, usually null: never used.
 * Numbers past 2^53 have already lost digits in JSON.parse, so they are refused.
 */
function adIdOf(raw: Obj): { id: string } | { reason: SkipReason } {
  const value = firstPresent(prop(raw, 'ad_archive_id'), prop(raw, 'id'));
  if (value === undefined) return { reason: SKIP_REASONS.missingAdId };
  if (typeof value === 'number') {
    return Number.isSafeInteger(value) && value >= 0
      ? { id: String(value) }
      : { reason: SKIP_REASONS.invalidAdId };
  }
  const id = typeof value === 'string' ? value.trim() : '';
  if (!id) return { reason: SKIP_REASONS.missingAdId };
  return AD_ID.test(id) ? { id } : { reason: SKIP_REASONS.invalidAdId };
}

const GRAPH_KEYS = [
  'ad_delivery_start_time',
  'ad_delivery_stop_time',
  'ad_snapshot_url',
  'ad_creation_time',
  'ad_creative_bodies',
  'ad_creative_link_titles',
  'ad_creative_link_captions',
  'ad_creative_link_descriptions',
];

/**
 * Normalizes one raw item into a result row, or says why it cannot be one.
 * Pure: the same item and context always give the same row.
 */
export function normalizeAd(raw: unknown, context: NormalizeContext): NormalizeResult {
  if (!isObj(raw)) return { ok: false, reason: SKIP_REASONS.notAnObject };
  const adId = adIdOf(raw);
  if ('reason' in adId) return { ok: false, reason: adId.reason };

  const now = epochOf(context.now);
  const isGraph = GRAPH_KEYS.some((key) => Object.prototype.hasOwnProperty.call(raw, key));
  const snapshot = prop(raw, 'snapshot');
  const creative = isObj(snapshot) ? snapshot : raw;
  /** A creative field from the snapshot, or from the top level of flattened items. */
  const snap = (name: string) => firstPresent(prop(snapshot, name), prop(raw, name));
  const cards = list(snap('cards'));
  const card = cards[0];

  const title = creativeText(
    firstPresent(snap('title'), firstOfList(prop(raw, 'ad_creative_link_titles'))),
    prop(card, 'title'),
    AD_TEXT_CAPS.title,
  );
  const body = creativeText(
    firstPresent(snap('body'), firstOfList(prop(raw, 'ad_creative_bodies'))),
    prop(card, 'body'),
    AD_TEXT_CAPS.body,
    true,
  );
  const caption = creativeText(
    firstPresent(snap('caption'), firstOfList(prop(raw, 'ad_creative_link_captions'))),
    prop(card, 'caption'),
    AD_TEXT_CAPS.caption,
  );
  const linkDescription = creativeText(
    firstPresent(snap('link_description'), firstOfList(prop(raw, 'ad_creative_link_descriptions'))),
    prop(card, 'link_description'),
    AD_TEXT_CAPS.link_description,
    true,
  );
  const ctaText = creativeText(snap('cta_text'), prop(card, 'cta_text'), AD_TEXT_CAPS.cta_text);
  const ctaTypeRaw = cleanText(firstPresent(snap('cta_type'), prop(card, 'cta_type')), {
    maxLength: AD_TEXT_CAPS.cta_type,
  }).toUpperCase();
  const topLink = httpUrl(snap('link_url'), AD_TEXT_CAPS.product_link);
  const cardLink = httpUrl(prop(card, 'link_url'), AD_TEXT_CAPS.product_link);
  const productLink = unwrapFacebookRedirect(
    (topLink && !TEMPLATE.test(topLink) ? topLink : '') ||
      (cardLink && !TEMPLATE.test(cardLink) ? cardLink : '') ||
      topLink ||
      cardLink,
  );

  const pageIdRaw = cleanText(firstPresent(prop(raw, 'page_id'), prop(snapshot, 'page_id')), {
    maxLength: 64,
  });
  const pageId = /^\d{1,64}$/.test(pageIdRaw) ? pageIdRaw : '';
  const pageName = cleanText(snap('page_name'), { maxLength: AD_TEXT_CAPS.store_name });
  const blocks = transparencyBlocks(raw);
  const audienceBlocks = [...blocks.eu, ...blocks.uk];
  const times = lifetime(raw, isGraph, now);
  const collationCount = count(prop(raw, 'collation_count'));

  const ad: NormalizedAd = {
    active_status: times.active_status,
    keywords: cleanText(context.keywords, { maxLength: AD_TEXT_CAPS.keywords }),
    country: cleanText(context.country, { maxLength: AD_TEXT_CAPS.country }).toUpperCase(),
    reach: reachOf(raw, blocks),
    store_name: storeNameOf(caption, productLink, pageName),
    title,
    ad_id: adId.id,
    category: categoryOf(snap('page_categories')),
    format: formatOf(snap('display_format'), creative, cards),
    page_likes: count(firstPresent(snap('page_like_count'), snap('page_likes'))),
    start_date: times.start_date,
    end_date: times.end_date,
    platforms: platformsOf(firstPresent(prop(raw, 'publisher_platform'), prop(raw, 'publisher_platforms'))),
    page_profile_url:
      httpUrl(snap('page_profile_uri'), AD_TEXT_CAPS.page_profile_url) ||
      (pageId ? `https://www.facebook.com/${pageId}` : ''),
    // Always built from the id: the item's `url` is the search it came from, and ads_archive's
    // ad_snapshot_url carries an access token.
    ad_library_url: `https://www.facebook.com/ads/library/?id=${encodeURIComponent(adId.id)}`,
    product_link: productLink,
    caption,
    cta_text: ctaText,
    body,
    cta_type: /^[A-Z_]{1,100}$/.test(ctaTypeRaw) ? ctaTypeRaw : '',
    link_description: linkDescription,
    age_ranges: capText(ageRangesOf(audienceBlocks), AD_TEXT_CAPS.age_ranges),
    page_id: pageId,
    gender_audience: genderOf(audienceBlocks),
    collation_count: collationCount,
    days_running: times.days_running,
    ...creativeOf(creative, cards),
    winning_score: 0,
  };
  ad.winning_score = winningScore(ad);
  return { ok: true, ad };
}
