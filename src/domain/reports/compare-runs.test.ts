import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { insightRow } from '../../../tests/fixtures/insight-rows.ts';
import { groupProducts } from '../insights/insights-index.ts';
import { summarizeStores } from '../insights/store-summary.ts';
import { DAY_MS, toPbDate } from '../text/format.ts';
import { compareRuns, creativesOfRows, stateOf, type CompareRunsInput } from './compare-runs.ts';
import {
  REPORT_LIST_CAP,
  REPORT_SHARED_COLUMNS,
  REPORT_STATE_COLUMNS,
  REPORT_WIRE_COLUMNS,
  reportContentSchema,
  reportRowOfWire,
  reportRowsResponseSchema,
  rowOfState,
  type ReportWireRow,
  reportHasNews,
  type LookupAnswer,
  type ReportAdItem,
  type ReportRow,
} from './report-contract.ts';

const NOW = Date.parse('2026-03-01T12:00:00Z');
const HOUR = 3_600_000;

/** A row of run `run` seen `hoursAgo`, for ad `ad` (its id is unique per run and ad). */
function row(run: string, ad: string, over: Partial<ReportRow> = {}, hoursAgo = 0): ReportRow {
  return {
    ...insightRow({
      id: `${run}-${ad}`,
      run,
      ad_id: ad,
      page_id: `page-${ad}`,
      store_name: `Store ${ad}`,
      title: `Title ${ad}`,
      start_date: toPbDate(NOW - 30 * DAY_MS),
      days_running: 30,
      created: toPbDate(NOW - hoursAgo * HOUR),
    }),
    is_new: false,
    phash: '',
    ...over,
  };
}

function compare(over: Partial<CompareRunsInput>): ReturnType<typeof compareRuns> {
  const input: CompareRunsInput = {
    current: [],
    previous: [],
    history: [],
    creatives: [],
    lookup: [],
    activeOnly: false,
    nowMs: NOW,
    ...over,
  };
  const report = compareRuns(input);
  // every report the function makes is one the store route accepts
  expect(reportContentSchema.safeParse(report).success).toBe(true);
  return report;
}

const ids = (items: { adId: string }[]) => items.map((item) => item.adId).sort();

/** Two runs of one watch over a pool of ads: each ad's state in each run, or absent. */
const STATES = ['ACTIVE', 'INACTIVE', 'ENDED', ''] as const;
const runsArb = fc.record({
  previous: fc.array(fc.option(fc.constantFrom(...STATES), { nil: null }), { minLength: 0, maxLength: 40 }),
  current: fc.array(fc.option(fc.constantFrom(...STATES), { nil: null }), { minLength: 0, maxLength: 40 }),
  scores: fc.array(fc.integer({ min: 0, max: 100 }), { minLength: 40, maxLength: 40 }),
  /** The look-up's answer for ad i: active, stopped, ended, or not asked. */
  answers: fc.array(fc.constantFrom('active', 'inactive', 'ended', null), { minLength: 40, maxLength: 40 }),
  activeOnly: fc.boolean(),
});

function statusFields(state: (typeof STATES)[number]): Partial<ReportRow> {
  if (state === 'ENDED') return { active_status: 'INACTIVE', end_date: toPbDate(NOW - DAY_MS) };
  return { active_status: state };
}

function buildRuns(spec: {
  previous: ((typeof STATES)[number] | null)[];
  current: ((typeof STATES)[number] | null)[];
  scores: number[];
  answers: ('active' | 'inactive' | 'ended' | null)[];
  activeOnly: boolean;
}): CompareRunsInput {
  const previous = spec.previous.flatMap((state, i) =>
    state === null
      ? []
      : [row('prev', `ad${i}`, { ...statusFields(state), winning_score: spec.scores[i]! }, 24)],
  );
  const current = spec.current.flatMap((state, i) =>
    state === null
      ? []
      : [
          row('cur', `ad${i}`, {
            ...statusFields(state),
            winning_score: spec.scores[i]!,
            is_new: i >= spec.previous.length,
          }),
        ],
  );
  const lookup: LookupAnswer[] = spec.answers.flatMap((answer, i) =>
    answer === null
      ? []
      : [{ adId: `ad${i}`, active: answer === 'active', endDate: answer === 'ended' ? toPbDate(NOW) : '' }],
  );
  return { current, previous, history: [], creatives: [], lookup, activeOnly: spec.activeOnly, nowMs: NOW };
}

