/**
 * Computes one claimed report (docs/reports.md#how-a-report-is-computed): reads the run's rows,
 * the previous run's and the watch's history through SERVER_ROUTES.reportRows (page by page),
 * asks the source's look-up about the previous run's running ads missing from this one (at most
 * its `maxIds`, the best first, within REPORT_LOOKUP_TIMEOUT_SECONDS: without an answer they stay
 * "not seen"), compares with compareRuns and stores the report. A failure goes to the server as
 * `fail` (another attempt after a backoff); a task another worker took over is left to it.
 */
import type { SourceQuery } from '../../domain/ads/source-query.ts';
import { compareRuns, creativesOfRows, stateOf } from '../../domain/reports/compare-runs.ts';
import {
  REPORT_ROWS_PAGE_MAX,
  rowOfState,
  type LookupAnswer,
  type ReportRow,
  type ReportRowPart,
  type ReportTask,
} from '../../domain/reports/report-contract.ts';
import { parsePbDate } from '../../domain/text/format.ts';
import { messageOf } from '../../domain/text/error-message.ts';
import type { ClaimedRun } from '../job.ts';
import type { AdLookupSource } from '../sources/types.ts';
import { TaskLostError } from '../task-pool.ts';
import type { ReportServer } from './report-api.ts';

export type ReportOutcome = 'stored' | 'known' | 'failed' | 'lost' | 'stopped';

export interface ReportDeps {
  server: Pick<ReportServer, 'rows' | 'store' | 'fail'>;
  /** The source's look-up by id, where it has one (AdSource's `lookup`). */
  lookup?: AdLookupSource;
  /** The source queries of a run's search (src/worker/query.ts buildSourceQueries). */
  buildQueries(run: ClaimedRun): SourceQuery[];
  lookupTimeoutMs: number;
  log(message: string): void;
  pageSize?: number;
}

/**
 * Every row of one part, page by page (each page the first ad ids after the largest of the page
 * before). A state row (the `previous` part's, REPORT_STATE_COLUMNS) is made whole from its ad's
 * row in this run (`current`, by ad id); in another part, or for an ad this run does not have, it
 * is refused (the task fails and is tried again).
 */
async function readRows(
  server: ReportDeps['server'],
  taskId: string,
  part: ReportRowPart,
  pageSize: number,
  signal: AbortSignal,
  current: ReadonlyMap<string, ReportRow> = new Map(),
): Promise<ReportRow[]> {
  const rows: ReportRow[] = [];
  let after = '';
  for (;;) {
    if (signal.aborted) throw signal.reason;
    const page = await server.rows(taskId, part, after, pageSize);
    for (const row of page) {
      rows.push('state' in row ? rowOfState(row, current) : row);
      if (row.ad_id > after) after = row.ad_id;
    }
    if (page.length < pageSize) return rows;
  }
}

/** The run's search as the worker would ask the source (null when its link no longer parses). */
function queriesOf(task: ReportTask, deps: ReportDeps): SourceQuery[] | null {
  const run: ClaimedRun = {
    id: task.run,
    user: '',
    search_name: '',
    facebook_link: task.facebook_link,
    target_country: task.target_country,
    keywords_used: task.keywords_used,
    requested_count: task.requested_count,
    stored_count: 0,
    attempts: 0,
  };
  try {
    return deps.buildQueries(run);
  } catch (_) {
    return null;
  }
}

/**
 * The look-up's answers about the previous run's running ads missing from this one: the best
 * `maxIds` of them (by winning score). [] without a look-up, or when it fails or runs past its
 * time (logged): those ads are then "not seen", never stopped.
 */
async function askLookup(
  task: ReportTask,
  deps: ReportDeps,
  query: SourceQuery | undefined,
  current: ReportRow[],
  previous: ReportRow[],
  signal: AbortSignal,
): Promise<LookupAnswer[]> {
  const lookup = deps.lookup;
  if (!lookup || !query || lookup.maxIds < 1) return [];
  const seen = new Set(current.map((row) => row.ad_id));
  const ids = previous
    .filter((row) => !seen.has(row.ad_id) && stateOf(row) === 'active')
    .sort((a, b) => b.winning_score - a.winning_score || (a.ad_id < b.ad_id ? -1 : 1))
    .slice(0, lookup.maxIds)
    .map((row) => row.ad_id);
  if (ids.length === 0) return [];
  const wanted = new Set(ids);
  try {
    const answers = await lookup.ads({ ...query, limit: ids.length }, ids, {
      signal: AbortSignal.any([signal, AbortSignal.timeout(deps.lookupTimeoutMs)]),
    });
    // only what was asked, once each
    return [...new Map(answers.filter((a) => wanted.has(a.adId)).map((a) => [a.adId, a])).values()];
  } catch (error) {
    if (signal.aborted) throw error;
    deps.log(
      `report task ${task.id}: the look-up of ${ids.length} missing ads failed, they stay not seen: ${messageOf(error)}`,
    );
    return [];
  }
}

/**
 * Works `task` to its end. `signal` aborts when the worker stops or the task's lease is about to
 * end: then nothing more is sent for it but, on a stop, the hand-back (the pool's).
 */
export async function reportTask(
  task: ReportTask,
  deps: ReportDeps,
  signal: AbortSignal,
): Promise<ReportOutcome> {
  const { server, log } = deps;
  const pageSize = deps.pageSize ?? REPORT_ROWS_PAGE_MAX;
  try {
    const current = await readRows(server, task.id, 'current', pageSize, signal);
    const previous = task.previous_run
      ? await readRows(
          server,
          task.id,
          'previous',
          pageSize,
          signal,
          new Map(current.map((row) => [row.ad_id, row])),
        )
      : [];
    const history = await readRows(server, task.id, 'history', pageSize, signal);
    const queries = queriesOf(task, deps);
    const lookup = await askLookup(task, deps, queries?.[0], current, previous, signal);
    // a link that no longer parses: take the careful reading, that it asked for active ads only
    const activeOnly = queries ? queries.every((query) => query.activeStatus === 'active') : true;
    const report = compareRuns({
      current,
      previous,
      history,
      creatives: creativesOfRows(current, previous, history),
      lookup,
      activeOnly,
      nowMs: parsePbDate(task.finished_at)?.getTime() ?? Date.now(),
    });
    if (signal.aborted) return 'stopped';
    const answer = await server.store(task.id, report);
    log(
      `report ${answer.report} of run ${task.run} ${answer.stored ? 'stored' : 'was stored already'}: ${report.new_count} new, ${report.stopped_count} stopped, ${report.resumed_count} back, ${report.unseen_count} not seen (${current.length + previous.length + history.length} rows read)`,
    );
    return answer.stored ? 'stored' : 'known';
  } catch (error) {
    if (signal.aborted) return 'stopped';
    if (error instanceof TaskLostError) {
      log(`${messageOf(error)}: left to its holder`);
      return 'lost';
    }
    const answer = await server.fail(task.id, messageOf(error), true);
    log(
      `report task ${task.id} of run ${task.run} failed: ${messageOf(error)} (${answer.status}${answer.next_attempt_at ? `, again after ${answer.next_attempt_at}` : ''})`,
    );
    return 'failed';
  }
}
