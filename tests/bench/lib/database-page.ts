/**
 * The Database page as the local-first benchmark drives it: its side panels, the Creative column's toggle, the grid's scroll from top to bottom with the
 * long tasks it costs, and Export CSV with the raw CSV builds it is compared with.
 */
import { readFile } from 'node:fs/promises';
import Papa from 'papaparse';
import type { Page } from '@playwright/test';
import { PERFORMANCE_MARKS } from '../../../src/domain/pages/performance-marks.ts';
import { GRID, gridHeader } from '../../fixtures/grid-markup.ts';
import { median, type Measurement } from '../types.ts';
import { firstEvent, pageNow, waitForMark, type BrowserSession } from './browser.ts';

const ms = (value: number) => `${value.toFixed(1)} ms`;

/** Where watchRowPaint keeps the browser's paint times of row content, in the page. */
interface RowPaintWindow {
  __adscoutRowPaint?: number[];
}

/**
 * The browser's own record of when the grid's first rows reached the screen, independent of the
 * page's marks: an init script (for every later navigation of the session) tags each element the
 * grid adds inside a row with `elementtiming`, and the Element Timing API reports when each one
 * was first painted (renderTime: the frame's presentation, the clock of first-contentful-paint).
 * The tagging runs in the page while the grid is built, so its small cost counts against the
 * figure; it stops once a row's paint is reported. No named function literals in here (tsx keepNames).
 */
export async function watchRowPaint(session: BrowserSession): Promise<void> {
  await session.context.addInitScript((row) => {
    const times: number[] = [];
    (window as unknown as RowPaintWindow).__adscoutRowPaint = times;
    // Tagging stops at the first reported paint: the later measurements (a filter keystroke, a
    // scroll) re-render rows, and must not pay for it.
    const tag = new MutationObserver((records) => {
      for (const record of records)
        for (const node of record.addedNodes) {
          if (!(node instanceof Element)) continue;
          if (node.closest(row)) {
            node.setAttribute('elementtiming', 'grid-row');
            for (const inner of node.querySelectorAll('*')) inner.setAttribute('elementtiming', 'grid-row');
          } else {
            for (const inner of node.querySelectorAll(`${row}, ${row} *`))
              inner.setAttribute('elementtiming', 'grid-row');
          }
        }
    });
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries())
        times.push((entry as PerformanceEntry & { renderTime: number }).renderTime);
      if (times.some((time) => time > 0)) tag.disconnect();
    }).observe({ type: 'element', buffered: true });
    document.addEventListener('DOMContentLoaded', () =>
      tag.observe(document.body, { childList: true, subtree: true }),
    );
  }, GRID.row);
}

/** The earliest paint of any row content since the navigation (page clock, ms), or null. */
export async function firstRowPaint(page: Page): Promise<number | null> {
  return page.evaluate(() => {
    const times = (window as unknown as RowPaintWindow).__adscoutRowPaint ?? [];
    const painted = times.filter((time) => time > 0);
    return painted.length ? Math.min(...painted) : null;
  });
}

/** Closes a side panel (a modal dialog that makes the page behind it inert) with Escape. */
export async function closePanel(page: Page, title: string): Promise<void> {
  await page.keyboard.press('Escape');
  await page.getByRole('dialog', { name: title }).waitFor({ state: 'hidden' });
}

/** Where loadRawCsvReference keeps the exported file and its cells in the page. */
interface RawCsvWindow {
  __rawCsv?: { csv: string; rows: string[][] };
}

/**
 * Keeps the exported file and its cells (parsed here, not timed) in the page, for
 * timeRawCsvBuild.
 */
export async function loadRawCsvReference(page: Page, text: string): Promise<void> {
  await page.evaluate((csv) => {
    const rows: string[][] = [];
    let row: string[] = [];
    let i = csv.charCodeAt(0) === 0xfeff ? 1 : 0;
    while (i < csv.length) {
      i++; // the opening quote: every cell is quoted
      let cell = '';
      for (;;) {
        const quote = csv.indexOf('"', i);
        if (csv[quote + 1] === '"') {
          cell += csv.slice(i, quote + 1);
          i = quote + 2;
        } else {
          cell += csv.slice(i, quote);
          i = quote + 1;
          break;
        }
      }
      row.push(cell);
      if (csv[i] === ',') i++;
      else {
        rows.push(row);
        row = [];
        i += 2; // CRLF
      }
    }
    (window as unknown as RawCsvWindow).__rawCsv = { csv, rows };
  }, text);
}

