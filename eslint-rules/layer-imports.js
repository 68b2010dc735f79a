// ESLint rule enforcing the import directions of docs/architecture.md#layers-and-import-rules:
//   domain (pure code that runs anywhere, shared by runtimes or by features) imports nothing from
//   the project, no Node API and no React, Dexie or PocketBase SDK; web/data imports domain (and
//   itself) only; the shared board's page (src/web/share, an entry of its own) imports domain,
//   web/components and itself, none of the app; a feature imports domain, web/data,
//   web/components and itself, never another feature; nothing imports web/app (but the entries,
//   web/main.tsx and web/prerender.tsx); the worker imports domain and the demo Library only; the demo Library (src/demo-library) imports
//   domain only, and the worker and the build (vite.config.ts, scripts) use it, never the web app;
//   the hooks sources import domain (and other hook areas) only, no packages, and nothing in src
//   imports them (they run inside PocketBase; their unit tests run in Node and import vitest);
//   nothing in src imports tests. web/data is split by what it talks to: web/data/server (the
//   PocketBase SDK, the API), web/data/local (the local database: Dexie, the sync engine, which is
//   given the PocketBase client, and the server's answers kept there) and web/data/browser (the
//   browser's own storage and state); server and browser import no other part, local may import
//   both (it composes them). Dexie may be imported only in web/data/local, the PocketBase SDK only
//   in web/data/server, web/data/local and the worker.
import { dirname, relative, resolve } from 'node:path';
import { ROOT } from '../scripts/lib/paths.mjs';

/**
 * A part of the tree with its own import rules; `feature` names a src/web/features folder, `part`
 * src/web/data's part ('server', 'local' or 'browser').
 * @typedef {{ layer: string; feature?: string; part?: string }} Area
 */

/**
 * Which area a repo-relative path belongs to, e.g. { layer: 'feature', feature: 'search' } or
 * { layer: 'data', part: 'local' }.
 * @param {string} path
 * @returns {Area}
 */
export function areaOf(path) {
  const p = path.replaceAll('\\', '/');
  if (p.startsWith('src/domain/')) return { layer: 'domain' };
  const data = /^src\/web\/data\/(?:(server|local|browser)\/)?/.exec(p);
  if (data) return data[1] ? { layer: 'data', part: data[1] } : { layer: 'data' };
  if (p.startsWith('src/web/components/')) return { layer: 'components' };
  if (p.startsWith('src/web/app/')) return { layer: 'app' };
  // the shared board's page: an entry of its own (share.html), none of the app
  if (p.startsWith('src/web/share/')) return { layer: 'share' };
  const feature = /^src\/web\/features\/([^/]+)\//.exec(p);
  if (feature) return { layer: 'feature', feature: feature[1] };
  // the browser's entry, and the build's entry that prerenders the public pages
  if (p === 'src/web/main.tsx' || p === 'src/web/prerender.tsx') return { layer: 'entry' };
  if (p.startsWith('src/web/')) return { layer: 'web-other' };
  if (p.startsWith('src/worker/')) return { layer: 'worker' };
  if (p.startsWith('src/demo-library/')) return { layer: 'demo-library' };
  if (p.startsWith('src/hooks/')) return { layer: 'hooks' };
  if (p.startsWith('tests/')) return { layer: 'tests' };
  return { layer: 'other' };
}

/**
 * The parts of src/web/data each part may import: the API and the browser's own state stand
 * alone; the local database composes them (a server answer kept for offline use, say).
 * @type {Record<string, string[]>}
 */
const DATA_PART_IMPORTS = {
  server: ['server'],
  browser: ['browser'],
  local: ['local', 'server', 'browser'],
};

/**
 * Why a module of src/web/data's part `from` may not import one of part `to`, or null. A module
 * outside the parts may import any of them; no part imports it.
 * @param {string | undefined} from
 * @param {string | undefined} to
 * @returns {string | null}
 */
function dataPartReason(from, to) {
  if (!from) return null;
  const allowed = DATA_PART_IMPORTS[from] ?? [];
  if (to && allowed.includes(to)) return null;
  const others = allowed.filter((part) => part !== from);
  return others.length > 0
    ? `src/web/data/${from} imports itself and ${others.map((part) => `${part}/`).join(' and ')} only`
    : `src/web/data/${from} imports no other part of src/web/data`;
}

/**
 * Returns a reason string when `from` may not import `to`, else null.
 * @param {Area} from
 * @param {Area} to
 * @returns {string | null}
 */
