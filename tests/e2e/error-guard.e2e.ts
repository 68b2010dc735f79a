/**
 * The console-error guard of fixtures.ts: it sees errors in contexts a test makes itself, and it
 * fails a test on an error nobody declared and on a declared error that never happened.
 */
import { ErrorGuard, expect, test } from './fixtures.ts';

test('errors in a context made with browser.newContext() reach the guard', async ({
  browser,
  baseURL,
  errorGuard,
}) => {
  // Declared, so this test passes only if the guard saw both in the test's own context.
  errorGuard.expect(
    { text: /^guard self-test: logged$/, reason: 'this test logs it' },
    { kind: 'pageerror', text: /^guard self-test: thrown$/, reason: 'this test throws it' },
  );
  const context = await browser.newContext({ baseURL });
  try {
    const page = await context.newPage();
    await page.goto('/privacy');
    await page.evaluate(() => {
      console.error('guard self-test: logged');
      setTimeout(() => {
        throw new Error('guard self-test: thrown');
      });
    });
    await expect
      .poll(() => errorGuard.seen().map(({ kind, text }) => `${kind}: ${text}`))
      .toEqual(['console: guard self-test: logged', 'pageerror: guard self-test: thrown']);
  } finally {
    await context.close();
  }
});

test('an undeclared error, or a declared one that never happens, is a failure', () => {
  const guard = new ErrorGuard([{ text: /^app-wide$/, reason: 'allowed everywhere in this check' }]);
  guard.expect(
    { text: /^refused$/, url: /\/api\/login$/, reason: 'the test refuses a login' },
    { text: /^never$/, reason: 'declared but not caused' },
    { text: /^maybe$/, reason: 'racy', optional: true },
  );
  guard.record({ kind: 'console', text: 'app-wide', url: '' });
  guard.record({ kind: 'console', text: 'refused', url: 'http://127.0.0.1:1/api/login' });
  // the same text from another URL, or as a page error, is not what was declared
  guard.record({ kind: 'console', text: 'refused', url: 'http://127.0.0.1:1/api/other' });
  guard.record({ kind: 'pageerror', text: 'refused', url: 'http://127.0.0.1:1/' });
  expect(guard.problems()).toEqual([
    'unexpected console error: refused (at http://127.0.0.1:1/api/other)',
    'unexpected page error: refused (at http://127.0.0.1:1/)',
    'expected console error never happened: /^never$/ — declared but not caused',
  ]);
});