/** The same-page references of an export: the raw build, and the Blob made of its string. */
export interface RawCsvTimes {
  /** The build of the file's string alone (ms). */
  build: number;
  /** The same build plus `new Blob([string])`, the least any browser-built download costs (ms). */
  withBlob: number;
}

/**
 * The reference for the export: the exported file's cells built again into one fully quoted CSV
 * string by the plainest code, in the same page (the result must be the file itself), and then
 * made into a Blob, as a download needs (the Blob is where the text becomes UTF-8 bytes).
 */
export function timeRawCsvBuild(page: Page): Promise<RawCsvTimes> {
  return page.evaluate(() => {
    const reference = (window as unknown as RawCsvWindow).__rawCsv;
    if (!reference) throw new Error('loadRawCsvReference was not called');
    const { csv, rows } = reference;
    const started = performance.now();
    const lines = new Array<string>(rows.length);
    for (let r = 0; r < rows.length; r++)
      lines[r] = rows[r]!.map((value) => `"${value.replaceAll('"', '""')}"`).join(',');
    const built = `\uFEFF${lines.join('\r\n')}\r\n`;
    const build = performance.now() - started;
    const blob = new Blob([built], { type: 'text/csv;charset=utf-8' });
    const withBlob = performance.now() - started;
    if (built !== csv) throw new Error('the raw CSV build differs from the exported file');
    if (blob.size < csv.length) throw new Error('the raw CSV Blob is smaller than the file');
    return { build, withBlob };
  });
}

export interface ScrollFigures {
  /** Sum of the durations of the long tasks while scrolling. */
  longTaskMs: number;
  longTasks: number;
  elapsedMs: number;
  frames: number;
  /** Creative thumbnails the grid asked for (img elements it made) during the scroll. */
  thumbnails: number;
}

/**
 * Scrolls the grid's body from the top to the bottom, `stepPx` each animation frame, and
 * sums the long tasks of the page meanwhile. No named function literals in here (tsx keepNames).
 */
export function scrollTopToBottom(page: Page, stepPx: number): Promise<ScrollFigures> {
  return page.evaluate(
    async ({ step, grid }) => {
      const viewport = document.querySelector<HTMLElement>(grid.rowsViewport);
      if (!viewport) throw new Error(`the grid has no ${grid.rowsViewport}`);
      if (viewport.scrollHeight <= viewport.clientHeight * 100)
        throw new Error(`${grid.rowsViewport} is ${viewport.scrollHeight} px high: not the rows' scroller`);
      viewport.scrollTop = 0;
      for (let i = 0; i < 3; i++) await new Promise((resolve) => requestAnimationFrame(resolve));
      const tasks: PerformanceEntry[] = [];
      const observer = new PerformanceObserver((list) => tasks.push(...list.getEntries()));
      observer.observe({ type: 'longtask' });
      let thumbnails = 0;
      const images = new MutationObserver((records) => {
        for (const record of records)
          for (const node of record.addedNodes)
            if (node instanceof HTMLElement)
              thumbnails += node.matches(grid.thumbnailImage)
                ? 1
                : node.querySelectorAll(grid.thumbnailImage).length;
      });
      images.observe(viewport, { childList: true, subtree: true });
      const started = performance.now();
      let frames = 0;
      while (viewport.scrollTop + viewport.clientHeight < viewport.scrollHeight - 1) {
        viewport.scrollTop += step;
        frames++;
        await new Promise((resolve) => requestAnimationFrame(resolve));
      }
      // the last rows rendered, and the long tasks reported
      for (let i = 0; i < 3; i++) await new Promise((resolve) => requestAnimationFrame(resolve));
      await new Promise((resolve) => setTimeout(resolve, 100));
      const elapsedMs = performance.now() - started;
      tasks.push(...observer.takeRecords());
      observer.disconnect();
      images.disconnect();
      const during = tasks.filter((task) => task.startTime >= started);
      return {
        longTaskMs: during.reduce((sum, task) => sum + task.duration, 0),
        longTasks: during.length,
        elapsedMs,
        frames,
        thumbnails,
      };
    },
    { step: stepPx, grid: GRID },
  );
}

