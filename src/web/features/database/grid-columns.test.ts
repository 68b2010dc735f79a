import type { ValueFormatterParams, ValueGetterParams } from 'ag-grid-community';
import { describe, expect, it } from 'vitest';
import type { SearchResult } from '../../../domain/index.ts';
import { resultRow } from '../../../../tests/fixtures/result-row.ts';
import { gridColumnDefs } from './grid-columns.ts';

/** What a column's cell shows for a row: its value (getter or field), then its formatter. */
function shown(key: string, row: SearchResult): string {
  const def = gridColumnDefs([]).find((column) => column.colId === key)!;
  const value =
    typeof def.valueGetter === 'function'
      ? def.valueGetter({ data: row } as ValueGetterParams<SearchResult>)
      : row[key as keyof SearchResult];
  const format = def.valueFormatter as (params: ValueFormatterParams<SearchResult>) => string;
  return format({ value, data: row } as ValueFormatterParams<SearchResult>);
}

describe('the grid shows a number the source did not give as an empty cell', () => {
  it('reach and variants: empty when unknown, the count (0 too) when known', () => {
    const unknown = resultRow('a', {
      reach: 0,
      reach_known: false,
      collation_count: 0,
      collation_known: false,
    });
    expect(shown('reach', unknown)).toBe('');
    expect(shown('collation_count', unknown)).toBe('');
    const known = resultRow('b', {
      reach: 12345,
      reach_known: true,
      collation_count: 0,
      collation_known: true,
    });
    expect(shown('reach', known)).toBe('12,345');
    expect(shown('collation_count', known)).toBe('0');
  });

  it('other numbers as stored, 0 included', () => {
    expect(shown('page_likes', resultRow('c', { page_likes: 0 }))).toBe('0');
    expect(shown('days_running', resultRow('d', { days_running: 1200 }))).toBe('1,200');
  });
});
