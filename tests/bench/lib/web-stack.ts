/**
 * A throwaway stack for browser benchmarks, started as tests/e2e/global-setup.ts starts the e2e
 * one: PocketBase with the repo's migrations and hooks in a temporary data dir, on a free port,
 * serving the built PWA (webBuildDir(), so ADSCOUT_DIST_DIR applies), and a superuser client.
 * No scout worker: benchmarks seed their rows directly.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import PocketBase from 'pocketbase';
import { ensurePocketBase, ensureWebBuild, webBuildDir } from '../../../scripts/bootstrap.mjs';
import {
  accountsEnv,
  freePort,
  loadOrCreateCredentials,
  startPocketBase,
} from '../../../scripts/lib/stack.mjs';
import { createSubscription } from '../../fixtures/records.ts';
import { COLLECTIONS } from '../../../src/domain/api/collections.ts';

export interface WebStack {
  url: string;
  superuser: PocketBase;
  /**
   * A user with an active yearly subscription, and the session a sign-in would leave in
   * localStorage 'pocketbase_auth' (a week-long impersonation token: the app renews tokens only
   * inside their last three days, so it never refreshes during a benchmark).
   */
  subscriber(label: string): Promise<{ id: string; token: string; session: string }>;
  stop(): Promise<void>;
}

export async function startWebStack(): Promise<WebStack> {
  const pocketbase = await ensurePocketBase();
  await ensureWebBuild();
  const dataDir = await mkdtemp(join(tmpdir(), 'adscout-bench-web-'));
  let server: Awaited<ReturnType<typeof startPocketBase>> | null = null;
  try {
    const { credentials } = loadOrCreateCredentials(dataDir);
    server = await startPocketBase({
      pocketbase,
      dataDir,
      http: `127.0.0.1:${await freePort()}`,
      publicDir: webBuildDir(),
      env: accountsEnv(credentials),
    });
    const superuser = new PocketBase(server.url);
    superuser.autoCancellation(false);
    await superuser
      .collection(COLLECTIONS.superusers)
      .authWithPassword(credentials.admin.email, credentials.admin.password);
    const running = server;
    return {
      url: running.url,
      superuser,
      async subscriber(label) {
        const password = 'Bench-Pass-2026';
        const user = await superuser
          .collection(COLLECTIONS.users)
          .create({ email: `${label}@bench.test`, password, passwordConfirm: password });
        await createSubscription(superuser, user.id, { plan: 'yearly' });
        const client = await superuser.collection(COLLECTIONS.users).impersonate(user.id, 7 * 24 * 3600);
        const session = JSON.stringify({ token: client.authStore.token, record: client.authStore.record });
        return { id: user.id, token: client.authStore.token, session };
      },
      async stop() {
        await running.stop();
        await rm(dataDir, { recursive: true, force: true });
      },
    };
  } catch (error) {
    await server?.stop();
    await rm(dataDir, { recursive: true, force: true });
    throw error;
  }
}
