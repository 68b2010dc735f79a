import { COLLECTIONS } from '../../../domain/api/collections.ts';
import { describe, expect, it } from 'vitest';
import { buildCsv } from '../../../domain/results/csv.ts';
import { AD_FIELDS } from '../../../domain/records/entities.ts';
import {
  adsLabel,
  countryMatches,
  DEFAULT_HISTORY_FILTERS,
  filterAndSortRuns,
  HISTORY_EXPORT_COLUMNS,
  HISTORY_EXPORT_OMITTED_FIELDS,
  historyExportFileName,
  isHistorySortField,
  isSortDirection,
  keywordsLabel,
  runDate,
  type HistoryFilters,
  type HistoryRun,
} from './run-history.ts';

function run(id: string, patch: Partial<HistoryRun>): HistoryRun {
  return {
    id,
    search_name: id,
    target_country: 'US',
    keywords_used: '',
    results_count: 0,
    started_at: '',
    created: '2026-01-01 00:00:00.000Z',
    ...patch,
  };
}

const RUNS: HistoryRun[] = [
  run('a', {
    search_name: 'Dog Toys',
    target_country: 'DE',
    keywords_used: 'Chew, Ball',
    results_count: 40,
    started_at: '2026-11-20 10:00:00.000Z',
  }),
  run('b', {
    search_name: 'cat beds',
    target_country: 'US',
    keywords_used: 'cozy',
    results_count: 300,
    started_at: '2026-11-22 14:05:00.000Z',
  }),
  run('c', {
    search_name: 'Bird cages',
    target_country: 'GB',
    keywords_used: '',
    results_count: 7,
    started_at: '2026-11-21 08:00:00.000Z',
  }),
  // no start date: its created date counts
  run('d', {
    search_name: 'aquariums',
    target_country: 'FR',
    results_count: 300,
    created: '2026-11-23 09:00:00.000Z',
  }),
];

const ids = (filters: Partial<HistoryFilters>) =>
  filterAndSortRuns(RUNS, { ...DEFAULT_HISTORY_FILTERS, ...filters }).map((r) => r.id);

describe('filterAndSortRuns', () => {
  it('sorts by date, newest first, by default, using created when started_at is unset', () => {
    expect(ids({})).toEqual(['d', 'b', 'c', 'a']);
    expect(ids({ direction: 'asc' })).toEqual(['a', 'c', 'b', 'd']);
  });

  it('sorts by name ignoring case, both ways', () => {
    expect(ids({ sortBy: 'name', direction: 'asc' })).toEqual(['d', 'c', 'b', 'a']);
    expect(ids({ sortBy: 'name', direction: 'desc' })).toEqual(['a', 'b', 'c', 'd']);
  });

  it('sorts by results count; ties go newest first whatever the direction', () => {
    expect(ids({ sortBy: 'results', direction: 'desc' })).toEqual(['d', 'b', 'a', 'c']);
    expect(ids({ sortBy: 'results', direction: 'asc' })).toEqual(['c', 'a', 'd', 'b']);
  });

  it('filters by name, case-insensitively, as a contains match', () => {
    expect(ids({ searchName: 'DOG' })).toEqual(['a']);
    expect(ids({ searchName: 'b' })).toEqual(['b', 'c']);
    expect(ids({ searchName: '  cat  ' })).toEqual(['b']);
  });

  it('filters by country code or name', () => {
    expect(ids({ country: 'de' })).toEqual(['a']);
    expect(ids({ country: 'germ' })).toEqual(['a']);
    expect(ids({ country: 'United' })).toEqual(['b', 'c']);
    expect(ids({ country: 'xx' })).toEqual([]);
  });

  it('filters by keywords; a run without keywords matches only a blank filter', () => {
    expect(ids({ keywords: 'ball' })).toEqual(['a']);
    expect(ids({ keywords: 'COZY' })).toEqual(['b']);
    expect(ids({ keywords: '' })).toHaveLength(4);
  });

  it('combines filters with and, then sorts', () => {
    expect(ids({ country: 'u', sortBy: 'results', direction: 'asc' })).toEqual(['c', 'b']);
    expect(ids({ country: 'gb', searchName: 'dog' })).toEqual([]);
  });

  it('leaves the input alone and keeps every run with blank filters', () => {
    const input = RUNS.slice();
    filterAndSortRuns(input, { ...DEFAULT_HISTORY_FILTERS, sortBy: 'name' });
    expect(input).toEqual(RUNS);
  });
});

