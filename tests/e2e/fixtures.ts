import { test as base, type Browser, type BrowserContext, type Page } from '@playwright/test';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import PocketBase from 'pocketbase';
import { CREDENTIALS_FILE } from '../../scripts/lib/stack.mjs';
import { COLLECTIONS } from '../../src/domain/api/collections.ts';

export interface E2eUser {
  id: string;
  email: string;
  password: string;
}

/** The stack's superuser, for arranging data the way billing or the worker would. */
export interface Admin {
  pb: PocketBase;
  /** Creates a user without spending the sign-up rate limit. */
  createUser(label?: string): Promise<E2eUser>;
  /** Stores a session for `user` in the page's origin, as a login would (no auth rate limit). */
  signIn(page: Page, user: E2eUser): Promise<void>;
}

function stackUrl(): string {
  const url = process.env.ADSCOUT_E2E_URL;
  if (!url) throw new Error('ADSCOUT_E2E_URL is not set: run through `npm test` or `npx playwright test`');
  return url;
}

let counter = 0;

export function uniqueEmail(label: string): string {
  counter += 1;
  return `${label}-${process.pid}-${Date.now().toString(36)}-${counter}@adscout.test`;
}

// --- the console-error guard ------------------------------------------------------------------
//
// Every test fails on an uncaught page error or a console error in any browser context it opens:
// the `context` fixture's, and every one made with browser.newContext() (or browser.newPage())
// during the test. Chromium also logs refused requests and failed loads as console errors; a test
// that causes one on purpose declares it with errorGuard.expect(…), matched narrowly, and the
// declaration must then happen, so it cannot outlive the behaviour it was written for. The few
// errors any page may show are in APP_WIDE_EXPECTED_ERRORS, each with its reason.

/** An error seen in a page: a console.error (or Chromium's own), or an uncaught exception. */
export interface SeenError {
  kind: 'console' | 'pageerror';
  text: string;
  /** For a console message, where Chromium says it came from (for a failed load, the resource). */
  url: string;
}

/** An error a test or the whole app expects: its kind, its text and, for a failed load, its URL. */
export interface ExpectedError {
  kind?: SeenError['kind'];
  text: RegExp;
  url?: RegExp;
  reason: string;
  /** For app-wide entries and racy cases: allowed, but not required to happen. */
  optional?: boolean;
}

/**
 * Errors any test may see without declaring them, each with the reason it is not a defect. Keep
 * it short: an entry here hides that error from every test.
 */
export const APP_WIDE_EXPECTED_ERRORS: readonly ExpectedError[] = [];

