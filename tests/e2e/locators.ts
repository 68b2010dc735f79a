/** Locators and page guards that several e2e files use. */
import AxeBuilder from '@axe-core/playwright';
import { expect, type BrowserContext, type Locator, type Page } from '@playwright/test';

/** A toast with exactly this text (the messages of docs/product.md#messages). */
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

/** Waits until the service worker is active and controls the page (after one reload). */
export async function controlledByServiceWorker(page: Page): Promise<void> {
  await page.evaluate(async () => {
    await navigator.serviceWorker.ready;
  });
  await page.reload();
  await expect.poll(() => page.evaluate(() => navigator.serviceWorker.controller !== null)).toBe(true);
}

/** No network: the browser is offline and the API does not answer (open SSE streams included). */
export async function goOffline(context: BrowserContext): Promise<void> {
  await context.route('**/api/**', (route) => route.abort('internetdisconnected'));
  await context.setOffline(true);
}

export async function goOnline(context: BrowserContext): Promise<void> {
  await context.unroute('**/api/**');
  await context.setOffline(false);
}

/** The serious and critical axe findings on the page as it is now (in `include` only, when given). */
export async function blocking(page: Page, include?: string): Promise<string[]> {
  const builder = new AxeBuilder({ page });
  const results = await (include ? builder.include(include) : builder).analyze();
  return results.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id}: ${v.help} (${v.nodes.map((n) => n.target.join(' ')).join(', ')})`);
}
