/**
 * What the Apify source asks a curious_coder-compatible actor for (docs/ad-sources.md#the-apify-actor):
 * the ads of one Ad Library link, or a few ads by their Library id, each through its own Ad
 * Library page. Kept apart from the client (apify-actor.ts), which only carries a request.
 */
import { AD_LIBRARY_BASE_URL } from '../../domain/ads/ad-library-link.ts';
import { EU_COUNTRY_CODES } from '../../domain/forms/countries.ts';
import type { SourceQuery } from './types.ts';

/** One actor run to start: its input, the most items it may charge for, and what it is, for the log. */
export interface ApifyRunRequest {
  input: Record<string, unknown>;
  /** `maxItems`: caps what a pay-per-result actor may charge for. */
  maxItems: number;
  what: string;
}

/** The most ads one look-up asks the actor about: each is a page of its own to scrape, and paid for. */
export const APIFY_LOOKUP_MAX_IDS = 50;

/** A Library id as the Ad Library writes it; anything else is never put in a link, nor asked about. */
const LIBRARY_ID = /^\d{1,30}$/;

/** The run for the ads of one Ad Library link. */
export function apifySearchRun(query: SourceQuery): ApifyRunRequest {
  return { input: apifyRunInput(query), maxItems: query.limit, what: `${query.limit} ads` };
}

/** The run input of a curious_coder-compatible actor for one Ad Library link. */
export function apifyRunInput(query: SourceQuery): Record<string, unknown> {
  const country = query.country.toUpperCase();
  return {
    urls: [{ url: query.libraryUrl }],
    count: query.limit,
    limitPerSource: query.limit,
    // The ad-details layer (reach, age, gender) exists only for ads delivered in the EU or UK.
    scrapeAdDetails: EU_COUNTRY_CODES.has(country) || country === 'GB',
    // Used by the actor for Page URLs; our link already carries both, kept consistent.
    'scrapePageAds.activeStatus': query.activeStatus,
    'scrapePageAds.countryCode': country,
  };
}

/** The ids of `ids` that can be looked up (Library ids), in order. */
export function lookupIds(ids: readonly string[]): string[] {
  return ids.filter((id) => LIBRARY_ID.test(id));
}

/**
 * The run for a few ads by id: each one's own Ad Library page (`?id=`), the page a user opens with
 * "Open in Ad Library", which shows the ad whatever its status. The ad details are not asked for:
 * a look-up wants the status and the end date only. `count` and `limitPerSource` are both the
 * number of ids, whichever of them the actor applies per link.
 */
export function apifyLookupRun(ids: readonly string[]): ApifyRunRequest {
  return {
    input: {
      urls: ids.map((id) => ({ url: `${AD_LIBRARY_BASE_URL}?id=${id}` })),
      count: ids.length,
      limitPerSource: ids.length,
      scrapeAdDetails: false,
    },
    maxItems: ids.length,
    what: `a look-up of ${ids.length} ads by id`,
  };
}
