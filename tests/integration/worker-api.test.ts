/**
 * The worker's client of the lease routes (src/worker/api.ts) against a real PocketBase: what it
 * makes of a lease another worker took over (heartbeat false, writes and finish LeaseLostError,
 * release quietly), of a run that is gone, and of a request the server refuses for another reason.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { workerServer } from '../../src/worker/api.ts';
import { LeaseLostError } from '../../src/worker/job.ts';
import { startTestServer, type TestServer } from './harness.ts';
import { leasesRunOut } from './worker-runs.ts';
import { createWorkingRun } from '../fixtures/records.ts';

const LEASE_SECONDS = 1;
let server: TestServer;

beforeAll(async () => {
  server = await startTestServer({ env: { SCOUT_LEASE_SECONDS: String(LEASE_SECONDS) } });
});
afterAll(async () => {
  await server?.stop();
});

describe('workerServer', () => {
  it('reports a lease another worker took over, without throwing where the worker just moves on', async () => {
    const id = await createWorkingRun(server.superuser, (await server.createUser('api')).id);
    const first = workerServer(server.worker, 'worker-a');
    const second = workerServer(server.worker, 'worker-b');
    expect((await first.claim())?.id).toBe(id);
    expect(await first.heartbeat(id, 0)).toBe(true);

    // the lease runs out and the other worker claims the run
    await leasesRunOut(server, [id]);
    expect((await second.claim())?.id).toBe(id);

    expect(await first.heartbeat(id, 1)).toBe(false);
    await expect(first.writeResults(id, [])).rejects.toBeInstanceOf(LeaseLostError);
    await expect(first.finish(id, { status: 'completed' })).rejects.toBeInstanceOf(LeaseLostError);
    await expect(first.release(id)).resolves.toBeUndefined();
    // the holder is untouched by all that
    expect(await second.heartbeat(id, 2)).toBe(true);
    await second.release(id);
  });

  it('treats a run that is gone as a lost lease, and passes on any other refusal', async () => {
    const worker = workerServer(server.worker, 'worker-c');
    expect(await worker.heartbeat('nosuchrun12345', 0)).toBe(false);
    await expect(worker.release('nosuchrun12345')).resolves.toBeUndefined();

    // no worker name: a 400 that is nobody's lease
    const nameless = workerServer(server.worker, ' ');
    const id = await createWorkingRun(server.superuser, (await server.createUser('api')).id);
    await expect(nameless.heartbeat(id, 0)).rejects.toMatchObject({ status: 400 });
    await expect(nameless.release(id)).rejects.toMatchObject({ status: 400 });
    await expect(nameless.writeResults(id, [])).rejects.toMatchObject({ status: 400 });
  });
});
