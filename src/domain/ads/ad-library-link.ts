/**
 * The web Ad Library link a user pastes (docs/ad-sources.md#the-ad-library-link) and the scout query
 * built from it (docs/pipeline.md#the-ad-library-link). Meta documents none of these parameters, so the
 * parser keeps every one it sees: the known ones as typed fields, the rest in `other`.
 * Works without the `URL` global (PocketBase's JS VM lacks it).
 */
import { LIMITS } from '../forms/limits.ts';
import { cleanText, splitKeywords } from '../text/text.ts';
import { parseHttpUrl } from '../text/url.ts';

/** What the user sees when the pasted link is not an Ad Library link. */
export const AD_LIBRARY_LINK_MESSAGE =
  'Please paste a link to the Facebook Ad Library (facebook.com/ads/library)';
export const AD_LIBRARY_LINK_TOO_LONG_MESSAGE = 'Link is too long';

/** Hosts that serve the Ad Library: desktop, mobile and the "web." alias, with or without www. */
const AD_LIBRARY_HOSTS = ['facebook.com', 'www.facebook.com', 'm.facebook.com', 'web.facebook.com'];
const AD_LIBRARY_PATH = '/ads/library';
/** Canonical base that `adLibrarySearchUrl` builds on. */
export const AD_LIBRARY_BASE_URL = 'https://www.facebook.com/ads/library/';

/** The pasted link, parameter by parameter. Values that fail their format are ''. */
export interface AdLibraryLink {
  /** ISO-2 code upper-cased, or 'ALL'. */
  country: string;
  /** Search text as typed, quotes of an exact phrase included. */
  q: string;
  /** keyword_unordered, keyword_exact_phrase, page… (lower case). */
  search_type: string;
  /** active, inactive, all. */
  active_status: string;
  /** all, political_and_issue_ads… */
  ad_type: string;
  /** all, image, meme, image_and_meme, video, none. */
  media_type: string;
  /** Numeric Page ID of an advertiser view. */
  view_all_page_id: string;
  /** Library ID of a single-ad link. */
  id: string;
  /** true / false, or null when absent. */
  is_targeted_country: boolean | null;
  /** e.g. HAS_IMPRESSIONS_LAST_7DAYS (upper case as Facebook writes it). */
  impression_condition: string;
  /** `start_date[min]` / `start_date[max]` as YYYY-MM-DD. */
  start_date: { min: string; max: string };
  /** `sort_data[mode]` / `sort_data[direction]`. */
  sort_data: { mode: string; direction: string };
  /** `publisher_platforms[n]`, lower case, in index order, without duplicates. */
  publisher_platforms: string[];
  /** `content_languages[n]`, ISO 639-1, lower case. */
  content_languages: string[];
  /** `regions[n]` (political ads), as text. */
  regions: string[];
  /** `page_ids[n]`, numeric. */
  page_ids: string[];
  /** Every other parameter, decoded, in link order, so that nothing pasted is lost. */
  other: Array<[key: string, value: string]>;
}

export type AdLibraryLinkResult = { ok: true; link: AdLibraryLink } | { ok: false; error: string };

const ENUM_VALUE = /^[a-z0-9_]{1,64}$/;
const NUMERIC_ID = /^\d{1,32}$/;
const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;
const LANGUAGE = /^[a-z]{2,3}(?:[-_][a-z0-9]{2,8})?$/;
const PARAM_KEY = /^([a-z0-9_]+)(?:\[([^\]]*)\])?$/;

/** Query-string decoding: `+` is a space; malformed %-escapes stay as typed instead of throwing. */
function decodeComponent(raw: string): string {
  const spaced = raw.replace(/\+/g, ' ');
  try {
    return decodeURIComponent(spaced);
  } catch {
    return spaced.replace(/(?:%[0-9a-f]{2})+/gi, (run) => {
      try {
        return decodeURIComponent(run);
      } catch {
        return run;
      }
    });
  }
}

/** A keyword-like value (active, keyword_unordered…); anything else could smuggle text into a URL. */
function enumValue(raw: string, upper = false): string {
  const value = raw.trim().toLowerCase();
  if (!ENUM_VALUE.test(value)) return '';
  return upper ? value.toUpperCase() : value;
}

/** Page and Library IDs are digits only. */
function numericId(raw: string): string {
  const value = raw.trim();
  return NUMERIC_ID.test(value) ? value : '';
}

/** A real calendar date as YYYY-MM-DD (2025-02-30 is refused), as the Library filters take. */
function isoDate(raw: string): string {
  const match = ISO_DATE.exec(raw.trim());
  if (!match) return '';
  const [, y, m, d] = match.map(Number) as [number, number, number, number];
  const date = new Date(Date.UTC(y, m - 1, d));
  return date.getUTCFullYear() === y && date.getUTCMonth() === m - 1 && date.getUTCDate() === d
    ? raw.trim()
    : '';
}

/** ISO-2 upper-cased, or 'ALL' (the Library's every-country value). */
function countryValue(raw: string): string {
  const value = raw.trim().toUpperCase();
  return /^[A-Z]{2}$/.test(value) || value === 'ALL' ? value : '';
}

