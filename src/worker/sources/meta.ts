/**
 * The Meta source: the official Graph API `ads_archive` edge (docs/ad-sources.md#the-graph-api). It returns
 * commercial ads only when they were delivered in the EU (political and issue ads anywhere), so
 * a commercial search for another country fails at once with a message that says so.
 *
 * Pages follow `paging.cursors.after` (or the `after` of `paging.next`); a page's cursor is that
 * value, so a resumed run continues where it stopped. Throttling (codes 4, 17, 32, 613, 80000…)
 * waits as long as the usage headers say; code 190 (token), 100 (parameter) and permission
 * errors fail the run for good. Items are Graph's own objects, minus any token in
 * `ad_snapshot_url`.
 *
 * No look-up by id (types.ts, AdLookupSource): `ads_archive` searches by terms, countries and at
 * most 10 page ids, never by the Library id of an ad, so a watch's missing ads stay "not seen"
 * with this source (docs/ad-sources.md#looking-ads-up-by-id).
 */
import { countryName, EU_COUNTRY_CODES } from '../../domain/forms/countries.ts';
import {
  asksForLessData,
  GraphApiError,
  graphClassifier,
  graphUsagePercent,
  graphRegainAccessMs,
} from '../net/graph.ts';
import { createHttpClient, HttpError, redact, type HttpClientOptions } from '../net/http.ts';
import { SourceError, type AdSource, type SourcePage, type SourceQuery } from './types.ts';

export interface MetaSourceOptions extends Omit<HttpClientOptions, 'secrets'> {
  accessToken: string;
  /** e.g. https://graph.facebook.com/v25.0 */
  graphBase: string;
  /** Ads per request (Graph's `limit`); halved when Graph asks for less data. */
  pageSize?: number;
  /** Above this usage percentage (usage headers), pause before the next page. */
  slowDownAtPercent?: number;
  /** The pause at high usage when the headers give no time to regain access. */
  slowDownMs?: number;
}

/**
 * ArchivedAd fields available for every ad, plus the EU/UK transparency fields
 * (docs/ad-sources.md#the-graph-api).
 */
export const META_FIELDS = [
  'id',
  'ad_creation_time',
  'ad_creative_bodies',
  'ad_creative_link_captions',
  'ad_creative_link_descriptions',
  'ad_creative_link_titles',
  'ad_delivery_start_time',
  'ad_delivery_stop_time',
  'languages',
  'page_id',
  'page_name',
  'publisher_platforms',
  'eu_total_reach',
  'age_country_gender_reach_breakdown',
  'beneficiary_payers',
  'target_ages',
  'target_gender',
  'target_locations',
  'total_reach_by_location',
] as const;

/** Fields that exist only for political and issue ads. */
export const META_POLITICAL_FIELDS = [
  'bylines',
  'currency',
  'spend',
  'impressions',
  'demographic_distribution',
  'delivery_by_region',
  'estimated_audience_size',
] as const;

const AD_TYPES: Record<string, string> = {
  all: 'ALL',
  political_and_issue_ads: 'POLITICAL_AND_ISSUE_ADS',
  housing_ads: 'HOUSING_ADS',
  employment_ads: 'EMPLOYMENT_ADS',
  credit_ads: 'FINANCIAL_PRODUCTS_AND_SERVICES_ADS',
  financial_products_and_services_ads: 'FINANCIAL_PRODUCTS_AND_SERVICES_ADS',
};

const MEDIA_TYPES: Record<string, string> = {
  all: 'ALL',
  image: 'IMAGE',
  meme: 'MEME',
  video: 'VIDEO',
  none: 'NONE',
};

const MAX_PAGE_IDS = 10;
const MAX_TERMS = 100;
const MIN_PAGE_SIZE = 10;

function isPolitical(query: SourceQuery): boolean {
  return query.adType.toLowerCase() === 'political_and_issue_ads';
}

/** Search terms as Graph takes them: no surrounding quotes, at most 100 characters. */
function graphTerms(terms: string): string {
  const bare = terms
    .trim()
    .replace(/^["“”]+|["“”]+$/g, '')
    .trim();
  if (bare.length <= MAX_TERMS) return bare;
  const cut = bare.slice(0, MAX_TERMS);
  const space = cut.lastIndexOf(' ');
  return (space > 50 ? cut.slice(0, space) : cut).trim();
}

