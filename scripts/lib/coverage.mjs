// Coverage of the processes that tests spawn, merged into vitest's (for `npm run coverage`).
//
// Vitest's v8 provider sees only its own workers. The worker, the CLIs and `npm start` run in
// processes of their own, which write raw V8 coverage into NODE_V8_COVERAGE. Those counts are
// projected onto vitest's istanbul map of the same file, so that totals keep vitest's statements,
// branches and functions: each item's original position goes through the process's source map
// (tsx's, kept by Node in 'source-map-cache'; plain .mjs runs as written) to an offset in the
// code that ran, and takes the count of the innermost V8 block range around that offset.
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import {
  GREATEST_LOWER_BOUND,
  LEAST_UPPER_BOUND,
  TraceMap,
  generatedPositionFor,
} from '@jridgewell/trace-mapping';
import ts from 'typescript';

/** @typedef {{ line: number; column: number }} Position */

/**
 * One file's istanbul coverage (coverage-final.json's values).
 * @typedef {object} FileCoverage
 * @property {string} path
 * @property {Record<string, { start: Position; end: unknown }>} statementMap
 * @property {Record<string, { name: string; decl: unknown; loc: { start: Position }; line: number }>} fnMap
 * @property {Record<string, { type: string; loc: { start: Position }; locations: Array<{ start: Partial<Position>; end: object }> }>} branchMap
 * @property {Record<string, number>} s
 * @property {Record<string, number>} f
 * @property {Record<string, number[]>} b
 */

/** @typedef {Record<string, FileCoverage>} CoverageMap */

/**
 * One process's V8 coverage of one script, with the source map Node kept for it (tsx's).
 * @typedef {object} ChildScript
 * @property {string} url
 * @property {Array<{ ranges: Array<{ startOffset: number; endOffset: number; count: number }> }>} functions
 * @property {import('@jridgewell/trace-mapping').SourceMapInput} [sourceMap]
 * @property {number[]} [lineLengths]
 */

/** @typedef {{ covered: number; total: number; pct: number }} Ratio */

/**
 * @typedef {object} FolderSummary
 * @property {string} folder
 * @property {number} files
 * @property {Ratio} statements
 * @property {Ratio} branches
 * @property {Ratio} functions
 * @property {Ratio} lines
 */

/**
 * Offsets of each line's first character in a text whose lines have these lengths.
 * @param {number[]} lengths
 */
function lineStarts(lengths) {
  const starts = [0];
  for (const length of lengths) starts.push(/** @type {number} */ (starts.at(-1)) + length + 1);
  return starts;
}

/**
 * The spawned processes' coverage of the files `wanted(path)` accepts: path → [script coverage].
 * @param {string} dir
 * @param {(path: string) => boolean} wanted
 * @returns {Map<string, ChildScript[]>}
 */
export function readChildCoverage(dir, wanted) {
  /** @type {Map<string, ChildScript[]>} */
  const byPath = new Map();
  let files;
  try {
    files = readdirSync(dir).filter((name) => name.endsWith('.json'));
  } catch {
    return byPath;
  }
  for (const name of files) {
    let raw;
    try {
      raw = JSON.parse(readFileSync(join(dir, name), 'utf8'));
    } catch {
      continue; // a process killed while writing leaves a partial file
    }
    const maps = raw['source-map-cache'] ?? {};
    for (const script of raw.result ?? []) {
      if (!script.url.startsWith('file://')) continue;
      const path = fileURLToPath(script.url);
      if (!wanted(path)) continue;
      const cached = maps[script.url];
      const list = byPath.get(path) ?? [];
      list.push({
        url: script.url,
        functions: script.functions,
        sourceMap: cached?.data,
        lineLengths: cached?.lineLengths,
      });
      byPath.set(path, list);
    }
  }
  return byPath;
}

/**
 * Where each `if` of a source sends control: 'line:column' of the if → then/else positions.
 * @param {string} path
 * @param {string} text
 */
