/**
 * Result writes from the worker (docs/pipeline.md#writing-results): idempotent on (run, ad_id), capped at
 * the run's requested count (which is what its reservation holds), each row flagged `is_new`
 * when the user has not collected that ad in an earlier run
 * (docs/invariants.md#invariant-4-only-stored-ads-new-to-the-user-are-charged: only new ads are charged). The
 * rows arrive checked: the lease contract's request schema ran coerceResultRow on each, once, at the route —
 * the one check of the write path. Then, inside one transaction, one query finds which of the batch's ad ids
 * the user already has from earlier runs, and one prepared INSERT stores the rows: record saves would cost a
 * validation pass and a realtime broadcast per row, and nobody subscribes to result rows (the run's progress
 * is what clients watch). The rows it inserted with a media link are queued for the creative archive
 * in the same transaction, two more statements for the batch (src/hooks/media/tasks.ts, queueArchive).
 * A row's `tags` are the worker's (the tags of its copy, docs/ai.md#tags); a row that gets a
 * creative already read (queueArchive links an archived task's) has its creative's text tags joined
 * in, in the same transaction (joinCreativeTags).
 */
import { COLLECTIONS } from '../../domain/api/collections.ts';
import { RESULT_ROW_FIELDS } from '../../domain/ads/ad-fields.ts';
import type { ResultRow, ResultsResponse } from '../../domain/runs/lease-contract.ts';
import { queueArchive } from '../media/index.ts';
import { keepLibraryTotal, leaseUntil, requireLease, storedCount } from '../runs/index.ts';
import { joinCreativeTags } from '../tags/index.ts';

const COLUMNS = ['id', 'run', 'user', 'is_new', 'created', 'updated', 'tags'].concat(
  RESULT_ROW_FIELDS.map((field) => field.key),
);
const INSERT =
  `INSERT INTO ${COLLECTIONS.searchResults} (${COLUMNS.join(', ')}) VALUES (${COLUMNS.map((c) => `{:${c}}`).join(', ')}) ` +
  'ON CONFLICT (run, ad_id) DO NOTHING';
const ID_ALPHABET = 'abcdefghijklmnopqrstuvwxyz0123456789';

type InsertRow = Omit<ResultRow, 'tags'> & { [column: string]: unknown };

/** The ad ids among `adIds` that the user collected in runs other than `runId`: one query. */
function earlierAdIds(txApp: CoreApp, user: string, runId: string, adIds: readonly string[]): Set<string> {
  const found = new Set<string>();
  if (adIds.length === 0) return found;
  const params: { [name: string]: string } = { user: user, run: runId };
  const names = adIds.map((adId, i) => {
    params[`a${i}`] = adId;
    return `{:a${i}}`;
  });
  const rows = arrayOf(new DynamicModel({ ad_id: '' }));
  txApp
    .db()
    .newQuery(
      `SELECT DISTINCT ad_id FROM ${COLLECTIONS.searchResults} WHERE user = {:user} AND run != {:run} AND ad_id IN (${names.join(', ')})`,
    )
    .bind(params)
    .all(rows);
  for (const row of rows) found.add(row.ad_id);
  return found;
}

/**
 * Stores a batch of rows for a run the worker holds. Returns how many rows the run now has, how
 * many of this batch were new to the run, how many had no usable ad id, and whether the run is full.
 * The Library's total for the run's search, when sent, is kept on the run (keepLibraryTotal).
 */
export function writeResults(
  runId: string,
  workerName: string,
  rows: readonly (ResultRow | null)[],
  libraryTotal?: number,
): ResultsResponse {
  const adIds: string[] = [];
  for (const row of rows) if (row) adIds.push(row.ad_id);
  let outcome: ResultsResponse | null = null;
  $app.runInTransaction((txApp) => {
    const run = requireLease(txApp, runId, workerName);
    const user = run.getString('user');
    const cap = run.getInt('requested_count');
    let stored = storedCount(txApp, runId);
    let inserted = 0;
    let rejected = 0;
    const insertedAdIds: string[] = [];
    const earlier = earlierAdIds(txApp, user, runId, adIds);
    const now = new DateTime().string();
    const insert = txApp.db().newQuery(INSERT).prepare();
    try {
      for (const checked of rows) {
        if (stored >= cap) break;
        if (!checked) {
          rejected++;
          continue;
        }
        // the checked row is a fresh object: it becomes the INSERT's parameters as it is
        const row = checked as InsertRow;
        row.id = $security.randomStringWithAlphabet(15, ID_ALPHABET);
        row.run = runId;
        row.user = user;
        row.is_new = !earlier.has(row.ad_id);
        row.created = now;
        row.updated = now;
        // JSON text for the column; NULL from a worker from before tags (the backfill's to tag)
        row.tags = checked.tags ? JSON.stringify(checked.tags) : null;
        if (insert.bind(row).execute().rowsAffected() > 0) {
          inserted++;
          stored++;
          insertedAdIds.push(row.ad_id);
        }
      }
    } finally {
      insert.close();
    }
    queueArchive(txApp, user, runId, insertedAdIds);
    if (insertedAdIds.length > 0) {
      const params: { [name: string]: unknown } = { run: runId };
      const ads = insertedAdIds.map((adId, i) => {
        params[`a${i}`] = adId;
        return `{:a${i}}`;
      });
      joinCreativeTags(
        txApp,
        `r.run = {:run} AND r.ad_id IN (${ads.join(', ')}) AND r.creative != ''`,
        params,
        now,
      );
    }
    run.set('progress', stored);
    run.set('lease_expires_at', leaseUntil());
    keepLibraryTotal(run, libraryTotal);
    txApp.save(run);
    outcome = { stored: stored, inserted: inserted, rejected: rejected, full: stored >= cap };
  });
  return outcome!;
}
