// `npm run bench [-- NAME…]`: installs what is missing, then runs the benchmarks under tests/bench
// (all, or those whose file name contains a NAME), prints a table and writes bench-results/.
import { join } from 'node:path';
import { bootstrapForRunner, ROOT } from './bootstrap.mjs';
import { log, run } from './lib/run.mjs';

await bootstrapForRunner('npm run bench');
log('running benchmarks…');
const code = await run(
  process.execPath,
  ['--import', 'tsx', join(ROOT, 'tests', 'bench', 'run.ts'), ...process.argv.slice(2)],
  {
    cwd: ROOT,
  },
);
process.exit(code);
