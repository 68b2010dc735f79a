/**
 * Users never read the name of the worker that holds their run (`lease_owner`, by default the
 * worker's host name and pid): not over REST (nor by filtering on it), realtime, the sync route or
 * the export. The field is hidden (pb_migrations), which only superusers see past; the worker (its
 * own account, no superuser) still holds and renews its lease through the lease routes. Installed
 * apps that still ask the sync route for `lease_owner` get their rows without it, not a refusal.
 */
import type { RecordModel } from 'pocketbase';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { subscriber } from '../../fixtures/records.ts';
import { startTestServer, statusOf, type TestServer, type TestUser } from '../harness.ts';
import { COLLECTIONS } from '../../../src/domain/api/collections.ts';
import { SERVER_ROUTES } from '../../../src/domain/api/routes.ts';
import { startRun } from '../../fixtures/user-api.ts';

const WORKER = 'scout-host.internal-4242';

let server: TestServer;
let user: TestUser;
let runId: string;

beforeAll(async () => {
  server = await startTestServer();
  user = await subscriber(server.superuser, server, 'owner');
  const run = await startRun(user, {
    search_name: 'Lamps',
    facebook_link: 'https://www.facebook.com/ads/library/?active_status=active&country=US&q=lamp',
  });
  runId = run.id;
  const claimed = await server.worker.send<{ run: { id: string } | null }>(SERVER_ROUTES.workerClaim.path, {
    method: 'POST',
    body: { worker: WORKER },
  });
  expect(claimed.run?.id).toBe(runId);
});
afterAll(async () => {
  await server?.stop();
});

const heartbeat = () =>
  server.worker.send<{ lease_expires_at: string }>(SERVER_ROUTES.workerRunHeartbeat.url(runId), {
    method: 'POST',
    body: { worker: WORKER, progress: 1 },
  });

describe('the worker', () => {
  it('holds the lease under its name, as a superuser reads it, and renews it', async () => {
    expect((await server.superuser.collection(COLLECTIONS.searchRuns).getOne(runId)).lease_owner).toBe(
      WORKER,
    );
    expect((await heartbeat()).lease_expires_at).not.toBe('');
  });

  it('reads it over realtime, where it tells runs to claim from runs being worked (src/worker/main.ts)', async () => {
    const seen: RecordModel[] = [];
    const unsubscribe = await server.superuser
      .collection(COLLECTIONS.searchRuns)
      .subscribe(runId, (e) => seen.push(e.record));
    try {
      await heartbeat();
      await expect.poll(() => seen.length, { timeout: 10_000 }).toBeGreaterThan(0);
      expect(seen[0]!.lease_owner).toBe(WORKER);
    } finally {
      await unsubscribe();
    }
  });
});

describe('the run’s owner', () => {
  it('reads the run over REST without it, and cannot filter on it', async () => {
    const run = await user.pb.collection(COLLECTIONS.searchRuns).getOne(runId);
    expect(run.status).toBe('working'); // positive control: the run is there
    expect(run).not.toHaveProperty('lease_owner');
    const listed = await user.pb.collection(COLLECTIONS.searchRuns).getFullList();
    expect(listed.map((r) => r.id)).toEqual([runId]);
    expect(JSON.stringify(listed)).not.toContain(WORKER);
    for (const filter of [`lease_owner = "${WORKER}"`, 'lease_owner ~ "scout"', 'lease_owner != ""']) {
      const found = await user.pb
        .collection(COLLECTIONS.searchRuns)
        .getFullList({ filter })
        .catch((error: { status: number }) => error.status);
      expect([400, []]).toContainEqual(found);
    }
  });

  it('receives the run’s realtime updates without it', async () => {
    const seen: RecordModel[] = [];
    const unsubscribe = await user.pb
      .collection(COLLECTIONS.searchRuns)
      .subscribe(runId, (e) => seen.push(e.record));
    try {
      await heartbeat();
      await expect.poll(() => seen.length, { timeout: 10_000 }).toBeGreaterThan(0);
      expect(seen[0]!.id).toBe(runId);
      for (const record of seen) expect(record).not.toHaveProperty('lease_owner');
    } finally {
      await unsubscribe();
    }
  });

  it('syncs the run without it, also when an installed app still asks for it', async () => {
    const { items } = await user.pb.send<{ items: Record<string, unknown>[] }>(
      SERVER_ROUTES.syncPage.url(COLLECTIONS.searchRuns),
      { query: { fields: 'id,status,lease_owner' } },
    );
    expect(items).toEqual([{ id: runId, status: 'working' }]);
    expect(
      await statusOf(
        user.pb.send(SERVER_ROUTES.syncPage.url(COLLECTIONS.searchRuns), {
          query: { fields: 'lease_owner' },
        }),
      ),
    ).toBe(0);
  });

  it('downloads their data without it', async () => {
    const response = await fetch(`${server.url}${SERVER_ROUTES.accountExport.path}`, {
      headers: { Authorization: user.pb.authStore.token },
    });
    expect(response.status).toBe(200);
    const text = await response.text();
    const data = JSON.parse(text) as { runs: Record<string, unknown>[] };
    expect(data.runs.map((run) => run.id)).toEqual([runId]);
    expect(data.runs[0]).not.toHaveProperty('lease_owner');
    expect(text).not.toContain(WORKER);
  });
});