/** Shows or hides the Creative column through 'Toggle Columns', as a user would. */
export async function setCreativeShown(session: BrowserSession, shown: boolean): Promise<void> {
  const { page } = session;
  await page.getByRole('button', { name: 'Columns', exact: true }).click();
  const checkbox = page.getByRole('checkbox', { name: 'Creative', exact: true });
  if ((await checkbox.isChecked()) !== shown) {
    const before = await pageNow(page);
    await checkbox.click();
    await waitForMark(page, PERFORMANCE_MARKS.database.columnsToggled, {
      after: before,
      timeoutMs: 15_000,
      what: "after clicking the 'Creative' checkbox of the 'Toggle Columns' panel",
      errors: session.pageErrors,
    });
  }
  await closePanel(page, 'Toggle Columns');
  const header = page.locator(gridHeader('creative'));
  await (shown ? header.waitFor() : header.waitFor({ state: 'detached' }));
}

export interface ScrollComparison {
  first: ScrollFigures;
  shown: ScrollFigures[];
  hidden: ScrollFigures[];
}

/**
 * The scroll comparison: a first pass with the Creative column shown (the images load), then
 * `rounds` rounds of a pass shown and a pass hidden, each logged; the column is left shown. The
 * order alternates (shown first in the even rounds, hidden first in the odd ones), so whatever
 * the second pass of a round pays (a collection of the first one's garbage) falls on both sides.
 */
export async function measureScroll(
  session: BrowserSession,
  { stepPx, rounds, log }: { stepPx: number; rounds: number; log: (line: string) => void },
): Promise<ScrollComparison> {
  const { page } = session;
  await setCreativeShown(session, true);
  const first = await scrollTopToBottom(page, stepPx);
  log(`scroll, first pass (thumbnails loading): ${summaryOf(first)}`);
  const shown: ScrollFigures[] = [];
  const hidden: ScrollFigures[] = [];
  for (let round = 0; round < rounds; round++) {
    for (const creative of round % 2 === 0 ? [true, false] : [false, true]) {
      await setCreativeShown(session, creative);
      (creative ? shown : hidden).push(await scrollTopToBottom(page, stepPx));
    }
    log(
      `scroll ${round + 1}/${rounds}: shown ${summaryOf(shown[round]!)}; hidden ${summaryOf(hidden[round]!)}`,
    );
  }
  await setCreativeShown(session, true);
  return { first, shown, hidden };
}

/** One scroll pass in a line, for the log and the notes. */
export function summaryOf(figures: ScrollFigures): string {
  return `${ms(figures.longTaskMs)} in ${figures.longTasks} long tasks over ${ms(figures.elapsedMs)}, ${figures.frames} frames, ${figures.thumbnails} thumbnails`;
}

/**
 * A scroll comparison as three measurements: the shown passes' long-task total (median), the
 * hidden passes' (the same-run reference), and their ratio against the ≤ 1.2× target.
 */
