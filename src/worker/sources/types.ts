/** The contract between the job loop and the ad sources (docs/pipeline.md#sources). */

/** What a source is asked for: the Ad Library link's parameters with the form's country and keywords applied. */
export interface SourceQuery {
  /** The Ad Library URL rebuilt with the final country and q (apify uses it). */
  libraryUrl: string;
  /** ISO code, e.g. 'US', 'DE'. */
  country: string;
  /** '' when searching by page. */
  searchTerms: string;
  searchType: 'keyword_unordered' | 'keyword_exact_phrase' | 'page';
  activeStatus: 'active' | 'inactive' | 'all';
  /** 'all' | 'political_and_issue_ads' | … */
  adType: string;
  /** 'all' | 'image' | 'video' | 'meme' | 'none' */
  mediaType: string;
  /** view_all_page_id */
  pageIds: string[];
  /** 'YYYY-MM-DD' or '' */
  startDateMin: string;
  startDateMax: string;
  /** publisher_platforms, lower-case */
  platforms: string[];
  /** content_languages */
  languages: string[];
  /** How many ads the run wants (1–1000). */
  limit: number;
}

export interface SourcePage {
  items: unknown[];
  /** Opaque; lets a resumed run continue. */
  cursor: string | null;
  /**
   * How many ads the Library holds for this query, where the source says (the Apify items'
   * `total`, the demo catalogue's size; docs/pipeline.md#coverage); absent when it does not.
   */
  libraryTotal?: number;
}

export interface AdSource {
  readonly name: 'demo' | 'apify' | 'meta';
  /** Yields raw items page by page until `limit` items were yielded or the source is exhausted. Throws SourceError on a permanent failure. */
  pages(
    query: SourceQuery,
    options: { signal: AbortSignal; cursor?: string | null },
  ): AsyncIterable<SourcePage>;
}

/**
 * A source failure. `message` is for the log (never holds a secret); `userMessage` is what the
 * run shows; `permanent` says whether trying the same query again could help.
 */
export class SourceError extends Error {
  constructor(
    message: string,
    readonly userMessage: string,
    readonly permanent: boolean,
  ) {
    super(message);
    this.name = 'SourceError';
  }
}

/** Thrown by `createSource` when the configured source cannot run (e.g. its token is missing). */
export class SourceConfigError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'SourceConfigError';
  }
}
