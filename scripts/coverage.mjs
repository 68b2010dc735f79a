// `npm run coverage [-- VITEST_FILTER…]`: the unit and integration tests with coverage of
// src/domain, src/hooks, src/worker, src/demo-library and scripts — vitest's v8 provider for its
// own workers, plus the raw V8 coverage of every process the tests spawn (NODE_V8_COVERAGE: the worker, the CLIs, npm
// start) merged in (scripts/lib/coverage.mjs). Prints a table per folder and the lines and branches no
// test ran; writes coverage/ (vitest/, merged/coverage-final.json, summary.json, uncovered.txt).
// src/web runs in Chromium, outside vitest: the e2e suite covers it. src/hooks counts what its unit
// tests run; the code that runs only inside PocketBase's JS VM (goja) is covered by the integration
// tests, which V8 cannot see, so it shows as not run.
import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { bootstrapForRunner, ROOT } from './bootstrap.mjs';
import { mergeChildCoverage, readChildCoverage, summarize, uncovered } from './lib/coverage.mjs';
import { log, run } from './lib/run.mjs';

const FOLDERS = ['src/domain', 'src/hooks', 'src/worker', 'src/demo-library', 'scripts'];
const OUT = join(ROOT, 'coverage');
const CHILD = join(OUT, 'child');

await bootstrapForRunner('npm run coverage');

rmSync(OUT, { recursive: true, force: true });
mkdirSync(CHILD, { recursive: true });
log('running the unit and integration tests with coverage…');
const code = await run(
  process.execPath,
  [join(ROOT, 'node_modules', 'vitest', 'vitest.mjs'), 'run', '--coverage.enabled', ...process.argv.slice(2)],
  { cwd: ROOT, env: { ...process.env, ADSCOUT_CHILD_COVERAGE_DIR: CHILD } },
);

const vitestMap = JSON.parse(readFileSync(join(OUT, 'vitest', 'coverage-final.json'), 'utf8'));
/** @param {string} path */
const included = (path) => FOLDERS.some((folder) => path.startsWith(join(ROOT, folder) + '/'));
const { merged, items, unmapped } = mergeChildCoverage(vitestMap, readChildCoverage(CHILD, included));
mkdirSync(join(OUT, 'merged'), { recursive: true });
writeFileSync(join(OUT, 'merged', 'coverage-final.json'), JSON.stringify(merged));

/** @param {import('./lib/coverage.mjs').Ratio} m */
const cell = (m) => `${m.pct.toFixed(1)}% (${m.covered}/${m.total})`;
/** @param {import('./lib/coverage.mjs').FolderSummary[]} rows */
const table = (rows) => {
  const header = ['folder', 'files', 'statements', 'branches', 'functions', 'lines'];
  const body = rows.map((r) => [
    r.folder,
    String(r.files),
    cell(r.statements),
    cell(r.branches),
    cell(r.functions),
    cell(r.lines),
  ]);
  const widths = header.map((h, i) => Math.max(h.length, ...body.map((row) => String(row[i]).length)));
  return [header, ...body].map((row) => row.map((c, i) => c.padEnd(widths[i] ?? 0)).join('  ')).join('\n');
};
const vitestOnly = summarize(vitestMap, FOLDERS, ROOT);
const withChildren = summarize(merged, FOLDERS, ROOT);
const gaps = uncovered(merged, FOLDERS, ROOT);
const listing = gaps
  .map((gap) => `${gap.file}\n  lines: ${gap.lines || '—'}\n  branches: ${gap.branches.join(', ') || '—'}`)
  .join('\n');
writeFileSync(
  join(OUT, 'summary.json'),
  JSON.stringify({ vitestOnly, withChildren, uncovered: gaps }, null, 2) + '\n',
);
writeFileSync(join(OUT, 'uncovered.txt'), `${listing}\n`);

console.log(`\nCoverage, vitest workers only:\n${table(vitestOnly)}`);
console.log(
  `\nCoverage with the spawned processes (${items} items counted there, ${unmapped} positions not found in their source maps):\n${table(withChildren)}`,
);
console.log(`\nNot run by any test (also in coverage/uncovered.txt):\n${listing || '  nothing'}`);
process.exit(code);
