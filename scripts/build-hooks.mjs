// Builds the hooks' TypeScript (src/hooks/<area>/) into pb_hooks/lib/ for PocketBase's JS VM
// (goja: CommonJS, ES2017, no Node): one tree-shaken bundle per area, `<area>.js`, and one
// `domain.js` holding exactly the src/domain exports the areas import, once, and those the
// registrations (pb_hooks/*.pb.js) read from it: the route table and the collections
// (src/domain/api). An area's imports of src/domain and of another area's index.ts become
// require()s of those bundles at run time.
//
//   node scripts/build-hooks.mjs            write pb_hooks/lib/*.js (and remove stale files there)
//   node scripts/build-hooks.mjs --check    exit 1 when the committed files differ from a fresh build
//   node scripts/build-hooks.mjs --staged   build from the git index, write and stage pb_hooks/lib
//                                           (the pre-commit hook: package.json, lint-staged)
//   node scripts/build-hooks.mjs --types    refresh src/hooks/types/pocketbase-jsvm.d.ts from .bin/pocketbase
import { execFileSync } from 'node:child_process';
import {
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  realpathSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import { dirname, join, relative, resolve, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';
import ts from 'typescript';
import { HOOKS_DIR, hookAreas } from './lib/entries.mjs';
import { HOOKS_TYPES, pocketBaseTypes } from './lib/hooks-types.mjs';
import { ROOT } from './lib/paths.mjs';

const DOMAIN_DIR = 'src/domain';
/** The registrations' folder (*.pb.js); they may read from lib/domain.js what this module exports. */
const REGISTRATIONS_DIR = 'pb_hooks';
const REGISTRATION_DOMAIN = join(DOMAIN_DIR, 'api', 'index.ts');
export const HOOKS_LIB_DIR = join(ROOT, 'pb_hooks', 'lib');
/** The shared bundle of src/domain exports. */
const DOMAIN_BUNDLE = 'domain';
/** Everything generated together stays under this (docs/architecture.md#the-hooks-bundles). */
export const HOOKS_BUDGET_BYTES = 345 * 1024;

const EXTERNAL = 'adscout-hooks:';

/**
 * The TypeScript sources under `dir`, tests and declarations left out, sorted.
 * @param {string} dir
 * @param {string[]} [out]
 */
function listTs(dir, out = []) {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) listTs(path, out);
    else if (/\.ts$/.test(entry.name) && !/\.(test|d)\.ts$/.test(entry.name)) out.push(path);
  }
  return out.sort();
}

/** @param {string} dir @param {string} path */
const inside = (dir, path) => path === dir || path.startsWith(dir + sep);

/**
 * The src/domain exports the hooks use: the value imports of every src/hooks file, by domain
 * module. Type-only imports vanish at build time and are left out.
 * @param {string} [root] the repository, or a checkout of its sources (buildStagedHooks)
 * @returns {Map<string, Set<string>>}
 */
export function domainImports(root = ROOT) {
  const domainSrc = join(root, DOMAIN_DIR);
  /** @type {Map<string, Set<string>>} */
  const byModule = new Map();
  for (const file of listTs(join(root, HOOKS_DIR))) {
    const source = ts.createSourceFile(file, readFileSync(file, 'utf8'), ts.ScriptTarget.Latest);
    for (const statement of source.statements) {
      if (!ts.isImportDeclaration(statement) && !ts.isExportDeclaration(statement)) continue;
      if (!statement.moduleSpecifier || !ts.isStringLiteral(statement.moduleSpecifier)) continue;
      const target = resolve(dirname(file), statement.moduleSpecifier.text);
      if (!inside(domainSrc, target)) continue;
      const where = relative(root, file);
      const clause = ts.isImportDeclaration(statement) ? statement.importClause : statement;
      if (!clause || clause.isTypeOnly) continue;
      const bindings = ts.isImportDeclaration(statement)
        ? statement.importClause?.namedBindings
        : statement.exportClause;
      if (!bindings || (ts.isImportDeclaration(statement) && statement.importClause?.name)) {
        throw new Error(`${where}: import src/domain by name ({ a, b }), not as a default or namespace`);
      }
      if (!ts.isNamedImports(bindings) && !ts.isNamedExports(bindings)) {
        throw new Error(`${where}: import src/domain by name ({ a, b }), not as a namespace`);
      }
      const names = byModule.get(target) ?? new Set();
      for (const element of bindings.elements) {
        if (!element.isTypeOnly) names.add((element.propertyName ?? element.name).text);
      }
      byModule.set(target, names);
    }
  }
  return byModule;
}