describe('compareRuns', () => {
  it('reports a watch’s first run all as news: every ad new to the user, every product and store, nothing stopped, back or unseen', () => {
    fc.assert(
      fc.property(
        fc.array(fc.record({ store: fc.integer({ min: 0, max: 5 }), state: fc.constantFrom(...STATES) }), {
          minLength: 1,
          maxLength: 60,
        }),
        (specs) => {
          const current = specs.map((spec, i) =>
            row('cur', `ad${i}`, { ...statusFields(spec.state), page_id: `page${spec.store}`, is_new: true }),
          );
          const report = compare({ current });
          expect(report.ads_count).toBe(current.length);
          expect(report.new_count).toBe(current.length);
          expect([report.stopped_count, report.resumed_count, report.unseen_count]).toEqual([0, 0, 0]);
          expect(report.products_count).toBe(groupProducts(current, [], NOW).length);
          expect(report.stores_count).toBe(summarizeStores(current, NOW).length);
          expect(report.products.every((product) => product.storesBefore === 0)).toBe(true);
          expect(reportHasNews(report)).toBe(true);
        },
      ),
    );
  });

  it('calls a missing ad "not seen", never stopped, unless the look-up says it stopped', () => {
    fc.assert(
      fc.property(runsArb, (spec) => {
        const input = buildRuns(spec);
        const report = compare(input);
        const currentAds = new Set(input.current.map((r) => r.ad_id));
        const missing = input.previous.filter((r) => !currentAds.has(r.ad_id));
        const saysStopped = new Set(
          input.lookup.filter((a) => !a.active || a.endDate !== '').map((a) => a.adId),
        );
        // every missing ad is counted once: not seen, or stopped by the look-up's word
        const stoppedMissing = missing.filter((r) => stateOf(r) === 'active' && saysStopped.has(r.ad_id));
        expect(report.unseen_count + stoppedMissing.length).toBe(missing.length);
        expect(report.unseen_count).toBe(missing.length - stoppedMissing.length);
        // without the look-up's word, no missing ad is stopped
        const withoutLookup = compare({ ...input, lookup: [] });
        expect(withoutLookup.unseen_count).toBe(missing.length);
        for (const item of withoutLookup.stopped_ads) expect(currentAds.has(item.adId)).toBe(true);
        expect(report.looked_up_count).toBe(
          missing.filter((r) => input.lookup.some((a) => a.adId === r.ad_id)).length,
        );
      }),
    );
  });

  it('a watch of active ads only reports an ad stopped through the look-up alone', () => {
    fc.assert(
      fc.property(runsArb, (spec) => {
        const input = { ...buildRuns(spec), activeOnly: true };
        const report = compare(input);
        const currentAds = new Set(input.current.map((r) => r.ad_id));
        const saysStopped = new Set(
          input.lookup.filter((a) => !a.active || a.endDate !== '').map((a) => a.adId),
        );
        for (const item of report.stopped_ads) {
          expect(currentAds.has(item.adId)).toBe(false);
          expect(saysStopped.has(item.adId)).toBe(true);
        }
        expect(compare({ ...input, lookup: [] }).stopped_count).toBe(0);
      }),
    );
  });

  it('counts stopped and back from the last sighting, and the true totals beside capped lists in rank order', () => {
    fc.assert(
      fc.property(runsArb, (spec) => {
        const input = buildRuns(spec);
        const report = compare(input);
        const prev = new Map(input.previous.map((r) => [r.ad_id, r]));
        const inRunStopped = input.current.filter(
          (r) => prev.has(r.ad_id) && stateOf(prev.get(r.ad_id)!) === 'active' && stateOf(r) === 'stopped',
        );
        const back = input.current.filter(
          (r) => prev.has(r.ad_id) && stateOf(prev.get(r.ad_id)!) === 'stopped' && stateOf(r) === 'active',
        );
        expect(report.resumed_count).toBe(back.length);
        expect(ids(report.resumed_ads)).toEqual(back.map((r) => r.ad_id).sort());
        if (!input.activeOnly) {
          for (const r of inRunStopped) expect(ids(report.stopped_ads)).toContain(r.ad_id);
        }
        expect(report.new_count).toBe(input.current.filter((r) => r.is_new).length);
        for (const list of [report.new_ads, report.stopped_ads, report.resumed_ads, report.unseen_ads]) {
          expect(list.length).toBeLessThanOrEqual(REPORT_LIST_CAP);
          expect(isRanked(list)).toBe(true);
        }
      }),
    );
  });

  it('keeps the first 50 of a long list, by winning score, with the true count beside them', () => {
    const current = Array.from({ length: 120 }, (_, i) =>
      row('cur', `ad${String(i).padStart(3, '0')}`, { winning_score: (i * 37) % 101, is_new: true }),
    );
    const report = compare({ current });
    expect(report.new_count).toBe(120);
    expect(report.new_ads).toHaveLength(REPORT_LIST_CAP);
    const best = [...current]
      .sort((a, b) => b.winning_score - a.winning_score || (a.ad_id < b.ad_id ? -1 : 1))
      .slice(0, REPORT_LIST_CAP)
      .map((r) => r.ad_id);
    expect(report.new_ads.map((item) => item.adId)).toEqual(best);
    expect(report.new_ads[0]).toEqual({
      adId: best[0],
      row: `cur-${best[0]}`,
      creative: '',
      store: `Store ${best[0]}`,
      pageId: `page-${best[0]}`,
      title: `Title ${best[0]}`,
      daysRunning: 30,
      winningScore: 100,
      active: true,
    });
  });

  it('names what changed between two runs, and compares an ad missing from the last run with its last sighting', () => {
    const previous = [
      row('prev', 'keeps', {}, 24),
      row('prev', 'stops', {}, 24),
      row('prev', 'returns', { active_status: 'INACTIVE' }, 24),
      row('prev', 'dropped', {}, 24),
      row('prev', 'ended', {}, 24),
    ];
    // seen running two runs ago, stopped now: stopped, although the previous run missed it
    const history = [row('older', 'older-stops', {}, 48), row('older', 'keeps', {}, 48)];
    const current = [
      row('cur', 'keeps'),
      row('cur', 'stops', { active_status: 'INACTIVE', end_date: toPbDate(NOW - DAY_MS) }),
      row('cur', 'returns'),
      row('cur', 'older-stops', { active_status: 'INACTIVE' }),
      row('cur', 'fresh', { is_new: true }),
    ];
    const lookup: LookupAnswer[] = [
      { adId: 'ended', active: false, endDate: toPbDate(NOW) },
      { adId: 'dropped', active: true, endDate: '' },
    ];
    const report = compare({ current, previous, history, lookup });
    expect(ids(report.new_ads)).toEqual(['fresh']);
    expect(ids(report.stopped_ads)).toEqual(['ended', 'older-stops', 'stops']);
    expect(ids(report.resumed_ads)).toEqual(['returns']);
    expect(ids(report.unseen_ads)).toEqual(['dropped']);
    expect(report.looked_up_count).toBe(2);
    expect(report.stopped_ads.find((item) => item.adId === 'ended')).toMatchObject({
      row: 'prev-ended',
      active: false,
    });
    // the same run again: nothing changed, and there is still a report
    const again = compare({ current, previous: current, history: [...previous, ...history] });
    expect(again).toMatchObject({ new_count: 1, stopped_count: 0, resumed_count: 0, unseen_count: 0 });
    const unchanged = compare({
      current: current.map((r) => ({ ...r, is_new: false })),
      previous: current,
      history: [...previous, ...history],
    });
    expect(reportHasNews(unchanged)).toBe(false);
    expect(unchanged.ads_count).toBe(5);
  });

  it('finds products gaining stores and stores adding ads by the Insights rules', () => {
    // one product: the same creative (a hash 2 bits apart) run by store A before and store B now
    const creatives = [
      { id: 'c1', phash: '0123456789abcdef' },
      { id: 'c2', phash: '0123456789abcdec' },
      { id: 'c9', phash: 'fedcba9876543210' },
    ];
    const previous = [
      row('prev', 'a1', { page_id: 'A', creative: 'c1', phash: 'x' }, 24),
      row('prev', 'z1', { page_id: 'Z', creative: 'c9' }, 24),
    ];
    const current = [
      row('cur', 'a1', { page_id: 'A', creative: 'c1' }),
      row('cur', 'b1', { page_id: 'B', store_name: 'Shop B', creative: 'c2', winning_score: 80 }),
      row('cur', 'b2', { page_id: 'B', store_name: 'Shop B', creative: 'c2', winning_score: 90 }),
      row('cur', 'z1', { page_id: 'Z', creative: 'c9' }),
    ];
    const report = compare({ current, previous, creatives });
    expect(report.products_count).toBe(1);
    expect(report.products[0]).toMatchObject({
      // the representative is the first creative in hash order
      key: 'c:c2',
      creative: 'c2',
      storesNow: 2,
      storesBefore: 1,
      ads: 3,
      adIds: ['b2', 'b1', 'a1'],
    });
    expect(report.stores_count).toBe(1);
    expect(report.stores[0]).toEqual({
      key: 'p:B',
      pageId: 'B',
      name: 'Shop B',
      adsAdded: 2,
      adIds: ['b2', 'b1'],
    });
  });

  it('does not depend on the order of the rows', () => {
    fc.assert(
      fc.property(runsArb, fc.integer(), (spec, seed) => {
        const input = buildRuns(spec);
        const shuffle = <T>(list: readonly T[]) =>
          [...list]
            .map((v, i) => ({ v, k: (i * 7919 + seed) % 104729 }))
            .sort((a, b) => a.k - b.k)
            .map((x) => x.v);
        const shuffled = {
          ...input,
          current: shuffle(input.current),
          previous: shuffle(input.previous),
          lookup: shuffle(input.lookup),
        };
        expect(compare(shuffled)).toEqual(compare(input));
      }),
    );
  });
});