/** The query parameters of `ads_archive` for a source query, without token, limit and cursor. */
export function metaSearchParams(query: SourceQuery): URLSearchParams {
  const params = new URLSearchParams();
  params.set('ad_reached_countries', JSON.stringify([query.country.toUpperCase()]));
  params.set('ad_active_status', query.activeStatus.toUpperCase());
  params.set('ad_type', AD_TYPES[query.adType.toLowerCase()] ?? 'ALL');
  const terms = graphTerms(query.searchTerms);
  if (terms) {
    params.set('search_terms', terms);
    params.set(
      'search_type',
      query.searchType === 'keyword_exact_phrase' ? 'KEYWORD_EXACT_PHRASE' : 'KEYWORD_UNORDERED',
    );
  }
  const pageIds = [...new Set(query.pageIds.map((id) => id.trim()).filter(Boolean))].slice(0, MAX_PAGE_IDS);
  if (pageIds.length > 0) params.set('search_page_ids', JSON.stringify(pageIds));
  const media = MEDIA_TYPES[query.mediaType.toLowerCase()];
  if (media && media !== 'ALL') params.set('media_type', media);
  if (query.startDateMin) params.set('ad_delivery_date_min', query.startDateMin);
  if (query.startDateMax) params.set('ad_delivery_date_max', query.startDateMax);
  if (query.platforms.length > 0) {
    params.set('publisher_platforms', JSON.stringify(query.platforms.map((p) => p.toUpperCase())));
  }
  if (query.languages.length > 0) {
    params.set('languages', JSON.stringify(query.languages.map((l) => l.toLowerCase())));
  }
  const fields = isPolitical(query) ? [...META_FIELDS, ...META_POLITICAL_FIELDS] : META_FIELDS;
  params.set('fields', fields.join(','));
  return params;
}