/**
 * The names pb_hooks/*.pb.js read from lib/domain.js: `const { A, B: b } = require(…domain.js)`
 * or `require(…domain.js).A`; any other use of that require is an error.
 * @param {string} [root] the repository, or a checkout of its sources (buildStagedHooks)
 * @returns {Set<string>}
 */
export function registrationDomainNames(root = ROOT) {
  const dir = join(root, REGISTRATIONS_DIR);
  /** @type {Set<string>} */
  const names = new Set();
  for (const name of readdirSync(dir)
    .filter((file) => file.endsWith('.pb.js'))
    .sort()) {
    const text = readFileSync(join(dir, name), 'utf8');
    const source = ts.createSourceFile(name, text, ts.ScriptTarget.Latest, true, ts.ScriptKind.JS);
    /** @param {ts.Node} node */
    const visit = (node) => {
      if (
        ts.isCallExpression(node) &&
        ts.isIdentifier(node.expression) &&
        node.expression.text === 'require' &&
        node.arguments[0]?.getText(source).endsWith(`/lib/${DOMAIN_BUNDLE}.js\``)
      ) {
        const { parent } = node;
        if (ts.isPropertyAccessExpression(parent)) names.add(parent.name.text);
        else if (ts.isVariableDeclaration(parent) && ts.isObjectBindingPattern(parent.name)) {
          for (const element of parent.name.elements) {
            const imported = element.propertyName ?? element.name;
            if (!ts.isIdentifier(imported)) throw new Error(`pb_hooks/${name}: read lib/domain.js by name`);
            names.add(imported.text);
          }
        } else {
          throw new Error(
            `pb_hooks/${name}: read lib/domain.js by name (const { A } = require(…) or require(…).A)`,
          );
        }
      }
      ts.forEachChild(node, visit);
    };
    visit(source);
  }
  return names;
}

/** @type {import('esbuild').BuildOptions} */
const BASE = {
  bundle: true,
  format: 'cjs',
  platform: 'neutral',
  target: 'es2017',
  legalComments: 'none',
  write: false,
  logLevel: 'silent',
};

/**
 * The text of the one file a build made in memory (`write: false`).
 * @param {{ outputFiles?: import('esbuild').OutputFile[] }} result
 */
function outputText(result) {
  const [file] = result.outputFiles ?? [];
  if (!file) throw new Error('esbuild made no output file');
  return file.text;
}

/**
 * Area imports become externals that are rewritten into require()s of the generated files.
 * @param {string} area
 * @param {string} root
 * @returns {import('esbuild').Plugin}
 */
function areaPlugin(area, root) {
  const hooksSrc = join(root, HOOKS_DIR);
  const domainSrc = join(root, DOMAIN_DIR);
  return {
    name: 'adscout-hooks-areas',
    setup(builder) {
      builder.onResolve({ filter: /.*/ }, (args) => {
        if (args.kind === 'entry-point') return undefined;
        if (!args.path.startsWith('.')) {
          return { errors: [{ text: `src/hooks imports src/domain only, not the package "${args.path}"` }] };
        }
        const target = resolve(args.resolveDir, args.path);
        if (inside(domainSrc, target)) return { path: EXTERNAL + DOMAIN_BUNDLE, external: true };
        if (!inside(hooksSrc, target)) {
          return { errors: [{ text: `src/hooks imports src/domain only, not ${relative(root, target)}` }] };
        }
        const [other, ...rest] = relative(hooksSrc, target).split(sep);
        if (other === area) return undefined;
        if (rest.join('/') !== 'index.ts') {
          return {
            errors: [{ text: `import another area through its index.ts: src/hooks/${other}/index.ts` }],
          };
        }
        return { path: EXTERNAL + other, external: true };
      });
    },
  };
}

