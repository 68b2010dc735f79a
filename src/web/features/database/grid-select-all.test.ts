import { describe, expect, it } from 'vitest';
import { selectAllState } from './grid-select-all.ts';

describe('selectAllState', () => {
  const over = (ticks: boolean[]) => {
    const asked: number[] = [];
    const ticked = ticks.filter(Boolean).length;
    const state = selectAllState(ticks.length, ticked, (index) => {
      asked.push(index);
      return ticks[index]!;
    });
    return { state, asked };
  };

  it('is unticked, asking no row, while nothing is ticked or nothing is shown', () => {
    expect(over([false, false, false])).toEqual({ state: false, asked: [] });
    expect(selectAllState(0, 3, () => true)).toBe(false);
  });

  it('is ticked when every row shown is, unticked when none is (rows ticked are hidden)', () => {
    expect(over([true, true, true]).state).toBe(true);
    expect(selectAllState(2, 5, () => false)).toBe(false);
  });

  it('is mixed otherwise, and stops at the first row that shows it', () => {
    expect(over([true, false, true, true])).toEqual({ state: null, asked: [0, 1] });
    expect(over([false, false, true, false])).toEqual({ state: null, asked: [0, 1, 2] });
  });
});
