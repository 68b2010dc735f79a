/**
 * Page model of /app/database for the e2e tests: its count, its grid and its panels. The grid's
 * markup is named in tests/fixtures/grid-markup.ts (the benchmarks' page model reads it too), so a
 * change to the grid changes that file, not every test.
 */
import { expect, type Locator, type Page } from '@playwright/test';
import { GRID, gridCell, gridHeader, gridRow, gridRowAt, gridRowCheckbox } from '../fixtures/grid-markup.ts';
import type { Admin, E2eUser } from './fixtures.ts';

export interface DatabasePage {
  page: Page;
  /** 'N results' or 'N of M results'. */
  count: Locator;
  /** Rows the grid has rendered (body rows carry their row id; header rows do not). */
  rows: Locator;
  row(rowId: string): Locator;
  cell(rowId: string, colId: string): Locator;
  /** The cell of `colId` in the row shown at `index` (0: the first in the current sort). */
  cellAt(index: number, colId: string): Locator;
  /** Every rendered cell of a column. */
  column(colId: string): Locator;
  header(colId: string): Locator;
  filterButton: Locator;
  filterPanel: Locator;
  columnsButton: Locator;
  columnsPanel: Locator;
  exportButton: Locator;
  /** Signs `user` in and opens the page; waits until the count reads `expected`. */
  open(admin: Admin, user: E2eUser, expected: string): Promise<void>;
  /**
   * The headers in display order (aria-colindex), collected by scrolling the grid sideways
   * (columns are virtualised) until the ones seen fill the header row from start to end; the
   * checkbox column, which has no header text, is not among them.
   */
  headers(): Promise<string[]>;
  /** Scrolls the grid sideways until the column's header is rendered. */
  revealColumn(colId: string): Promise<void>;
  /** Scrolls the grid back to its first column. */
  scrollToStart(): Promise<void>;
  /** Sorts by a column with a click on its header; waits for the header to say `direction`. */
  sortBy(colId: string, direction: 'ascending' | 'descending'): Promise<void>;
  /** Ticks a row's checkbox (the rows "Save to board" saves). */
  tick(rowId: string): Promise<void>;
  /** "N selected": the rows ticked. */
  ticked: Locator;
  /** The row id of the grid cell that has the focus, or null. */
  focusedRowId(): Promise<string | null>;
}

export function databasePage(page: Page): DatabasePage {
  const row = (rowId: string) => page.locator(gridRow(rowId));
  const header = (colId: string) => page.locator(gridHeader(colId));
  return {
    page,
    count: page.getByTestId('database-count'),
    rows: page.locator(GRID.bodyRow),
    row,
    cell: (rowId, colId) => row(rowId).locator(gridCell(colId)),
    cellAt: (index, colId) => page.locator(`${gridRowAt(index)} ${gridCell(colId)}`),
    column: (colId) => page.locator(`${GRID.bodyRow} ${gridCell(colId)}`),
    header,
    filterButton: page.getByRole('button', { name: 'Filter', exact: true }),
    filterPanel: page.getByRole('dialog', { name: 'Filter' }),
    columnsButton: page.getByRole('button', { name: 'Columns', exact: true }),
    columnsPanel: page.getByRole('dialog', { name: 'Toggle Columns' }),
    exportButton: page.getByRole('button', { name: 'Export CSV' }),
    ticked: page.getByTestId('database-ticked'),

    async tick(rowId) {
      await page.locator(gridRowCheckbox(rowId)).check();
    },

    async open(admin, user, expected) {
      await admin.signIn(page, user);
      await page.goto('/app/database');
      await expect(page.getByTestId('database-count')).toHaveText(expected, { timeout: 15_000 });
    },

    headers() {
      return page.evaluate(async (grid) => {
        const frames = () =>
          new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve)));
        const scroller = document.querySelector<HTMLElement>(grid.columnsScroller);
        // aria-colindex counts hidden columns too; the columns shown tile the header row
        const seen = new Map<number, { text: string | null; left: number; right: number }>();
        let rowWidth = 0;
        const collect = () => {
          for (const el of document.querySelectorAll<HTMLElement>(grid.indexedHeaderCell)) {
            const text =
              el.getAttribute('col-id') === grid.selectionColId
                ? null
                : (el.querySelector(grid.headerText)?.textContent ?? '');
            const left = el.offsetLeft;
            seen.set(Number(el.getAttribute('aria-colindex')), { text, left, right: left + el.offsetWidth });
            rowWidth = el.closest<HTMLElement>(grid.headerRow)?.offsetWidth ?? rowWidth;
          }
        };
        // every column seen: side by side from the row's start to its end, with no gap
        const complete = () => {
          let edge = 0;
          for (const cell of [...seen.values()].sort((a, b) => a.left - b.left)) {
            if (Math.abs(cell.left - edge) > 1) return false;
            edge = cell.right;
          }
          return seen.size > 0 && edge >= rowWidth - 1;
        };
        const atEnd = () =>
          !scroller || scroller.scrollLeft + scroller.clientWidth >= scroller.scrollWidth - 1;
        // a loaded machine may render a scrolled-to column after the frames waited for: sweep again
        const deadline = performance.now() + 10_000;
        do {
          if (scroller) scroller.scrollLeft = 0;
          await frames();
          collect();
          while (!atEnd() && !complete()) {
            scroller!.scrollLeft += Math.max(200, Math.floor(scroller!.clientWidth / 2));
            await frames();
            collect();
          }
          await frames();
          collect();
        } while (!complete() && performance.now() < deadline);
        if (scroller) {
          scroller.scrollLeft = 0;
          await frames();
        }
        return [...seen.entries()]
          .sort((a, b) => a[0] - b[0])
          .flatMap(([, cell]) => (cell.text === null ? [] : [cell.text]));
      }, GRID);
    },

    async revealColumn(colId) {
      await expect
        .poll(
          () =>
            page.evaluate(
              ({ headerOf, scrollerOf }) => {
                if (document.querySelector(headerOf)) return true;
                const scroller = document.querySelector<HTMLElement>(scrollerOf);
                if (scroller) scroller.scrollLeft += 300;
                return false;
              },
              { headerOf: gridHeader(colId), scrollerOf: GRID.columnsScroller },
            ),
          { intervals: [50] },
        )
        .toBe(true);
    },

    async scrollToStart() {
      await page.evaluate((selector) => {
        const scroller = document.querySelector<HTMLElement>(selector);
        if (scroller) scroller.scrollLeft = 0;
      }, GRID.columnsScroller);
    },

    async sortBy(colId, direction) {
      const label = header(colId).locator(GRID.headerLabel);
      await label.click();
      if (direction === 'descending') {
        await expect(header(colId)).toHaveAttribute('aria-sort', 'ascending');
        await label.click();
      }
      await expect(header(colId)).toHaveAttribute('aria-sort', direction);
    },

    focusedRowId() {
      return page.evaluate(
        (row) => document.activeElement?.closest(row)?.getAttribute('row-id') ?? null,
        GRID.row,
      );
    },
  };
}
