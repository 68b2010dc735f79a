/**
 * Which keyword query a job asks next, and for how many ads (docs/pipeline.md#the-ad-library-link).
 * Several keywords share a run: each gets an equal share first, then the ones that still have ads
 * fill what the others could not. A resumed run starts its sources over, and the ads it already
 * stored come back as duplicates (free), so passes go on from each query's cursor until the run is
 * full or every query ran dry. Pure: the job says what happened, the plan says what comes next.
 */

/** Bound on passes over the queries (each pass either stores ads or exhausts a query). */
export const MAX_PASSES = 20;

/** One request to a query: the `index`-th query, in pass `pass`, for at most `limit` items. */
export interface Take {
  pass: number;
  index: number;
  limit: number;
}

/** The first pass's limit: each query's equal share of what the run still needs. */
export function firstPassShare(room: number, queries: number): number {
  return Math.ceil(room / Math.max(1, queries));
}

/**
 * The take after `last` (null: the job's first): the next query, in pass order, that has not run
 * dry; in the first pass for its `share`, afterwards for all the run still needs (`room`). Null
 * when every query ran dry or MAX_PASSES passes were made. Whether the run still wants ads (not
 * full, not stopping) is the job's to check before each take.
 */
export function nextTake(
  last: Pick<Take, 'pass' | 'index'> | null,
  exhausted: readonly boolean[],
  share: number,
  room: number,
): Take | null {
  if (!exhausted.includes(false)) return null;
  let index = last ? last.index + 1 : 0;
  for (let pass = last?.pass ?? 0; pass < MAX_PASSES; pass++, index = 0) {
    for (; index < exhausted.length; index++) {
      if (!exhausted[index]) return { pass, index, limit: pass === 0 ? share : room };
    }
  }
  return null;
}