export function scrollMeasurements(
  scroll: ScrollComparison,
  labels: {
    benchmark: string;
    /** What the shown passes show, e.g. 'Creative column shown'. */
    shown: string;
    /** What the passes scroll over, e.g. '50000 rows'. */
    over: string;
    /** What the first pass was, e.g. 'images not yet loaded'. */
    firstPass: string;
    stepPx: number;
    loadBefore: string;
  },
): Measurement[] {
  const shownMs = median(scroll.shown.map((f) => f.longTaskMs));
  const hiddenMs = median(scroll.hidden.map((f) => f.longTaskMs));
  const ratio = shownMs / Math.max(hiddenMs, 1);
  const roundRatios = scroll.shown.map((f, i) => f.longTaskMs / Math.max(scroll.hidden[i]!.longTaskMs, 1));
  const passes = (list: ScrollFigures[]) => list.map((f) => f.longTaskMs.toFixed(0)).join(', ');
  const medianOf = (list: ScrollFigures[], figure: (f: ScrollFigures) => number) => median(list.map(figure));
  const rounds = scroll.shown.length;
  return [
    {
      benchmark: labels.benchmark,
      metric: `scroll the grid top to bottom, ${labels.shown}: long-task total (median of ${rounds})`,
      value: shownMs,
      unit: 'ms',
      note: `${labels.stepPx} px a frame over ${labels.over} (${medianOf(scroll.shown, (f) => f.frames)} frames, ${ms(medianOf(scroll.shown, (f) => f.elapsedMs))} elapsed, ${medianOf(scroll.shown, (f) => f.thumbnails)} thumbnails made); runs: ${passes(scroll.shown)} ms; the first pass, ${labels.firstPass}: ${summaryOf(scroll.first)}; 1-min load average before: ${labels.loadBefore}`,
    },
    {
      benchmark: labels.benchmark,
      metric: `the same scroll, Creative column hidden: long-task total (median of ${rounds})`,
      value: hiddenMs,
      unit: 'ms',
      note: `alternating with the shown passes in the same session (shown first in every other round, hidden first in the others); runs: ${passes(scroll.hidden)} ms, ${ms(medianOf(scroll.hidden, (f) => f.elapsedMs))} elapsed`,
    },
    {
      benchmark: labels.benchmark,
      metric: `scroll long-task total, ${labels.shown} / hidden`,
      value: ratio,
      unit: '×',
      target: '≤ 1.2 ×',
      met: ratio <= 1.2,
      note: `${ms(shownMs)} / ${ms(hiddenMs)}; each round's own ratio: ${roundRatios.map((r) => r.toFixed(2)).join(', ')} (median ${median(roundRatios).toFixed(2)})`,
    },
  ];
}

export interface CsvFigures {
  toDownload: number[];
  inPage: number[];
  bytes: number;
  columns: number;
  /** The same-page references, taken after each export (timeRawCsvBuild). */
  raw: RawCsvTimes[];
}

/**
 * Clicks 'Export CSV' `runs` times: click → download event, and in the page click → the export
 * mark; the first file is parsed back (it must hold `rows` rows) and kept in the page for the raw
 * references, which are timed after each export.
 */
export async function measureCsvExport(
  session: BrowserSession,
  { runs, rows: expectedRows }: { runs: number; rows: number },
): Promise<CsvFigures> {
  const { page } = session;
  const button = page.getByRole('button', { name: 'Export CSV', exact: true });
  const figures: CsvFigures = { toDownload: [], inPage: [], bytes: 0, columns: 0, raw: [] };
  for (let i = 0; i < runs; i++) {
    const before = await pageNow(page);
    const downloaded = page.waitForEvent('download', { timeout: 60_000 });
    const started = performance.now();
    await button.click();
    const download = await downloaded;
    figures.toDownload.push(performance.now() - started);
    const click = await firstEvent(page, 'click', before);
    // In the page: the click → the page's export mark, else the download link it clicked.
    const exported = await page.evaluate(
      ({ name, after }) =>
        performance.getEntriesByName(name, 'mark').find((m) => m.startTime >= after)?.startTime ?? null,
      { name: PERFORMANCE_MARKS.database.exported, after: before },
    );
    const link = exported ?? (await firstEvent(page, 'download-link', before).catch(() => null));
    if (link !== null) figures.inPage.push(link - click);
    if (i === 0) {
      const path = await download.path();
      const file = await readFile(path, 'utf8');
      await loadRawCsvReference(page, file);
      const text = file.replace(/^\uFEFF/, '');
      const parsed = Papa.parse<string[]>(text, { skipEmptyLines: true });
      const rows = parsed.data.length - 1;
      if (rows !== expectedRows)
        throw new Error(`the CSV export held ${rows} rows, expected ${expectedRows}`);
      figures.bytes = Buffer.byteLength(text);
      figures.columns = parsed.data[0]?.length ?? 0;
    }
    await download.delete();
    // the reference right after each export, so that both see the page's heap as it is then
    figures.raw.push(await timeRawCsvBuild(page));
  }
  return figures;
}
