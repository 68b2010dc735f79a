/**
 * A benchmark's in-browser code as one minified IIFE, built as the production build is (esbuild,
 * Chrome 120): csv-export.bench.ts's page runner, insights.bench.ts's worker.
 */
import { build } from 'esbuild';
import { join } from 'node:path';
import { ROOT } from '../../../scripts/lib/stack.mjs';

/** `entry`, a file of tests/bench/lib/, bundled; its text. */
export async function browserBundle(entry: string): Promise<string> {
  const result = await build({
    entryPoints: [join(ROOT, 'tests', 'bench', 'lib', entry)],
    bundle: true,
    minify: true,
    format: 'iife',
    target: 'chrome120',
    write: false,
    logLevel: 'silent',
  });
  return result.outputFiles[0]!.text;
}
