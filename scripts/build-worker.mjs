// `npm run build:worker [-- --outdir DIR]`: compiles the scout worker (src/worker/main.ts and
// everything it imports, the npm packages included) into one JavaScript file for Node ≥ 20,
// dist-worker/worker.mjs, with its source map, and its OCR child process (src/worker/ocr/ocr-child.ts)
// into dist-worker/ocr-child.mjs. The packages they cannot hold are sharp (the creative archive's
// image library: native code and libvips for this platform) and tesseract.js (the text reader: it
// starts its own worker thread from its files, and loads its WebAssembly core from
// tesseract.js-core): they are copied from node_modules into dist-worker/node_modules, with what
// they need, beside a package.json naming them, and so are the 14 @tesseract.js-data packages with
// only their 4.0.0_best_int data (docs/ai.md#the-text-on-a-creative). A server then runs the worker with plain `node` — no tsx, no TypeScript, no checkout: copy
// the folder and set the environment (deploy/README.md; deploy/adscout-worker@.service). Build it
// on the platform it runs on (the libvips copied is this machine's).
import { cpSync, existsSync, mkdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { dirname, isAbsolute, join, relative, resolve, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';
import { OCR_CHILD_MAIN, WORKER_MAIN } from './lib/entries.mjs';
import { ROOT } from './lib/paths.mjs';
import { messageOf } from './lib/run.mjs';

export const WORKER_ENTRY = join(ROOT, WORKER_MAIN);
export const WORKER_OUTDIR = join(ROOT, 'dist-worker');
export const WORKER_FILE = 'worker.mjs';
/** The OCR child's file beside it (src/worker/main.ts forks it from there). */
export const OCR_CHILD_FILE = 'ocr-child.mjs';
/** Packages the bundles import at run time, installed beside them rather than inside them. */
export const WORKER_EXTERNAL = ['sharp', 'tesseract.js'];
/** The trained data the text reader uses of each @tesseract.js-data package (the rest is left out). */
export const TESSDATA_SET = '4.0.0_best_int';
/** The name of the package.json written beside the bundle. */
const WORKER_PACKAGE = 'adscout-worker';

/** @param {string} dir */
const readManifest = (dir) => JSON.parse(readFileSync(join(dir, 'package.json'), 'utf8'));

/**
 * Where `name` is installed as seen from the package in `from` (Node's lookup: the nearest
 * node_modules upwards), or null.
 * @param {string} name
 * @param {string} from
 */
function installedDir(name, from) {
  const root = resolve(ROOT);
  for (let dir = resolve(from); dir.startsWith(root); dir = dirname(dir)) {
    const candidate = join(dir, 'node_modules', name);
    if (existsSync(join(candidate, 'package.json'))) return candidate;
  }
  return null;
}

/**
 * Copies the external packages and everything they depend on (their optional dependencies as far
 * as this platform installed them) from the repository's node_modules into `outdir`'s, in the
 * same layout, and writes the package.json that names them.
 * @param {string} outdir
 */
function installExternals(outdir) {
  const target = join(outdir, 'node_modules');
  rmSync(target, { recursive: true, force: true });
  /** @type {Record<string, string>} */
  const dependencies = {};
  const copied = new Set();
  /** @param {string} name @param {string} from @param {boolean} optional */
  const copy = (name, from, optional) => {
    const dir = installedDir(name, from);
    if (!dir) {
      if (optional) return;
      throw new Error(`${name} is not installed (npm ci first)`);
    }
    if (copied.has(dir)) return;
    copied.add(dir);
    cpSync(dir, join(outdir, relative(ROOT, dir)), {
      recursive: true,
      dereference: true,
      // its own nested packages are copied as dependencies, if it needs them
      filter: (path) => !relative(dir, path).split(sep).includes('node_modules'),
    });
    const manifest = readManifest(dir);
    for (const dep of Object.keys(manifest.dependencies ?? {})) copy(dep, dir, false);
    for (const dep of Object.keys(manifest.optionalDependencies ?? {})) copy(dep, dir, true);
  };
  const own = readManifest(ROOT).dependencies ?? {};
  for (const name of WORKER_EXTERNAL) {
    copy(name, ROOT, false);
    dependencies[name] = own[name];
  }
  // the OCR languages' data: each package's manifest and its 4.0.0_best_int folder only
  for (const name of Object.keys(own).filter((dep) => dep.startsWith('@tesseract.js-data/'))) {
    const dir = installedDir(name, ROOT);
    if (!dir) throw new Error(`${name} is not installed (npm ci first)`);
    const into = join(outdir, relative(ROOT, dir));
    mkdirSync(into, { recursive: true });
    cpSync(join(dir, 'package.json'), join(into, 'package.json'));
    cpSync(join(dir, TESSDATA_SET), join(into, TESSDATA_SET), { recursive: true, dereference: true });
    dependencies[name] = own[name];
  }
  const manifest = { name: WORKER_PACKAGE, private: true, type: 'module', dependencies };
  writeFileSync(join(outdir, 'package.json'), `${JSON.stringify(manifest, null, 2)}\n`);
}

/**
 * Builds the worker into `outdir`; returns the path of the file and its size in bytes.
 * @returns {Promise<{ outfile: string; bytes: number }>}
 */
export async function buildWorker(outdir = WORKER_OUTDIR) {
  // The build replaces the folder's node_modules: never another package's (say, the repository's).
  if (existsSync(join(outdir, 'package.json')) && readManifest(outdir).name !== WORKER_PACKAGE) {
    throw new Error(
      `${outdir} holds another package (its package.json): build the worker into a folder of its own`,
    );
  }
  mkdirSync(outdir, { recursive: true });
  const outfile = join(outdir, WORKER_FILE);
  const common = /** @type {const} */ ({
    bundle: true,
    platform: 'node',
    target: 'node20',
    format: 'esm',
    sourcemap: true,
    external: WORKER_EXTERNAL,
    // CommonJS packages inside (undici) require Node's modules: an ES module has no `require`.
    banner: {
      js: "import { createRequire as __createRequire } from 'node:module'; const require = __createRequire(import.meta.url);",
    },
    logLevel: 'warning',
  });
  await build({ ...common, entryPoints: [WORKER_ENTRY], outfile });
  await build({
    ...common,
    entryPoints: [join(ROOT, OCR_CHILD_MAIN)],
    outfile: join(outdir, OCR_CHILD_FILE),
  });
  installExternals(outdir);
  return { outfile, bytes: statSync(outfile).size };
}

/** @param {string[]} argv */
function parseArgs(argv) {
  let outdir = WORKER_OUTDIR;
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i] ?? '';
    const [flag, inline] = arg.includes('=') ? arg.split(/=(.*)/s) : [arg, undefined];
    const value = inline ?? argv[i + 1];
    if (flag === '--outdir' && value) {
      if (inline === undefined) i++;
      // npm runs scripts from the package root; a relative path means relative to where it was typed.
      outdir = isAbsolute(value) ? value : resolve(process.env.INIT_CWD || process.cwd(), value);
    } else {
      console.error(`unknown option ${arg}; usage: npm run build:worker [-- --outdir DIR]`);
      process.exit(2);
    }
  }
  return { outdir };
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const { outdir } = parseArgs(process.argv.slice(2));
  buildWorker(outdir).then(
    ({ outfile, bytes }) => {
      const shown = relative(process.cwd(), outfile);
      console.log(
        `built the scout worker: ${shown.startsWith('..') ? outfile : shown} (${(bytes / 1024).toFixed(0)} KB, its OCR child, sharp, tesseract.js and its data beside it); run it with: node --enable-source-maps ${outfile}`,
      );
    },
    (error) => {
      console.error(`[adscout] build:worker failed: ${messageOf(error)}`);
      process.exit(1);
    },
  );
}
