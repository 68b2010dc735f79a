/**
 * One scout run, from claim to settlement. The worker owns the run only while its lease holds:
 * it heartbeats (extending the lease and reporting progress), writes normalized rows in
 * batches that the server stores idempotently on (run, ad_id) and caps at the requested count,
 * and settles the run as completed or failed. If the lease is lost (another worker took over
 * after a stall) it stops without settling: the new owner finishes the run.
 */
import type { ClaimedRun, FinishRequest, ResultsResponse } from '../domain/runs/lease-contract.ts';
import { messageOf } from '../domain/text/error-message.ts';
import type { AdSource, SourceQuery } from './sources/types.ts';

export type { ClaimedRun } from '../domain/runs/lease-contract.ts';

/** What a job needs of a write's answer (the lease contract's results answer). */
export type WriteOutcome = Pick<ResultsResponse, 'stored' | 'full'>;

/**
 * The worker routes of the server (docs/routes.md#the-worker-routes): the lease protocol of
 * docs/pipeline.md#claiming-a-run-leases.
 */
export interface WorkerApi {
  /** `libraryTotal`: the Library's count for the run's search, when a source said (runLibraryTotal). */
  heartbeat(runId: string, progress: number, libraryTotal?: number): Promise<boolean>;
  writeResults(
    runId: string,
    rows: readonly Record<string, unknown>[],
    libraryTotal?: number,
  ): Promise<WriteOutcome>;
  finish(runId: string, outcome: Omit<FinishRequest, 'worker'>): Promise<void>;
}

export type NormalizeOutcome =
  { ok: true; ad: Record<string, unknown> & { ad_id: string } } | { ok: false; reason: string };

export interface JobDeps {
  api: WorkerApi;
  source: AdSource;
  /** The source queries of a run (one per keyword), or a user-facing error when its link cannot be used. */
  buildQueries(run: ClaimedRun): SourceQuery[];
  normalize(raw: unknown, run: ClaimedRun): NormalizeOutcome;
  heartbeatMs: number;
  log(message: string): void;
  /** Aborted when the worker is shutting down. */
  signal: AbortSignal;
}

interface QueryState {
  query: SourceQuery;
  cursor: string | null;
  exhausted: boolean;
  /** The latest Library total its source reported (SourcePage.libraryTotal); null before any. */
  libraryTotal: number | null;
}

/**
 * How many ads the Library holds for the run's search (docs/pipeline.md#coverage): the sum over its
 * keyword queries of each one's latest total. The searches of several keywords may share ads, so
 * the sum is an upper bound, never below what the run collected; undefined while no source said.
 */
export function runLibraryTotal(states: readonly Pick<QueryState, 'libraryTotal'>[]): number | undefined {
  let total: number | undefined;
  for (const state of states) {
    if (state.libraryTotal !== null)
      total = Math.min((total ?? 0) + state.libraryTotal, Number.MAX_SAFE_INTEGER);
  }
  return total;
}

/** Why a job stopped without settling. */
export class LeaseLostError extends Error {}

/** A message fit for the user, carried by errors of sources and link parsing. */
function userMessageOf(error: unknown): string | null {
  const message = (error as { userMessage?: unknown })?.userMessage;
  return typeof message === 'string' && message ? message : null;
}

/** Largest write batch, and the longest rows wait before being written. */
const FLUSH_ROWS = 250;
const FLUSH_MS = 300;

/** Bound on passes over the queries (each pass either stores ads or exhausts a query). */
const MAX_PASSES = 20;

const GENERIC_FAILURE = 'The ad source failed while scouting. Please try again.';

