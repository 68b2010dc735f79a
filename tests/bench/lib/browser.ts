/**
 * Headless Chromium for browser benchmarks (tests/fixtures/chromium.ts: the e2e tests' browser
 * and flags), with a fresh on-disk profile per session so IndexedDB lives on
 * disk as it does for a real user, a signed-in session, and in-page instrumentation: the time of
 * each user input (event.timeStamp) and of each download link the page clicks, on the page's own
 * clock, next to the performance marks the app sets.
 */
import { mkdtemp, readdir, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium, errors, type BrowserContext, type Page } from '@playwright/test';
import { CHROMIUM_ARGS, chromiumExecutable } from '../../fixtures/chromium.ts';

/** One in-page event: its kind and its time on the page's performance clock. */
export interface PageEvent {
  type: 'keydown' | 'click' | 'download-link' | 'object-url';
  at: number;
}

interface BenchWindow {
  __adscoutBench?: { events: PageEvent[] };
}

export interface BrowserSession {
  context: BrowserContext;
  page: Page;
  /** The profile directory (IndexedDB is under Default/IndexedDB). */
  profileDir: string;
  /** Errors the page logged or threw, newest last (for failure messages). */
  pageErrors: string[];
  close(): Promise<void>;
}

/**
 * Launches Chromium on a new, empty profile, signed in as the user whose session (the JSON the
 * app keeps in localStorage 'pocketbase_auth') is given: an init script stores it before any
 * script of `origin` runs, unless a session is there already.
 */
export async function openSignedInBrowser(origin: string, session: string): Promise<BrowserSession> {
  const executablePath = chromiumExecutable();
  const profileDir = await mkdtemp(join(tmpdir(), 'adscout-bench-profile-'));
  let context: BrowserContext;
  try {
    context = await chromium.launchPersistentContext(profileDir, {
      executablePath,
      headless: true,
      args: CHROMIUM_ARGS,
      viewport: { width: 1440, height: 900 },
      acceptDownloads: true,
    });
  } catch (error) {
    await rm(profileDir, { recursive: true, force: true });
    throw error;
  }
  await context.addInitScript(
    ({ origin, session }) => {
      if (window.location.origin !== origin) return;
      if (!window.localStorage.getItem('pocketbase_auth'))
        window.localStorage.setItem('pocketbase_auth', session);
      const events: PageEvent[] = [];
      (window as unknown as BenchWindow).__adscoutBench = { events };
      // No named function literals in here: tsx (esbuild keepNames) would wrap them in __name().
      for (const type of ['keydown', 'click'] as const) {
        window.addEventListener(
          type,
          (event) => {
            const now = performance.now();
            // event.timeStamp is when the input happened (same clock); fall back to now if odd.
            const at = event.timeStamp > 0 && event.timeStamp <= now + 1 ? event.timeStamp : now;
            events.push({ type, at });
            const target = event.target;
            if (type === 'click' && target instanceof HTMLAnchorElement && target.hasAttribute('download')) {
              events.push({ type: 'download-link', at: now });
            }
          },
          true,
        );
      }
      // A download built in the page: a Blob URL clicked through a detached <a download>.
      const anchorClick = HTMLAnchorElement.prototype.click;
      HTMLAnchorElement.prototype.click = function (this: HTMLAnchorElement) {
        if (this.hasAttribute('download')) events.push({ type: 'download-link', at: performance.now() });
        return anchorClick.call(this);
      };
      const createObjectURL = URL.createObjectURL.bind(URL);
      URL.createObjectURL = (object: Blob | MediaSource) => {
        events.push({ type: 'object-url', at: performance.now() });
        return createObjectURL(object);
      };
    },
    { origin, session },
  );
  const page = context.pages()[0] ?? (await context.newPage());
  page.setDefaultTimeout(30_000);
  const pageErrors: string[] = [];
  const keep = (text: string) => {
    pageErrors.push(text.slice(0, 300));
    if (pageErrors.length > 5) pageErrors.shift();
  };
  page.on('pageerror', (error) => keep(`pageerror: ${error.message}`));
  page.on('console', (message) => {
    if (message.type() === 'error') keep(`console.error: ${message.text()}`);
  });
  return {
    context,
    page,
    profileDir,
    pageErrors,
    async close() {
      try {
        await context.close();
      } finally {
        await rm(profileDir, { recursive: true, force: true });
      }
    },
  };
}

export interface MarkEntry {
  startTime: number;
  detail: unknown;
}

/**
 * The first performance mark `name` at or after `after` (page clock, ms since navigation start),
 * polled every 50 ms; the time is the mark's own, so polling adds nothing to it. Throws a clear
 * error when the mark does not appear within `timeoutMs`.
 */
export async function waitForMark(
  page: Page,
  name: string,
  options: { after?: number; timeoutMs: number; what: string; errors?: string[] },
): Promise<MarkEntry> {
  try {
    const handle = await page.waitForFunction(
      ({ name, after }) => {
        const entry = performance
          .getEntriesByName(name, 'mark')
          .find((candidate) => candidate.startTime >= after) as PerformanceMark | undefined;
        return entry ? { startTime: entry.startTime, detail: entry.detail as unknown } : null;
      },
      { name, after: options.after ?? 0 },
      { polling: 50, timeout: options.timeoutMs },
    );
    return (await handle.jsonValue()) as MarkEntry;
  } catch (error) {
    if (!(error instanceof errors.TimeoutError)) throw error;
    const logged = options.errors?.length ? ` Page errors: ${options.errors.join(' | ')}` : '';
    throw new Error(
      `performance mark '${name}' never appeared within ${options.timeoutMs / 1000} s ${options.what} (at ${page.url()}).${logged}`,
      { cause: error },
    );
  }
}

/** The page's performance.now(). */
export function pageNow(page: Page): Promise<number> {
  return page.evaluate(() => performance.now());
}

/** The earliest recorded event of `type` at or after `after` (page clock). */
export async function firstEvent(page: Page, type: PageEvent['type'], after: number): Promise<number> {
  const at = await page.evaluate(
    ({ type, after }) =>
      ((window as unknown as BenchWindow).__adscoutBench?.events ?? [])
        .filter((event) => event.type === type && event.at >= after)
        .reduce<number | null>((min, event) => (min === null || event.at < min ? event.at : min), null),
    { type, after },
  );
  if (at === null) throw new Error(`no ${type} event was recorded in the page after ${after.toFixed(1)} ms`);
  return at;
}

/** Total size in bytes of the files under `dir` (0 if it does not exist). */
export async function directorySize(dir: string): Promise<number> {
  let total = 0;
  let entries;
  try {
    entries = await readdir(dir, { withFileTypes: true });
  } catch {
    return 0;
  }
  for (const entry of entries) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) total += await directorySize(path);
    else if (entry.isFile()) total += (await stat(path)).size;
  }
  return total;
}
