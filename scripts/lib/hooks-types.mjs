// The hooks' PocketBase JSVM types (src/hooks/types/pocketbase-jsvm.d.ts): a checked-in copy of
// what the pinned binary writes, refreshed by `npm run build:hooks -- --types`
// (scripts/build-hooks.mjs) and compared with the binary's by tests/integration/hooks-bundle.test.ts.
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { HOOKS_DIR } from './entries.mjs';
import { BIN_DIR, ROOT } from './paths.mjs';

export const HOOKS_TYPES = join(ROOT, HOOKS_DIR, 'types', 'pocketbase-jsvm.d.ts');

/**
 * What .bin/pocketbase writes as <dataDir>/types.d.ts.
 * @returns {string}
 */
export function pocketBaseTypes(pocketbase = process.env.POCKETBASE_BIN || join(BIN_DIR, 'pocketbase')) {
  const dataDir = mkdtempSync(join(tmpdir(), 'adscout-types-'));
  try {
    const empty = join(dataDir, 'none');
    execFileSync(
      pocketbase,
      ['migrate', 'up', '--dir', dataDir, '--migrationsDir', empty, '--hooksDir', empty],
      {
        stdio: 'ignore',
      },
    );
    return readFileSync(join(dataDir, 'types.d.ts'), 'utf8');
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
}
