import { describe, expect, it } from 'vitest';
import { EMPTY_RESULT_FILTERS, PERFORMANCE_MARKS, type SearchResult } from '../../../domain/index.ts';
import { controlledGrid } from '../../../../tests/fixtures/controlled-grid.ts';
import { resultRow } from '../../../../tests/fixtures/result-row.ts';
import { FakeGrid } from '../../../../tests/fixtures/fake-grid-api.ts';
import { APPEND_SLICE, ROW_BUFFER } from './grid-controller.ts';

const rows = (ids: string[]) => ids.map((id) => resultRow(id));
const manyRows = (from: number, count: number) =>
  Array.from({ length: count }, (_, i) => resultRow(`r${from + i}`));

describe('grid controller: rows', () => {
  it('replaces the rows with a new read, by id: rows it lacks leave, rows it has are updated', () => {
    const { controller, grid, counts } = controlledGrid({ rows: rows(['a', 'b', 'c']) });
    const a2 = resultRow('a', { store_name: 'Renamed' });
    controller.setRows([a2, resultRow('c'), resultRow('d')], true);
    expect(grid.shownIds()).toEqual(['a', 'c', 'd']);
    expect(grid.row('a')).toBe(a2);
    expect(grid.getRowNode('b')).toBeUndefined();
    grid.deliverEvents();
    expect(counts.at(-1)).toEqual({ displayed: 3, total: 3 });
  });

  it('puts the full read below the newest rows in slices, without replacing them', async () => {
    const newest = manyRows(0, 3);
    const { controller, grid, clock, counts } = controlledGrid({ rows: newest, complete: false });
    controller.firstDataRendered(grid);
    clock.paint();
    expect(clock.markNames()).toEqual([PERFORMANCE_MARKS.database.firstRowsPainted]);

    const all = [...newest, ...manyRows(3, 2 * APPEND_SLICE + 1)];
    controller.setRows(all, true);
    expect(grid.shownIds()).toEqual(['r0', 'r1', 'r2']); // nothing before the page's turn
    expect(await clock.yieldAll()).toBe(3); // one turn per slice
    expect(grid.rowDataSets).toBe(0);
    expect(grid.row('r0')).toBe(newest[0]);
    expect(grid.shownIds()).toEqual(all.map((row) => row.id));
    grid.deliverEvents();
    expect(counts.at(-1)).toEqual({ displayed: all.length, total: all.length });

    clock.paint();
    expect(clock.marks.at(-1)).toEqual({
      name: PERFORMANCE_MARKS.database.rowsPainted,
      detail: { rows: all.length },
    });
  });

  it('stops adding slices when another read comes, and shows that read', async () => {
    const newest = manyRows(0, 2);
    const { controller, grid, clock } = controlledGrid({ rows: newest, complete: false });
    controller.setRows([...newest, ...manyRows(2, 3 * APPEND_SLICE)], true);
    const again = manyRows(0, 10);
    controller.setRows(again, true);
    expect(grid.shownIds()).toEqual(again.map((row) => row.id));
    await clock.yieldAll();
    expect(grid.shownIds()).toEqual(again.map((row) => row.id));
  });

  it('applies rows stored later: updates for rows it has, additions on top for the rest', () => {
    const { grid, feed, counts } = controlledGrid({ rows: rows(['a', 'b']) });
    const b2 = resultRow('b', { store_name: 'Updated' });
    feed.push([resultRow('x'), b2]);
    expect(grid.pendingTransactions()).toBe(1);
    // x again (while its addition waits: an update, not a second row) and a new one
    const x2 = resultRow('x', { store_name: 'Again' });
    feed.push([x2, resultRow('y')]);
    grid.flushAsyncTransactions();
    expect(grid.shownIds()).toEqual(['y', 'x', 'a', 'b']);
    expect(grid.row('x')).toBe(x2);
    expect(grid.row('b')).toBe(b2);
    grid.deliverEvents();
    expect(counts.at(-1)).toEqual({ displayed: 4, total: 4 });

    // once added, x is a row the grid has
    const x3 = resultRow('x', { store_name: 'Third' });
    feed.push([x3, x3]);
    grid.flushAsyncTransactions();
    expect(grid.shownIds()).toEqual(['y', 'x', 'a', 'b']);
    expect(grid.row('x')).toBe(x3);
  });

  it('holds rows stored during a read until the grid shows that read', () => {
    const { controller, grid, feed } = controlledGrid({ rows: rows(['a']) });
    feed.beginRead();
    feed.push([resultRow('late')]);
    const read = rows(['b', 'a']);
    feed.endRead(read);
    expect(grid.pendingTransactions()).toBe(0);
    controller.setRows(read, true);
    grid.flushAsyncTransactions();
    expect(grid.shownIds()).toEqual(['late', 'b', 'a']);
  });

  it('disconnects the feed and takes the export back when the grid is destroyed', () => {
    const { controller, grid, feed, handles } = controlledGrid({ rows: rows(['a']) });
    expect(handles).toHaveLength(1);
    grid.destroy();
    expect(handles.at(-1)).toBeNull();
    // a row stored meanwhile waits in the feed for the next grid (React's StrictMode makes two)
    feed.push([resultRow('b')]);
    const next = new FakeGrid({
      rows: rows(['a']),
      isExternalFilterPresent: controller.filter.isExternalFilterPresent,
      doesExternalFilterPass: controller.filter.doesExternalFilterPass,
      onModelUpdated: controller.reportCounts,
    });
    controller.attach(next);
    next.flushAsyncTransactions();
    expect(next.shownIds()).toEqual(['b', 'a']);
    expect(handles).toHaveLength(3);
  });
});

