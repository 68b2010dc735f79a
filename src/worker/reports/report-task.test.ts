import { describe, expect, it } from 'vitest';
import type {
  ReportContent,
  ReportPageRow,
  ReportRow,
  ReportRowPart,
  ReportTask,
} from '../../domain/reports/report-contract.ts';
import { buildSourceQueries } from '../query.ts';
import { TaskLostError } from '../task-pool.ts';
import type { AdLookupSource } from '../sources/types.ts';
import { reportTask, type ReportDeps } from './report-task.ts';

const TASK: ReportTask = {
  id: 'task1',
  run: 'run2',
  previous_run: 'run1',
  facebook_link: 'https://www.facebook.com/ads/library/?active_status=active&country=US&q=lamp',
  target_country: 'US',
  keywords_used: '',
  requested_count: 10,
  finished_at: '2026-03-02 10:00:00.000Z',
  attempts: 1,
  lease_expires_at: '2026-03-02 10:05:00.000Z',
};

function row(run: string, adId: string, score: number): ReportRow {
  return {
    id: `${run}-${adId}`,
    run,
    ad_id: adId,
    page_id: 'p1',
    store_name: 'Store',
    title: `Ad ${adId}`,
    product_link: `https://shop.test/${adId}`,
    country: 'US',
    platforms: 'facebook',
    start_date: '2026-02-01 00:00:00.000Z',
    end_date: '',
    active_status: 'ACTIVE',
    days_running: 10,
    reach: 0,
    collation_count: 0,
    winning_score: score,
    media_url: '',
    media_poster_url: '',
    creative: '',
    created: run === 'run1' ? '2026-03-01 10:00:00.000Z' : '2026-03-02 10:00:00.000Z',
    reach_known: false,
    collation_known: false,
    is_new: false,
    phash: '',
  };
}

/** A row of the previous part as its state alone (REPORT_STATE_COLUMNS), as the route sends it. */
function stateOf(row: ReportRow): ReportPageRow {
  const { id, ad_id, end_date, active_status, days_running, winning_score, created, is_new } = row;
  return { state: true, id, ad_id, end_date, active_status, days_running, winning_score, created, is_new };
}

/**
 * A server holding the parts' rows, paging them as the route does (the first ad ids after the
 * cursor, in no order: here the largest first), and keeping what it is sent. `states`: the
 * previous part's rows of these ads are sent as state rows.
 */
function fakeServer(
  parts: Partial<Record<ReportRowPart, ReportRow[]>>,
  failWith?: Error,
  states: string[] = [],
) {
  const stored: ReportContent[] = [];
  const failed: { error: string; retry: boolean }[] = [];
  const server: ReportDeps['server'] = {
    async rows(_task, part, after, limit) {
      if (failWith) throw failWith;
      return (parts[part] ?? [])
        .filter((r) => r.ad_id > after)
        .sort((a, b) => (a.ad_id < b.ad_id ? -1 : 1))
        .slice(0, limit)
        .reverse()
        .map((r) => (part === 'previous' && states.includes(r.ad_id) ? stateOf(r) : r));
    },
    async store(_task, report) {
      stored.push(report);
      return { report: 'rep1', stored: true };
    },
    async fail(_task, error, retry) {
      failed.push({ error, retry });
      return { status: 'pending', next_attempt_at: '2026-03-02 10:01:00.000Z' };
    },
  };
  return { server, stored, failed };
}

const deps = (server: ReportDeps['server'], lookup?: AdLookupSource): ReportDeps => ({
  server,
  ...(lookup ? { lookup } : {}),
  buildQueries: buildSourceQueries,
  lookupTimeoutMs: 1000,
  log: () => undefined,
  pageSize: 2,
});

const signal = () => new AbortController().signal;