/** @param {string} from */
function header(from) {
  return `// GENERATED by scripts/build-hooks.mjs from ${from} — do not edit; run \`npm run build:hooks\`.\n`;
}

/**
 * goja resolves require() paths against the working directory: name the hooks dir instead.
 * @param {string} code
 */
function linkRequires(code) {
  return code.replace(
    new RegExp(`require\\("${EXTERNAL}([a-z0-9-]+)"\\)`, 'g'),
    (_, /** @type {string} */ name) => `require(\`\${__hooks}/lib/${name}.js\`)`,
  );
}

/**
 * Every generated file, by name in pb_hooks/lib, with its content.
 * @param {string} [root] the repository, or a checkout of its sources (buildStagedHooks)
 * @returns {Promise<Map<string, string>>}
 */
export async function buildHooks(root = ROOT) {
  // esbuild resolves imports from the real path, which areaPlugin compares with these folders
  root = realpathSync(root);
  const domainSrc = join(root, DOMAIN_DIR);
  /** @type {Map<string, string>} */
  const files = new Map();
  const imports = domainImports(root);
  // what the registrations read and no area imports comes from src/domain/api
  const imported = new Set([...imports.values()].flatMap((names) => [...names]));
  const registrationNames = [...registrationDomainNames(root)].filter((name) => !imported.has(name));
  if (registrationNames.length > 0) {
    const registrationDomain = join(root, REGISTRATION_DOMAIN);
    const names = imports.get(registrationDomain) ?? new Set();
    for (const name of registrationNames) names.add(name);
    imports.set(registrationDomain, names);
  }
  const entry = [...imports]
    .filter(([, names]) => names.size > 0)
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([path, names]) => {
      const specifier = `./${relative(domainSrc, path).split(sep).join('/')}`;
      return `export { ${[...names].sort().join(', ')} } from '${specifier}';`;
    })
    .join('\n');
  const domain = await build({
    ...BASE,
    stdin: { contents: entry, resolveDir: domainSrc, sourcefile: 'hooks-domain.ts', loader: 'ts' },
    minify: true,
  });
  files.set(
    `${DOMAIN_BUNDLE}.js`,
    header('the src/domain exports src/hooks and pb_hooks/*.pb.js use') + outputText(domain),
  );
  for (const area of hookAreas(root)) {
    if (area === DOMAIN_BUNDLE) throw new Error(`src/hooks/${area} would overwrite the domain bundle`);
    const result = await build({
      ...BASE,
      entryPoints: [join(root, HOOKS_DIR, area, 'index.ts')],
      plugins: [areaPlugin(area, root)],
      // readable names in the VM's stack traces; whitespace and syntax still minified
      minifyWhitespace: true,
      minifySyntax: true,
    });
    files.set(`${area}.js`, header(`src/hooks/${area}`) + linkRequires(outputText(result)));
  }
  return files;
}

/**
 * The files a build of what the git index holds makes: what the commit being made will hold,
 * whatever else the working tree has. src/hooks, src/domain and the registrations (what they read
 * of src/domain goes into domain.js) are checked out from the index
 * into a folder inside node_modules/.cache, where the packages resolve as in the repository.
 * @returns {Promise<Map<string, string>>}
 */
