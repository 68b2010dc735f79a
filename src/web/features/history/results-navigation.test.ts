import { describe, expect, it } from 'vitest';
import { rowKeyAction } from './results-navigation.ts';

describe('rowKeyAction: the keys of a focused row of the results table', () => {
  it('walks the rows with the arrows, and stays on the first and the last', () => {
    expect(rowKeyAction('ArrowDown', 1, 5)).toEqual({ focus: 2 });
    expect(rowKeyAction('ArrowUp', 1, 5)).toEqual({ focus: 0 });
    expect(rowKeyAction('ArrowUp', 0, 5)).toEqual({ focus: 0 });
    expect(rowKeyAction('ArrowDown', 4, 5)).toEqual({ focus: 4 });
  });

  it('jumps to the first and the last row with Home and End', () => {
    expect(rowKeyAction('Home', 3, 5)).toEqual({ focus: 0 });
    expect(rowKeyAction('End', 1, 5)).toEqual({ focus: 4 });
  });

  it('opens the row with Enter, and leaves every other key to the browser', () => {
    expect(rowKeyAction('Enter', 2, 5)).toEqual({ open: 2 });
    for (const key of ['Tab', 'Escape', ' ', 'a', 'ArrowLeft', 'PageDown']) {
      expect(rowKeyAction(key, 2, 5), key).toBeNull();
    }
  });

  it('moves nowhere in an empty list', () => {
    expect(rowKeyAction('ArrowDown', 0, 0)).toBeNull();
    expect(rowKeyAction('End', 0, 0)).toBeNull();
  });
});