describe('grid controller: first rows', () => {
  it('adds the row buffer and lets the full read start only after the first rows are painted', () => {
    const made = controlledGrid({ rows: rows(['a', 'b']), complete: false });
    const { controller, grid, clock } = made;
    controller.firstDataRendered(grid);
    expect(grid.rowBuffer).toBe(0);
    expect(clock.marks).toEqual([]);
    clock.paint();
    expect(clock.marks).toEqual([{ name: PERFORMANCE_MARKS.database.firstRowsPainted, detail: { rows: 2 } }]);
    expect(made.firstRowsOnScreen).toBe(0);
    clock.runTasks();
    expect(grid.rowBuffer).toBe(ROW_BUFFER);
    expect(made.firstRowsOnScreen).toBe(1);
  });

  it('marks every row painted at once when the first rows are all the rows', () => {
    const { controller, grid, clock } = controlledGrid({ rows: rows(['a', 'b']), complete: true });
    controller.firstDataRendered(grid);
    clock.paint();
    expect(clock.marks).toEqual([
      { name: PERFORMANCE_MARKS.database.firstRowsPainted, detail: { rows: 2 } },
      { name: PERFORMANCE_MARKS.database.rowsPainted, detail: { rows: 2 } },
    ]);
  });
});

describe('grid controller: export', () => {
  const stores = () => [
    resultRow('a', { store_name: 'Lamp House' }),
    resultRow('b', { store_name: 'Chair Shop', country: 'DE' }),
    resultRow('c', { store_name: 'lamps & more', country: 'DE' }),
  ];

  it('exports the rows as shown, filtered and sorted, and the data columns shown', () => {
    const { grid, handles } = controlledGrid({
      rows: stores(),
      hidden: ['country'],
      filters: { ...EMPTY_RESULT_FILTERS, storeName: 'lamp' },
    });
    grid.sortBy((x, y) => x.store_name.localeCompare(y.store_name, 'en', { sensitivity: 'base' }) * -1);
    const exported = handles[0]!.exportRows();
    expect(exported.rows.map((row: SearchResult) => row.id)).toEqual(['c', 'a']);
    const keys = exported.columns.map((column) => column.key);
    expect(keys).not.toContain('country');
    expect(keys).not.toContain('creative'); // shown, never exported
    expect(keys).toContain('store_name');
  });

  it('exports the Tags and Text on creative columns when they are shown, and not when hidden', () => {
    const shownKeys = (hidden: string[]) =>
      controlledGrid({ rows: stores(), hidden })
        .handles[0]!.exportRows()
        .columns.map((column) => column.key);
    expect(shownKeys(['creative_text']).slice(-1)).toEqual(['tags']);
    expect(shownKeys([]).slice(-2)).toEqual(['tags', 'creative_text']);
    expect(shownKeys(['tags', 'creative_text'])).not.toContain('tags');
  });
});

describe('grid controller: columns', () => {
  it('shows and hides only the columns whose state changed, and marks the change', () => {
    const { controller, grid, clock } = controlledGrid({ rows: rows(['a']), hidden: ['creative'] });
    const shown = () => grid.getAllDisplayedColumns().map((column) => column.getColId());
    expect(shown()).not.toContain('creative');

    controller.setHidden(['creative', 'country']);
    expect(shown()).not.toContain('country');
    clock.paint();
    expect(clock.markNames()).toEqual([PERFORMANCE_MARKS.database.columnsToggled]);

    controller.setHidden(['country']);
    expect(shown()[0]).toBe('creative');
    expect(shown()).not.toContain('country');

    controller.setHidden(['country']); // no change: no call, no mark
    clock.paint();
    expect(clock.markNames()).toEqual([
      PERFORMANCE_MARKS.database.columnsToggled,
      PERFORMANCE_MARKS.database.columnsToggled,
    ]);
  });
});

describe('grid controller: rows ticked', () => {
  it('tells the page how many rows are ticked and hands them over; clearing unticks them', () => {
    const { grid, handles, ticked } = controlledGrid({ rows: rows(['a', 'b', 'c']) });
    expect(ticked).toEqual([0]);
    grid.tick(['a', 'c']);
    grid.deliverEvents();
    expect(ticked.at(-1)).toBe(2);
    expect(
      handles[0]!
        .selectedRows()
        .map((row) => row.id)
        .sort(),
    ).toEqual(['a', 'c']);
    handles[0]!.clearSelection();
    grid.deliverEvents();
    expect(ticked.at(-1)).toBe(0);
    expect(handles[0]!.selectedRows()).toEqual([]);
  });

  it('keeps the rows ticked through the sync’s rows and a new read; a row that leaves, leaves', () => {
    const { controller, grid, feed, handles, ticked } = controlledGrid({ rows: rows(['a', 'b', 'c']) });
    grid.tick(['a', 'b']);
    feed.push([resultRow('x'), resultRow('a', { store_name: 'Updated' })]);
    grid.flushAsyncTransactions();
    grid.deliverEvents();
    expect(ticked.at(-1)).toBe(2);
    expect(handles[0]!.selectedRows().find((row) => row.id === 'a')?.store_name).toBe('Updated');

    controller.setRows(rows(['x', 'a', 'c']), true);
    grid.deliverEvents();
    expect(ticked.at(-1)).toBe(1);
    expect(handles[0]!.selectedRows().map((row) => row.id)).toEqual(['a']);
  });

  it('tells the page nothing is ticked when the grid goes', () => {
    const { grid, ticked } = controlledGrid({ rows: rows(['a']) });
    grid.tick(['a']);
    grid.deliverEvents();
    grid.destroy();
    expect(ticked.at(-1)).toBe(0);
  });
});