const literally = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** Errors the app (or Chromium) logs by design; a test that causes one declares it from here. */
export const KNOWN_ERRORS = {
  /** docs/product.md#screens-and-routes: the 404 page logs the missing path to the console. */
  notFound: (path: string): ExpectedError => ({
    text: new RegExp(`^404 Error: User attempted to access non-existent route: ${literally(path)}$`),
    reason: `the 404 page logs the missing path (${path})`,
  }),
  /** Chromium logs a request the server answered with an error status as a failed load. */
  refused: (status: number, path: string): ExpectedError => ({
    text: new RegExp(`^Failed to load resource: the server responded with a status of ${status} \\(`),
    url: new RegExp(`^https?://[^/]+${literally(path)}(\\?|$)`),
    reason: `the server refuses ${path} with ${status}, which the test asks for`,
  }),
  /**
   * Ad media a test's CDN refuses (an expired link, as Facebook's expire) or that cannot load
   * offline: Chromium logs each failed image or video load itself, whatever the app does next
   * (the detail view shows its 'media unavailable' tile). `origin` is the test's media host.
   */
  adMediaFailed: (origin: string, path = '/', optional = false): ExpectedError => ({
    text: /^Failed to load resource: (the server responded with a status of 404 \(|net::ERR_INTERNET_DISCONNECTED$)/,
    url: new RegExp(`^${literally(origin)}${literally(path)}`),
    reason: `the test's media host ${origin} fails ${path}… on purpose (an expired link, or offline)`,
    optional,
  }),
  /**
   * Chromium's test contexts are incognito, where it refuses every push subscription and logs
   * why; a test that turns "Notify me when a scout finishes" on without a stubbed PushManager
   * sees it (the app keeps in-app notifications and says push could not be turned on).
   */
  pushInIncognito: {
    text: /^Chrome currently does not support the Push API in incognito mode /,
    reason: 'Chromium refuses push subscriptions in incognito contexts (docs/push.md#tests)',
  } satisfies ExpectedError,
  /** A test that takes the browser offline (goOffline in pwa.e2e.ts). */
  offline: [
    {
      text: /^Failed to load resource: net::ERR_INTERNET_DISCONNECTED$/,
      url: /^https?:\/\/[^/]+\/api\//,
      reason: 'offline, Chromium logs every API call the page cannot make',
    },
    {
      text: /^\[(subscription|quota|runs)\] load failed ClientResponseError 0: /,
      reason:
        'offline, the subscription, quota and runs stores log the failed load and keep the last known data',
      // which of the stores loads while offline depends on the pages visited and on timing
      optional: true,
    },
  ] satisfies ExpectedError[],
};

const LABEL = { console: 'console error', pageerror: 'page error' } as const;

function matches(expected: ExpectedError, seen: SeenError): boolean {
  return (
    (expected.kind ?? 'console') === seen.kind &&
    expected.text.test(seen.text) &&
    (!expected.url || expected.url.test(seen.url))
  );
}

export class ErrorGuard {
  private readonly errors: SeenError[] = [];
  private readonly expected: ExpectedError[] = [];
  private readonly watched = new WeakSet<BrowserContext>();

  constructor(private readonly appWide: readonly ExpectedError[] = APP_WIDE_EXPECTED_ERRORS) {}

  /** Declares errors this test causes on purpose; each must be seen before the test ends. */
  expect(...errors: ExpectedError[]): void {
    this.expected.push(...errors);
  }

  /** Records every console error and uncaught exception of `context`'s pages, now and later. */
  watch(context: BrowserContext): void {
    if (this.watched.has(context)) return;
    this.watched.add(context);
    context.on('console', (message) => {
      if (message.type() === 'error')
        this.record({ kind: 'console', text: message.text(), url: message.location().url });
    });
    context.on('weberror', (webError) => {
      const error = webError.error();
      this.record({ kind: 'pageerror', text: error.message, url: webError.page()?.url() ?? '' });
    });
  }

  record(error: SeenError): void {
    this.errors.push(error);
  }

  /** Every error seen so far, expected or not. */
  seen(): readonly SeenError[] {
    return this.errors;
  }

  /** What fails the test: errors nobody expected, and expected errors that never happened. */
  problems(): string[] {
    const problems: string[] = [];
    for (const error of this.errors) {
      if (this.expected.some((e) => matches(e, error)) || this.appWide.some((e) => matches(e, error)))
        continue;
      problems.push(`unexpected ${LABEL[error.kind]}: ${error.text}${error.url ? ` (at ${error.url})` : ''}`);
    }
    for (const expected of this.expected) {
      if (expected.optional || this.errors.some((error) => matches(expected, error))) continue;
      problems.push(
        `expected ${LABEL[expected.kind ?? 'console']} never happened: ${expected.text} — ${expected.reason}`,
      );
    }
    return problems;
  }
}

/** Makes `browser.newContext()` (which browser.newPage() uses too) hand each context to `guard`. */
function watchNewContexts(browser: Browser, guard: ErrorGuard): () => void {
  const original = browser.newContext;
  browser.newContext = async function newContext(this: Browser, ...args: Parameters<Browser['newContext']>) {
    const context = await original.apply(this, args);
    guard.watch(context);
    return context;
  };
  return () => {
    browser.newContext = original;
  };
}

/** The superuser of the stack at `url` whose data dir is `dataDir` (e2e-stack.ts). */
export async function connectAdmin(url: string, dataDir: string): Promise<Admin> {
  const { admin } = JSON.parse(readFileSync(join(dataDir, CREDENTIALS_FILE), 'utf8')) as {
    admin: { email: string; password: string };
  };
  const pb = new PocketBase(url);
  pb.autoCancellation(false);
  await pb.collection(COLLECTIONS.superusers).authWithPassword(admin.email, admin.password);
  return {
    pb,
    async createUser(label = 'user') {
      const email = uniqueEmail(label);
      const password = 'Scout-Pass-2026';
      const record = await pb
        .collection(COLLECTIONS.users)
        .create({ email, password, passwordConfirm: password });
      return { id: record.id, email, password };
    },
    async signIn(page, user) {
      // A week-long token: the app renews tokens only inside their last three days.
      const client = await pb.collection(COLLECTIONS.users).impersonate(user.id, 7 * 24 * 3600);
      const session = JSON.stringify({ token: client.authStore.token, record: client.authStore.record });
      // Any page of the origin will do; the next navigation starts signed in.
      if (!page.url().startsWith(url)) await page.goto(`${url}/privacy`);
      await page.evaluate((value) => window.localStorage.setItem('pocketbase_auth', value), session);
    },
  };
}

/**
 * `test` with baseURL pointing at the stack that global-setup started, an admin client, and the
 * console-error guard (automatic; `errorGuard.expect(…)` declares an error a test causes).
 */
export const test = base.extend<{ admin: Admin; errorGuard: ErrorGuard }>({
  baseURL: async ({}, use) => {
    await use(stackUrl());
  },
  errorGuard: [
    async ({ browser }, use) => {
      const guard = new ErrorGuard();
      const restore = watchNewContexts(browser, guard);
      try {
        await use(guard);
      } finally {
        restore();
      }
      const problems = guard.problems();
      if (problems.length > 0)
        throw new Error(`the page logged errors this test does not expect:\n  ${problems.join('\n  ')}`);
    },
    { auto: true },
  ],
  context: async ({ context, errorGuard }, use) => {
    errorGuard.watch(context);
    await use(context);
  },
  admin: async ({}, use) => {
    const dataDir = process.env.ADSCOUT_E2E_DATA_DIR;
    if (!dataDir) throw new Error('ADSCOUT_E2E_DATA_DIR is not set');
    await use(await connectAdmin(stackUrl(), dataDir));
  },
});

export { expect } from '@playwright/test';
