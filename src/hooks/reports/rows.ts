/**
 * SERVER_ROUTES.reportRows: one page of the rows a report compares (REPORT_ROW_PARTS), in ad_id
 * order, with the fields of reportRowSchema only, as the sync route serves its pages
 * (src/hooks/sync): SQLite builds the page's JSON and the VM handles one string.
 *
 * Size: a daily watch of 1,000 ads holds 50,000 rows after 50 days, but mostly the same ads day
 * after day. `history` is one row per ad (its newest in the watch's earlier completed runs, the
 * previous run's ads left out: they come with `previous`), so the worker reads a few thousand
 * rows, not 50,000; each page seeks the (run, ad_id) index from its cursor.
 */
import { COLLECTIONS } from '../../domain/api/collections.ts';
import type { ReportRowPart } from '../../domain/reports/report-contract.ts';

const R = COLLECTIONS.searchResults;

/** The columns of reportRowSchema from a row aliased `r` and its creative `c` (bools as JSON). */
const ROW_JSON =
  `json_object('id', r.id, 'run', r.run, 'ad_id', r.ad_id, 'page_id', r.page_id, 'store_name', r.store_name, ` +
  `'title', r.title, 'product_link', r.product_link, 'country', r.country, 'platforms', r.platforms, ` +
  `'start_date', r.start_date, 'end_date', r.end_date, 'active_status', r.active_status, ` +
  `'days_running', r.days_running, 'reach', r.reach, 'collation_count', r.collation_count, ` +
  `'winning_score', r.winning_score, 'media_url', r.media_url, 'media_poster_url', r.media_poster_url, ` +
  `'creative', r.creative, 'created', r.created, ` +
  `'reach_known', json(iif(r.reach_known, 'true', 'false')), ` +
  `'collation_known', json(iif(r.collation_known, 'true', 'false')), ` +
  `'is_new', json(iif(r.is_new, 'true', 'false')), 'phash', coalesce(c.phash, ''))`;

/** One run's rows after `after`, `limit` of them. */
const RUN_ROWS_SQL =
  `SELECT ${ROW_JSON} AS row, r.ad_id AS ad_id FROM ${R} r LEFT JOIN ${COLLECTIONS.creatives} c ON c.id = r.creative ` +
  `WHERE r.run = {:run} AND r.ad_id > {:after} ORDER BY r.ad_id LIMIT {:limit}`;

/**
 * The watch's ads seen in its completed runs that finished before this one, other than the
 * previous one, and not in the previous one: each as its newest row. The newest sighting of each
 * ad is found on the (run, ad_id) index alone (a user has one working run at a time, so a later
 * run's rows are the newer ones), and only those rows are read whole: a 50,000-row history is
 * read as its few thousand distinct ads, not 50,000 rows.
 */
const HISTORY_ROWS_SQL =
  `WITH older AS (SELECT id, finished_at FROM ${COLLECTIONS.searchRuns} ` +
  `WHERE watch = {:watch} AND watch != '' AND status = 'completed' AND id != {:run} AND id != {:previous} ` +
  `AND finished_at < {:finished}), ` +
  `newest AS (SELECT h.ad_id AS ad_id, h.run AS run, max(o.finished_at) AS seen FROM older o ` +
  `JOIN ${R} h ON h.run = o.id WHERE h.ad_id > {:after} ` +
  `AND NOT EXISTS (SELECT 1 FROM ${R} p WHERE p.run = {:previous} AND p.ad_id = h.ad_id) ` +
  `GROUP BY h.ad_id ORDER BY h.ad_id LIMIT {:limit}) ` +
  `SELECT ${ROW_JSON} AS row, r.ad_id AS ad_id FROM newest n ` +
  `JOIN ${R} r ON r.run = n.run AND r.ad_id = n.ad_id ` +
  `LEFT JOIN ${COLLECTIONS.creatives} c ON c.id = r.creative`;

/** The page as JSON text: `{"rows":[…]}`. */
export function reportRowsPage(task: core.Record, part: ReportRowPart, after: string, limit: number): string {
  const run = $app.findRecordById(COLLECTIONS.searchRuns, task.getString('run'));
  const previous = task.getString('previous_run');
  let sql: string;
  let params: { [name: string]: unknown };
  if (part === 'history') {
    sql = HISTORY_ROWS_SQL;
    params = {
      watch: task.getString('watch'),
      run: run.id,
      previous: previous,
      finished: run.getString('finished_at'),
    };
  } else {
    sql = RUN_ROWS_SQL;
    // a first run has no previous run: its page is empty
    params = { run: part === 'current' ? run.id : previous || '-' };
  }
  params.after = after;
  params.limit = limit;
  const page = new DynamicModel({ rows: '' });
  $app
    .db()
    .newQuery(`SELECT coalesce(json_group_array(json(row) ORDER BY ad_id), '[]') AS rows FROM (${sql})`)
    .bind(params)
    .one(page);
  return `{"rows":${page.rows}}`;
}