function ifArms(path, text) {
  const kind = /\.m?js$/.test(path) ? ts.ScriptKind.JS : ts.ScriptKind.TS;
  const source = ts.createSourceFile(path, text, ts.ScriptTarget.Latest, true, kind);
  /** @param {import('typescript').Node} node @returns {Position} */
  const position = (node) => {
    const { line, character } = source.getLineAndCharacterOfPosition(node.getStart(source));
    return { line: line + 1, column: character };
  };
  /** @type {Map<string, { then: Position; else: Position | null }>} */
  const arms = new Map();
  /** @param {import('typescript').Node} node */
  const visit = (node) => {
    if (ts.isIfStatement(node)) {
      const at = position(node);
      arms.set(`${at.line}:${at.column}`, {
        then: position(node.thenStatement),
        else: node.elseStatement ? position(node.elseStatement) : null,
      });
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return arms;
}

/**
 * Counts of one process's run of one file, looked up by original position.
 * @param {ChildScript} script
 * @param {string} originalText
 * @returns {(position: Partial<Position> | undefined) => number | null}
 */
function scriptCounter(script, originalText) {
  const ranges = script.functions.flatMap((fn) => fn.ranges);
  /** @type {(position: Position) => number | null | undefined} */
  let toOffset;
  if (script.sourceMap && script.lineLengths) {
    const map = new TraceMap(script.sourceMap);
    const source =
      map.sources.find((s) => s && s.endsWith(script.url.replace(/^file:\/\//, ''))) ?? map.sources[0] ?? '';
    const starts = lineStarts(script.lineLengths);
    toOffset = ({ line, column }) => {
      for (const bias of /** @type {const} */ ([LEAST_UPPER_BOUND, GREATEST_LOWER_BOUND])) {
        const generated = generatedPositionFor(map, { source, line, column, bias });
        if (generated.line !== null)
          return /** @type {number} */ (starts[generated.line - 1]) + generated.column;
      }
      return null;
    };
  } else {
    const starts = lineStarts(originalText.split('\n').map((l) => l.length));
    toOffset = ({ line, column }) => /** @type {number} */ (starts[line - 1]) + column;
  }
  return (position) => {
    if (!position || position.line === undefined || position.column === undefined) return null;
    const offset = toOffset({ line: position.line, column: position.column });
    if (offset === null || offset === undefined) return null;
    /** @type {ChildScript['functions'][number]['ranges'][number] | null} */
    let best = null;
    for (const range of ranges) {
      if (range.startOffset <= offset && offset < range.endOffset) {
        if (!best || range.endOffset - range.startOffset < best.endOffset - best.startOffset) best = range;
      }
    }
    return best ? best.count : null;
  };
}

/**
 * Adds the spawned processes' counts to a copy of vitest's istanbul coverage (coverage-final.json
 * content). Returns the merged map and how many items got counts from spawned processes.
 * @param {CoverageMap} vitestMap
 * @param {Map<string, ChildScript[]>} childByPath
 * @returns {{ merged: CoverageMap; items: number; unmapped: number }}
 */
export function mergeChildCoverage(vitestMap, childByPath) {
  const merged = structuredClone(vitestMap);
  let items = 0;
  let unmapped = 0;
  for (const [path, scripts] of childByPath) {
    const file = merged[path];
    if (!file) continue;
    const text = readFileSync(path, 'utf8');
    const arms = ifArms(path, text);
    for (const script of scripts) {
      const count = scriptCounter(script, text);
      /** @param {Record<string, number>} hits @param {string} key @param {number | null} value */
      const add = (hits, key, value) => {
        if (value === null) unmapped++;
        else if (value > 0) {
          hits[key] = (hits[key] ?? 0) + value;
          items++;
        }
      };
      for (const [id, loc] of Object.entries(file.statementMap)) add(file.s, id, count(loc.start));
      for (const [id, fn] of Object.entries(file.fnMap)) add(file.f, id, count(fn.loc.start));
      for (const [id, branch] of Object.entries(file.branchMap)) {
        const hits = file.b[id] ?? [];
        /** @param {number} index @param {number | null} value */
        const arm = (index, value) => {
          if (value === null) unmapped++;
          else if (value > 0) {
            hits[index] = (hits[index] ?? 0) + value;
            items++;
          }
        };
        if (branch.type === 'if') {
          const where = arms.get(`${branch.loc.start.line}:${branch.loc.start.column}`);
          if (!where) {
            unmapped++;
            continue;
          }
          const taken = count(where.then);
          arm(0, taken);
          if (where.else) arm(1, count(where.else));
          else {
            const reached = count(branch.loc.start);
            arm(1, reached === null || taken === null ? null : Math.max(0, reached - taken));
          }
        } else {
          branch.locations.forEach((location, index) => arm(index, count(location.start)));
        }
      }
    }
  }
  return { merged, items, unmapped };
}

/** @param {number} covered @param {number} total @returns {Ratio} */
function ratio(covered, total) {
  return { covered, total, pct: total === 0 ? 100 : (100 * covered) / total };
}

/**
 * Line hits as istanbul derives them: each statement's start line takes its highest count.
 * @param {FileCoverage} file
 * @returns {Map<number, number>}
 */
export function lineHits(file) {
  /** @type {Map<number, number>} */
  const lines = new Map();
  for (const [id, loc] of Object.entries(file.statementMap)) {
    const line = loc.start.line;
    lines.set(line, Math.max(lines.get(line) ?? 0, file.s[id] ?? 0));
  }
  return lines;
}

/**
 * Statements, branches, functions and lines covered for the files under each folder.
 * @param {CoverageMap} map
 * @param {string[]} folders
 * @param {string} root
 * @returns {FolderSummary[]}
 */
export function summarize(map, folders, root) {
  const rows = [];
  for (const folder of folders) {
    const files = Object.values(map).filter((file) => file.path.startsWith(join(root, folder) + '/'));
    /** @param {(file: FileCoverage) => number[]} pick */
    const count = (pick) => {
      let covered = 0;
      let total = 0;
      for (const file of files) {
        for (const value of pick(file)) {
          total++;
          if (value > 0) covered++;
        }
      }
      return ratio(covered, total);
    };
    rows.push({
      folder,
      files: files.length,
      statements: count((file) => Object.values(file.s)),
      branches: count((file) => Object.values(file.b).flat()),
      functions: count((file) => Object.values(file.f)),
      lines: count((file) => [...lineHits(file).values()]),
    });
  }
  return rows;
}

/**
 * '12-14, 20' from [12, 13, 14, 20].
 * @param {number[]} numbers
 */
function ranges(numbers) {
  const out = [];
  for (let i = 0; i < numbers.length; i++) {
    let j = i;
    while (j + 1 < numbers.length && numbers[j + 1] === /** @type {number} */ (numbers[j]) + 1) j++;
    out.push(i === j ? `${numbers[i]}` : `${numbers[i]}-${numbers[j]}`);
    i = j;
  }
  return out.join(', ');
}

/**
 * Per file under `folders`: the lines no test ran and the branch arms no test took.
 * @param {CoverageMap} map
 * @param {string[]} folders
 * @param {string} root
 * @returns {Array<{ file: string; lines: string; branches: string[] }>}
 */
export function uncovered(map, folders, root) {
  const out = [];
  for (const file of Object.values(map).sort((a, b) => a.path.localeCompare(b.path))) {
    const shown = relative(root, file.path);
    if (!folders.some((folder) => shown.startsWith(`${folder}/`))) continue;
    const lines = [...lineHits(file)].filter(([, hits]) => hits === 0).map(([line]) => line);
    /** @type {string[]} */
    const arms = [];
    for (const [id, branch] of Object.entries(file.branchMap)) {
      (file.b[id] ?? []).forEach((hits, index) => {
        if (hits > 0) return;
        const at = branch.locations[index]?.start?.line ?? branch.loc.start.line;
        arms.push(`${at} (${branch.type}${branch.locations.length > 1 ? ` #${index + 1}` : ''})`);
      });
    }
    if (lines.length || arms.length)
      out.push({ file: shown, lines: ranges(lines.sort((a, b) => a - b)), branches: arms });
  }
  return out;
}