export async function runJob(run: ClaimedRun, deps: JobDeps): Promise<'completed' | 'failed' | 'abandoned'> {
  const { api, log } = deps;
  const lease = new AbortController();
  const stop = () => lease.abort(deps.signal.reason);
  deps.signal.addEventListener('abort', stop, { once: true });
  if (deps.signal.aborted) stop(); // stopping already: the abort event has come and gone
  let stored = run.stored_count;
  let lost = false;
  let states: QueryState[] = [];

  const beat = async () => {
    const ours = await api.heartbeat(run.id, stored, runLibraryTotal(states)).catch((error: unknown) => {
      // A failed heartbeat is not a lost lease: the next one may pass before the lease expires.
      log(`heartbeat for ${run.id} failed: ${messageOf(error)}`);
      return true;
    });
    if (!ours && !lost) {
      lost = true;
      lease.abort(new LeaseLostError(`lease on ${run.id} was taken over`));
    }
  };
  const timer = setInterval(() => void beat(), deps.heartbeatMs);
  /** Settles the run; false when another worker holds it by now (it will settle it). */
  const settle = async (outcome: { status: 'completed' | 'failed'; error?: string }): Promise<boolean> => {
    try {
      await api.finish(run.id, outcome);
      return true;
    } catch (error) {
      if (error instanceof LeaseLostError) return false;
      throw error;
    }
  };

  let full = stored >= run.requested_count;
  // Rows wait in a buffer so that a fast source is written in a few large batches, while a
  // paced one still shows progress every page: a flush happens at FLUSH_ROWS rows, when the
  // buffer could fill the run, or FLUSH_MS after the last flush.
  let buffer: Record<string, unknown>[] = [];
  const buffered = new Set<string>();
  let lastFlush = Date.now();
  /** The Library total last sent with a write: a write goes out for a new total even without rows. */
  let sentTotal: number | undefined;
  const flush = async () => {
    lastFlush = Date.now();
    const libraryTotal = runLibraryTotal(states);
    if (buffer.length === 0 && libraryTotal === sentTotal) return;
    const rows = buffer;
    buffer = [];
    buffered.clear();
    const result = await api.writeResults(run.id, rows, libraryTotal);
    sentTotal = libraryTotal;
    stored = result.stored;
    full = result.full;
  };
  try {
    let queries: SourceQuery[];
    try {
      queries = deps.buildQueries(run);
    } catch (error) {
      const reason = userMessageOf(error) ?? messageOf(error);
      return (await settle({ status: 'failed', error: reason })) ? 'failed' : 'abandoned';
    }
    const skipped = new Map<string, number>();

    /** Takes up to `limit` items from one query, resuming where it stopped. */
    const consume = async (query: QueryState, limit: number): Promise<void> => {
      let yielded = 0;
      const pages = deps.source.pages(
        { ...query.query, limit },
        { signal: lease.signal, cursor: query.cursor },
      );
      for await (const page of pages) {
        yielded += page.items.length;
        query.cursor = page.cursor;
        if (page.libraryTotal !== undefined) query.libraryTotal = page.libraryTotal;
        for (const raw of page.items) {
          const outcome = deps.normalize(raw, run);
          if (!outcome.ok) {
            skipped.set(outcome.reason, (skipped.get(outcome.reason) ?? 0) + 1);
            continue;
          }
          if (buffered.has(outcome.ad.ad_id)) continue; // the same ad twice before a write
          buffered.add(outcome.ad.ad_id);
          buffer.push(outcome.ad);
        }
        if (lease.signal.aborted) return;
        const room = run.requested_count - stored;
        if (buffer.length >= Math.min(FLUSH_ROWS, room) || Date.now() - lastFlush >= FLUSH_MS) await flush();
        if (full || stored >= run.requested_count || lease.signal.aborted) return;
      }
      await flush();
      if (yielded < limit) query.exhausted = true;
    };

    // Several keywords share the run: each gets an equal share first, then the ones that still
    // have ads fill what the others could not. A resumed run starts its sources over, and the
    // ads it already stored come back as duplicates (free), so passes go on from each query's
    // cursor until the run is full or every query ran dry.
    states = queries.map((query) => ({ query, cursor: null, exhausted: false, libraryTotal: null }));
    const open = () => !full && stored < run.requested_count && !lease.signal.aborted;
    const share = Math.ceil((run.requested_count - stored) / Math.max(1, states.length));
    for (let pass = 0; pass < MAX_PASSES && open(); pass++) {
      const live = states.filter((state) => !state.exhausted);
      if (live.length === 0) break;
      for (const state of live) {
        if (!open()) break;
        await consume(state, pass === 0 ? share : run.requested_count - stored);
      }
    }
    if (lease.signal.aborted) throw lease.signal.reason;
    if (skipped.size > 0) {
      log(`run ${run.id}: skipped ${[...skipped].map(([reason, n]) => `${n} (${reason})`).join(', ')}`);
    }
    if (!(await settle({ status: 'completed' })))
      throw new LeaseLostError(`lease on ${run.id} was taken over`);
    log(`run ${run.id} completed with ${stored} ads`);
    return 'completed';
  } catch (error) {
    if (lost || error instanceof LeaseLostError) {
      log(`run ${run.id}: lease lost, leaving it to its new owner`);
      return 'abandoned';
    }
    if (deps.signal.aborted) {
      // Shutting down: the lease expires and the run is resumed by another worker (or this one).
      log(`run ${run.id}: worker stopping, run left for resumption`);
      return 'abandoned';
    }
    const reason = userMessageOf(error) ?? GENERIC_FAILURE;
    log(`run ${run.id} failed: ${messageOf(error)}`);
    // What the source gave before it failed is kept (and charged as stored).
    try {
      await flush();
    } catch (flushError) {
      if (flushError instanceof LeaseLostError) return 'abandoned';
      log(`run ${run.id}: could not store the last rows: ${String(flushError)}`);
    }
    return (await settle({ status: 'failed', error: reason })) ? 'failed' : 'abandoned';
  } finally {
    clearInterval(timer);
    deps.signal.removeEventListener('abort', stop);
  }
}
