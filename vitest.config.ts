import react from '@vitejs/plugin-react';
import { playwright } from '@vitest/browser-playwright';
import { defineConfig } from 'vitest/config';
import { CHROMIUM_ARGS, chromiumPath } from './tests/fixtures/chromium.ts';

// `npm run coverage` sets this: the processes integration tests spawn (the worker, the CLIs, npm
// start) then write raw V8 coverage there, which scripts/coverage.mjs merges with vitest's own.
const childCoverageDir = process.env.ADSCOUT_CHILD_COVERAGE_DIR;

export default defineConfig({
  test: {
    coverage: {
      provider: 'v8',
      include: [
        'src/domain/**/*.ts',
        'src/hooks/**/*.ts',
        'src/worker/**/*.ts',
        'src/demo-library/**/*.ts',
        'scripts/**/*.mjs',
      ],
      exclude: ['**/*.test.ts', '**/*.d.ts'],
      reporter: ['json'],
      reportsDirectory: 'coverage/vitest',
      reportOnFailure: true,
    },
    projects: [
      {
        test: {
          name: 'unit',
          include: ['src/**/*.test.ts', 'scripts/**/*.test.ts', 'eslint-rules/**/*.test.ts'],
          environment: 'node',
          // Some unit tests are CPU-bound (the demo catalogue builds 1,000 ads per query: 0.3-2 s
          // alone); with the integration servers on the same two cores they took 6-9 s, past
          // vitest's default 5 s. Nothing here waits on a timer, so a longer limit hides no hang.
          testTimeout: 20_000,
        },
      },
      {
        // Component tests (`*.test.tsx` next to the components) render React into Debian's
        // Chromium, Vitest's browser mode: the dialogs' behaviour is the browser's own (showModal,
        // the focus it moves, Escape's cancel, the backdrop), which happy-dom and jsdom do not have.
        plugins: [react()],
        // Vite bundles the browser's dependencies once before the first test file loads. One it
        // discovered later (behind a dynamic import) made it bundle them again and reload, and a
        // test file importing the old bundle failed to load (a fresh clone's run lost one so). So
        // it discovers nothing: the dependencies the components import are named here (the React
        // plugin adds React's own). One not named is served from node_modules as it is, which an ES
        // module survives and a CommonJS one does not, the same way on every run.
        optimizeDeps: {
          noDiscovery: true,
          include: [
            '@hookform/resolvers/zod',
            '@testing-library/react',
            'client-zip',
            'dexie',
            'dexie-react-hooks',
            'pocketbase',
            'react',
            'react-dom',
            'react-dom/client',
            'react-hook-form',
            'react-router-dom',
            'react/jsx-dev-runtime',
            'react/jsx-runtime',
            'uplot',
            'zod',
            'zod/mini',
          ],
        },
        test: {
          name: 'components',
          include: ['src/**/*.test.tsx'],
          browser: {
            enabled: true,
            headless: true,
            provider: playwright({ launchOptions: { executablePath: chromiumPath(), args: CHROMIUM_ARGS } }),
            instances: [{ browser: 'chromium' }],
            // a desktop's window, as the e2e tests' (a side panel then leaves the backdrop beside it)
            viewport: { width: 1280, height: 720 },
            // a failure's screenshot would land beside the sources
            screenshotFailures: false,
          },
          // anything a test attaches goes with the other reports (git-ignored), not to the root
          attachmentsDir: 'test-results/vitest-attachments',
        },
      },
      {
        test: {
          name: 'integration',
          include: ['tests/integration/**/*.test.ts'],
          environment: 'node',
          globalSetup: ['tests/integration/global-setup.ts'],
          setupFiles: ['tests/integration/setup-eventsource.ts'],
          env: childCoverageDir ? { NODE_V8_COVERAGE: childCoverageDir } : {},
          testTimeout: 30_000,
          hookTimeout: 60_000,
          // each file starts its own PocketBase; two cores, so keep a few in flight and run
          // after the unit project
          maxWorkers: 4,
          sequence: { groupOrder: 1 },
        },
      },
    ],
  },
});