/** The `after` cursor of a Graph page, or null on the last page. */
function nextCursor(json: { paging?: { next?: unknown; cursors?: { after?: unknown } } }): string | null {
  const next = json.paging?.next;
  if (typeof next !== 'string' || !next) return null;
  const after = json.paging?.cursors?.after;
  if (typeof after === 'string' && after) return after;
  const match = /[?&]after=([^&#]+)/.exec(next);
  return match ? decodeURIComponent(match[1]!) : null;
}

/** Graph puts the caller's token into `ad_snapshot_url`; never hand it on. */
function withoutToken(item: unknown): unknown {
  if (
    item &&
    typeof item === 'object' &&
    typeof (item as { ad_snapshot_url?: unknown }).ad_snapshot_url === 'string'
  ) {
    const snapshot = (item as { ad_snapshot_url: string }).ad_snapshot_url;
    return {
      ...item,
      ad_snapshot_url: snapshot.replace(/([?&])access_token=[^&#]*&?/g, '$1').replace(/[?&]$/, ''),
    };
  }
  return item;
}

function minutes(ms: number): number {
  return Math.max(1, Math.ceil(ms / 60_000));
}

export function createMetaSource(options: MetaSourceOptions): AdSource {
  const base = options.graphBase.replace(/\/+$/, '');
  const http = createHttpClient({ ...options, secrets: [options.accessToken] });
  const { sleep, now, log } = http.deps;
  const slowDownAt = options.slowDownAtPercent ?? 85;
  const slowDownMs = options.slowDownMs ?? 30_000;
  const classify = graphClassifier(now);
  const clean = (text: string) => redact(text, [options.accessToken]);

  function sourceError(error: unknown): unknown {
    if (error instanceof GraphApiError) {
      const { code, message } = error.graph;
      const detail = clean(error.message); // starts with the request label, 'meta ads_archive'
      if (code === 190) return new SourceError(detail, 'The Meta access token is invalid or expired', true);
      if (code === 100) {
        return new SourceError(detail, 'The Meta Ad Library API rejected the search parameters.', true);
      }
      if (code === 10 || (code >= 200 && code < 300)) {
        return new SourceError(
          detail,
          'The Meta access token may not use the Ad Library API (the account must confirm its identity).',
          true,
        );
      }
      if (code === 1) {
        return new SourceError(
          detail,
          'The Meta Ad Library API could not answer this search. Please try again later.',
          false,
        );
      }
      return new SourceError(
        detail,
        `The Meta Ad Library API refused the search (${clean(message) || `code ${code}`}).`,
        true,
      );
    }
    if (error instanceof HttpError) {
      const detail = error.message;
      if (error.rateLimited) {
        const wait = error.retryAfterMs ? ` in about ${minutes(error.retryAfterMs)} minutes` : ' later';
        return new SourceError(
          detail,
          `The Meta Ad Library API rate limit was reached. Please try again${wait}.`,
          false,
        );
      }
      if (error.transient) {
        return new SourceError(
          detail,
          'The Meta Ad Library API is not responding. Please try again later.',
          false,
        );
      }
      return new SourceError(detail, 'The Meta Ad Library API failed. Please try again later.', true);
    }
    return error;
  }

  return {
    name: 'meta',
    async *pages(query, { signal, cursor }): AsyncIterable<SourcePage> {
      const country = query.country.toUpperCase();
      if (!isPolitical(query) && country !== 'ALL' && !EU_COUNTRY_CODES.has(country)) {
        throw new SourceError(
          `meta ads_archive: ${country} is outside the EU; the API returns only political and issue ads there`,
          `The Meta Ad Library API only returns ads delivered in the European Union, so ads for ${countryName(country) ?? country} cannot be scouted with it. Choose an EU country.`,
          true,
        );
      }
      if (query.pageIds.length > MAX_PAGE_IDS)
        log(`meta: only the first ${MAX_PAGE_IDS} page ids are searched`);
      if (query.searchTerms.length > MAX_TERMS) log(`meta: search terms cut to ${MAX_TERMS} characters`);
      const params = metaSearchParams(query);
      const limit = Math.max(0, Math.floor(query.limit));
      let pageSize = Math.max(MIN_PAGE_SIZE, options.pageSize ?? 100);
      let after = cursor ?? null;
      let yielded = 0;

      while (yielded < limit) {
        const url = new URLSearchParams(params);
        url.set('limit', String(Math.min(pageSize, Math.max(MIN_PAGE_SIZE, limit - yielded))));
        if (after) url.set('after', after);
        url.set('access_token', options.accessToken);
        let response;
        try {
          response = await http.request({
            url: `${base}/ads_archive?${url.toString()}`,
            signal,
            label: 'meta ads_archive',
            classify: (res) =>
              classify(res) ??
              (res.status >= 200 &&
              res.status < 300 &&
              !res.invalidJson &&
              !Array.isArray((res.json as { data?: unknown })?.data)
                ? { kind: 'retry', reason: 'no data array in the response' }
                : undefined),
          });
        } catch (error) {
          if (error instanceof GraphApiError && asksForLessData(error.graph) && pageSize > MIN_PAGE_SIZE) {
            pageSize = Math.max(MIN_PAGE_SIZE, Math.floor(pageSize / 2));
            log(`meta: Graph asks for less data; retrying with pages of ${pageSize}`);
            continue;
          }
          throw sourceError(error);
        }
        const json = response.json as {
          data: unknown[];
          paging?: { next?: unknown; cursors?: { after?: unknown } };
        };
        const items = json.data.slice(0, limit - yielded).map(withoutToken);
        if (items.length === 0) return; // an empty page is the end
        after = nextCursor(json);
        yielded += items.length;
        yield { items, cursor: after };
        if (!after) return;

        // Slow down before Graph throttles us: the usage headers say how close we are.
        const usage = graphUsagePercent(response.headers);
        if (usage >= slowDownAt && yielded < limit) {
          const wait = Math.min(http.policy.maxHintMs, graphRegainAccessMs(response.headers) ?? slowDownMs);
          log(`meta: API usage at ${usage}%, pausing ${Math.round(wait / 1000)} s`);
          await sleep(wait, signal);
        }
      }
    },
  };
}