describe('reportTask', () => {
  const previous = [row('run1', 'a', 10), row('run1', 'b', 90), row('run1', 'c', 50), row('run1', 'd', 70)];
  const current = [row('run2', 'a', 10)];

  it('asks the look-up about the best missing ads within its cap, and counts stopped only those it says stopped', async () => {
    const { server, stored } = fakeServer({ current, previous });
    const asked: string[][] = [];
    const lookup: AdLookupSource = {
      maxIds: 2,
      async ads(query, ids) {
        expect(query.country).toBe('US');
        asked.push([...ids]);
        return [
          { adId: 'b', active: false, endDate: '' },
          { adId: 'd', active: true, endDate: '' },
          // not asked about: ignored
          { adId: 'c', active: false, endDate: '' },
        ];
      },
    };
    expect(await reportTask(TASK, deps(server, lookup), signal())).toBe('stored');
    expect(asked).toEqual([['b', 'd']]);
    expect(stored[0]).toMatchObject({ stopped_count: 1, unseen_count: 2, looked_up_count: 2 });
    expect(stored[0]!.stopped_ads.map((item) => item.adId)).toEqual(['b']);
  });

  it('a look-up that fails leaves the missing ads not seen, and the report is stored', async () => {
    const { server, stored } = fakeServer({ current, previous });
    const lookup: AdLookupSource = {
      maxIds: 50,
      ads: () => Promise.reject(new Error('actor down')),
    };
    expect(await reportTask(TASK, deps(server, lookup), signal())).toBe('stored');
    expect(stored[0]).toMatchObject({ stopped_count: 0, unseen_count: 3, looked_up_count: 0 });
  });

  it('a failure is sent as a retryable fail; a task another worker holds is left alone', async () => {
    const broken = fakeServer({}, new Error('HTTP 500'));
    expect(await reportTask(TASK, deps(broken.server), signal())).toBe('failed');
    expect(broken.failed).toEqual([{ error: 'HTTP 500', retry: true }]);

    const lost = fakeServer({}, new TaskLostError('report task task1 is not held by this worker (HTTP 409)'));
    expect(await reportTask(TASK, deps(lost.server), signal())).toBe('lost');
    expect(lost.failed).toEqual([]);
    expect(lost.stored).toEqual([]);
  });

  it("makes the previous run's state rows whole from this run's rows: the same report as from whole rows", async () => {
    const now = [
      row('run2', 'a', 10),
      { ...row('run2', 'b', 90), title: 'Retitled' },
      row('run2', 'c', 50),
      { ...row('run2', 'e', 20), is_new: true },
    ];
    const before = [{ ...row('run1', 'a', 10), active_status: 'INACTIVE' }, ...previous.slice(1)];
    const whole = fakeServer({ current: now, previous: before });
    expect(await reportTask(TASK, deps(whole.server), signal())).toBe('stored');
    const states = fakeServer({ current: now, previous: before }, undefined, ['a', 'c']);
    expect(await reportTask(TASK, deps(states.server), signal())).toBe('stored');
    expect(states.stored).toEqual(whole.stored);
    expect(whole.stored[0]).toMatchObject({ new_count: 1, resumed_count: 1, unseen_count: 1, ads_count: 4 });
  });

  it('a state row of an ad this run does not have fails the task, to be tried again', async () => {
    const { server, stored, failed } = fakeServer({ current, previous }, undefined, ['d']);
    expect(await reportTask(TASK, deps(server), signal())).toBe('failed');
    expect(stored).toEqual([]);
    expect(failed).toEqual([{ error: 'a state row of ad d, which this run does not have', retry: true }]);
  });

  it('stopped halfway, it stores nothing and sends no fail', async () => {
    const controller = new AbortController();
    const { server, stored, failed } = fakeServer({ current, previous });
    const stopping: ReportDeps['server'] = {
      ...server,
      async rows(...args) {
        controller.abort();
        return server.rows(...args);
      },
    };
    expect(await reportTask(TASK, deps(stopping), controller.signal)).toBe('stopped');
    expect(stored).toEqual([]);
    expect(failed).toEqual([]);
  });
});
