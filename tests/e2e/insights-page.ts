/**
 * Page model of /app/insights for the e2e tests: its tabs, the Products and Stores tables (plain
 * tables: rows carry `data-key`, cells `data-col`), and its filters. The one place that knows the
 * page's markup.
 */
import { expect, type Locator, type Page } from '@playwright/test';

export interface InsightsPage {
  page: Page;
  productsTab: Locator;
  storesTab: Locator;
  products: Locator;
  stores: Locator;
  /** The rows of the table shown. */
  rows(table: Locator): Locator;
  cell(row: Locator, col: string): Locator;
  /** The row's name button, which opens its ads in the Database page. */
  open(row: Locator): Locator;
  search: Locator;
  /** Opens the page from the app navigation and waits for its heading. */
  goto(): Promise<void>;
  /** Sorts the table by a column's header; waits for it to read `direction`. */
  sortBy(table: Locator, header: string, direction: 'ascending' | 'descending'): Promise<void>;
}

export function insightsPage(page: Page): InsightsPage {
  return {
    page,
    productsTab: page.getByRole('tab', { name: 'Products' }),
    storesTab: page.getByRole('tab', { name: 'Stores' }),
    products: page.getByTestId('products-table'),
    stores: page.getByTestId('stores-table'),
    rows: (table) => table.locator('tbody tr'),
    cell: (row, col) => row.locator(`td[data-col="${col}"]`),
    // the name's button (a product's name cell also holds its "Save" to a board)
    open: (row) =>
      row.locator('td[data-col="name"]').getByRole('button', { name: /: open its .* ads in the Database$/ }),
    search: page.getByLabel('Search', { exact: true }),
    async goto() {
      await page.getByRole('link', { name: 'Insights' }).first().click();
      await expect(page.getByRole('heading', { level: 1, name: 'Insights' })).toBeVisible();
    },
    async sortBy(table, header, direction) {
      const th = table
        .locator('th', { has: page.getByRole('button', { name: header, exact: false }) })
        .first();
      for (let i = 0; i < 2 && (await th.getAttribute('aria-sort')) !== direction; i++)
        await th.getByRole('button').click();
      await expect(th).toHaveAttribute('aria-sort', direction);
    },
  };
}
