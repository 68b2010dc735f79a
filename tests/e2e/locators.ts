/** Locators and page guards that several e2e files use. */
import type { Locator, Page } from '@playwright/test';

/** A toast with exactly this text (SPEC §8 messages). */
export function toast(page: Page, text: string): Locator {
  return page.locator('.toast-region').getByText(text, { exact: true });
}

/**
 * Records every JS dialog (alert, confirm) the page opens, and dismisses it; a test expects the
 * list to stay empty: ad text must never run.
 */
export function forbidJsDialogs(page: Page): string[] {
  const seen: string[] = [];
  page.on('dialog', (dialog) => {
    seen.push(`${dialog.type()}: ${dialog.message()}`);
    void dialog.dismiss();
  });
  return seen;
}
