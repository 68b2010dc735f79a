import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { RuleTester } from 'eslint';
import { afterAll, describe, expect, it } from 'vitest';
import { ROOT } from '../scripts/lib/paths.mjs';
import { isTestModule, moduleGraph, noTestOnlyModules } from './no-test-only-modules.js';

/** A small repository: each entry of src/ and each script reaches some modules, tests others. */
const TREE: Record<string, string> = {
  'index.html': '<body><div id="root"></div><script type="module" src="/src/web/main.tsx"></script></body>',
  'src/web/main.tsx': [
    "import { App } from './app.tsx';",
    "import './main.css';",
    "// import { nothing } from '../domain/commented.ts';",
    "const worker = new Worker(new URL('./heavy.worker.ts', import.meta.url), { type: 'module' });",
    "const Lazy = () => import('./lazy.tsx');",
  ].join('\n'),
  'src/web/main.css': 'body {}',
  // the shared board's page: an entry of its own, whose modules count as reached
  'share.html':
    '<body><main id="share"></main><script type="module" src="/src/web/share/main.ts"></script></body>',
  'src/web/share/main.ts': "import { page } from './page.ts';",
  'src/web/share/page.ts': 'export const page = 1;',
  'src/web/app.tsx': "import type { Row } from '../domain/row.ts';\nexport const App = 1;",
  'src/web/heavy.worker.ts': 'export {};',
  'src/web/lazy.tsx': "export * from '../domain/shared';",
  'src/domain/row.ts': 'export interface Row { id: string }',
  'src/domain/shared.ts': 'export const shared = 1;',
  'src/domain/shapes.d.ts': 'declare const shapes: number;',
  'src/domain/commented.ts': 'export const nothing = 0;',
  'src/domain/dead.ts': 'export const dead = 0;',
  'src/worker/main.ts': "import { a } from './a.ts';",
  'src/worker/a.ts': 'export const a = 1;',
  'src/worker/double.ts': "import { helper } from './double-helper.ts';\nexport const double = helper;",
  'src/worker/double-helper.ts': 'export const helper = 1;',
  'src/worker/a.test.ts': "import { a } from './a.ts';\nimport { double } from './double.ts';",
  'src/hooks/runs/index.ts': "import { rule } from '../../domain/rule.ts';",
  'src/hooks/types/goja.d.ts': 'declare const $app: unknown;',
  'src/domain/rule.ts': 'export const rule = 1;',
  'src/build-only.ts': 'export const built = 1;',
  'vite.config.ts': "import { built } from './src/build-only.ts';",
  'scripts/tool.mjs': "import { used } from '../src/script-only.ts';",
  'src/script-only.ts': 'export const used = 1;',
  'scripts/tool.test.ts': "import { fixture } from '../src/fixture-only.ts';",
  'tests/fixtures/x.ts': "import { fixture } from '../../src/fixture-only.ts';",
  'src/fixture-only.ts': 'export const fixture = 1;',
  'vitest.config.ts': "import { configOnly } from './src/config-only.ts';",
  'src/config-only.ts': 'export const configOnly = 1;',
  'node_modules/pkg/index.js': "import { dead } from '../../src/domain/dead.ts';",
  'dist/assets/app.js': "import { dead } from '../../src/domain/dead.ts';",
};

const tmp = mkdtempSync(join(tmpdir(), 'adscout-test-only-'));
afterAll(() => rmSync(tmp, { recursive: true, force: true }));
for (const [path, text] of Object.entries(TREE)) {
  mkdirSync(dirname(join(tmp, path)), { recursive: true });
  writeFileSync(join(tmp, path), text);
}

describe('modules of src/ that only tests use', () => {
  it('are what no entry and no script reaches through code that is not a test, with their importers', () => {
    expect(Object.fromEntries(moduleGraph(tmp).unreached)).toEqual({
      'src/config-only.ts': { importers: ['vitest.config.ts'] },
      'src/domain/commented.ts': { importers: [] },
      'src/domain/dead.ts': { importers: [] },
      'src/fixture-only.ts': { importers: ['scripts/tool.test.ts', 'tests/fixtures/x.ts'] },
      'src/worker/double-helper.ts': { importers: ['src/worker/double.ts'] },
      'src/worker/double.ts': { importers: ['src/worker/a.test.ts'] },
    });
  });

  it('counts tests, their fixtures and the test runners as tests, and nothing else', () => {
    for (const path of [
      'tests/e2e/a.e2e.ts',
      'src/domain/a.test.ts',
      'scripts/a.test.ts',
      'vitest.config.ts',
    ])
      expect(isTestModule(path), path).toBe(true);
    for (const path of ['src/domain/a.ts', 'scripts/build-hooks.mjs', 'vite.config.ts', 'src/web/testing.ts'])
      expect(isTestModule(path), path).toBe(false);
  });

  it('are none in this repository (test doubles live in tests/fixtures)', () => {
    expect(Object.fromEntries(moduleGraph(ROOT).unreached)).toEqual({});
  });
});

describe('the rule', () => {
  const tester = new RuleTester();
  it('reports a module of src/ that nothing but tests reaches, and only such a module', () => {
    tester.run('no-test-only-modules', noTestOnlyModules, {
      valid: [
        { code: 'export {};', filename: join(ROOT, 'src/worker/main.ts') },
        { code: 'export {};', filename: join(ROOT, 'tests/fixtures/loopback-double.ts') },
      ],
      invalid: [
        {
          code: 'export const stray = 1;',
          filename: join(ROOT, 'src/worker/media/stray-double.ts'),
          errors: [{ messageId: 'unused' }],
        },
      ],
    });
  });
});
