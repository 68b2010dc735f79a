/**
 * The worker lease protocol (docs/pipeline.md#claiming-a-run-leases): a worker claims the oldest unclaimed
 * working run, holds it while it heartbeats, and loses it when the lease expires (a crash, a stall, a server
 * restart). Every step runs in one transaction, so two workers never hold the same run. The
 * requests and answers are the lease contract of src/domain/runs/lease-contract.ts.
 */
import { COLLECTIONS } from '../../domain/api/collections.ts';
import { storedScoutForm } from '../../domain/forms/scout-fields.ts';
import {
  LEASE_NOT_HELD_MESSAGE,
  type ClaimedRun,
  type FinishResponse,
  type HeartbeatResponse,
} from '../../domain/runs/lease-contract.ts';
import { positiveEnv } from '../config/index.ts';
import { settledView, settleRun } from '../quota/index.ts';
import { queueReport } from '../reports/index.ts';
import { nowString, requireHeldTask } from '../tasks/index.ts';

/** How long a claim or heartbeat holds a run (SCOUT_LEASE_SECONDS, default 60). */
export function leaseSeconds(): number {
  return positiveEnv('SCOUT_LEASE_SECONDS', 60);
}

/** How many times a run may be claimed before an expired lease fails it (SCOUT_MAX_ATTEMPTS, default 3). */
export function maxAttempts(): number {
  return positiveEnv('SCOUT_MAX_ATTEMPTS', 3);
}

/** When a lease taken or extended now runs out. */
export function leaseUntil(): string {
  // DateTime.add takes a Go duration: nanoseconds
  return new DateTime().add((leaseSeconds() * 1e9) as unknown as time.Duration).string();
}

/** Result rows stored for a run so far. */
export function storedCount(app: CoreApp, runId: string): number {
  const row = new DynamicModel({ n: 0 });
  app
    .db()
    .newQuery(`SELECT COUNT(*) AS n FROM ${COLLECTIONS.searchResults} WHERE run = {:run}`)
    .bind({ run: runId })
    .one(row);
  return row.n;
}

function claimView(app: CoreApp, run: core.Record): ClaimedRun {
  return {
    id: run.id,
    user: run.getString('user'),
    ...storedScoutForm(run),
    stored_count: storedCount(app, run.id),
    attempts: run.getInt('attempts'),
  };
}

/** Claims the oldest working run that nobody holds; returns its view or null. */
export function claim(workerName: string): ClaimedRun | null {
  let claimed: ClaimedRun | null = null;
  $app.runInTransaction((txApp) => {
    const run = txApp.findRecordsByFilter(
      COLLECTIONS.searchRuns,
      "status = 'working' && (lease_owner = '' || lease_expires_at < {:now}) && attempts < {:max}",
      'created',
      1,
      0,
      { now: nowString(), max: maxAttempts() },
    )[0];
    if (!run) return;
    run.set('lease_owner', workerName);
    run.set('lease_expires_at', leaseUntil());
    run.set('attempts', run.getInt('attempts') + 1);
    txApp.save(run);
    claimed = claimView(txApp, run);
  });
  return claimed;
}

const RUN_NOT_FOUND = 'No such run.';

function findRun(txApp: CoreApp, runId: string): core.Record {
  try {
    return txApp.findRecordById(COLLECTIONS.searchRuns, runId);
  } catch (_) {
    throw new NotFoundError(RUN_NOT_FOUND);
  }
}

/** Loads a run that `workerName` must hold; throws 409 when the lease is not (or no longer) theirs. */
export function requireLease(txApp: CoreApp, runId: string, workerName: string): core.Record {
  return requireHeldTask(txApp, COLLECTIONS.searchRuns, runId, workerName, RUN_NOT_FOUND, 'working');
}

/**
 * Records how many ads the Library holds for the run's search (docs/pipeline.md#coverage): the
 * largest total a worker sent, so that a resumed run, which starts its queries over, never lowers
 * it; 0 (or nothing sent) leaves it as it is.
 */
export function keepLibraryTotal(run: core.Record, total: number | undefined): void {
  if (total !== undefined && total > run.getInt('library_total')) run.set('library_total', total);
}

/** Extends the lease and records progress (rows stored so far) and the Library's total. */
export function heartbeat(runId: string, workerName: string, libraryTotal?: number): HeartbeatResponse {
  let result: HeartbeatResponse | null = null;
  $app.runInTransaction((txApp) => {
    const run = requireLease(txApp, runId, workerName);
    run.set('lease_expires_at', leaseUntil());
    run.set('progress', storedCount(txApp, runId));
    keepLibraryTotal(run, libraryTotal);
    txApp.save(run);
    result = { lease_expires_at: run.getString('lease_expires_at'), progress: run.getInt('progress') };
  });
  return result!;
}

/** Lets a run go at once (a worker shutting down), so another worker can resume it. */
export function release(runId: string, workerName: string): void {
  $app.runInTransaction((txApp) => {
    const run = requireLease(txApp, runId, workerName);
    run.set('lease_owner', '');
    run.set('lease_expires_at', '');
    // A clean hand-back is not a failed attempt.
    run.set('attempts', Math.max(0, run.getInt('attempts') - 1));
    txApp.save(run);
  });
}

/**
 * Settles a run for the worker that holds (or last held) it; a settled run is answered as is. A
 * completed watch run's report is queued in the same transaction (docs/reports.md).
 */
export function finish(
  runId: string,
  workerName: string,
  status: 'completed' | 'failed',
  error: string | undefined,
): FinishResponse {
  let outcome: FinishResponse | null = null;
  $app.runInTransaction((txApp) => {
    const run = findRun(txApp, runId);
    if (run.getString('status') !== 'working') {
      outcome = settledView(run);
      return;
    }
    // The last holder may finish even just after its lease ran out, as long as nobody took over.
    if (run.getString('lease_owner') !== workerName) throw new ApiError(409, LEASE_NOT_HELD_MESSAGE, {});
    outcome = settleRun(txApp, run, status, error);
    // a watch's completed run gets its report, computed later by a worker: the run never waits
    queueReport(txApp, run);
  });
  return outcome!;
}