export function forbiddenReason(from, to) {
  if (from.layer === 'tests' || from.layer === 'other') return null;
  if (to.layer === 'tests') return 'nothing in src imports tests/';
  if (to.layer === 'hooks' && from.layer !== 'hooks') {
    return 'nothing imports src/hooks: it runs inside PocketBase, bundled into pb_hooks/lib';
  }
  switch (from.layer) {
    case 'domain':
      return to.layer === 'domain' ? null : 'src/domain imports nothing from the project';
    case 'data':
      if (to.layer === 'data') return dataPartReason(from.part, to.part);
      return to.layer === 'domain' ? null : 'src/web/data imports src/domain only';
    case 'components':
      return ['domain', 'components'].includes(to.layer)
        ? null
        : 'src/web/components import src/domain and each other only';
    case 'feature':
      if (['domain', 'data', 'components'].includes(to.layer)) return null;
      if (to.layer === 'feature' && to.feature === from.feature) return null;
      if (to.layer === 'feature')
        return `features never import another feature (${from.feature} → ${to.feature})`;
      return 'a feature imports src/domain, src/web/data, src/web/components and itself only';
    case 'app':
      return ['worker', 'demo-library', 'hooks'].includes(to.layer)
        ? 'src/web/app composes web code only'
        : null;
    case 'entry':
      return ['worker', 'demo-library', 'hooks'].includes(to.layer)
        ? 'the web entry imports web code only'
        : null;
    case 'share':
      return ['domain', 'components', 'share'].includes(to.layer)
        ? null
        : "the shared board's page imports src/domain, src/web/components and itself only";
    case 'web-other':
      return ['domain', 'web-other', 'components'].includes(to.layer)
        ? null
        : 'this web module may import src/domain only';
    case 'worker':
      return ['domain', 'worker', 'demo-library'].includes(to.layer)
        ? null
        : 'src/worker imports src/domain and src/demo-library only';
    case 'demo-library':
      return ['domain', 'demo-library'].includes(to.layer)
        ? null
        : 'src/demo-library imports src/domain only';
    case 'hooks':
      return ['domain', 'hooks'].includes(to.layer) ? null : 'src/hooks imports src/domain only';
    default:
      return null;
  }
}

/**
 * Why the file at repo path `file` may not import the file at `target`, or null.
 * @param {string} file
 * @param {string} target
 */
export function importReason(file, target) {
  // A unit test next to the code may read shared test data, and nothing else of tests/.
  const isTest = /\.test\.tsx?$/.test(file);
  if (isTest && target.replaceAll('\\', '/').startsWith('tests/fixtures/')) return null;
  return forbiddenReason(areaOf(file), areaOf(target));
}

/**
 * Packages only some areas may use (a layer, or a layer's part: 'data/local').
 * @type {Array<{ match: RegExp; allowed?: string[]; notAllowed?: string[]; reason: string }>}
 */
const PACKAGE_RULES = [
  {
    match: /^(dexie|dexie-react-hooks)(\/|$)/,
    allowed: ['data/local'],
    reason: 'only src/web/data/local touches Dexie',
  },
  {
    match: /^pocketbase(\/|$)/,
    allowed: ['data/server', 'data/local', 'worker'],
    reason: 'only src/web/data/server, src/web/data/local (and the worker) use the PocketBase SDK',
  },
  {
    match: /^(react|react-dom|react-router-dom)(\/|$)/,
    notAllowed: ['domain', 'worker', 'demo-library', 'hooks'],
    reason: 'no React outside src/web',
  },
  {
    match: /^eld(\/|$)/,
    allowed: ['worker'],
    reason:
      'the language detector (eld) runs in the worker only: the web app carries no detector (docs/ai.md#tags)',
  },
  { match: /^node:/, notAllowed: ['domain', 'hooks'], reason: 'src/domain is pure: no Node APIs' },
];

/**
 * Why code in `from` may not import the package `spec`, or null.
 * @param {Area} from
 * @param {string} spec
 * @returns {string | null}
 */
export function packageReason(from, spec) {
  if (from.layer === 'hooks') {
    return "src/hooks runs in PocketBase's JS VM: it imports src/domain only, no packages";
  }
  const area = from.part ? `${from.layer}/${from.part}` : from.layer;
  for (const rule of PACKAGE_RULES) {
    if (!rule.match.test(spec)) continue;
    if (rule.allowed && !rule.allowed.includes(area) && !['tests', 'other'].includes(from.layer))
      return rule.reason;
    if (rule.notAllowed && rule.notAllowed.includes(from.layer)) return rule.reason;
  }
  return null;
}

/**
 * Why the file at repo path `file` may not import the package `spec`, or null. Unit tests run in
 * Node under vitest, also those of src/hooks: they may import vitest and Node's APIs (crypto for
 * signatures, say), and whatever else their layer may.
 * @param {string} file
 * @param {string} spec
 * @returns {string | null}
 */
export function packageImportReason(file, spec) {
  if (/\.test\.tsx?$/.test(file) && (spec === 'vitest' || spec.startsWith('node:'))) return null;
  return packageReason(areaOf(file), spec);
}

/** @type {import('eslint').Rule.RuleModule} */
export const layerImports = {
  meta: {
    type: 'problem',
    docs: { description: 'Enforce the import directions of docs/architecture.md#layers-and-import-rules' },
    schema: [],
    messages: { forbidden: 'Import of "{{spec}}" is not allowed here: {{reason}}.' },
  },
  create(context) {
    const file = relative(ROOT, context.filename);
    /**
     * @param {import('estree').Node} node
     * @param {unknown} spec
     */
    function check(node, spec) {
      if (typeof spec !== 'string') return;
      let reason;
      if (spec.startsWith('.') || spec.startsWith('/')) {
        const target = relative(ROOT, resolve(dirname(context.filename), spec));
        reason = importReason(file, target);
      } else {
        reason = packageImportReason(file, spec);
      }
      if (reason) context.report({ node, messageId: 'forbidden', data: { spec, reason } });
    }
    return {
      ImportDeclaration: (node) => check(node.source, node.source.value),
      ExportNamedDeclaration: (node) => node.source && check(node.source, node.source.value),
      ExportAllDeclaration: (node) => check(node.source, node.source.value),
      ImportExpression: (node) => node.source.type === 'Literal' && check(node.source, node.source.value),
    };
  },
};
