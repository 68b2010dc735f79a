/**
 * What an ad source is asked for (docs/pipeline.md#sources): the Ad Library link's parameters with
 * the form's country and keywords applied. The worker builds it (src/worker/query.ts) and hands it
 * to its sources; the demo Library (src/demo-library) answers it too.
 */
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