const ARRAY_PARAMS = {
  publisher_platforms: (raw: string) => enumValue(raw),
  content_languages: (raw: string) => {
    const value = raw.trim().toLowerCase();
    return LANGUAGE.test(value) ? value : '';
  },
  regions: (raw: string) => cleanText(raw, { maxLength: 200 }),
  page_ids: numericId,
} as const;
type ArrayParam = keyof typeof ARRAY_PARAMS;

/** Own keys only: a parameter named `constructor` is not an array parameter. */
function isArrayParam(name: string): name is ArrayParam {
  return Object.prototype.hasOwnProperty.call(ARRAY_PARAMS, name);
}

/** A link with no parameters: what every field is before the query string is read. */
function emptyLink(): AdLibraryLink {
  return {
    country: '',
    q: '',
    search_type: '',
    active_status: '',
    ad_type: '',
    media_type: '',
    view_all_page_id: '',
    id: '',
    is_targeted_country: null,
    impression_condition: '',
    start_date: { min: '', max: '' },
    sort_data: { mode: '', direction: '' },
    publisher_platforms: [],
    content_languages: [],
    regions: [],
    page_ids: [],
    other: [],
  };
}

/**
 * Sets a scalar field once: the first occurrence wins, as with URLSearchParams.get, so a
 * parameter appended later cannot silently replace the one the user saw in the Library.
 */
function setScalar(link: AdLibraryLink, seen: Set<string>, key: string, apply: () => void): void {
  if (seen.has(key)) return;
  seen.add(key);
  apply();
}

/**
 * Parses a pasted Ad Library link. Accepts http/https on facebook.com, www., m. and web.
 * with the path /ads/library; refuses anything else with a message fit for the user.
 */
