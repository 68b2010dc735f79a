/**
 * SERVER_ROUTES.reportRows: one page of the rows a report compares (REPORT_ROW_PARTS), the first
 * ad ids after a cursor, each row an array of REPORT_WIRE_COLUMNS: SQLite builds the page's JSON
 * text, which the route hands to Go untouched (reportRowsPage).
 *
 * Size: a daily watch of 1,000 ads holds 50,000 rows after 50 days, but mostly the same ads day
 * after day. `history` is one row per ad (its newest in the watch's earlier completed runs, the
 * previous run's ads left out: they come with `previous`), found through the watch's sightings
 * (sightings.ts), so the worker reads a few thousand rows, not 50,000; each page seeks its index
 * from its cursor. A `previous` row whose ad this run has with the same store, title, link,
 * start and creative is sent as a state row (REPORT_STATE_COLUMNS), a third of the bytes. What
 * SQLite spends on a page is mostly the JSON it writes, byte by byte, so the page's JSON is not
 * sorted again (the page is already the first ad ids after the cursor; the worker takes the
 * largest as the next cursor) and `is_new` is its 1 or 0. What a page costs is in
 * docs/benchmarks/reports.md.
 */
import { COLLECTIONS } from '../../domain/api/collections.ts';
import {
  REPORT_SHARED_COLUMNS,
  REPORT_STATE_COLUMNS,
  REPORT_WIRE_COLUMNS,
  type ReportRowPart,
} from '../../domain/reports/report-contract.ts';
import { SIGHTING_COLUMNS } from './sightings.ts';

const R = COLLECTIONS.searchResults;

/** The page's columns, selected from a row aliased `r` and its creative `c`. */
const PAGE_COLUMNS = REPORT_WIRE_COLUMNS.map((column) =>
  column === 'phash' ? `coalesce(c.phash, '') AS phash` : `r.${column} AS ${column}`,
).join(', ');

/**
 * The history page's columns: a sighting `n`'s own (SIGHTING_COLUMNS) when it is `kept`, else
 * those of the row `r` found for it; the phash of creative `c`.
 */
const HISTORY_COLUMNS = REPORT_WIRE_COLUMNS.map((column) => {
  if (column === 'phash') return `coalesce(c.phash, '') AS phash`;
  if (column === 'ad_id') return `n.ad_id AS ad_id`;
  const kept = column === 'id' ? 'row' : SIGHTING_COLUMNS.find(([, of]) => of === column)![0];
  return `iif(n.kept, n.${kept}, r.${column}) AS ${column}`;
}).join(', ');

/** A page row `x` as its wire array (a boolean as 1 or 0). */
const wireArray = (columns: readonly string[]) =>
  `json_array(${columns.map((column) => (column === 'is_new' ? `iif(x.is_new, 1, 0)` : `x.${column}`)).join(', ')})`;

/** One run's rows after `after`, `limit` of them. */
const RUN_ROWS_SQL =
  `SELECT ${PAGE_COLUMNS} FROM ${R} r LEFT JOIN ${COLLECTIONS.creatives} c ON c.id = r.creative ` +
  `WHERE r.run = {:run} AND r.ad_id > {:after} ORDER BY r.ad_id LIMIT {:limit}`;

/**
 * The previous run's rows after `after`, `limit` of them, each with `same`: this run has its ad
 * with the same REPORT_SHARED_COLUMNS (one row per run and ad: idx_search_results_run_ad).
 */
const PREVIOUS_ROWS_SQL =
  `SELECT ${PAGE_COLUMNS}, (n.id IS NOT NULL AND ${REPORT_SHARED_COLUMNS.map((column) => `n.${column} = r.${column}`).join(' AND ')}) AS same ` +
  `FROM ${R} r LEFT JOIN ${R} n ON n.run = {:current} AND n.ad_id = r.ad_id ` +
  `LEFT JOIN ${COLLECTIONS.creatives} c ON c.id = r.creative ` +
  `WHERE r.run = {:run} AND r.ad_id > {:after} ORDER BY r.ad_id LIMIT {:limit}`;

/**
 * The watch's ads seen in its completed runs that finished before this one, other than the
 * previous one, and not in the previous one: each as its newest row. The watch's sightings
 * (sightings.ts) keep that row's columns (`kept`: the history is one range of the sightings, not
 * a look-up per ad among rows scattered over the watch's runs), unless a run from this one on saw
 * the ad since (this run, or a later one that completed before this report): then its newest row
 * before this run is looked up on the (user, ad_id) index, among the watch's earlier completed
 * runs, and read from the results. A sighting whose run is gone (deleted with its search) is left
 * out, as its row is. Paged by ad id.
 */
