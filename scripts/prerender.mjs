// Prerenders the public pages (src/domain/pages/routes.ts) into a built web app, after `vite build`:
//   node scripts/prerender.mjs <outDir>
// Builds src/web/prerender.tsx for Node (a Vite SSR build, so that CSS, assets and the PWA's
// virtual modules resolve as in the browser build), renders each public route with React's
// renderToString, and writes index.html with that markup in #root to <outDir>/prerendered/.
// index.html itself stays the empty app shell (the fallback of /app/* and of the service worker).
// Run by the web build (scripts/build-web.mjs: `npm run build`, and the bootstrap) with
// NODE_ENV=production.
import { createHash } from 'node:crypto';
import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { build } from 'vite';
import { PRERENDER_MAIN } from './lib/entries.mjs';
import { ROOT } from './lib/paths.mjs';

const ROOT_ELEMENT = '<div id="root"></div>';
const TITLE_ELEMENT = /<title>[^<]*<\/title>/;

/**
 * What the Node build of src/web/prerender.tsx exports (that file is web code, checked with it).
 * @typedef {object} PrerenderEntry
 * @property {Array<{ path: string; module: string }>} PRERENDERED_PAGES (the prerendered
 *   routes of src/domain/pages/routes.ts with their page modules)
 * @property {typeof import('../src/domain/pages/static-files.ts').prerenderedFile} prerenderedFile
 * @property {typeof import('../src/domain/pages/routes.ts').pageTitle} pageTitle
 * @property {(path: string) => Promise<string>} renderPage
 * @property {string} CONSENT_STORAGE_KEY (src/web/data/browser/consent.ts)
 * @property {readonly string[]} CONSENT_CHOICES
 */

/**
 * A chunk in Vite's manifest of the browser build.
 * @typedef {{ file: string; css?: string[]; imports?: string[] }} ManifestChunk
 */

/** @param {string} text */
function htmlText(text) {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
}

/**
 * `html` with its <title> replaced by the page's own (src/domain/pages/routes.ts).
 * @param {string} html
 * @param {string} title
 */
export function withTitle(html, title) {
  if (!TITLE_ELEMENT.test(html)) throw new Error('index.html has no <title>');
  return html.replace(TITLE_ELEMENT, `<title>${htmlText(title)}</title>`);
}

/**
 * index.html with `markup` in #root. Throws on markup the CSP would block (an inline script or
 * style) or that would not hydrate from index.html's own script.
 * @param {string} template
 * @param {string} markup
 * @param {string} path
 */
export function pageHtml(template, markup, path) {
  if (!template.includes(ROOT_ELEMENT)) throw new Error(`index.html has no empty ${ROOT_ELEMENT}`);
  if (/<script\b|\sstyle="/i.test(markup)) {
    throw new Error(`the prerendered ${path} has an inline script or style, which the CSP blocks`);
  }
  if (!markup) throw new Error(`the prerendered ${path} is empty`);
  return template.replace(ROOT_ELEMENT, `<div id="root">${markup}</div>`);
}

/**
 * The CSS and JavaScript files a lazily loaded page module needs (Vite's manifest of the browser
 * build): its chunk and, recursively, the chunks it imports statically.
 * @param {Record<string, ManifestChunk>} manifest
 * @param {string} source
 * @returns {{ css: string[]; js: string[] }}
 */
export function moduleFiles(manifest, source) {
  /** @type {Set<string>} */
  const css = new Set();
  /** @type {Set<string>} */
  const js = new Set();
  /** @param {string} key */
  const visit = (key) => {
    const chunk = manifest[key];
    if (!chunk) throw new Error(`the web build's manifest has no ${key}`);
    if (js.has(chunk.file)) return;
    js.add(chunk.file);
    for (const file of chunk.css ?? []) css.add(file);
    for (const imported of chunk.imports ?? []) visit(imported);
  };
  visit(source);
  return { css: [...css], js: [...js] };
}

/**
 * `html` with links to the page's own CSS and chunks (those index.html does not link yet).
 * @param {string} html
 * @param {{ css: string[]; js: string[] }} files
 */
export function withPageFiles(html, files) {
  /** @param {string} file */
  const linked = (file) => html.includes(`"/${file}"`);
  const links = [
    ...files.css
      .filter((file) => !linked(file))
      .map((file) => `<link rel="stylesheet" crossorigin href="/${file}">`),
    ...files.js
      .filter((file) => !linked(file))
      .map((file) => `<link rel="modulepreload" crossorigin href="/${file}">`),
  ];
  return html.replace('</head>', `${links.map((link) => `\n    ${link}`).join('')}\n  </head>`);
}

/** When the app starts on a prerendered page that reported no paint (a background tab, say). */
const START_FALLBACK_MS = 3000;

