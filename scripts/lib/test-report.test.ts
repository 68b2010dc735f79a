import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { failureLines, playwrightReport, readReport, vitestReport } from './test-report.mjs';

const ROOT = '/repo';

describe('vitestReport', () => {
  it('names each failed test with its file and the first lines of its error, colours removed', () => {
    const report = vitestReport(
      {
        numPassedTests: 3,
        numFailedTests: 1,
        testResults: [
          {
            name: '/repo/tests/integration/a.test.ts',
            status: 'failed',
            assertionResults: [
              { status: 'passed', fullName: 'a passes' },
              {
                status: 'failed',
                fullName: 'a group a fails',
                failureMessages: [
                  '\u001b[31mAssertionError: expected 1 to be 2\u001b[39m\n\n' + 'x\n'.repeat(20),
                ],
              },
            ],
          },
          {
            name: '/repo/src/b.test.ts',
            status: 'passed',
            assertionResults: [{ status: 'passed', fullName: 'b' }],
          },
        ],
      },
      ROOT,
    );
    expect(report.passed).toBe(3);
    expect(report.failed).toBe(1);
    expect(report.failures).toHaveLength(1);
    expect(report.failures[0]!.name).toBe('tests/integration/a.test.ts › a group a fails');
    expect(report.failures[0]!.error.split('\n')[0]).toBe('AssertionError: expected 1 to be 2');
    expect(report.failures[0]!.error.split('\n').length).toBeLessThanOrEqual(6);
  });

  it('names a file that failed outside its tests', () => {
    const report = vitestReport(
      {
        numPassedTests: 0,
        numFailedTests: 0,
        testResults: [
          {
            name: '/repo/c.test.ts',
            status: 'failed',
            message: 'Error: hook timed out',
            assertionResults: [],
          },
        ],
      },
      ROOT,
    );
    expect(report.failures).toEqual([{ name: 'c.test.ts', error: 'Error: hook timed out' }]);
  });
});

describe('playwrightReport', () => {
  it('names failed and flaky tests with their describe titles, and errors outside any test', () => {
    const test = (status: string, message?: string) => ({
      status,
      results: message
        ? [{ status: 'failed', errors: [{ message }] }, { status: 'passed' }]
        : [{ status: 'passed' }],
    });
    const report = playwrightReport({
      stats: { expected: 5, unexpected: 1, flaky: 1 },
      errors: [{ message: 'global setup failed' }],
      suites: [
        {
          title: 'x.e2e.ts',
          file: 'x.e2e.ts',
          specs: [{ title: 'ok', file: 'x.e2e.ts', tests: [test('expected')] }],
          suites: [
            {
              title: 'on a phone',
              file: 'x.e2e.ts',
              specs: [
                { title: 'fits', file: 'x.e2e.ts', tests: [test('unexpected', 'Timed out 5000ms')] },
                { title: 'menu', file: 'x.e2e.ts', tests: [test('flaky', 'expect(locator).toBeVisible()')] },
              ],
            },
          ],
        },
      ],
    });
    expect(report.passed).toBe(5);
    expect(report.failed).toBe(2);
    expect(report.failures).toEqual([
      { name: 'x.e2e.ts › on a phone › fits', error: 'Timed out 5000ms' },
      {
        name: 'x.e2e.ts › on a phone › menu (flaky: passed on a retry)',
        error: 'expect(locator).toBeVisible()',
      },
      { name: 'outside any test', error: 'global setup failed' },
    ]);
  });
});

describe('readReport and failureLines', () => {
  const dir = mkdtempSync(join(tmpdir(), 'adscout-report-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('reads a report from disk, and is null without one', () => {
    const path = join(dir, 'vitest-report.json');
    writeFileSync(path, JSON.stringify({ numPassedTests: 2, numFailedTests: 0, testResults: [] }));
    expect(readReport('vitest', path, ROOT)).toEqual({ passed: 2, failed: 0, failures: [] });
    expect(readReport('playwright', join(dir, 'missing.json'), ROOT)).toBeNull();
  });

  it('prints nothing without failures, and each failure indented under a heading', () => {
    expect(failureLines([])).toEqual([]);
    expect(failureLines([{ name: 'a › b', error: 'Error: one\nat two' }])).toEqual([
      '',
      'Failed',
      '  ✗ a › b',
      '      Error: one',
      '      at two',
    ]);
  });
});
