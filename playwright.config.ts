import { defineConfig, devices } from '@playwright/test';
import { CHROMIUM_ARGS, chromiumPath } from './tests/fixtures/chromium.ts';

export default defineConfig({
  testDir: 'tests/e2e',
  testMatch: '**/*.e2e.ts',
  globalSetup: './tests/e2e/global-setup.ts',
  fullyParallel: true,
  workers: 2,
  retries: 0,
  forbidOnly: !!process.env.CI,
  // A journey of a dozen steps takes 25 s on a CI machine beside the other worker (pwa.e2e.ts,
  // watches.e2e.ts) and twice that on a busier one: 60 s leaves room; a test that needs more sets
  // its own budget.
  timeout: 60_000,
  expect: { timeout: 10_000 },
  outputDir: 'test-results/e2e',
  reporter: [['list'], ['json', { outputFile: 'test-results/e2e-report.json' }]],
  use: {
    ...devices['Desktop Chrome'],
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
    // global-setup checks that it is installed
    launchOptions: { executablePath: chromiumPath(), args: CHROMIUM_ARGS },
  },
});
