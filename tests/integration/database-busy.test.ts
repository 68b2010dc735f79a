/**
 * A write that finds data.db locked by another process answers 503, which the worker's client
 * retries, not PocketBase's 400, which would fail the run (src/hooks/site/database-busy.ts). The
 * other process is a second PocketBase on the same data dir whose hook holds the write lock for
 * longer than the busy timeout (tests/fixtures/write-lock-hooks), as Litestream holds it for a
 * checkpoint beside a replicated server (docs/going-live.md#the-continuous-replica).
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freePort, ROOT } from '../../scripts/lib/stack.mjs';
import { COLLECTIONS } from '../../src/domain/api/collections.ts';
import { SERVER_ROUTES } from '../../src/domain/api/routes.ts';
import { PRODUCT_MESSAGES } from '../../src/domain/forms/messages.ts';
import { workerServer } from '../../src/worker/api.ts';
import { createWorkingRun } from '../fixtures/records.ts';
import { command, type Command } from './commands.ts';
import { adRow } from './report-support.ts';
import { pocketBaseBinary, startTestServer, type TestServer, type TestUser } from './harness.ts';

/** Longer than PocketBase's busy timeout (10 s), with room for a slow request on a busy machine. */
const LOCK_MS = 25_000;

let server: TestServer;
let alice: TestUser;
const emptyMigrations = mkdtempSync(join(tmpdir(), 'adscout-no-migrations-'));

beforeAll(async () => {
  server = await startTestServer();
  alice = await server.createUser('alice');
});

afterAll(async () => {
  await server?.stop();
  rmSync(emptyMigrations, { recursive: true, force: true });
});

/** A second PocketBase on the server's data dir, holding the write lock once it says so. */
async function holdWriteLock(): Promise<Command> {
  const holder = command(
    pocketBaseBinary(),
    [
      'serve',
      '--dir',
      server.dataDir,
      '--http',
      `127.0.0.1:${await freePort()}`,
      '--hooksDir',
      join(ROOT, 'tests/fixtures/write-lock-hooks'),
      '--hooksWatch=false',
      '--migrationsDir',
      emptyMigrations,
      '--automigrate=false',
    ],
    { env: { ADSCOUT_TEST_LOCK_MS: String(LOCK_MS) } },
  );
  const deadline = Date.now() + 60_000;
  while (!holder.output().includes('[write-lock] held')) {
    if (holder.child.exitCode !== null || Date.now() > deadline)
      throw new Error(`the lock holder never held the lock:\n${holder.output()}`);
    await new Promise((r) => setTimeout(r, 100));
  }
  return holder;
}

describe('a write that finds the database locked by another process', () => {
  it('answers 503 with Retry-After, on our routes and PocketBase’s, and the worker’s retry stores the rows once the lock is gone', async () => {
    const runId = await createWorkingRun(server.superuser, alice.id, { requested_count: 10 });
    const api = workerServer(server.worker, 'busy-worker');
    expect((await api.claim())?.id).toBe(runId);
    const rows = ['b1', 'b2', 'b3'].map((id) => adRow(id));

    const holder = await holdWriteLock();
    try {
      // one try, as a client that does not retry sees it
      const answer = await fetch(`${server.url}${SERVER_ROUTES.workerRunResults.url(runId)}`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', Authorization: server.worker.authStore.token },
        body: JSON.stringify({ worker: 'busy-worker', rows }),
      });
      const body = (await answer.json()) as { message?: string };
      expect({ status: answer.status, message: body.message }).toEqual({
        status: 503,
        message: PRODUCT_MESSAGES.databaseBusy,
      });
      expect(answer.headers.get('retry-after')).toBe('1');
      await server.waitForOutput(/found the database locked, answered 503/);

      // PocketBase's own record routes too (a board the app's outbox creates, and retries on a 5xx)
      const board = await alice.pb
        .collection(COLLECTIONS.boards)
        .create({ user: alice.id, name: 'Locked out' })
        .then(
          () => ({ status: 200, message: '' }),
          (error: { status: number; response?: { message?: string } }) => ({
            status: error.status,
            message: error.response?.message,
          }),
        );
      expect(board).toEqual({ status: 503, message: PRODUCT_MESSAGES.databaseBusy });

      // the worker's own client retries the 503 until the lock is released
      const written = await api.writeResults(runId, rows);
      expect(written).toMatchObject({ stored: rows.length, inserted: rows.length });
      expect(holder.output()).toContain('[write-lock] released');
    } finally {
      if (holder.child.pid && holder.child.exitCode === null && holder.child.signalCode === null)
        process.kill(-holder.child.pid, 'SIGKILL');
      await holder.exited;
    }
    const stored = await server.superuser
      .collection(COLLECTIONS.searchResults)
      .getFullList({ filter: `run = "${runId}"`, fields: 'ad_id' });
    expect(stored.map((row) => row.ad_id).sort()).toEqual(['b1', 'b2', 'b3']);
  }, 120_000);
});
