/**
 * One real stack for e2e tests: PocketBase serving the built PWA from dist/, with the repo's
 * migrations and hooks in a temporary data dir, and a scout worker. global-setup.ts starts the
 * suite's; a test that needs a worker of its own settings (creative-archive.e2e.ts: a CDN double)
 * starts another.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ensurePocketBase, ensureWebBuild, webBuildDir } from '../../scripts/bootstrap.mjs';
import {
  accountsEnv,
  freePort,
  loadOrCreateCredentials,
  startPocketBase,
  startWorker,
} from '../../scripts/lib/stack.mjs';
import { collectionRoute } from '../fixtures/route-paths.ts';
import { COLLECTIONS } from '../../src/domain/api/collections.ts';

export interface E2eStack {
  url: string;
  dataDir: string;
  stop(): Promise<void>;
}

export async function startE2eStack(options: {
  workerEnv: Record<string, string>;
  /** More server environment, given the server's own URL (e.g. SMTP and APP_URL for mail links). */
  serverEnv?: (url: string) => Record<string, string>;
}): Promise<E2eStack> {
  const pocketbase = await ensurePocketBase();
  await ensureWebBuild();
  const dataDir = await mkdtemp(join(tmpdir(), 'adscout-e2e-'));
  // The admin superuser and the workers' account, made by PocketBase from its environment as
  // `npm start` does; the worker reads its own file.
  const { workerPath: credentialsFile, credentials } = loadOrCreateCredentials(dataDir);
  // freePort() only suggests a port: another process may bind it first, and then /api/health
  // answers from a server that is not ours. Signing in with this data dir's superuser proves it.
  let server: Awaited<ReturnType<typeof startPocketBase>> | null = null;
  for (let attempt = 1; !server; attempt++) {
    const http = `127.0.0.1:${await freePort()}`;
    const candidate = await startPocketBase({
      pocketbase,
      dataDir,
      http,
      publicDir: webBuildDir(),
      env: {
        SCOUT_DEMO_PACE_MS: '0',
        ...accountsEnv(credentials),
        ...options.serverEnv?.(`http://${http}`),
      },
    });
    const ours = await fetch(
      `${candidate.url}${collectionRoute(COLLECTIONS.superusers, 'auth-with-password')}`,
      {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify({ identity: credentials.admin.email, password: credentials.admin.password }),
      },
    ).then(
      (response) => response.ok && candidate.child.exitCode === null,
      () => false,
    );
    if (ours) server = candidate;
    else {
      await candidate.stop();
      if (attempt >= 5)
        throw new Error(`the e2e PocketBase did not start as our own server:\n${candidate.output.join('')}`);
    }
  }
  const worker = startWorker({ pbUrl: server.url, credentialsFile, stdio: 'ignore', env: options.workerEnv });
  const started = server;
  return {
    url: started.url,
    dataDir,
    async stop() {
      await worker.stop();
      await started.stop();
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}