/**
 * The prerendered pages start the app only after they painted: the entry and its chunks would
 * otherwise be fetched at once, at high priority, next to the page's CSS, and the first paint
 * (the landing page's LCP) would wait for ~0.5 MB of JavaScript on a slow phone network. `html`'s
 * module script and chunk preloads are replaced by one small script (a file: the CSP forbids
 * inline scripts) that adds the same preloads and imports the entry once the browser reports the
 * first contentful paint. Not at the next animation frame: its callbacks run before that frame's
 * paint, so the chunks were requested, and often downloaded and parsed, before the page showed
 * anything (measured in Chromium: chunks requested at 77–162 ms, first paint at 120–276 ms).
 * Where paint timing is missing, or the page never paints (a background tab), the app starts
 * after the next frame, or after START_FALLBACK_MS.
 * First, for a visitor who chose about cookies already, the script marks the document
 * (`data-consent`) so that cookie-banner.css hides the prerendered banner until the app drops it.
 * Returns the page and the start script's file (name hashed by its content, like Vite's assets).
 * @param {string} html
 * @param {{ key: string; choices: readonly string[] }} consent where the choice is stored, and its values
 * @returns {{ html: string; file: string; source: string }}
 */
export function startAfterPaint(html, consent) {
  const entry = /<script type="module" crossorigin src="\/([^"]+)"><\/script>/.exec(html);
  if (!entry) throw new Error("index.html has no module script of Vite's");
  const preloads = [...html.matchAll(/\s*<link rel="modulepreload" crossorigin href="\/([^"]+)">/g)];
  const source = [
    '// Starts the app once the prerendered page painted (scripts/prerender.mjs).',
    'try {',
    `  const consent = localStorage.getItem(${JSON.stringify(consent.key)});`,
    `  if (${JSON.stringify(consent.choices)}.includes(consent)) document.documentElement.dataset.consent = consent;`,
    '} catch {',
    '  // storage disabled: no choice to remember, the banner shows',
    '}',
    `const chunks = ${JSON.stringify(preloads.map((match) => `/${match[1]}`))};`,
    'let started = false;',
    'function start() {',
    '  if (started) return;',
    '  started = true;',
    '  for (const href of chunks) {',
    "    const link = document.createElement('link');",
    "    link.rel = 'modulepreload';",
    '    link.href = href;',
    '    document.head.append(link);',
    '  }',
    `  setTimeout(() => import(${JSON.stringify(`/${entry[1]}`)}));`,
    '}',
    "if (PerformanceObserver.supportedEntryTypes?.includes('paint')) {",
    '  new PerformanceObserver((list, observer) => {',
    "    if (list.getEntriesByName('first-contentful-paint').length === 0) return;",
    '    observer.disconnect();',
    '    start();',
    "  }).observe({ type: 'paint', buffered: true });",
    `  setTimeout(start, ${START_FALLBACK_MS});`,
    '} else {',
    '  requestAnimationFrame(() => setTimeout(start));',
    '}',
    '',
  ].join('\n');
  const file = `assets/start-${createHash('sha256').update(source).digest('hex').slice(0, 10)}.js`;
  let page = html;
  for (const match of preloads) page = page.replace(match[0], '');
  page = page.replace(entry[0], `<script type="module" crossorigin src="/${file}"></script>`);
  return { html: page, file, source };
}

/**
 * Writes the prerendered public pages into the web build at `outDir`; returns how many.
 * @param {string} outDir
 * @returns {Promise<number>}
 */
export async function prerender(outDir) {
  const ssrDir = join(ROOT, 'node_modules', '.cache', `adscout-prerender-${process.pid}`);
  try {
    await build({
      root: ROOT,
      logLevel: 'warn',
      publicDir: false,
      build: {
        ssr: join(ROOT, PRERENDER_MAIN),
        outDir: ssrDir,
        emptyOutDir: true,
        sourcemap: false,
      },
    });
    /** @type {PrerenderEntry} */
    const entry = await import(pathToFileURL(join(ssrDir, 'prerender.js')).href);
    const template = readFileSync(join(outDir, 'index.html'), 'utf8');
    /** @type {Record<string, ManifestChunk>} */
    const manifest = JSON.parse(readFileSync(join(outDir, '.vite', 'manifest.json'), 'utf8'));
    for (const page of entry.PRERENDERED_PAGES) {
      const source = page.module;
      let html = pageHtml(template, await entry.renderPage(page.path), page.path);
      html = withTitle(html, entry.pageTitle(page.path));
      html = withPageFiles(html, moduleFiles(manifest, source));
      const start = startAfterPaint(html, { key: entry.CONSENT_STORAGE_KEY, choices: entry.CONSENT_CHOICES });
      writeFileSync(join(outDir, start.file), start.source);
      html = start.html;
      const file = join(outDir, entry.prerenderedFile(page.path));
      mkdirSync(dirname(file), { recursive: true });
      writeFileSync(file, html);
    }
    return entry.PRERENDERED_PAGES.length;
  } finally {
    rmSync(ssrDir, { recursive: true, force: true });
  }
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const outDir = process.argv[2];
  if (!outDir) {
    console.error('usage: node scripts/prerender.mjs <outDir>');
    process.exit(2);
  }
  const count = await prerender(resolve(outDir));
  console.log(`prerendered ${count} public pages into ${join(outDir, 'prerendered')}`);
}