const HISTORY_ROWS_SQL =
  `WITH seen AS (SELECT w.*, (w.run != {:run} AND w.seen < {:finished}) AS kept, ` +
  `CASE WHEN w.run != {:run} AND w.seen < {:finished} THEN NULL ELSE (` +
  `SELECT h.id FROM ${R} h JOIN ${COLLECTIONS.searchRuns} o ON o.id = h.run ` +
  `WHERE h.user = {:user} AND h.ad_id = w.ad_id AND o.watch = {:watch} AND o.status = 'completed' ` +
  `AND o.id != {:run} AND o.id != {:previous} AND o.finished_at < {:finished} ` +
  `ORDER BY o.finished_at DESC LIMIT 1) END AS found ` +
  `FROM ${COLLECTIONS.watchSightings} w WHERE w.watch = {:watch} AND w.ad_id > {:after} ` +
  `AND NOT EXISTS (SELECT 1 FROM ${R} p WHERE p.run = {:previous} AND p.ad_id = w.ad_id)), ` +
  `page AS (SELECT * FROM seen WHERE found IS NOT NULL OR (kept AND EXISTS ` +
  `(SELECT 1 FROM ${COLLECTIONS.searchRuns} o WHERE o.id = seen.run)) ORDER BY ad_id LIMIT {:limit}) ` +
  `SELECT ${HISTORY_COLUMNS} FROM page n LEFT JOIN ${R} r ON r.id = n.found ` +
  `LEFT JOIN ${COLLECTIONS.creatives} c ON c.id = iif(n.kept, n.creative, r.creative)`;

/** The JSON array of a page's rows `x`. */
const pageJson = (sql: string, rowJson: string) =>
  `SELECT coalesce(json_group_array(${rowJson}), '[]') AS rows FROM (${sql}) x`;

const RUN_PAGE_SQL = pageJson(RUN_ROWS_SQL, wireArray(REPORT_WIRE_COLUMNS));
const PREVIOUS_PAGE_SQL = pageJson(
  PREVIOUS_ROWS_SQL,
  `CASE WHEN x.same THEN ${wireArray(REPORT_STATE_COLUMNS)} ELSE ${wireArray(REPORT_WIRE_COLUMNS)} END`,
);
const HISTORY_PAGE_SQL = pageJson(HISTORY_ROWS_SQL, wireArray(REPORT_WIRE_COLUMNS));

/**
 * The page: `rows`, the JSON text of its rows' array as SQLite wrote it. The route answers it as
 * the model's JSON (`{"rows":"[[…], …]"}`), encoded by Go: the VM never reads the text, which
 * would convert it to UTF-16 and back (a tenth of a report's CPU, docs/benchmarks/reports.md).
 */
export function reportRowsPage(
  task: core.Record,
  part: ReportRowPart,
  after: string,
  limit: number,
): DynamicModel {
  const run = $app.findRecordById(COLLECTIONS.searchRuns, task.getString('run'));
  const previous = task.getString('previous_run');
  let sql: string;
  let params: { [name: string]: unknown };
  if (part === 'history') {
    sql = HISTORY_PAGE_SQL;
    params = {
      user: task.getString('user'),
      watch: task.getString('watch'),
      run: run.id,
      previous: previous,
      finished: run.getString('finished_at'),
    };
  } else if (part === 'previous') {
    sql = PREVIOUS_PAGE_SQL;
    // a first run has no previous run: its page is empty
    params = { run: previous || '-', current: run.id };
  } else {
    sql = RUN_PAGE_SQL;
    params = { run: run.id };
  }
  params.after = after;
  params.limit = limit;
  const page = new DynamicModel({ rows: '' });
  // On SQLite's one writing connection, whose page cache holds what the run's finish just wrote
  // (its rows, the watch's sightings): a connection of the read pool drops its whole cache when
  // the database has changed since its last read, and reads every page again into pages it
  // allocates afresh, a fifth of a report's CPU (docs/benchmarks/reports.md). A page holds the
  // writer for some 10 ms.
  $app.nonconcurrentDB().newQuery(sql).bind(params).one(page);
  return page;
}
