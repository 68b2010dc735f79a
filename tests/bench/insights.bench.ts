/**
 * The Insights computation (docs/insights.md#speed) in a Web Worker of Debian's headless
 * Chromium, bundled and minified as the production build is: products from nothing with 35,000
 * distinct creatives among 50,000 rows (target ≤ 300 ms), products updated after a run of 1,000
 * new rows (≤ 50 ms), stores (≤ 150 ms); each beside a plain pass over the same rows in the same
 * worker (one Map write per row: the reference) and as a ratio to it. The rows are made in the
 * worker (tests/fixtures/insight-rows.ts); reading them from IndexedDB is not part of these
 * figures (docs/local-first.md measures that read).
 */
import { chromium } from '@playwright/test';
import { cpus, loadavg } from 'node:os';
import { CHROMIUM_ARGS, chromiumExecutable } from '../fixtures/chromium.ts';
import type { InsightsBenchFigures, InsightsBenchRequest } from './lib/insights-worker.ts';
import { median, type Benchmark, type Measurement } from './types.ts';
import { browserBundle } from './lib/page-bundle.ts';

const ORIGIN = 'http://insights-bench.invalid';
const REQUEST: Omit<InsightsBenchRequest, 'now'> = {
  rows: 50_000,
  newRows: 1_000,
  creatives: 35_000,
  warmUp: 1,
  rounds: 5,
};

const workerBundle = () => browserBundle('insights-worker.ts');

const benchmark: Benchmark = {
  name: 'Insights: products and stores of 50,000 rows in a Web Worker (Chromium)',
  async run() {
    const bundle = await workerBundle();
    const browser = await chromium.launch({
      executablePath: chromiumExecutable(),
      headless: true,
      args: CHROMIUM_ARGS,
    });
    try {
      const page = await browser.newPage();
      await page.route(`${ORIGIN}/**`, (route) => {
        const path = new URL(route.request().url()).pathname;
        if (path === '/insights-worker.js')
          return route.fulfill({ contentType: 'text/javascript', body: bundle });
        return route.fulfill({
          contentType: 'text/html',
          body: '<!doctype html><title>insights bench</title>',
        });
      });
      await page.goto(`${ORIGIN}/`);
      const request: InsightsBenchRequest = { ...REQUEST, now: Date.parse('2026-03-01T12:00:00Z') };
      const figures = await page.evaluate(
        (request) =>
          new Promise<InsightsBenchFigures | { error: string }>((resolve) => {
            const worker = new Worker('/insights-worker.js');
            worker.onmessage = (event: MessageEvent<InsightsBenchFigures | { error: string }>) => {
              resolve(event.data);
              worker.terminate();
            };
            worker.onerror = (event) => resolve({ error: event.message });
            worker.postMessage(request);
          }),
        request,
      );
      if ('error' in figures) throw new Error(`the Insights worker failed: ${figures.error}`);
      const reference = median(figures.reference);
      const runs = (values: number[]) => values.map((v) => v.toFixed(0)).join(', ');
      const load = `load ${loadavg()[0]!.toFixed(1)} on ${cpus().length} CPUs`;
      const rows = REQUEST.rows.toLocaleString('en-US');
      const figure = (metric: string, values: number[], targetMs: number, note: string): Measurement[] => {
        const value = median(values);
        return [
          {
            benchmark: 'insights',
            metric: `${metric} (median of ${REQUEST.rounds})`,
            value,
            unit: 'ms',
            target: `≤ ${targetMs} ms`,
            met: value <= targetMs,
            note: `runs: ${runs(values)} ms; ${note}; ${load}`,
          },
          { benchmark: 'insights', metric: `${metric} / reference`, value: value / reference, unit: '×' },
        ];
      };
      return [
        {
          benchmark: 'insights',
          metric: `reference: a plain pass over the ${rows} rows in the same worker (median of ${REQUEST.rounds})`,
          value: reference,
          unit: 'ms',
          note: `runs: ${runs(figures.reference)} ms`,
        },
        ...figure(
          `products from nothing, ${rows} rows, ${figures.distinctCreatives.toLocaleString('en-US')} distinct creatives`,
          figures.products,
          300,
          `${figures.productCount} products`,
        ),
        ...figure(
          `products updated after ${REQUEST.newRows.toLocaleString('en-US')} new rows`,
          figures.update,
          50,
          `${figures.changedProducts} products changed`,
        ),
        ...figure(`stores from nothing, ${rows} rows`, figures.stores, 150, `${figures.storeCount} stores`),
      ];
    } finally {
      await browser.close();
    }
  },
};

export default benchmark;
