// `npm test`: installs what is missing, then runs every check — the hooks bundles' freshness check,
// type check, lint and format check, unit and integration tests (real PocketBase), and the
// end-to-end tests in Chromium — and prints one closing line 'tests: N passed, N failed'.
import { existsSync, mkdirSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { bootstrap, ROOT, useBinaries } from './bootstrap.mjs';
import { log, messageOf, run } from './lib/run.mjs';
import { failureLines, readReport } from './lib/test-report.mjs';

/** @param {string} pkg @param {string} file */
const bin = (pkg, file) => join(ROOT, 'node_modules', pkg, file);
const node = process.execPath;

/**
 * A stage: one command; `report` names the JSON report it leaves its test counts in.
 * @typedef {{ name: string; cmd: string; args: string[]; report?: 'vitest' | 'playwright' }} Stage
 */

/** @type {Stage[]} */
const STAGES = [
  { name: 'hooks bundles are fresh', cmd: node, args: [join(ROOT, 'scripts', 'build-hooks.mjs'), '--check'] },
  ...['domain', 'web', 'worker', 'demo-library', 'hooks', 'tests', 'scripts'].map((target) => ({
    name: `type check (${target})`,
    cmd: node,
    args: [bin('typescript', 'bin/tsc'), '-p', `tsconfig.${target}.json`],
  })),
  { name: 'lint', cmd: node, args: [bin('eslint', 'bin/eslint.js'), '.', '--max-warnings=0'] },
  {
    name: 'format',
    cmd: node,
    args: [bin('prettier', 'bin/prettier.cjs'), '--check', '--log-level', 'warn', '.'],
  },
  {
    name: 'unit and integration tests',
    cmd: node,
    args: [
      bin('vitest', 'vitest.mjs'),
      'run',
      '--reporter=default',
      '--reporter=json',
      '--outputFile.json=test-results/vitest-report.json',
    ],
    report: 'vitest',
  },
  {
    name: 'end-to-end tests (Chromium)',
    cmd: node,
    args: [bin('@playwright/test', 'cli.js'), 'test'],
    report: 'playwright',
  },
];

/** @param {Stage['report']} report */
const reportPath = (report) =>
  join(ROOT, 'test-results', report === 'vitest' ? 'vitest-report.json' : 'e2e-report.json');

async function main() {
  const started = Date.now();
  try {
    // The hooks bundle is checked, not regenerated: a stale committed bundle must fail here.
    const result = await bootstrap({ stripeMock: true, hooksBundle: false });
    useBinaries(result);
    log(`setup done in ${result.seconds.toFixed(1)} s`);
  } catch (error) {
    console.error(`\n[adscout] npm test could not set up: ${messageOf(error)}`);
    console.log('tests: 0 passed, 1 failed');
    process.exit(1);
  }

  rmSync(join(ROOT, 'test-results'), { recursive: true, force: true });
  mkdirSync(join(ROOT, 'test-results'), { recursive: true });
  const results = [];
  let passed = 0;
  let failed = 0;
  /** @type {import('./lib/test-report.mjs').Failure[]} */
  const failures = [];
  for (const stage of STAGES) {
    log(`▶ ${stage.name}`);
    const t0 = Date.now();
    const code = await run(stage.cmd, stage.args, { cwd: ROOT, env: { ...process.env, FORCE_COLOR: '1' } });
    const seconds = (Date.now() - t0) / 1000;
    const c = stage.report ? readReport(stage.report, reportPath(stage.report), ROOT) : null;
    if (c) {
      passed += c.passed;
      failed += c.failed;
      failures.push(...c.failures);
    } else if (code === 0) {
      passed += 1;
    }
    // a stage that failed without reporting failed tests (a crash, a type error) counts as one
    if (code !== 0 && (!c || c.failed === 0)) {
      failed += 1;
      if (!c?.failures.length)
        failures.push({ name: stage.name, error: `exited with code ${code}; its output is above` });
    }
    results.push({ name: stage.name, ok: code === 0, seconds, counts: c });
  }

  console.log('\nSummary');
  for (const r of results) {
    const detail = r.counts ? ` (${r.counts.passed} passed, ${r.counts.failed} failed)` : '';
    console.log(`  ${r.ok ? '✓' : '✗'} ${r.name}${detail} — ${r.seconds.toFixed(1)} s`);
  }
  console.log(`  total ${((Date.now() - started) / 1000).toFixed(1)} s`);
  if (existsSync(join(ROOT, 'test-results', 'e2e'))) console.log('  e2e artifacts: test-results/e2e/');
  for (const line of failureLines(failures)) console.log(line);
  console.log(`tests: ${passed} passed, ${failed} failed`);
  process.exit(results.every((r) => r.ok) ? 0 : 1);
}

main();
