// The modules of src/ that run from outside it, each named once: the browser's (the module
// scripts of the HTML pages Vite builds: the app's index.html and the shared board's share.html), the service worker's
// script of streamed downloads (vite.config.ts builds it), the prerender build's (scripts/prerender.mjs), the scout
// worker's and its OCR child's (scripts/lib/stack.mjs starts it, scripts/build-worker.mjs compiles them) and the hooks'
// areas (scripts/build-hooks.mjs bundles each src/hooks/<area>/index.ts). The lint rule against
// test-only modules (eslint-rules/no-test-only-modules.js) walks the imports from here.
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { ROOT } from './paths.mjs';

/** The scout worker's main module, repository-relative. */
export const WORKER_MAIN = 'src/worker/main.ts';
/**
 * The OCR child process's module (src/worker/ocr/ocr-process.ts forks it; scripts/build-worker.mjs
 * compiles it beside the worker), repository-relative.
 */
export const OCR_CHILD_MAIN = 'src/worker/ocr/ocr-child.ts';
/** What the prerender build renders the public pages with, repository-relative. */
export const PRERENDER_MAIN = 'src/web/prerender.tsx';
/**
 * The HTML pages Vite builds, by the name of their entry: the app, and the shared board's page
 * (src/web/share, an entry of its own that the server serves at /s/<token>).
 */
export const HTML_PAGES = { index: 'index.html', share: 'share.html' };
/**
 * The service worker's streamed downloads (docs/boards.md#in-the-app), repository-relative: built
 * by vite.config.ts into SW_DOWNLOADS_SCRIPT, which the generated service worker imports.
 */
export const SW_DOWNLOADS_MAIN = 'src/web/sw-downloads.ts';
/** The built script's name at the root of the built app. */
export const SW_DOWNLOADS_SCRIPT = 'sw-downloads.js';
/** The hooks' TypeScript, one folder per area, repository-relative. */
export const HOOKS_DIR = 'src/hooks';

/**
 * The hooks' areas: every folder of src/hooks with an index.ts, sorted.
 * @param {string} [root] the repository (a copy of it, for the bundles built from the git index)
 * @returns {string[]}
 */
export function hookAreas(root = ROOT) {
  const dir = join(root, HOOKS_DIR);
  return readdirSync(dir)
    .filter((name) => statSync(join(dir, name)).isDirectory())
    .filter((name) => {
      try {
        return statSync(join(dir, name, 'index.ts')).isFile();
      } catch {
        return false;
      }
    })
    .sort();
}

/**
 * The modules the HTML pages load (`<script type="module" src="/src/…">`), repository-relative.
 * @param {string} [root]
 * @returns {string[]}
 */
export function htmlEntries(root = ROOT) {
  return Object.values(HTML_PAGES).flatMap((page) =>
    Array.from(
      readFileSync(join(root, page), 'utf8').matchAll(/<script\b[^>]*\btype="module"[^>]*\bsrc="\/([^"]+)"/g),
      (match) => /** @type {string} */ (match[1]),
    ),
  );
}

/**
 * Every entry of src/, repository-relative.
 * @param {string} [root]
 * @returns {string[]}
 */
export function srcEntries(root = ROOT) {
  return [
    ...htmlEntries(root),
    SW_DOWNLOADS_MAIN,
    PRERENDER_MAIN,
    WORKER_MAIN,
    OCR_CHILD_MAIN,
    ...hookAreas(root).map((area) => `${HOOKS_DIR}/${area}/index.ts`),
  ];
}
