/**
 * One scout run, from claim to settlement. The worker owns the run only while its lease holds:
 * it heartbeats (extending the lease and reporting progress; heartbeat.ts), writes normalized rows
 * in batches (row-buffer.ts) that the server stores idempotently on (run, ad_id) and caps at the
 * requested count, asks the keyword queries in the order pass-plan.ts gives, and settles the run
 * as completed or failed. If the lease is lost (another worker took over after a stall) it stops
 * without settling: the new owner finishes the run.
 */
import type { ClaimedRun, FinishRequest } from '../domain/runs/lease-contract.ts';
import { messageOf } from '../domain/text/error-message.ts';
import { startHeartbeat } from './heartbeat.ts';
import { firstPassShare, nextTake, type Take } from './pass-plan.ts';
import { createRowBuffer, type RowBuffer, type WriteOutcome } from './row-buffer.ts';
import type { AdSource, SourceQuery } from './sources/types.ts';

export type { ClaimedRun } from '../domain/runs/lease-contract.ts';

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

const GENERIC_FAILURE = 'The ad source failed while scouting. Please try again.';

/** What taking ads from one query works with: the run, its lease, its buffer and its tally of skips. */
interface Scouting {
  run: ClaimedRun;
  deps: JobDeps;
  lease: AbortSignal;
  states: readonly QueryState[];
  buffer: RowBuffer;
  /** Items that could not become a row, by reason. */
  skipped: Map<string, number>;
}

/** Takes up to `limit` items from one query, resuming where it stopped. */
async function takeFrom(scouting: Scouting, query: QueryState, limit: number): Promise<void> {
  const { run, deps, lease, buffer, skipped } = scouting;
  const flush = () => buffer.flush(runLibraryTotal(scouting.states));
  let yielded = 0;
  const pages = deps.source.pages({ ...query.query, limit }, { signal: lease, cursor: query.cursor });
  for await (const page of pages) {
    yielded += page.items.length;
    query.cursor = page.cursor;
    if (page.libraryTotal !== undefined) query.libraryTotal = page.libraryTotal;
    for (const raw of page.items) {
      const outcome = deps.normalize(raw, run);
      if (outcome.ok) buffer.add(outcome.ad);
      else skipped.set(outcome.reason, (skipped.get(outcome.reason) ?? 0) + 1);
    }
    if (lease.aborted) return;
    if (buffer.due()) await flush();
    if (buffer.done || lease.aborted) return;
  }
  await flush();
  if (yielded < limit) query.exhausted = true;
}

/** Asks the queries in the pass plan's order until the run is full, the lease ends or every query ran dry. */
async function scout(scouting: Scouting): Promise<void> {
  const { run, states, buffer, lease } = scouting;
  const share = firstPassShare(run.requested_count - buffer.stored, states.length);
  let take: Take | null = null;
  while (!buffer.done && !lease.aborted) {
    const exhausted = states.map((state) => state.exhausted);
    take = nextTake(take, exhausted, share, run.requested_count - buffer.stored);
    if (!take) return;
    await takeFrom(scouting, states[take.index]!, take.limit);
  }
}

/** Settles the run; false when another worker holds it by now (it will settle it). */
async function settle(
  api: WorkerApi,
  runId: string,
  outcome: Omit<FinishRequest, 'worker'>,
): Promise<boolean> {
  try {
    await api.finish(runId, outcome);
    return true;
  } catch (error) {
    if (error instanceof LeaseLostError) return false;
    throw error;
  }
}

export async function runJob(run: ClaimedRun, deps: JobDeps): Promise<'completed' | 'failed' | 'abandoned'> {
  const { api, log } = deps;
  const lease = new AbortController();
  const stop = () => lease.abort(deps.signal.reason);
  deps.signal.addEventListener('abort', stop, { once: true });
  if (deps.signal.aborted) stop(); // stopping already: the abort event has come and gone
  const states: QueryState[] = [];
  const buffer = createRowBuffer({
    requested: run.requested_count,
    stored: run.stored_count,
    write: (rows, libraryTotal) => api.writeResults(run.id, rows, libraryTotal),
  });
  const heartbeat = startHeartbeat({
    runId: run.id,
    intervalMs: deps.heartbeatMs,
    send: () => api.heartbeat(run.id, buffer.stored, runLibraryTotal(states)),
    onLost: () => lease.abort(new LeaseLostError(`lease on ${run.id} was taken over`)),
    log,
  });
  try {
    let queries: SourceQuery[];
    try {
      queries = deps.buildQueries(run);
    } catch (error) {
      const reason = userMessageOf(error) ?? messageOf(error);
      return (await settle(api, run.id, { status: 'failed', error: reason })) ? 'failed' : 'abandoned';
    }
    states.push(...queries.map((query) => ({ query, cursor: null, exhausted: false, libraryTotal: null })));
    const skipped = new Map<string, number>();
    await scout({ run, deps, lease: lease.signal, states, buffer, skipped });
    if (lease.signal.aborted) throw lease.signal.reason;
    if (skipped.size > 0) {
      log(`run ${run.id}: skipped ${[...skipped].map(([reason, n]) => `${n} (${reason})`).join(', ')}`);
    }
    if (!(await settle(api, run.id, { status: 'completed' })))
      throw new LeaseLostError(`lease on ${run.id} was taken over`);
    log(`run ${run.id} completed with ${buffer.stored} ads`);
    return 'completed';
  } catch (error) {
    if (heartbeat.lost || error instanceof LeaseLostError) {
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
      await buffer.flush(runLibraryTotal(states));
    } catch (flushError) {
      if (flushError instanceof LeaseLostError) return 'abandoned';
      log(`run ${run.id}: could not store the last rows: ${String(flushError)}`);
    }
    return (await settle(api, run.id, { status: 'failed', error: reason })) ? 'failed' : 'abandoned';
  } finally {
    heartbeat.stop();
    deps.signal.removeEventListener('abort', stop);
  }
}
