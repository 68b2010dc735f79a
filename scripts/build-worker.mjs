// `npm run build:worker [-- --outdir DIR]`: compiles the scout worker (src/worker/main.ts and
// everything it imports, the npm packages included) into one JavaScript file for Node ≥ 20,
// dist-worker/worker.mjs, with its source map. A server then runs it with plain `node` — no tsx, no
// TypeScript, no node_modules, no checkout: copy the file (and its .map) and set the environment
// (deploy/README.md; deploy/adscout-worker@.service).
import { mkdirSync, statSync } from 'node:fs';
import { isAbsolute, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';
import { messageOf } from './lib/run.mjs';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
export const WORKER_ENTRY = join(ROOT, 'src', 'worker', 'main.ts');
export const WORKER_OUTDIR = join(ROOT, 'dist-worker');
export const WORKER_FILE = 'worker.mjs';

/**
 * Builds the worker into `outdir`; returns the path of the file and its size in bytes.
 * @returns {Promise<{ outfile: string; bytes: number }>}
 */
export async function buildWorker(outdir = WORKER_OUTDIR) {
  mkdirSync(outdir, { recursive: true });
  const outfile = join(outdir, WORKER_FILE);
  await build({
    entryPoints: [WORKER_ENTRY],
    outfile,
    bundle: true,
    platform: 'node',
    target: 'node20',
    format: 'esm',
    sourcemap: true,
    logLevel: 'warning',
  });
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
        `built the scout worker: ${shown.startsWith('..') ? outfile : shown} (${(bytes / 1024).toFixed(0)} KB); run it with: node --enable-source-maps ${outfile}`,
      );
    },
    (error) => {
      console.error(`[adscout] build:worker failed: ${messageOf(error)}`);
      process.exit(1);
    },
  );
}
