/**
 * Starts one real stack for the e2e run: PocketBase serving the built PWA from dist/, with the
 * repo's migrations and hooks in a temporary data dir, and a scout worker. Tests find it through
 * ADSCOUT_E2E_URL; the returned function stops it.
 */
import { existsSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ensurePocketBase, ensureWebBuild, webBuildDir } from '../../scripts/bootstrap.mjs';
import {
  freePort,
  loadOrCreateCredentials,
  startPocketBase,
  startWorker,
  upsertSuperuser,
} from '../../scripts/lib/stack.mjs';

export default async function globalSetup(): Promise<() => Promise<void>> {
  const chromium = process.env.CHROMIUM_PATH || '/usr/bin/chromium';
  if (!existsSync(chromium)) {
    throw new Error(
      `Chromium not found at ${chromium}: install it with 'apt-get install chromium' or set CHROMIUM_PATH`,
    );
  }
  const pocketbase = await ensurePocketBase();
  await ensureWebBuild();
  const dataDir = await mkdtemp(join(tmpdir(), 'adscout-e2e-'));
  const { path: credentialsFile, credentials } = loadOrCreateCredentials(dataDir);
  upsertSuperuser(pocketbase, dataDir, credentials.admin.email, credentials.admin.password);
  upsertSuperuser(pocketbase, dataDir, credentials.worker.email, credentials.worker.password);
  const server = await startPocketBase({
    pocketbase,
    dataDir,
    http: `127.0.0.1:${await freePort()}`,
    publicDir: webBuildDir(),
    env: { SCOUT_DEMO_PACE_MS: '0' },
  });
  const worker = startWorker({
    pbUrl: server.url,
    credentialsFile,
    stdio: 'ignore',
    // Paced so that a scout is visibly in progress for about a second (pages of 25 ads).
    env: { SCOUT_DEMO_PACE_MS: '250' },
  });
  process.env.ADSCOUT_E2E_URL = server.url;
  process.env.ADSCOUT_E2E_DATA_DIR = dataDir;
  return async () => {
    await worker.stop();
    await server.stop();
    await rm(dataDir, { recursive: true, force: true });
  };
}
