// ESLint rule: a module under src/ is there for the product, not for its tests. Test support (a
// server double, a fake) lives in tests/fixtures, which the unit tests beside the code may import
// (docs/architecture.md#layers-and-import-rules).
//
// Whether anything but tests uses a module is a fact of the whole repository, not of one file, so
// the rule builds the import graph once per process: every module of the repository, its imports
// read with TypeScript's import scanner (comments do not count; dynamic imports and
// `new URL('./x.ts', import.meta.url)` workers do). It walks the graph from the entries of src/
// (scripts/lib/entries.mjs) and from every module outside src/ that is not a test (vite.config.ts,
// the scripts, public/'s service-worker scripts), following the imports of modules that are not
// tests. A module of src/ that the walk never reaches is reported: only tests import it, or nothing.
import { createHash } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import ts from 'typescript';
import { srcEntries } from '../scripts/lib/entries.mjs';
import { ROOT } from '../scripts/lib/paths.mjs';

const MODULE_FILE = /\.(?:[cm]?js|tsx?)$/;
/**
 * Folders that hold no module of the graph: installed, built or git-ignored output, and
 * PocketBase's own JavaScript (pb_hooks, pb_migrations), which requires pb_hooks/lib, never src/.
 */
const NOT_SOURCE =
  /^(?:\.git|\.bin|\.tmp|node_modules|dist(?:-.*)?|pb_data|pb_hooks|pb_migrations|coverage|test-results|playwright-report|bench-results)$/;