describe('the rows a report reads (REPORT_WIRE_COLUMNS)', () => {
  /** A row's columns as SERVER_ROUTES.reportRows sends them (a boolean as 1 or 0). */
  const wire = (row: ReportRow, columns: readonly (keyof ReportRow)[]) =>
    columns.map((column) => (typeof row[column] === 'boolean' ? (row[column] ? 1 : 0) : row[column]));
  /** A row as SERVER_ROUTES.reportRows sends it, and back. */
  const overTheWire = (row: ReportRow) => reportRowOfWire(wire(row, REPORT_WIRE_COLUMNS) as ReportWireRow);
  /**
   * The previous part as the route sends it (src/hooks/reports/rows.ts): a row whose ad this run
   * has with the same shared columns as a state row, the others whole; read back as the worker
   * reads it (src/worker/reports/report-task.ts).
   */
  const previousOverTheWire = (previous: ReportRow[], current: ReportRow[]) => {
    const now = new Map(current.map((row) => [row.ad_id, row]));
    const sent = previous.map((row) => {
      const same = now.get(row.ad_id);
      return same && REPORT_SHARED_COLUMNS.every((column) => same[column] === row[column])
        ? wire(row, REPORT_STATE_COLUMNS)
        : wire(row, REPORT_WIRE_COLUMNS);
    });
    const wholeNow = new Map(current.map((row) => [row.ad_id, overTheWire(row)]));
    const page = reportRowsResponseSchema.parse(
      JSON.parse(JSON.stringify({ rows: JSON.stringify(sent) })),
    ).rows;
    return {
      states: page.filter((row) => 'state' in row).length,
      rows: page.map((row) => ('state' in row ? rowOfState(row, wholeNow) : row)),
    };
  };

  const hashes: Record<string, string> = {
    c1: '0123456789abcdef',
    c2: '0123456789abcdec',
    c3: 'fedcba9876543210',
  };
  /** An ad's sighting with every Insights field drawn, the ones a report does not read too. */
  const sightingArb = fc.record({
    ad: fc.integer({ min: 0, max: 30 }),
    part: fc.constantFrom('current', 'previous', 'history'),
    state: fc.constantFrom(...STATES),
    store: fc.integer({ min: 0, max: 4 }),
    link: fc.constantFrom('', 'https://shop.example/products/mat', 'https://shop.example/products/lamp?v=2'),
    creative: fc.constantFrom('', 'c1', 'c2', 'c3'),
    score: fc.integer({ min: 0, max: 100 }),
    startDaysAgo: fc.option(fc.integer({ min: 0, max: 60 }), { nil: null }),
    isNew: fc.boolean(),
    country: fc.constantFrom('', 'US', 'GB'),
    platforms: fc.constantFrom('', 'FACEBOOK', 'FACEBOOK, INSTAGRAM'),
    reach: fc.option(fc.integer({ min: 1, max: 100_000 }), { nil: null }),
    variants: fc.option(fc.integer({ min: 1, max: 9 }), { nil: null }),
    media: fc.constantFrom('', 'https://scontent.example/a.jpg', 'https://scontent.example/b.mp4'),
    /** A previous sighting of an ad this run has: the same store, title, link, start and creative. */
    unchanged: fc.boolean(),
  });

  it('leaves out only what the comparison does not read: the report is the same', () => {
    let states = 0;
    fc.assert(
      fc.property(fc.array(sightingArb, { maxLength: 60 }), (sightings) => {
        const hoursAgo = { current: 0, previous: 24, history: 48 } as const;
        const parts: Record<'current' | 'previous' | 'history', ReportRow[]> = {
          current: [],
          previous: [],
          history: [],
        };
        const taken = new Set<string>();
        for (const [i, s] of sightings.entries()) {
          // one row per ad and run, as a run stores them
          if (taken.has(`${s.part}-${s.ad}`)) continue;
          taken.add(`${s.part}-${s.ad}`);
          const over: Partial<ReportRow> = {
            ...statusFields(s.state),
            id: `${s.part}-${i}`,
            page_id: `page${s.store}`,
            store_name: `Store ${s.store}`,
            product_link: s.link,
            creative: s.creative,
            phash: hashes[s.creative] ?? '',
            winning_score: s.score,
            start_date: s.startDaysAgo === null ? '' : toPbDate(NOW - s.startDaysAgo * DAY_MS),
            is_new: s.part === 'current' && s.isNew,
            country: s.country,
            platforms: s.platforms,
            reach: s.reach ?? 0,
            reach_known: s.reach !== null,
            collation_count: s.variants ?? 0,
            collation_known: s.variants !== null,
            media_url: s.media,
            media_poster_url: s.media.endsWith('.mp4') ? 'https://scontent.example/p.jpg' : '',
          };
          parts[s.part].push(row(s.part, `ad${s.ad}`, over, hoursAgo[s.part]));
        }
        const unchanged = new Set(sightings.filter((s) => s.unchanged).map((s) => `ad${s.ad}`));
        for (const [i, previous] of parts.previous.entries()) {
          const now = parts.current.find((r) => r.ad_id === previous.ad_id);
          if (now && unchanged.has(previous.ad_id))
            parts.previous[i] = {
              ...previous,
              ...Object.fromEntries(REPORT_SHARED_COLUMNS.map((column) => [column, now[column]])),
              phash: now.phash,
            };
        }
        const creatives = creativesOfRows(parts.current, parts.previous, parts.history);
        const wired = {
          current: parts.current.map(overTheWire),
          previous: parts.previous.map(overTheWire),
          history: parts.history.map(overTheWire),
        };
        const expected = compare({ ...parts, creatives });
        expect(compare({ ...wired, creatives })).toEqual(expected);
        // the previous run's rows of ads this run has, as state rows: the same rows, the same report
        const previous = previousOverTheWire(parts.previous, parts.current);
        states += previous.states;
        expect(previous.rows).toEqual(wired.previous);
        expect(compare({ ...wired, previous: previous.rows, creatives })).toEqual(expected);
      }),
      { numRuns: 100 },
    );
    // the runs drew state rows, not only whole ones
    expect(states).toBeGreaterThan(0);
  });

  it('sends a previous row as its state when this run has its ad with the same store, title, link, start and creative', () => {
    const before = row('previous', 'ad1', { active_status: 'INACTIVE', winning_score: 40 }, 24);
    const now = row('current', 'ad1', { winning_score: 60 });
    const sent = previousOverTheWire([before], [now]);
    expect(sent.states).toBe(1);
    expect(sent.rows).toEqual([overTheWire(before)]);
    // a title that changed: the row goes whole
    const retitled = previousOverTheWire([{ ...before, title: 'Another lamp' }], [now]);
    expect(retitled.states).toBe(0);
    expect(retitled.rows[0]).toMatchObject({ title: 'Another lamp', active_status: 'INACTIVE' });
    expect(REPORT_SHARED_COLUMNS).toEqual([
      'page_id',
      'store_name',
      'title',
      'product_link',
      'start_date',
      'creative',
    ]);
  });

  it('checks every row of a page: the columns of a row or of a state row, each of its kind', () => {
    const whole = [
      'id1',
      'ad1',
      'p',
      'Store',
      'Lamp',
      '',
      '',
      '',
      'ACTIVE',
      3,
      50,
      '',
      '2026-03-01 10:00:00.000Z',
      1,
      '',
    ];
    const state = ['id1', 'ad1', '', 'ACTIVE', 3, 50, '2026-03-01 10:00:00.000Z', 0];
    expect(reportRowsResponseSchema.safeParse({ rows: JSON.stringify([whole, state]) }).success).toBe(true);
    const refused = [
      whole.slice(0, -1),
      [...whole, ''],
      state.slice(1),
      whole.map((value, i) => (i === 13 ? true : value)),
      whole.map((value, i) => (i === 10 ? '50' : value)),
      whole.map((value, i) => (i === 4 ? null : value)),
      state.map((value, i) => (i === 7 ? 2 : value)),
      'id1',
    ];
    for (const row of refused)
      expect(
        reportRowsResponseSchema.safeParse({ rows: JSON.stringify([whole, row]) }).success,
        JSON.stringify(row),
      ).toBe(false);
    expect(reportRowsResponseSchema.safeParse({ rows: '{}' }).success).toBe(false);
    // the rows are JSON text: not JSON, or not text, is refused
    expect(reportRowsResponseSchema.safeParse({ rows: '[[' }).success).toBe(false);
    expect(reportRowsResponseSchema.safeParse({ rows: [whole, state] }).success).toBe(false);
  });

  it('refuses a state row of an ad this run does not have', () => {
    const [state] = reportRowsResponseSchema.parse({
      rows: JSON.stringify([['id1', 'gone', '', 'ACTIVE', 3, 50, '2026-03-01 10:00:00.000Z', 0]]),
    }).rows;
    expect(() => rowOfState(state as Parameters<typeof rowOfState>[0], new Map())).toThrow(/gone/);
  });
});

describe('creativesOfRows', () => {
  it('gives each hashed creative once, and leaves out rows without one', () => {
    const rows = [
      row('r', 'a', { creative: 'c1', phash: '0123456789abcdef' }),
      row('r', 'b', { creative: 'c1', phash: '0123456789abcdef' }),
      row('r', 'c', { creative: 'c2', phash: '' }),
      row('r', 'd'),
    ];
    expect(creativesOfRows(rows)).toEqual([{ id: 'c1', phash: '0123456789abcdef' }]);
  });
});

function isRanked(list: ReportAdItem[]): boolean {
  return list.every(
    (item, i) =>
      i === 0 ||
      list[i - 1]!.winningScore > item.winningScore ||
      (list[i - 1]!.winningScore === item.winningScore && list[i - 1]!.daysRunning >= item.daysRunning),
  );
}
