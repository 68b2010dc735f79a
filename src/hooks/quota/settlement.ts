/**
 * Settlement of a run (docs/pipeline.md#settlement,
 * docs/invariants.md#invariant-4-only-stored-ads-new-to-the-user-are-charged): counts what was stored,
 * charges only the ads new to the user's database (never more than was reserved), releases the reservation,
 * and closes the run — all in the caller's transaction. Settling a run that is no longer working changes
 * nothing, so a repeated finish is harmless.
 */
import { COLLECTIONS } from '../../domain/api/collections.ts';
import type { FinishResponse } from '../../domain/runs/lease-contract.ts';
import type { RunStatus } from '../../domain/records/constants.ts';
import { settleReservation } from './ledger.ts';

const MAX_ERROR_LENGTH = 2000;

/** Rows stored for a run (only those new to the user's database with `onlyNew`). */
export function countRows(app: CoreApp, runId: string, onlyNew: boolean): number {
  const row = new DynamicModel({ n: 0 });
  app
    .db()
    .newQuery(
      `SELECT COUNT(*) AS n FROM ${COLLECTIONS.searchResults} WHERE run = {:run}${onlyNew ? ' AND is_new = TRUE' : ''}`,
    )
    .bind({ run: runId })
    .one(row);
  return row.n;
}

/** What the finish route answers: the run's outcome. */
export function settledView(run: core.Record): FinishResponse {
  return {
    id: run.id,
    status: run.getString('status') as RunStatus,
    results_count: run.getInt('results_count'),
    new_count: run.getInt('new_count'),
    charged_count: run.getInt('charged_count'),
    finished_at: run.getString('finished_at'),
    error: run.getString('error'),
  };
}

/** Settles `run` (a record loaded with txApp) as completed or failed. */
export function settleRun(
  txApp: CoreApp,
  run: core.Record,
  status: 'completed' | 'failed',
  error?: string,
): FinishResponse {
  if (run.getString('status') !== 'working') return settledView(run);
  const results = countRows(txApp, run.id, false);
  const fresh = countRows(txApp, run.id, true);
  const charged = settleReservation(txApp, run.id, fresh, new Date());
  run.set('status', status);
  run.set('finished_at', new DateTime().string());
  run.set('results_count', results);
  run.set('new_count', fresh);
  run.set('charged_count', charged);
  run.set('progress', results);
  run.set(
    'error',
    status === 'failed' ? String(error || 'The scout failed.').slice(0, MAX_ERROR_LENGTH) : '',
  );
  run.set('lease_owner', '');
  run.set('lease_expires_at', '');
  txApp.save(run);
  return settledView(run);
}
