/**
 * Result writes from the worker (ARCHITECTURE §5 step 6): idempotent on (run, ad_id), capped at
 * the run's requested count (which is what its reservation holds), each row flagged `is_new`
 * when the user has not collected that ad in an earlier run (invariant 4: only new ads are
 * charged). Each row passes the lease contract's row schema — the one check of the write path —
 * and goes in with one INSERT inside one transaction: record saves would cost a validation pass
 * and a realtime broadcast per row, and nobody subscribes to result rows (the run's progress is
 * what clients watch).
 */
import { RESULT_ROW_FIELDS } from '../../domain/ad-fields.ts';
import { resultRowSchema, type ResultRow, type ResultsResponse } from '../../domain/lease-contract.ts';
import { leaseUntil, requireLease, storedCount } from '../runs/index.ts';

const COLUMNS = ['id', 'run', 'user', 'is_new', 'created', 'updated'].concat(
  RESULT_ROW_FIELDS.map((field) => field.key),
);
const INSERT =
  `INSERT INTO search_results (${COLUMNS.join(', ')}) VALUES (${COLUMNS.map((c) => `{:${c}}`).join(', ')}) ` +
  'ON CONFLICT (run, ad_id) DO NOTHING';
const ID_ALPHABET = 'abcdefghijklmnopqrstuvwxyz0123456789';

/**
 * Stores a batch of rows for a run the worker holds. Returns how many rows the run now has, how
 * many of this batch were new to the run, how many had no usable ad id, and whether the run is full.
 */
export function writeResults(runId: string, workerName: string, rows: readonly unknown[]): ResultsResponse {
  let outcome: ResultsResponse | null = null;
  $app.runInTransaction((txApp) => {
    const run = requireLease(txApp, runId, workerName);
    const user = run.getString('user');
    const cap = run.getInt('requested_count');
    let stored = storedCount(txApp, runId);
    let inserted = 0;
    let rejected = 0;
    const now = new DateTime().string();
    for (const raw of rows) {
      if (stored >= cap) break;
      const parsed = resultRowSchema.safeParse(raw);
      if (!parsed.success) {
        rejected++;
        continue;
      }
      // the parsed row is a fresh object: it becomes the INSERT's parameters as it is
      const row: ResultRow & { [column: string]: unknown } = parsed.data;
      const earlier = new DynamicModel({ n: 0 });
      txApp
        .db()
        .newQuery(
          'SELECT COUNT(*) AS n FROM search_results WHERE user = {:user} AND ad_id = {:ad} AND run != {:run}',
        )
        .bind({ user: user, ad: row.ad_id, run: runId })
        .one(earlier);
      row.id = $security.randomStringWithAlphabet(15, ID_ALPHABET);
      row.run = runId;
      row.user = user;
      row.is_new = earlier.n === 0;
      row.created = now;
      row.updated = now;
      const result = txApp.db().newQuery(INSERT).bind(row).execute();
      if (result.rowsAffected() > 0) {
        inserted++;
        stored++;
      }
    }
    run.set('progress', stored);
    run.set('lease_expires_at', leaseUntil());
    txApp.save(run);
    outcome = { stored: stored, inserted: inserted, rejected: rejected, full: stored >= cap };
  });
  return outcome!;
}
