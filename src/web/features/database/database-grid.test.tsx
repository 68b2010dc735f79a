/**
 * The Database grid's row selection (docs/boards.md#in-the-app) on AG Grid itself, in Chromium:
 * the checkbox column and Space tick rows without opening their ad, the header's checkbox ticks
 * the rows shown (grid-select-all.ts), and the rows ticked stay ticked through the sync's
 * transactions and a new read; only a row that leaves the grid leaves the selection.
 */
import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { userEvent } from 'vitest/browser';
import { SELECTION_COLUMN_ID } from 'ag-grid-community';
import { EMPTY_RESULT_FILTERS, type ResultFilters, type SearchResult } from '../../../domain/index.ts';
import { resultRow } from '../../../../tests/fixtures/result-row.ts';
import DatabaseGrid from './database-grid.tsx';
import type { DatabaseGridHandle } from './grid-contract.ts';
import { SELECT_ALL_LABEL } from './grid-select-all.ts';
import { createResultFeed } from './result-feed.ts';
import './database.css';

afterEach(cleanup);

const rows = (ids: string[]) => ids.map((id) => resultRow(id));

function renderGrid(initial: SearchResult[], filters: ResultFilters = EMPTY_RESULT_FILTERS) {
  const feed = createResultFeed();
  const made = { handle: null as DatabaseGridHandle | null, ticked: [] as number[] };
  const props = {
    complete: true,
    feed,
    hidden: [],
    filters,
    selection: null,
    onHandle: (handle: DatabaseGridHandle | null) => (made.handle = handle),
    onCounts: () => {},
    onSelected: (count: number) => made.ticked.push(count),
    onFirstRowsOnScreen: () => {},
  };
  const view = render(<DatabaseGrid rows={initial} {...props} />);
  return {
    ...made,
    feed,
    handle: () => made.handle!,
    ticked: () => made.ticked.at(-1),
    rerender: (next: SearchResult[]) => view.rerender(<DatabaseGrid rows={next} {...props} />),
  };
}

const rowEl = (id: string) => document.querySelector<HTMLElement>(`.ag-row[row-id="${id}"]`);
const checkbox = (id: string) =>
  document.querySelector<HTMLInputElement>(
    `.ag-row[row-id="${id}"] [col-id="${SELECTION_COLUMN_ID}"] input[type="checkbox"]`,
  );
const tickedIds = (handle: DatabaseGridHandle) =>
  handle
    .selectedRows()
    .map((row) => row.id)
    .sort();

async function shown(ids: string[]) {
  await vi.waitFor(() => {
    for (const id of ids) expect(checkbox(id)).toBeTruthy();
  });
}

describe('Database grid: rows ticked', () => {
  it('ticks rows by their checkbox, without opening the ad, and clears them', async () => {
    const grid = renderGrid(rows(['a', 'b', 'c']));
    await shown(['a', 'b', 'c']);
    await userEvent.click(checkbox('a')!);
    await userEvent.click(checkbox('c')!);
    await vi.waitFor(() => expect(grid.ticked()).toBe(2));
    expect(tickedIds(grid.handle())).toEqual(['a', 'c']);
    expect(rowEl('a')!.classList.contains('ag-row-selected')).toBe(true);
    // a click in the checkbox's cell beside the box (a missed tick) opens no ad either
    const cell = rowEl('b')!.querySelector<HTMLElement>(`[col-id="${SELECTION_COLUMN_ID}"]`)!;
    await userEvent.click(cell, { position: { x: 2, y: 2 } });
    await userEvent.click(checkbox('c')!);
    await userEvent.click(checkbox('c')!);
    await vi.waitFor(() => expect(grid.ticked()).toBe(2));
    expect(screen.queryByTestId('ad-detail')).toBeNull();

    grid.handle().clearSelection();
    await vi.waitFor(() => expect(grid.ticked()).toBe(0));
    expect(checkbox('a')!.checked).toBe(false);
  });

  it('ticks the focused row with Space; Enter still opens its ad', async () => {
    const grid = renderGrid(rows(['a', 'b']));
    await shown(['a', 'b']);
    const cell = document.querySelector<HTMLElement>('.ag-row[row-id="b"] [col-id="store_name"]')!;
    cell.focus();
    await userEvent.keyboard(' ');
    await vi.waitFor(() => expect(grid.ticked()).toBe(1));
    expect(tickedIds(grid.handle())).toEqual(['b']);
    await userEvent.keyboard('{Enter}');
    expect(await screen.findByTestId('ad-detail')).toBeTruthy();
  });

  it('keeps the rows ticked through the sync’s rows and a new read; a row that leaves, leaves', async () => {
    const grid = renderGrid(rows(['a', 'b', 'c']));
    await shown(['a', 'b', 'c']);
    await userEvent.click(checkbox('a')!);
    await userEvent.click(checkbox('b')!);
    await vi.waitFor(() => expect(grid.ticked()).toBe(2));

    // the sync stores a new row and a change of a ticked one (async transactions)
    grid.feed.push([resultRow('x'), resultRow('a', { store_name: 'Renamed' })]);
    await shown(['x']);
    await vi.waitFor(() =>
      expect(
        grid
          .handle()
          .selectedRows()
          .find((row) => row.id === 'a')?.store_name,
      ).toBe('Renamed'),
    );
    expect(tickedIds(grid.handle())).toEqual(['a', 'b']);
    expect(checkbox('x')!.checked).toBe(false);
    expect(checkbox('a')!.checked).toBe(true);

    // a new read of the same rows and one more
    grid.rerender(rows(['y', 'x', 'a', 'b', 'c']));
    await shown(['y']);
    expect(tickedIds(grid.handle())).toEqual(['a', 'b']);
    expect(checkbox('b')!.checked).toBe(true);

    // a read without b (deleted meanwhile): b leaves the selection
    grid.rerender(rows(['y', 'x', 'a', 'c']));
    await vi.waitFor(() => expect(grid.ticked()).toBe(1));
    expect(tickedIds(grid.handle())).toEqual(['a']);
  });

  it('the header’s checkbox ticks the rows shown, then unticks them', async () => {
    const all = [
      resultRow('a', { store_name: 'Lamp House' }),
      resultRow('b', { store_name: 'Chair Shop' }),
      resultRow('c', { store_name: 'Lamps & more' }),
    ];
    const grid = renderGrid(all, { ...EMPTY_RESULT_FILTERS, storeName: 'lamp' });
    await shown(['a', 'c']);
    const header = screen.getByRole('checkbox', { name: SELECT_ALL_LABEL });
    expect((header as HTMLInputElement).checked).toBe(false);

    await userEvent.click(header);
    await vi.waitFor(() => expect(grid.ticked()).toBe(2));
    expect(tickedIds(grid.handle())).toEqual(['a', 'c']);
    expect((header as HTMLInputElement).checked).toBe(true);

    // one unticked: mixed; the header's click ticks the rows shown again
    await userEvent.click(checkbox('c')!);
    await vi.waitFor(() => expect((header as HTMLInputElement).indeterminate).toBe(true));
    await userEvent.click(header);
    await vi.waitFor(() => expect(grid.ticked()).toBe(2));

    await userEvent.click(header);
    await vi.waitFor(() => expect(grid.ticked()).toBe(0));
    expect((header as HTMLInputElement).indeterminate).toBe(false);

    // Space on the header's cell, which takes the focus as every header does
    document.querySelector<HTMLElement>(`.ag-header-cell[col-id="${SELECTION_COLUMN_ID}"]`)!.focus();
    await userEvent.keyboard(' ');
    await vi.waitFor(() => expect(grid.ticked()).toBe(2));
  });
});
