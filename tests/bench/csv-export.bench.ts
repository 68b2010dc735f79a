/**
 * The CSV builder of the 50,000-row export, in Debian's headless Chromium: csv.ts's `buildCsv`
 * (what the Database page's Export CSV runs) against Papa.unparse with the settings that give the
 * same bytes (tests/bench/lib/papa-csv.ts), on the same 50,000 realistic rows and all 27 columns,
 * in the same page, in alternating order. Both are bundled and minified as the production build
 * is. The outputs must be identical, or the benchmark fails. csv.ts's header records the
 * decision this informs: Papa is adopted only if it stays within 10% of the builder.
 */
import { chromium } from '@playwright/test';
import { cpus, loadavg } from 'node:os';
import { RESULT_COLUMNS, exportValue } from '../../src/domain/results/result-columns.ts';
import type { SearchResult } from '../../src/domain/records/entities.ts';
import { realisticRuns } from './lib/ad-rows.ts';
import { CHROMIUM_ARGS, chromiumExecutable } from '../fixtures/chromium.ts';
import type { CsvBuilderFigures } from './lib/csv-builders-page.ts';
import { median, type Benchmark } from './types.ts';
import { browserBundle } from './lib/page-bundle.ts';

const ROWS = 50_000;
const WARM_UP = 2;
const ROUNDS = 9;
const ORIGIN = 'http://csv-bench.invalid';

type RunCsvBuilders = (
  columns: Array<{ key: string; header: string }>,
  warmUp: number,
  rounds: number,
) => Promise<CsvBuilderFigures>;

/** The export's input: every column, date and odd number cells converted as buildResultsCsv does. */
function exportRecords(): Record<string, unknown>[] {
  const records: Record<string, unknown>[] = [];
  for (const [r, { rows }] of realisticRuns(ROWS / 1000, 1000).entries()) {
    for (const [i, row] of rows.entries()) {
      const stored = {
        ...row,
        id: `r${r}x${i}`,
        created: '2026-03-02 10:00:00.000Z',
        updated: '2026-03-02 10:00:00.000Z',
      } as unknown as SearchResult;
      const record: Record<string, unknown> = { ...stored };
      for (const column of RESULT_COLUMNS) {
        const value = stored[column.key];
        const finite = typeof value === 'number' && Number.isFinite(value);
        if (column.kind === 'date' || (column.kind === 'number' && !finite))
          record[column.key] = exportValue(stored, column);
      }
      records.push(record);
    }
  }
  // A few cells of every kind the builders must treat alike: formula starts (LF and NUL too),
  // quotes, and a negative number, which csv.ts neutralizes as text.
  const hostile = ['=1+1', '+1', '-2', '@SUM(A1)', '\tx', '\rx', '\nx', '\0x', 'say "hi"', -3];
  hostile.forEach((value, i) =>
    Object.assign(records[i]!, { title: value, body: `${String(value)}\n2nd line` }),
  );
  return records;
}

const pageBundle = () => browserBundle('csv-builders-page.ts');

const benchmark: Benchmark = {
  name: 'CSV builder of the 50,000-row export: csv.ts vs Papa.unparse (Chromium)',
  async run() {
    const records = exportRecords();
    const columns = RESULT_COLUMNS.map((column) => ({ key: column.key, header: column.header }));
    const bundle = await pageBundle();
    const browser = await chromium.launch({
      executablePath: chromiumExecutable(),
      headless: true,
      args: CHROMIUM_ARGS,
    });
    try {
      const page = await browser.newPage();
      await page.route(`${ORIGIN}/**`, (route) => {
        const path = new URL(route.request().url()).pathname;
        if (path === '/rows.json')
          return route.fulfill({ contentType: 'application/json', body: JSON.stringify(records) });
        if (path === '/builders.js') return route.fulfill({ contentType: 'text/javascript', body: bundle });
        return route.fulfill({
          contentType: 'text/html',
          body: '<!doctype html><title>csv bench</title><script src="/builders.js"></script>',
        });
      });
      await page.goto(`${ORIGIN}/`);
      const result = await page.evaluate(
        ({ columns, warmUp, rounds }) =>
          (window as unknown as { runCsvBuilders: RunCsvBuilders }).runCsvBuilders(columns, warmUp, rounds),
        { columns, warmUp: WARM_UP, rounds: ROUNDS },
      );
      if (!result.identical)
        throw new Error('Papa.unparse and csv.ts built different CSV from the same rows');
      const builderMs = median(result.builder);
      const papaMs = median(result.papa);
      const ratio = papaMs / builderMs;
      const load = `load ${loadavg()[0]!.toFixed(1)} on ${cpus().length} CPUs`;
      const runs = (values: number[]) => values.map((v) => v.toFixed(0)).join(', ');
      return [
        {
          benchmark: 'csv-export',
          metric: `csv.ts buildCsv, ${ROWS.toLocaleString('en-US')} rows × ${columns.length} columns (median of ${ROUNDS})`,
          value: builderMs,
          unit: 'ms',
          note: `runs: ${runs(result.builder)} ms; ${(result.characters / 1e6).toFixed(1)} M characters; ${load}`,
        },
        {
          benchmark: 'csv-export',
          metric: `Papa.unparse (quotes, escapeFormulae, strings first, BOM), same rows (median of ${ROUNDS})`,
          value: papaMs,
          unit: 'ms',
          note: `runs: ${runs(result.papa)} ms; output identical to csv.ts's`,
        },
        {
          benchmark: 'csv-export',
          metric: 'Papa.unparse / csv.ts buildCsv',
          value: ratio,
          unit: '×',
          target: '≤ 1.10 to adopt Papa',
          met: ratio <= 1.1,
        },
      ];
    } finally {
      await browser.close();
    }
  },
};

export default benchmark;