/** How an import may name a module without its extension, in the order a resolver tries. */
const SUFFIXES = ['', '.ts', '.tsx', '.js', '.mjs', '/index.ts', '/index.tsx'];
const WORKER_URL = /new\s+URL\(\s*(['"])(\.{1,2}\/[^'"]+)\1\s*,\s*import\.meta\.url\s*\)/g;

/**
 * Whether the repository-relative `path` is test code: under tests/, a `*.test.*` file, or a
 * test runner's configuration.
 * @param {string} path
 */
export function isTestModule(path) {
  return (
    path.startsWith('tests/') ||
    /\.test\.[cm]?[jt]sx?$/.test(path) ||
    ['vitest.config.ts', 'playwright.config.ts'].includes(path)
  );
}

/**
 * Every module file under `root`, repository-relative, declarations left out.
 * @param {string} root
 * @param {string} [dir]
 * @param {string[]} [out]
 */
function moduleFiles(root, dir = root, out = []) {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) {
      if (!NOT_SOURCE.test(entry.name)) moduleFiles(root, path, out);
    } else if (MODULE_FILE.test(entry.name) && !entry.name.endsWith('.d.ts')) {
      out.push(relative(root, path).replaceAll('\\', '/'));
    }
  }
  return out;
}

/**
 * The project modules `file` imports, repository-relative: static and dynamic imports, re-exports
 * and worker URLs; packages and files that are not modules (CSS, images) left out.
 * @param {string} root
 * @param {string} file
 * @param {Set<string>} modules
 */
function importsOf(root, file, modules) {
  const text = readFileSync(join(root, file), 'utf8');
  const specifiers = ts.preProcessFile(text, true, true).importedFiles.map((ref) => ref.fileName);
  for (const match of text.matchAll(WORKER_URL)) specifiers.push(/** @type {string} */ (match[2]));
  /** @type {string[]} */
  const targets = [];
  for (const specifier of specifiers) {
    if (!specifier.startsWith('./') && !specifier.startsWith('../')) continue;
    const base = relative(root, resolve(root, dirname(file), specifier.split('?')[0] ?? '')).replaceAll(
      '\\',
      '/',
    );
    const target = SUFFIXES.map((suffix) => base + suffix).find((candidate) => modules.has(candidate));
    if (target) targets.push(target);
  }
  return targets;
}

/**
 * Whether the rule looks at the repository-relative `path`: a module of src/ that is not a test
 * and not a declaration file.
 * @param {string} path
 */
export function isSrcModule(path) {
  return path.startsWith('src/') && MODULE_FILE.test(path) && !path.endsWith('.d.ts') && !isTestModule(path);
}

/**
 * The modules the walk reaches, and what the rule reports, by repository-relative path: each
 * module of src/ that no entry reaches through code that is not a test, with the modules that
 * import it (tests, or modules only tests use; none when nothing imports it).
 * @param {string} root
 * @returns {{ reached: Set<string>; unreached: Map<string, { importers: string[] }> }}
 */
export function moduleGraph(root) {
  const modules = new Set(moduleFiles(root));
  /** @type {Map<string, string[]>} */
  const imports = new Map();
  /** @param {string} file */
  const importsOfFile = (file) => {
    let targets = imports.get(file);
    if (!targets) imports.set(file, (targets = importsOf(root, file, modules)));
    return targets;
  };
  const reached = new Set();
  const pending = [
    ...srcEntries(root),
    ...[...modules].filter((file) => !file.startsWith('src/') && !isTestModule(file)),
  ];
  for (let file = pending.pop(); file !== undefined; file = pending.pop()) {
    if (reached.has(file) || isTestModule(file)) continue;
    reached.add(file);
    if (modules.has(file)) pending.push(...importsOfFile(file));
  }
  /** @type {Map<string, { importers: string[] }>} */
  const unreached = new Map();
  // the tests' imports are read only to name the importers of what the walk left out
  for (const file of [...modules].filter((path) => isSrcModule(path) && !reached.has(path)).sort()) {
    const importers = [...modules].filter((from) => !reached.has(from) && importsOfFile(from).includes(file));
    unreached.set(file, { importers: importers.sort() });
  }
  return { reached, unreached };
}

/** @type {Map<string, ReturnType<typeof moduleGraph>>} */
const byRoot = new Map();

/**
 * moduleGraph(root), built once per process: an ESLint run lints every file against one graph.
 * @param {string} [root]
 */
export function cachedModuleGraph(root = ROOT) {
  let graph = byRoot.get(root);
  if (!graph) byRoot.set(root, (graph = moduleGraph(root)));
  return graph;
}

/**
 * A digest of the findings, which eslint.config.js passes as the rule's option: ESLint's cache
 * (`npm run lint` uses --cache) keeps a file's result while the file and its configuration stay
 * the same, but this rule's verdict on a file changes with the files that import it; a new digest
 * changes every file's configuration, so all are linted again.
 * @param {string} [root]
 */
export function findingsKey(root = ROOT) {
  return createHash('sha256')
    .update(JSON.stringify([...cachedModuleGraph(root).unreached]))
    .digest('hex')
    .slice(0, 16);
}

/** @type {import('eslint').Rule.RuleModule} */
export const noTestOnlyModules = {
  meta: {
    type: 'problem',
    docs: { description: 'Refuse a module under src/ that only tests import (docs/architecture.md)' },
    schema: [
      {
        type: 'object',
        properties: { cacheKey: { type: 'string' } },
        additionalProperties: false,
      },
    ],
    messages: {
      testOnly:
        '{{file}} is used only by tests (imported by {{importers}}): test support lives in tests/fixtures, which unit tests may import.',
      unused:
        'Nothing imports {{file}}: no entry of src/ (scripts/lib/entries.mjs) and no script reaches it; remove it, or move it to tests/fixtures if it is test support.',
    },
  },
  create(context) {
    const file = relative(ROOT, context.filename).replaceAll('\\', '/');
    const graph = cachedModuleGraph();
    if (!isSrcModule(file) || graph.reached.has(file)) return {};
    const importers = graph.unreached.get(file)?.importers ?? [];
    return {
      Program(node) {
        context.report(
          importers.length > 0
            ? { node, messageId: 'testOnly', data: { file, importers: importers.join(', ') } }
            : { node, messageId: 'unused', data: { file } },
        );
      },
    };
  },
};
