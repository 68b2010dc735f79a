import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, dirname, join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { mergeChildCoverage, readChildCoverage, summarize, uncovered } from './coverage.mjs';
import { ROOT } from './stack.mjs';

const dir = mkdtempSync(join(tmpdir(), 'adscout-coverage-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

interface Position {
  line: number;
  column: number;
}

/** Where `needle` (the `nth` one) starts in `source`, as istanbul writes positions. */
function at(source: string, needle: string, nth = 1): Position {
  let index = -1;
  for (let i = 0; i < nth; i++) index = source.indexOf(needle, index + 1);
  if (index < 0) throw new Error(`no ${needle} in the fixture`);
  const before = source.slice(0, index).split('\n');
  return { line: before.length, column: before[before.length - 1]!.length };
}

const span = (start: Position) => ({ start, end: { line: start.line, column: null } });

/**
 * The istanbul map vitest's v8 provider makes of the fixture (its conventions: an `if` branch is
 * located at the statement, with an empty location for a missing else), all counts zero.
 */
function vitestMap(path: string, source: string) {
  return {
    [path]: {
      path,
      statementMap: {
        0: span(at(source, 'if (n > 0)')),
        1: span(at(source, "return 'positive'")),
        2: span(at(source, 'return n < 0')),
        3: span(at(source, 'console.log')),
      },
      fnMap: { 0: { name: 'sign', decl: span(at(source, 'sign')), loc: span(at(source, '{')), line: 1 } },
      branchMap: {
        0: {
          type: 'if',
          loc: span(at(source, 'if (n > 0)')),
          locations: [span(at(source, 'if (n > 0)')), { start: {}, end: {} }],
        },
        1: {
          type: 'cond-expr',
          loc: span(at(source, 'n < 0 ?')),
          locations: [span(at(source, "'negative'")), span(at(source, "'zero'"))],
        },
      },
      s: { 0: 0, 1: 0, 2: 0, 3: 0 },
      f: { 0: 0 },
      b: { 0: [0, 0], 1: [0, 0] },
    },
  };
}

/** Runs `file` in a process of its own with NODE_V8_COVERAGE, as the tests' processes run. */
function runWithCoverage(file: string, source: string, args: string[]): string {
  writeFileSync(file, source);
  const coverageDir = `${file}.coverage`;
  const result = spawnSync(process.execPath, [...args, file], {
    cwd: ROOT,
    env: { ...process.env, NODE_V8_COVERAGE: coverageDir },
    encoding: 'utf8',
  });
  expect(result.stdout.trim()).toBe('positive negative');
  return coverageDir;
}

const BODY = `{
  if (n > 0) return 'positive';
  return n < 0 ? 'negative' : 'zero';
}
console.log(sign(1), sign(-1));
`;

describe('the coverage of spawned processes, merged into vitest’s map', () => {
  for (const [kind, name, header, args] of [
    [
      'TypeScript run through tsx (source-mapped)',
      'fixture.ts',
      'export function sign(n: number): string ',
      ['--import', 'tsx'],
    ],
    ['plain JavaScript (as it is written)', 'fixture.mjs', 'export function sign(n) ', []],
  ] as const) {
    it(`counts statements, functions and both arms of each branch: ${kind}`, () => {
      const file = join(dir, name);
      const source = header + BODY;
      const coverageDir = runWithCoverage(file, source, [...args]);
      const child = readChildCoverage(coverageDir, (path: string) => path === file);
      expect([...child.keys()]).toEqual([file]);

      const { merged } = mergeChildCoverage(vitestMap(file, source), child);
      const result = merged[file]!;
      expect(result.s).toEqual({ 0: 2, 1: 1, 2: 1, 3: 1 });
      expect(result.f).toEqual({ 0: 2 });
      // if: the then arm once, the missing else once (reached twice); ?: 'negative' once, 'zero' never
      expect(result.b).toEqual({ 0: [1, 1], 1: [1, 0] });

      const [root, folder] = [dirname(dir), basename(dir)];
      expect(uncovered(merged, [folder], root)).toEqual([
        { file: `${folder}/${name}`, lines: '', branches: ['3 (cond-expr #2)'] },
      ]);
      const [row] = summarize(merged, [folder], root);
      expect(row).toMatchObject({
        files: 1,
        statements: { covered: 4, total: 4 },
        branches: { covered: 3, total: 4 },
        functions: { covered: 1, total: 1 },
        lines: { covered: 3, total: 3 },
      });
    });
  }

  it('skips a half-written coverage file, and counts what it cannot place instead of guessing', () => {
    const file = join(dir, 'placed.ts');
    const source = `export function sign(n: number): string ${BODY}`;
    const coverageDir = runWithCoverage(file, source, ['--import', 'tsx']);
    writeFileSync(join(coverageDir, 'coverage-killed-mid-write.json'), '{"result": [');
    const child = readChildCoverage(coverageDir, (path: string) => path === file);
    expect(child.get(file)).toHaveLength(1);

    const map = vitestMap(file, source);
    const entry = map[file]!;
    // a statement on a line the run never had, and an `if` the source does not have there
    Object.assign(entry.statementMap, { 4: span({ line: 50, column: 0 }) });
    Object.assign(entry.s, { 4: 0 });
    Object.assign(entry.branchMap, {
      2: {
        type: 'if',
        loc: span({ line: 5, column: 3 }),
        locations: [span({ line: 5, column: 3 }), { start: {}, end: {} }],
      },
    });
    Object.assign(entry.b, { 2: [0, 0] });
    const { merged, unmapped } = mergeChildCoverage(map, child);
    expect(unmapped).toBe(2);
    expect(merged[file]!.s[4]).toBe(0);
    expect(merged[file]!.b[2]).toEqual([0, 0]);
  });

  it('lists runs of uncovered lines as ranges', () => {
    const file = join(dir, 'never.ts');
    const [root, folder] = [dirname(dir), basename(dir)];
    const map = vitestMap(file, `export function sign(n: number): string ${BODY}`);
    expect(uncovered(map, [folder], root)).toEqual([
      {
        file: `${folder}/never.ts`,
        lines: '2-3, 5',
        branches: ['2 (if #1)', '2 (if #2)', '3 (cond-expr #1)', '3 (cond-expr #2)'],
      },
    ]);
  });

  it('leaves files no spawned process ran as vitest counted them', () => {
    const map = vitestMap('/nowhere/x.ts', `export function sign(n) ${BODY}`);
    expect(mergeChildCoverage(map, new Map()).merged).toEqual(map);
    expect(readChildCoverage(join(dir, 'missing'), () => true).size).toBe(0);
  });
});
