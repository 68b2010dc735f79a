/** The contract between the job loop and the ad sources (docs/pipeline.md#sources). */
import type { LookupAnswer } from '../../domain/reports/report-contract.ts';
import type { SourceQuery } from '../../domain/ads/source-query.ts';

export type { SourceQuery };

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

/** What a source says now of one ad looked up by its Library id (docs/ad-sources.md#looking-ads-up-by-id). */
/** What a source says now of one ad looked up by its Library id (the reports' contract). */
export type AdLookup = LookupAnswer;

/**
 * A source that can look ads up by id: the most distinct ids one call may ask about, and the
 * look-up. An id the source does not know (another query's, one it no longer holds, a malformed
 * one) is left out of the answer: unknown, never "stopped". More than `maxIds` ids is a
 * programming error and rejects before any request. Throws SourceError as `pages` does.
 */
export interface AdLookupSource {
  readonly maxIds: number;
  ads(query: SourceQuery, ids: readonly string[], options: { signal: AbortSignal }): Promise<AdLookup[]>;
}

export interface AdSource {
  readonly name: 'demo' | 'apify' | 'meta';
  /** Yields raw items page by page until `limit` items were yielded or the source is exhausted. Throws SourceError on a permanent failure. */
  pages(
    query: SourceQuery,
    options: { signal: AbortSignal; cursor?: string | null },
  ): AsyncIterable<SourcePage>;
  /** Present where the source can look ads up by their Library id (the demo, Apify; not Graph). */
  readonly lookup?: AdLookupSource;
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
