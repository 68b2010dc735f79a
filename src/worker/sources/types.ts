/** The contract between the job loop and the ad sources (docs/pipeline.md#sources). */
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