describe('option guards', () => {
  it('accepts only the listed values', () => {
    expect(isHistorySortField('results')).toBe(true);
    expect(isHistorySortField('status')).toBe(false);
    expect(isSortDirection('asc')).toBe(true);
    expect(isSortDirection('up')).toBe(false);
  });
});

describe('card labels', () => {
  it('matches no country when none is given', () => {
    expect(countryMatches('', 'de')).toBe(false);
    expect(countryMatches('', '')).toBe(true);
  });
  it('counts ads', () => {
    expect(adsLabel(100)).toBe('100 ads');
    expect(adsLabel(1000)).toBe('1,000 ads');
    expect(adsLabel(1)).toBe('1 ad');
    expect(adsLabel(0)).toBe('0 ads');
  });
  it('shows keywords or None', () => {
    expect(keywordsLabel('chew, ball')).toBe('chew, ball');
    expect(keywordsLabel('  ')).toBe('None');
    expect(keywordsLabel(undefined)).toBe('None');
  });
  it('dates a run by started_at, then created', () => {
    expect(
      runDate({ started_at: '2026-11-22 14:05:00.000Z', created: '2026-01-01 00:00:00.000Z' })?.toISOString(),
    ).toBe('2026-11-22T14:05:00.000Z');
    expect(runDate({ started_at: '', created: '2026-01-01 00:00:00.000Z' })?.toISOString()).toBe(
      '2026-01-01T00:00:00.000Z',
    );
    expect(runDate({ started_at: '', created: '' })).toBeNull();
  });
});

describe('history export', () => {
  it('has the 24 ad fields in order, headed by their keys', () => {
    expect(HISTORY_EXPORT_COLUMNS.map((c) => c.key)).toEqual(AD_FIELDS.map((f) => f.key));
    expect(HISTORY_EXPORT_COLUMNS).toHaveLength(24);
    for (const column of HISTORY_EXPORT_COLUMNS) expect(column.header).toBe(column.key);
  });

  it('drops id, run, user, the dates PocketBase keeps and its collection fields', () => {
    const keys = HISTORY_EXPORT_COLUMNS.map((c) => c.key as string);
    for (const omitted of HISTORY_EXPORT_OMITTED_FIELDS) expect(keys).not.toContain(omitted);
  });

  it('builds a file from a full row without the omitted fields', () => {
    const row: Record<string, unknown> = {
      id: 'r1',
      run: 'run1',
      user: 'u1',
      created: '2026-11-22 10:00:00.000Z',
      updated: '2026-11-22 10:00:00.000Z',
      collectionId: 'pbc_1',
      collectionName: COLLECTIONS.searchResults,
      winning_score: 9,
      reach_known: true,
      ...Object.fromEntries(AD_FIELDS.map((f) => [f.key, `${f.key}-value`])),
    };
    const csv = buildCsv(HISTORY_EXPORT_COLUMNS, [row]);
    const [header, line] = csv.slice(1).split('\r\n');
    expect(header).toBe(AD_FIELDS.map((f) => `"${f.key}"`).join(','));
    expect(line).toBe(AD_FIELDS.map((f) => `"${f.key}-value"`).join(','));
    expect(csv).not.toContain('run1');
    expect(csv).not.toContain('pbc_1');
  });

  it('exports a reach the source did not give as an empty cell, and a known 0 as 0', () => {
    const reachCell = (row: Record<string, unknown>) => {
      const [header, line] = buildCsv(HISTORY_EXPORT_COLUMNS, [row]).slice(1).split('\r\n');
      const at = header!.split(',').indexOf('"reach"');
      return line!.split(',')[at];
    };
    expect(reachCell({ reach: 0, reach_known: false })).toBe('""');
    expect(reachCell({ reach: 0 })).toBe('""'); // a row mirrored before the flag, never backfilled true
    expect(reachCell({ reach: 0, reach_known: true })).toBe('"0"');
    expect(reachCell({ reach: 18000, reach_known: true })).toBe('"18000"');
  });

  it('names the file after the run date, or today when the run has none', () => {
    // midday UTC: the same calendar day in every time zone within ±11 h (file names use local days)
    const now = new Date('2027-02-03T12:00:00Z');
    expect(historyExportFileName({ started_at: '2026-11-22 12:00:00.000Z', created: '' }, now)).toBe(
      'AdScout_SearchHistory_2026-11-22.csv',
    );
    expect(historyExportFileName({ started_at: '', created: '2026-10-01 12:00:00.000Z' }, now)).toBe(
      'AdScout_SearchHistory_2026-10-01.csv',
    );
    expect(historyExportFileName({ started_at: '', created: '' }, now)).toBe(
      'AdScout_SearchHistory_2027-02-03.csv',
    );
  });
});
