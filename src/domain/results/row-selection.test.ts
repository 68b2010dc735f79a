import { describe, expect, it } from 'vitest';
import { readRowSelection, rowSelectionState } from './row-selection.ts';

describe('row selection in the router state', () => {
  it('reads back what rowSelectionState wrote', () => {
    const state = rowSelectionState('Store: Tuin & Zo', ['r1', 'r2']);
    expect(readRowSelection(JSON.parse(JSON.stringify(state)))).toEqual({
      label: 'Store: Tuin & Zo',
      rowIds: ['r1', 'r2'],
    });
  });

  it('copies the ids: a later change of the caller’s array does not reach the state', () => {
    const ids = ['r1'];
    const state = rowSelectionState('Product: Lamp', ids);
    ids.push('r2');
    expect(state.rowSelection.rowIds).toEqual(['r1']);
  });

  it('is no selection for any other state', () => {
    for (const state of [
      null,
      undefined,
      'text',
      { from: '/app/search' },
      { rowSelection: null },
      { rowSelection: { label: 3, rowIds: ['a'] } },
      { rowSelection: { label: 'x', rowIds: 'a' } },
      { rowSelection: { label: 'x', rowIds: [] } },
      { rowSelection: { label: 'x', rowIds: [1, ''] } },
    ])
      expect(readRowSelection(state)).toBeNull();
  });

  it('drops ids that are not text', () => {
    expect(readRowSelection({ rowSelection: { label: 'x', rowIds: ['a', 2, '', 'b'] } })).toEqual({
      label: 'x',
      rowIds: ['a', 'b'],
    });
  });
});
