/**
 * The fields of a stored result row, in one place: the 24 ad fields of docs/product.md#entities-and-fields
 * (with the Database page's headers), the derived columns, and the creative's media. `kind` says how a value
 * is stored and shown; `max` is the longest text kept (UTF-16 code units) and equals the search_results
 * column limit in pb_migrations (tests/integration/schema-parity.test.ts compares them); `int`
 * marks whole numbers. No zod here, so that code which needs only the field list (the hooks,
 * the landing path) does not pull zod in.
 */

/**
 * The 24 ad fields of docs/product.md#entities-and-fields in the product's order, with the Database page's
 * column headers (docs/product.md#screens-and-routes).
 */
export const AD_FIELDS = [
  { key: 'active_status', header: 'Active Status', kind: 'text', max: 20 },
  { key: 'keywords', header: 'Keywords', kind: 'text', max: 1000 },
  { key: 'country', header: 'Country', kind: 'text', max: 20 },
  { key: 'reach', header: 'Reach', kind: 'number', int: true },
  { key: 'store_name', header: 'Store Name', kind: 'text', max: 500 },
  { key: 'title', header: 'Title', kind: 'text', max: 2000 },
  { key: 'ad_id', header: 'Ad ID', kind: 'text', max: 64 },
  { key: 'category', header: 'Category', kind: 'text', max: 500 },
  { key: 'format', header: 'Format', kind: 'text', max: 50 },
  { key: 'page_likes', header: 'Page Likes', kind: 'number', int: true },
  { key: 'start_date', header: 'Start Date', kind: 'date' },
  { key: 'end_date', header: 'End Date', kind: 'date' },
  { key: 'platforms', header: 'Platforms', kind: 'text', max: 200 },
  { key: 'page_profile_url', header: 'Page Profile', kind: 'url', max: 2000 },
  { key: 'ad_library_url', header: 'Ad Library', kind: 'url', max: 2000 },
  { key: 'product_link', header: 'Product Link', kind: 'url', max: 4000 },
  { key: 'caption', header: 'Caption', kind: 'text', max: 2000 },
  { key: 'cta_text', header: 'CTA Text', kind: 'text', max: 200 },
  { key: 'body', header: 'Body', kind: 'text', max: 20000 },
  { key: 'cta_type', header: 'CTA Type', kind: 'text', max: 100 },
  { key: 'link_description', header: 'Link Description', kind: 'text', max: 5000 },
  { key: 'age_ranges', header: 'Age Ranges', kind: 'text', max: 200 },
  { key: 'page_id', header: 'Page ID', kind: 'text', max: 64 },
  { key: 'gender_audience', header: 'Gender Audience', kind: 'text', max: 100 },
] as const;

export type AdFieldKey = (typeof AD_FIELDS)[number]['key'];

/**
 * Derived columns shown after the 24 (docs/decisions.md#more-than-the-products-24-columns). The winning score
 * is 0–100.
 */
export const DERIVED_AD_FIELDS = [
  { key: 'days_running', header: 'Days Running', kind: 'number', int: true },
  { key: 'collation_count', header: 'Variants', kind: 'number', int: true },
  { key: 'winning_score', header: 'Winning Score', kind: 'number', max: 100 },
] as const;

/**
 * Stored with every row but not data columns: what the ad detail view and the Database page's
 * Creative thumbnail show (creative.ts chooses how). `media` links are absolute http(s) URLs or
 * the demo catalogue's own image paths (url.ts, isAdMediaUrl).
 */
export const CREATIVE_FIELDS = [
  /** The creative's main media file: the video for video ads, else the (first card's) image. */
  { key: 'media_url', kind: 'media', max: 4000 },
  /** The video's preview image when media_url is a video; else ''. */
  { key: 'media_poster_url', kind: 'media', max: 4000 },
  /** Cards of a carousel-style creative (or images of a multi-image ad); 0 for a single one. */
  { key: 'card_count', kind: 'number', int: true },
] as const;

/**
 * Whether the source gave a number at all (docs/decisions.md#unknown-is-not-zero): the Library reports
 * reach only for ads delivered in the EU or the UK, and `collation_count` only on the lead ad of a
 * group of copies. PocketBase number fields cannot be null, so an unknown `reach` is stored as 0 with
 * `reach_known` false; it is shown and exported empty (resultValue) and left out of every aggregate.
 */
export const KNOWN_FLAG_FIELDS = [
  { key: 'reach_known', kind: 'flag', of: 'reach' },
  { key: 'collation_known', kind: 'flag', of: 'collation_count' },
] as const;

export type KnownFlagKey = (typeof KNOWN_FLAG_FIELDS)[number]['key'];

/** Every field the worker writes into a search_results row. */
export const RESULT_ROW_FIELDS = [
  ...AD_FIELDS,
  ...DERIVED_AD_FIELDS,
  ...CREATIVE_FIELDS,
  ...KNOWN_FLAG_FIELDS,
] as const;

const KNOWN_FLAG_BY_FIELD: ReadonlyMap<string, KnownFlagKey> = new Map(
  KNOWN_FLAG_FIELDS.map((flag) => [flag.of, flag.key]),
);

/** The known-flag of a field (`reach` → `reach_known`); undefined for a field that is always known. */
export function knownFlagOf(key: string): KnownFlagKey | undefined {
  return KNOWN_FLAG_BY_FIELD.get(key);
}

/**
 * A row's value of `key` as the source gave it: null when the field has a known-flag
 * (KNOWN_FLAG_FIELDS) that is not true, else the stored value. Every place that shows, exports or
 * adds up reach and variants reads them through this.
 */
export function resultValue(row: { readonly [key: string]: unknown }, key: string): unknown {
  const flag = KNOWN_FLAG_BY_FIELD.get(key);
  return flag !== undefined && row[flag] !== true ? null : row[key];
}

export type ResultRowField = (typeof RESULT_ROW_FIELDS)[number];
type TextRowField = Extract<ResultRowField, { kind: 'text' | 'url' | 'media' }>;

/**
 * The longest value kept per text column (AD_FIELDS' `max`). Text is cut at its cap; a URL longer
 * than its cap is dropped by the normalizer (a cut URL is a broken one); an ad id longer than its
 * cap makes the item a skip (a cut id names another ad).
 */
export const AD_TEXT_CAPS = capsOf(RESULT_ROW_FIELDS);

function capsOf(fields: readonly ResultRowField[]) {
  const caps: Record<string, number> = {};
  for (const field of fields)
    if (field.kind === 'text' || field.kind === 'url' || field.kind === 'media') caps[field.key] = field.max;
  return Object.freeze(caps) as { readonly [F in TextRowField as F['key']]: F['max'] };
}