export async function buildStagedHooks() {
  const cache = join(ROOT, 'node_modules', '.cache');
  mkdirSync(cache, { recursive: true });
  const dir = mkdtempSync(join(cache, 'adscout-hooks-index-'));
  try {
    const files = execFileSync(
      'git',
      ['ls-files', '-z', '--', HOOKS_DIR, DOMAIN_DIR, `${REGISTRATIONS_DIR}/*.pb.js`],
      { cwd: ROOT },
    );
    execFileSync('git', ['checkout-index', '--stdin', '-z', `--prefix=${dir}/`], { cwd: ROOT, input: files });
    return await buildHooks(dir);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** @param {Map<string, string>} files */
export function totalBytes(files) {
  let total = 0;
  for (const content of files.values()) total += Buffer.byteLength(content);
  return total;
}

/** @returns {Map<string, string>} */
function committedFiles() {
  const files = new Map();
  for (const name of readdirSync(HOOKS_LIB_DIR).sort()) {
    if (name.endsWith('.js')) files.set(name, readFileSync(join(HOOKS_LIB_DIR, name), 'utf8'));
  }
  return files;
}

/**
 * The names of generated files that differ from (or are missing in, or extra to) pb_hooks/lib.
 * @param {Map<string, string>} fresh
 * @param {Map<string, string>} [committed]
 * @returns {string[]}
 */
export function staleFiles(fresh, committed = committedFiles()) {
  const names = new Set([...fresh.keys(), ...committed.keys()]);
  return [...names].filter((name) => fresh.get(name) !== committed.get(name)).sort();
}

/**
 * Writes the fresh files and removes JS files of pb_hooks/lib that the build no longer makes.
 * @param {Map<string, string>} fresh
 * @returns {string[]} the names written or removed
 */
export function writeHooks(fresh) {
  const changed = staleFiles(fresh);
  for (const name of changed) {
    const path = join(HOOKS_LIB_DIR, name);
    const content = fresh.get(name);
    if (content !== undefined) writeFileSync(path, content);
    else rmSync(path);
  }
  return changed;
}

/** @param {Map<string, string>} files */
function describe(files) {
  return [...files]
    .map(([name, content]) => `${name} ${(Buffer.byteLength(content) / 1024).toFixed(1)} KB`)
    .join(', ');
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  if (process.argv.includes('--types')) {
    writeFileSync(HOOKS_TYPES, pocketBaseTypes());
    console.log(`wrote ${relative(ROOT, HOOKS_TYPES)}`);
    process.exit(0);
  }
  const staged = process.argv.includes('--staged');
  const fresh = staged ? await buildStagedHooks() : await buildHooks();
  const total = totalBytes(fresh);
  if (total > HOOKS_BUDGET_BYTES) {
    console.error(
      `pb_hooks/lib would be ${(total / 1024).toFixed(1)} KB, over the ${HOOKS_BUDGET_BYTES / 1024} KB budget: ${describe(fresh)}`,
    );
    process.exit(1);
  }
  if (process.argv.includes('--check')) {
    const stale = staleFiles(fresh);
    if (stale.length > 0) {
      console.error(
        `pb_hooks/lib is stale (${stale.join(', ')}): run \`npm run build:hooks\` and commit it.`,
      );
      process.exit(1);
    }
    console.log(`pb_hooks/lib is fresh (${(total / 1024).toFixed(1)} KB).`);
  } else if (staged) {
    const changed = writeHooks(fresh);
    if (changed.length > 0) {
      execFileSync('git', ['add', '--all', '--', relative(ROOT, HOOKS_LIB_DIR)], { cwd: ROOT });
      console.log(`rebuilt ${changed.join(', ')} in pb_hooks/lib from the staged sources, and staged it.`);
    }
  } else {
    const changed = writeHooks(fresh);
    console.log(
      `${changed.length ? `updated ${changed.join(', ')}` : 'nothing to update'} in pb_hooks/lib: ${describe(fresh)}; total ${(total / 1024).toFixed(1)} KB`,
    );
  }
}
