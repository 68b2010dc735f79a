// `npm run bench [-- NAME…]`: installs what is missing, then runs the benchmarks under tests/bench
// (all, or those whose file name contains a NAME), prints a table and writes bench-results/.
import { join } from 'node:path';
import { bootstrap, ROOT } from './bootstrap.mjs';
import { log, run } from './lib/run.mjs';

try {
  const result = await bootstrap({ stripeMock: true });
  process.env.POCKETBASE_BIN = result.pocketbase;
  process.env.STRIPE_MOCK_BIN = result.stripeMock;
} catch (error) {
  console.error(`\n[adscout] npm run bench could not set up: ${error.message}`);
  process.exit(1);
}
log('running benchmarks…');
const code = await run(
  process.execPath,
  ['--import', 'tsx', join(ROOT, 'tests', 'bench', 'run.ts'), ...process.argv.slice(2)],
  {
    cwd: ROOT,
  },
);
process.exit(code);
