// `npm run build`: the web app as `npm start` serves it, into dist/ (or ADSCOUT_DIST_DIR): Vite's
// production build (vite.config.ts, which also renders the demo Library's creatives), the shared
// board's page (vite.share.config.ts), the prerendered public pages (scripts/prerender.mjs), and a
// stamp of the sources it was built from, so that the bootstrap (npm start, npm test) finds the build current and does not build again.
//
//   node scripts/build-web.mjs
import { existsSync, writeFileSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { HTML_PAGES } from './lib/entries.mjs';
import { ROOT } from './lib/paths.mjs';
import { log, messageOf, mustRun } from './lib/run.mjs';
import { hashFiles, listFiles, readStamp } from './lib/stamps.mjs';

const STAMP_FILE = '.adscout-build-stamp';
/** The shared board's page's own Vite build. */
const SHARE_CONFIG = 'vite.share.config.ts';

/** The inputs of the web build; the bootstrap builds again when any of them changes. */
function webInputs() {
  return [
    ...Object.values(HTML_PAGES).map((page) => join(ROOT, page)),
    join(ROOT, 'vite.config.ts'),
    join(ROOT, SHARE_CONFIG),
    join(ROOT, 'scripts', 'build-web.mjs'),
    join(ROOT, 'scripts', 'prerender.mjs'),
    join(ROOT, 'scripts', 'lib', 'paths.mjs'),
    join(ROOT, 'scripts', 'lib', 'entries.mjs'),
    join(ROOT, 'package-lock.json'),
    ...listFiles(join(ROOT, 'public')),
    ...listFiles(join(ROOT, 'src', 'web')),
    ...listFiles(join(ROOT, 'src', 'domain')),
    // the demo Library, whose creatives the build renders (vite.config.ts)
    ...listFiles(join(ROOT, 'src', 'demo-library')),
  ].filter((p) => existsSync(p));
}

/**
 * Where the web build goes: dist/, or ADSCOUT_DIST_DIR so that two checkouts' test runs (or a
 * benchmark next to a test run) do not rebuild the same directory under each other.
 */
export function webBuildDir() {
  return process.env.ADSCOUT_DIST_DIR ? resolve(ROOT, process.env.ADSCOUT_DIST_DIR) : join(ROOT, 'dist');
}

/**
 * Whether `outDir` holds a build of the current sources.
 * @param {string} [outDir]
 */
export function webBuildCurrent(outDir = webBuildDir()) {
  return (
    readStamp(join(outDir, STAMP_FILE)) === hashFiles(webInputs()) && existsSync(join(outDir, 'index.html'))
  );
}

/**
 * Builds the web app into `outDir`: `vite build`, then the prerendered pages, then the stamp.
 * @param {{ outDir?: string; logLevel?: 'info' | 'warn' }} [options]
 */
export async function buildWeb({ outDir = webBuildDir(), logLevel = 'warn' } = {}) {
  const inputs = hashFiles(webInputs());
  // a production build wherever it starts from: under vitest NODE_ENV is 'test', and the PWA
  // plugin would then write an unminified development service worker
  const options = { cwd: ROOT, env: { ...process.env, NODE_ENV: 'production' } };
  const vite = join(ROOT, 'node_modules', 'vite', 'bin', 'vite.js');
  await mustRun(
    process.execPath,
    [vite, 'build', '--logLevel', logLevel, '--outDir', outDir, '--emptyOutDir'],
    options,
  );
  // the shared board's page, an entry of its own beside the app (vite.share.config.ts); after the
  // app's build, which empties outDir and writes the service worker's precache list without it
  await mustRun(
    process.execPath,
    [vite, 'build', '--config', join(ROOT, SHARE_CONFIG), '--logLevel', logLevel, '--outDir', outDir],
    options,
  );
  // the public pages as static HTML, hydrated in the browser (scripts/prerender.mjs)
  await mustRun(process.execPath, [join(ROOT, 'scripts', 'prerender.mjs'), outDir], options);
  writeFileSync(join(outDir, STAMP_FILE), inputs);
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const outDir = webBuildDir();
  try {
    await buildWeb({ outDir, logLevel: 'info' });
    log(`built the web app into ${relative(ROOT, outDir) || outDir}; npm start serves it as it is.`);
  } catch (error) {
    console.error(`\n[adscout] npm run build failed: ${messageOf(error)}`);
    process.exit(1);
  }
}
