/**
 * The AI page's computation (docs/ai.md#the-ai-page) in a Web Worker of Debian's headless Chromium,
 * bundled and minified as the production build is: its four tables from 50,000 rows with 35,000
 * creatives whose text was read (target ≤ 300 ms), beside a plain pass over the same rows in the
 * same worker (one Map write per row: the reference) and as a ratio to it. The rows are made in
 * the worker (tests/fixtures/ai-rows.ts); reading them from IndexedDB is not part of the figure
 * (docs/local-first.md measures that read).
 */
import { chromium } from '@playwright/test';
import { cpus, loadavg } from 'node:os';
import { CHROMIUM_ARGS, chromiumExecutable } from '../fixtures/chromium.ts';
import type { AiBenchFigures, AiBenchRequest } from './lib/ai-insights-worker.ts';
import { browserBundle } from './lib/page-bundle.ts';
import { median, type Benchmark } from './types.ts';

const ORIGIN = 'http://ai-bench.invalid';
const REQUEST: Omit<AiBenchRequest, 'now'> = { rows: 50_000, creatives: 35_000, warmUp: 1, rounds: 5 };
const TARGET_MS = 300;

const benchmark: Benchmark = {
  name: 'AI page: its tables from 50,000 rows in a Web Worker (Chromium)',
  async run() {
    const bundle = await browserBundle('ai-insights-worker.ts');
    const browser = await chromium.launch({
      executablePath: chromiumExecutable(),
      headless: true,
      args: CHROMIUM_ARGS,
    });
    try {
      const page = await browser.newPage();
      await page.route(`${ORIGIN}/**`, (route) => {
        const path = new URL(route.request().url()).pathname;
        if (path === '/ai-worker.js') return route.fulfill({ contentType: 'text/javascript', body: bundle });
        return route.fulfill({ contentType: 'text/html', body: '<!doctype html><title>ai bench</title>' });
      });
      await page.goto(`${ORIGIN}/`);
      const request: AiBenchRequest = { ...REQUEST, now: Date.parse('2026-03-01T12:00:00Z') };
      const figures = await page.evaluate(
        (request) =>
          new Promise<AiBenchFigures | { error: string }>((resolve) => {
            const worker = new Worker('/ai-worker.js');
            worker.onmessage = (event: MessageEvent<AiBenchFigures | { error: string }>) => {
              resolve(event.data);
              worker.terminate();
            };
            worker.onerror = (event) => resolve({ error: event.message });
            worker.postMessage(request);
          }),
        request,
      );
      if ('error' in figures) throw new Error(`the AI worker failed: ${figures.error}`);
      const runs = (values: number[]) => values.map((v) => v.toFixed(1)).join(', ');
      const reference = median(figures.reference);
      const value = median(figures.compute);
      const rows = REQUEST.rows.toLocaleString('en-US');
      const load = `load ${loadavg()[0]!.toFixed(1)} on ${cpus().length} CPUs`;
      return [
        {
          benchmark: 'ai',
          metric: `reference: a plain pass over the ${rows} rows in the same worker (median of ${REQUEST.rounds})`,
          value: reference,
          unit: 'ms',
          note: `runs: ${runs(figures.reference)} ms`,
        },
        {
          benchmark: 'ai',
          metric: `the AI page's tables from ${rows} rows (median of ${REQUEST.rounds})`,
          value,
          unit: 'ms',
          target: `≤ ${TARGET_MS} ms`,
          met: value <= TARGET_MS,
          note: `runs: ${runs(figures.compute)} ms; ${figures.ads.toLocaleString('en-US')} ads, ${figures.tags} hooks and offers, ${figures.headlines} headlines from ${figures.withText.toLocaleString('en-US')} winning creatives with text; ${load}`,
        },
        { benchmark: 'ai', metric: `the AI page's tables / reference`, value: value / reference, unit: '×' },
      ];
    } finally {
      await browser.close();
    }
  },
};

export default benchmark;
