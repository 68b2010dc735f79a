import { describe, expect, it } from 'vitest';
import { EMPTY_RESULT_FILTERS, type SearchResult } from '../../../domain/index.ts';
import { controlledGrid } from '../../../../tests/fixtures/controlled-grid.ts';
import { resultRow } from '../../../../tests/fixtures/result-row.ts';

/** Five rows, b hidden by the filter ('lamp' in Store Name), shown sorted by score, highest first. */
function walkableGrid() {
  const made = controlledGrid({
    rows: [
      resultRow('a', { store_name: 'Lamp A', winning_score: 10 }),
      resultRow('b', { store_name: 'Chairs', winning_score: 50 }),
      resultRow('c', { store_name: 'Lamp C', winning_score: 30 }),
      resultRow('d', { store_name: 'Lamp D', winning_score: 20 }),
      resultRow('e', { store_name: 'Lamp E', winning_score: 40 }),
    ],
    filters: { ...EMPTY_RESULT_FILTERS, storeName: 'lamp' },
  });
  made.grid.sortBy((x: SearchResult, y: SearchResult) => y.winning_score - x.winning_score);
  expect(made.grid.shownIds()).toEqual(['e', 'c', 'd', 'a']);
  return made;
}

const shownRow = (views: ReturnType<typeof controlledGrid>['views']) => {
  const view = views.at(-1);
  return view ? { id: view.row.id, position: view.position } : null;
};

describe('ad detail navigation over the grid', () => {
  it('opens on a row with its place among the rows shown', () => {
    const { controller, grid, views } = walkableGrid();
    controller.detail.open(grid.row('d')!, 'store_name');
    expect(shownRow(views)).toEqual({ id: 'd', position: { index: 3, total: 4 } });
  });

  it('walks the rows as the grid shows them (filter and sort), scrolling to each, and stops at the ends', () => {
    const { controller, grid, views } = walkableGrid();
    controller.detail.open(grid.row('e')!, 'store_name');
    const walked = [];
    for (let i = 0; i < 3; i++) {
      controller.detail.move(1);
      walked.push(shownRow(views));
      expect(grid.scrolledTo).toBe(i + 1);
    }
    expect(walked).toEqual([
      { id: 'c', position: { index: 2, total: 4 } },
      { id: 'd', position: { index: 3, total: 4 } },
      { id: 'a', position: { index: 4, total: 4 } },
    ]);
    const told = views.length;
    controller.detail.move(1); // past the last row shown: nothing happens
    expect(views).toHaveLength(told);

    controller.detail.move(-1);
    expect(shownRow(views)?.id).toBe('d');
    controller.detail.open(grid.row('e')!, 'store_name');
    const atFirst = views.length;
    controller.detail.move(-1);
    expect(views).toHaveLength(atFirst);
  });

  it('follows the sort the grid has now, not the one it had when the view opened', () => {
    const { controller, grid, views } = walkableGrid();
    controller.detail.open(grid.row('c')!, 'store_name');
    grid.sortBy(null); // back to the grid's order: a, c, d, e
    controller.detail.move(1);
    expect(shownRow(views)).toEqual({ id: 'd', position: { index: 3, total: 4 } });
  });

  it('on close, focuses the row it showed last in the column that opened it', () => {
    const { controller, grid, views } = walkableGrid();
    controller.detail.open(grid.row('e')!, 'country');
    controller.detail.move(1);
    controller.detail.close();
    expect(views.at(-1)).toBeNull();
    expect(grid.focused).toEqual({ rowIndex: 1, column: 'country' });
    expect(grid.scrolledTo).toBe(1);
  });

  it('on close, focuses the first column shown when the opening column was hidden meanwhile', () => {
    const { controller, grid } = walkableGrid();
    controller.detail.open(grid.row('d')!, 'creative');
    controller.setHidden(['creative']);
    controller.detail.close();
    expect(grid.focused).toEqual({ rowIndex: 2, column: grid.getAllDisplayedColumns()[0]!.getColId() });
    expect(grid.focused?.column).not.toBe('creative');
  });

  it('shows a row the filter hides without a place, and focuses nothing on close', () => {
    const { controller, grid, views } = walkableGrid();
    controller.detail.open(grid.row('a')!, 'store_name');
    controller.filter.setFilters({ ...EMPTY_RESULT_FILTERS, storeName: 'lamp e' });
    controller.detail.move(-1); // a is not shown any more: no neighbours
    expect(shownRow(views)?.id).toBe('a');
    controller.detail.open(grid.row('b')!, 'store_name');
    expect(shownRow(views)).toEqual({ id: 'b', position: null });
    controller.detail.close();
    expect(grid.focused).toBeNull();
  });
});
