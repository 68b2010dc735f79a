/**
 * The watches' sightings (docs/reports.md#what-a-report-reads): `watch_sightings` holds, for each
 * ad a watch has seen, its newest row: its id and what a report reads of it (SIGHTING_COLUMNS), so
 * that a report's `history` page is one range of the sightings rather than a look-up per ad among
 * rows scattered over the watch's runs. A completed watch run brings them up to date in the
 * transaction that completes it (keepSightings, from queueReport), one SQL statement for all its
 * rows, so that a report reads the watch's earlier ads as one row each (src/hooks/reports/rows.ts)
 * instead of grouping every row of every earlier run: about a tenth of the database work on a
 * 50,000-row history (docs/benchmarks/reports.md).
 */
import { COLLECTIONS } from '../../domain/api/collections.ts';
import { REPORT_WIRE_COLUMNS } from '../../domain/reports/report-contract.ts';

const S = COLLECTIONS.watchSightings;

/**
 * What a sighting keeps of its row, as [sighting column, row column]: REPORT_WIRE_COLUMNS but the
 * row's id (`row`), the ad id (the sighting's own) and the creative's phash (read from the
 * creative); the row's `created` is `row_created` (the sighting has its own). The fields are
 * pb_migrations/1795311000_update_watch_sightings_rows.js's.
 */
export const SIGHTING_COLUMNS: readonly (readonly [string, string])[] = REPORT_WIRE_COLUMNS.filter(
  (column) => column !== 'id' && column !== 'ad_id' && column !== 'phash',
).map((column) => [column === 'created' ? 'row_created' : column, column] as const);

const KEPT = SIGHTING_COLUMNS.map(([column]) => column).join(', ');
const KEPT_OF_ROW = SIGHTING_COLUMNS.map(([, column]) => `r.${column}`).join(', ');

/** A new record id: 15 characters of [a-f0-9], as PocketBase's. */
const NEW_ID = 'substr(lower(hex(randomblob(8))), 1, 15)';

/** The newest of two sightings wins, whichever is written first. */
const NEWEST_WINS =
  `ON CONFLICT(watch, ad_id) DO UPDATE SET row = excluded.row, run = excluded.run, seen = excluded.seen, ` +
  `${SIGHTING_COLUMNS.map(([column]) => `${column} = excluded.${column}`).join(', ')} ` +
  `WHERE excluded.seen >= ${S}.seen`;

/** Every row of one run, seen when it finished. */
const KEEP_RUN_SQL =
  `INSERT INTO ${S} (id, user, watch, ad_id, row, run, seen, ${KEPT}) ` +
  `SELECT ${NEW_ID}, r.user, {:watch}, r.ad_id, r.id, r.run, {:seen}, ${KEPT_OF_ROW} FROM ${COLLECTIONS.searchResults} r ` +
  `WHERE r.run = {:run} ${NEWEST_WINS}`;

/**
 * Every row of every completed run of a watch: for a watch that has runs from before the
 * sightings were kept (a server updated from an earlier version), once.
 */
const KEEP_WATCH_SQL =
  `INSERT INTO ${S} (id, user, watch, ad_id, row, run, seen, ${KEPT}) ` +
  `SELECT ${NEW_ID}, r.user, o.watch, r.ad_id, r.id, r.run, o.finished_at, ${KEPT_OF_ROW} FROM ${COLLECTIONS.searchRuns} o ` +
  `JOIN ${COLLECTIONS.searchResults} r ON r.run = o.id ` +
  `WHERE o.watch = {:watch} AND o.status = 'completed' AND o.finished_at != '' ${NEWEST_WINS}`;

/**
 * Brings the sightings of `run`'s watch up to date with `run`, which `txApp`'s transaction just
 * completed. A watch with none yet gets those of all its completed runs.
 */
export function keepSightings(txApp: CoreApp, run: core.Record): void {
  const watch = run.getString('watch');
  const known = new DynamicModel({ n: 0 });
  txApp
    .db()
    .newQuery(`SELECT count(*) AS n FROM (SELECT 1 FROM ${S} WHERE watch = {:watch} LIMIT 1)`)
    .bind({ watch })
    .one(known);
  if (known.n === 0) {
    txApp.db().newQuery(KEEP_WATCH_SQL).bind({ watch }).execute();
    return;
  }
  txApp
    .db()
    .newQuery(KEEP_RUN_SQL)
    .bind({ watch, run: run.id, seen: run.getString('finished_at') })
    .execute();
}

/** Deletes the sightings of watches that are gone; returns how many. */
export function pruneSightings(app: CoreApp): number {
  return app
    .db()
    .newQuery(`DELETE FROM ${S} WHERE watch NOT IN (SELECT id FROM ${COLLECTIONS.watches})`)
    .execute()
    .rowsAffected();
}
