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

describe('the AI columns', () => {
  const value = (key: string, row: SearchResult) => {
    const def = gridColumnDefs([]).find((column) => column.colId === key)!;
    return (def.valueGetter as (params: ValueGetterParams<SearchResult>) => unknown)({
      data: row,
    } as ValueGetterParams<SearchResult>);
  };
  it('shows the tags as their labels, never their ids, and nothing for a row not tagged', () => {
    const row = resultRow('t', { tags: ['offer:free_shipping', 'hook:urgency', 'lang:nb', 'cta:shop_now'] });
    expect(value('tags', row)).toBe('Free shipping, Urgency, Language: Norsk, CTA: Shop now');
    expect(value('tags', resultRow('u', { tags: null }))).toBe('');
  });
  it('hides Text on creative unless shown, and shows nothing for a row without a creative', () => {
    expect(gridColumnDefs(['creative_text']).find((c) => c.colId === 'creative_text')?.hide).toBe(true);
    expect(value('creative_text', resultRow('v', { creative: '' }))).toBe('');
  });
});
