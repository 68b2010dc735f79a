/**
 * Starts one real stack for the e2e run (e2e-stack.ts). Tests find it through ADSCOUT_E2E_URL;
 * the returned function stops it.
 */
import { chromiumExecutable } from '../fixtures/chromium.ts';
import { startE2eStack } from './e2e-stack.ts';

export default async function globalSetup(): Promise<() => Promise<void>> {
  chromiumExecutable();
  // Paced so that a scout is visibly in progress for about a second (pages of 25 ads).
  const stack = await startE2eStack({ workerEnv: { SCOUT_DEMO_PACE_MS: '250' } });
  process.env.ADSCOUT_E2E_URL = stack.url;
  process.env.ADSCOUT_E2E_DATA_DIR = stack.dataDir;
  return () => stack.stop();
}