export function parseAdLibraryLink(raw: string): AdLibraryLinkResult {
  const text = typeof raw === 'string' ? raw.trim() : '';
  if (text.length > LIMITS.facebookLinkMaxLength) {
    return { ok: false, error: AD_LIBRARY_LINK_TOO_LONG_MESSAGE };
  }
  // Backslashes and credentials are how look-alike links smuggle another host past a parser.
  if (!text || text.includes('\\') || /^[a-z]+:\/\/[^/?#]*@/i.test(text)) {
    return { ok: false, error: AD_LIBRARY_LINK_MESSAGE };
  }
  const parts = parseHttpUrl(text);
  if (!parts) return { ok: false, error: AD_LIBRARY_LINK_MESSAGE };
  const host = parts.host.replace(/\.$/, '');
  const path = parts.path.toLowerCase().replace(/\/$/, '');
  const defaultPort = parts.port === '' || parts.port === (parts.protocol === 'https' ? '443' : '80');
  if (!AD_LIBRARY_HOSTS.includes(host) || path !== AD_LIBRARY_PATH || !defaultPort) {
    return { ok: false, error: AD_LIBRARY_LINK_MESSAGE };
  }
  return { ok: true, link: parseQuery(parts.query) };
}

/** True when `raw` is a link `parseAdLibraryLink` accepts (for form validation). */
export function isAdLibraryLink(raw: string): boolean {
  return parseAdLibraryLink(raw).ok;
}

/** Reads the query string pair by pair; brackets may be literal or percent-encoded. */
function parseQuery(query: string): AdLibraryLink {
  const link = emptyLink();
  const seen = new Set<string>();
  const arrays: Record<ArrayParam, Array<{ index: number; order: number; value: string }>> = {
    publisher_platforms: [],
    content_languages: [],
    regions: [],
    page_ids: [],
  };
  const pairs = query.split('&');
  pairs.forEach((pair, order) => {
    if (!pair) return;
    const eq = pair.indexOf('=');
    // Links copied out of HTML carry `&amp;` between parameters.
    const rawKey = decodeComponent(eq < 0 ? pair : pair.slice(0, eq)).replace(/^amp;/i, '');
    const value = decodeComponent(eq < 0 ? '' : pair.slice(eq + 1));
    const keyMatch = PARAM_KEY.exec(rawKey.trim().toLowerCase());
    const name = keyMatch?.[1] ?? '';
    const sub = keyMatch?.[2];
    if (keyMatch && isArrayParam(name) && (sub === undefined || /^\d{0,4}$/.test(sub))) {
      const clean = ARRAY_PARAMS[name](value);
      if (clean) arrays[name].push({ index: sub ? Number(sub) : Infinity, order, value: clean });
      return;
    }
    const key = keyMatch ? (sub === undefined ? name : `${name}[${sub}]`) : '';
    switch (key) {
      case 'country':
        return setScalar(link, seen, key, () => (link.country = countryValue(value)));
      case 'q':
        return setScalar(link, seen, key, () => {
          link.q = cleanText(value, { maxLength: LIMITS.keywordsMaxLength });
        });
      case 'search_type':
      case 'active_status':
      case 'ad_type':
      case 'media_type':
        return setScalar(link, seen, key, () => (link[key] = enumValue(value)));
      case 'impression_condition':
        return setScalar(link, seen, key, () => (link.impression_condition = enumValue(value, true)));
      case 'view_all_page_id':
      case 'id':
        return setScalar(link, seen, key, () => (link[key] = numericId(value)));
      case 'is_targeted_country':
        return setScalar(link, seen, key, () => {
          const flag = value.trim().toLowerCase();
          link.is_targeted_country = flag === 'true' ? true : flag === 'false' ? false : null;
        });
      case 'start_date[min]':
        return setScalar(link, seen, key, () => (link.start_date.min = isoDate(value)));
      case 'start_date[max]':
        return setScalar(link, seen, key, () => (link.start_date.max = isoDate(value)));
      case 'sort_data[mode]':
        return setScalar(link, seen, key, () => (link.sort_data.mode = enumValue(value)));
      case 'sort_data[direction]':
        return setScalar(link, seen, key, () => (link.sort_data.direction = enumValue(value)));
      default:
        link.other.push([cleanText(rawKey, { maxLength: 200 }), cleanText(value, { maxLength: 2000 })]);
    }
  });
  for (const name of Object.keys(arrays) as ArrayParam[]) {
    const entries = arrays[name].sort((a, b) => a.index - b.index || a.order - b.order);
    const values: string[] = [];
    for (const entry of entries) if (!values.includes(entry.value)) values.push(entry.value);
    link[name] = values;
  }
  return link;
}

/** The link's parameters with the scout form's overrides applied (docs/pipeline.md#the-ad-library-link). */
export interface ScoutQuery extends Omit<AdLibraryLink, 'q'> {
  /** The form's keywords when it has any, else the link's search text (exact-phrase quotes removed). */
  keywords: string[];
  /** Where the keywords came from. */
  keywords_from: 'form' | 'link' | 'none';
}

/** The form fields that override the link: names as on the scout form and the run record. */
export interface ScoutQueryForm {
  target_country?: string | null;
  keywords_used?: string | null;
}

export type ScoutQueryResult = { ok: true; query: ScoutQuery } | { ok: false; error: string };

/** Search text without the double quotes that make it an exact phrase. */
function unquote(q: string): string {
  const match = /^"([\s\S]*)"$/.exec(q.trim());
  return (match ? (match[1] ?? '') : q).trim();
}

/**
 * Builds the scout query: the form's country replaces the link's, and the form's
 * comma-separated keywords (when there are any) replace the link's `q`.
 */
export function resolveScoutQuery(link: string | AdLibraryLink, form: ScoutQueryForm): ScoutQueryResult {
  let parsed: AdLibraryLink;
  if (typeof link === 'string') {
    const result = parseAdLibraryLink(link);
    if (!result.ok) return result;
    parsed = result.link;
  } else {
    parsed = link;
  }
  const { q, ...rest } = parsed;
  const formCountry = countryValue(form.target_country ?? '');
  const formKeywords = splitKeywords(form.keywords_used ?? '').map((k) =>
    cleanText(k, { maxLength: LIMITS.keywordMaxLength }),
  );
  const linkKeyword = unquote(q);
  const keywords = formKeywords.length > 0 ? formKeywords : linkKeyword ? [linkKeyword] : [];
  return {
    ok: true,
    query: {
      ...rest,
      country: formCountry || parsed.country,
      keywords,
      keywords_from: formKeywords.length > 0 ? 'form' : linkKeyword ? 'link' : 'none',
    },
  };
}

/**
 * An Ad Library search URL for one keyword of a query (sources such as the Apify actors take
 * URLs). Without a keyword it searches the link's page, or opens its single ad. Keys keep
 * literal brackets, as the Library writes them.
 */
export function adLibrarySearchUrl(query: ScoutQuery, keyword = ''): string {
  const term = keyword.trim();
  if (!term && !query.view_all_page_id && query.id) {
    return `${AD_LIBRARY_BASE_URL}?id=${query.id}`;
  }
  const params: Array<[string, string]> = [];
  const add = (key: string, value: string) => {
    if (value) params.push([key, value]);
  };
  add('active_status', query.active_status || 'active');
  add('ad_type', query.ad_type || 'all');
  add('country', query.country || 'ALL');
  if (query.is_targeted_country !== null) add('is_targeted_country', String(query.is_targeted_country));
  add('media_type', query.media_type || 'all');
  if (term) {
    const exact = query.search_type === 'keyword_exact_phrase';
    add('q', exact ? `"${unquote(term)}"` : term);
    add('search_type', exact ? 'keyword_exact_phrase' : 'keyword_unordered');
  } else if (query.view_all_page_id) {
    add('search_type', 'page');
  }
  add('view_all_page_id', query.view_all_page_id);
  add('impression_condition', query.impression_condition);
  add('start_date[min]', query.start_date.min);
  add('start_date[max]', query.start_date.max);
  add('sort_data[mode]', query.sort_data.mode);
  add('sort_data[direction]', query.sort_data.direction);
  for (const name of Object.keys(ARRAY_PARAMS) as ArrayParam[]) {
    query[name].forEach((value, index) => add(`${name}[${index}]`, value));
  }
  const search = params.map(([key, value]) => `${key}=${encodeURIComponent(value)}`).join('&');
  return `${AD_LIBRARY_BASE_URL}?${search}`;
}
