/**
 * From a run's link and form fields to the source queries the job asks for
 * (docs/pipeline.md#the-ad-library-link).
 */
import { adLibrarySearchUrl, resolveScoutQuery, type ScoutQuery } from '../domain/ads/ad-library-link.ts';
import type { ClaimedRun } from './job.ts';
import type { SourceQuery } from './sources/types.ts';

/** A link the worker cannot scout; its message is shown on the failed run. */
export class LinkError extends Error {
  readonly userMessage: string;
  constructor(message: string) {
    super(message);
    this.userMessage = message;
  }
}

const ACTIVE_STATUSES = ['active', 'inactive', 'all'] as const;

function activeStatus(value: string): SourceQuery['activeStatus'] {
  return (ACTIVE_STATUSES as readonly string[]).includes(value)
    ? (value as SourceQuery['activeStatus'])
    : 'active';
}

function sourceQuery(query: ScoutQuery, keyword: string, limit: number): SourceQuery {
  const exact = query.search_type === 'keyword_exact_phrase';
  return {
    libraryUrl: adLibrarySearchUrl(query, keyword),
    country: query.country || 'US',
    searchTerms: keyword,
    searchType: keyword ? (exact ? 'keyword_exact_phrase' : 'keyword_unordered') : 'page',
    activeStatus: activeStatus(query.active_status),
    adType: query.ad_type || 'all',
    mediaType: query.media_type || 'all',
    pageIds: [query.view_all_page_id, ...query.page_ids].filter((id, i, all) => id && all.indexOf(id) === i),
    startDateMin: query.start_date.min,
    startDateMax: query.start_date.max,
    platforms: query.publisher_platforms,
    languages: query.content_languages,
    limit,
  };
}

/**
 * One query per keyword (the form's keywords replace the link's search text; the form's
 * country replaces the link's), or a single page/link query when there are no keywords.
 */
export function buildSourceQueries(run: ClaimedRun): SourceQuery[] {
  const resolved = resolveScoutQuery(run.facebook_link, {
    target_country: run.target_country,
    keywords_used: run.keywords_used,
  });
  if (!resolved.ok) throw new LinkError(resolved.error);
  const { query } = resolved;
  const limit = run.requested_count;
  if (query.keywords.length === 0) {
    if (!query.view_all_page_id && query.page_ids.length === 0) {
      throw new LinkError(
        'Add keywords, or paste an Ad Library link that searches for something or opens a page.',
      );
    }
    return [sourceQuery(query, '', limit)];
  }
  return query.keywords.map((keyword) => sourceQuery(query, keyword, limit));
}

/** The `keywords` column of every row: what the run searched for. */
export function runKeywords(run: ClaimedRun): string {
  const resolved = resolveScoutQuery(run.facebook_link, {
    target_country: run.target_country,
    keywords_used: run.keywords_used,
  });
  return resolved.ok ? resolved.query.keywords.join(', ') : run.keywords_used;
}
