/**
 * Page model of /app/history for the e2e tests: a card per run (an article named by the run),
 * the Filter & Sort panel, and the results dialog of a run with its table rows.
 */
import type { Locator, Page } from '@playwright/test';

export interface HistoryPage {
  page: Page;
  goto(): Promise<void>;
  /** Every run's card. */
  cards: Locator;
  /** A run's card: by its exact name, or a pattern. */
  card(name: string | RegExp): Locator;
  /** Opens the results dialog of the run (the only one when `name` is left out). */
  viewResults(name?: string | RegExp): Promise<void>;
  /** The results dialog, titled with its row count. */
  resultsDialog(count?: number): Locator;
  /** The body rows of the results table. */
  resultRows(dialog: Locator): Locator;
  filterToggle: Locator;
  filterPanel: Locator;
}

export function historyPage(page: Page): HistoryPage {
  const card = (name: string | RegExp) =>
    typeof name === 'string'
      ? page.getByRole('article', { name, exact: true })
      : page.getByRole('article', { name });
  return {
    page,
    async goto() {
      await page.goto('/app/history');
    },
    cards: page.getByRole('article'),
    card,
    async viewResults(name) {
      const scope = name === undefined ? page : card(name);
      await scope.getByRole('button', { name: 'View results' }).click();
    },
    resultsDialog: (count) =>
      count === undefined
        ? page.getByRole('dialog', { name: /^Search Results \(\d+\)$/ })
        : page.getByRole('dialog', { name: `Search Results (${count})`, exact: true }),
    resultRows: (dialog) => dialog.locator('tbody tr'),
    filterToggle: page.getByRole('button', { name: 'Filter & Sort', exact: true }),
    filterPanel: page.getByRole('complementary', { name: 'Filter & Sort' }),
  };
}
