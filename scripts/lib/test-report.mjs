// Reads the JSON reports `npm test` asks vitest and Playwright for: their counts, and the tests that
// failed with the first lines of each error. The summary prints them last because CI keeps only the
// tail of a run's output, and a failure scrolled out of it could not be told apart from another.
import { readFileSync } from 'node:fs';

/** Lines of each error kept in the summary. */
const ERROR_LINES = 6;

/**
 * @typedef {{ name: string; error: string }} Failure
 * @typedef {{ passed: number; failed: number; failures: Failure[] }} Report
 */

// eslint-disable-next-line no-control-regex -- the reports keep the reporters' colour codes
const ANSI = /\u001b\[[0-9;]*m/g;

/** @param {string | undefined} text */
function firstLines(text) {
  const lines = String(text ?? '')
    .replace(ANSI, '')
    .split('\n')
    .map((line) => line.trimEnd())
    .filter((line) => line.trim() !== '');
  return lines.slice(0, ERROR_LINES).join('\n');
}

/**
 * @param {string} file the absolute path a report names
 * @param {string} root the repository, stripped from the paths
 */
const relative = (file, root) => (file.startsWith(`${root}/`) ? file.slice(root.length + 1) : file);

/**
 * @param {any} json vitest's JSON report
 * @param {string} root
 * @returns {Report}
 */
export function vitestReport(json, root) {
  /** @type {Failure[]} */
  const failures = [];
  for (const file of json.testResults ?? []) {
    const failed = (file.assertionResults ?? []).filter((/** @type {any} */ a) => a.status === 'failed');
    for (const a of failed) {
      failures.push({
        name: `${relative(file.name, root)} › ${a.fullName}`,
        error: firstLines(a.failureMessages?.[0]),
      });
    }
    // a file that failed outside its tests (an import error, a failing hook) lists no failed test
    if (file.status === 'failed' && failed.length === 0) {
      failures.push({ name: relative(file.name, root), error: firstLines(file.message) });
    }
  }
  return { passed: json.numPassedTests ?? 0, failed: json.numFailedTests ?? 0, failures };
}

/**
 * @param {any} json Playwright's JSON report
 * @returns {Report}
 */
export function playwrightReport(json) {
  /** @type {Failure[]} */
  const failures = [];
  /** @param {any} suite @param {string[]} titles */
  const walk = (suite, titles) => {
    const path = suite.title && suite.title !== suite.file ? [...titles, suite.title] : titles;
    for (const spec of suite.specs ?? []) {
      for (const test of spec.tests ?? []) {
        if (test.status !== 'unexpected' && test.status !== 'flaky') continue;
        const result = (test.results ?? []).find((/** @type {any} */ r) => r.status !== 'passed');
        const label = test.status === 'flaky' ? ' (flaky: passed on a retry)' : '';
        failures.push({
          name: `${[spec.file, ...path, spec.title].join(' › ')}${label}`,
          error: firstLines(result?.errors?.[0]?.message ?? result?.error?.message),
        });
      }
    }
    for (const child of suite.suites ?? []) walk(child, path);
  };
  for (const suite of json.suites ?? []) walk(suite, []);
  // errors outside any test: global setup, a file that does not load
  for (const error of json.errors ?? [])
    failures.push({ name: 'outside any test', error: firstLines(error.message) });
  const stats = json.stats ?? {};
  return { passed: stats.expected ?? 0, failed: (stats.unexpected ?? 0) + (stats.flaky ?? 0), failures };
}

/**
 * A stage's report, or null when it left none (a crash before writing it).
 * @param {'vitest' | 'playwright'} kind
 * @param {string} path
 * @param {string} root
 * @returns {Report | null}
 */
export function readReport(kind, path, root) {
  let json;
  try {
    json = JSON.parse(readFileSync(path, 'utf8'));
  } catch {
    return null;
  }
  return kind === 'vitest' ? vitestReport(json, root) : playwrightReport(json);
}

/**
 * The summary's lines for the failures, indented under a heading; none when nothing failed.
 * @param {Failure[]} failures
 * @returns {string[]}
 */
export function failureLines(failures) {
  if (failures.length === 0) return [];
  const lines = ['', 'Failed'];
  for (const f of failures) {
    lines.push(`  ✗ ${f.name}`);
    for (const line of f.error.split('\n').filter(Boolean)) lines.push(`      ${line}`);
  }
  return lines;
}
