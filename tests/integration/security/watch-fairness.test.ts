/**
 * A few users cannot stall everyone's watches. A watch whose owner has a working run cannot start
 * (one run at a time) and stays due; were such watches read by each tick, 25 users with 20 of
 * them each would fill the 500 the scheduler reads and no other user's watch would ever start.
 * The scheduler reads each user's oldest due watch, and none of a user with a working run
 * (src/hooks/watches/scheduler.ts); their watches start once that run ends.
 */
import type PocketBase from 'pocketbase';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { WATCH_LIMITS } from '../../../src/domain/runs/watches.ts';
import { toPbDate } from '../../../src/domain/text/format.ts';
import { subscriber } from '../../fixtures/records.ts';
import { startTestServer, type TestServer, type TestUser } from '../harness.ts';
import { runCron } from './support.ts';
import { COLLECTIONS } from '../../../src/domain/api/collections.ts';
import { SERVER_ROUTES } from '../../../src/domain/api/routes.ts';
import { startRun } from '../../fixtures/user-api.ts';

const STUCK_USERS = 25;
const SCHEDULER = 'adscout_watch_scheduler';

let server: TestServer;

beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  await server?.stop();
});

const watchBody = (user: string, dueAt: number, name: string) => ({
  user,
  name,
  facebook_link: 'https://www.facebook.com/ads/library/?active_status=active&country=US&q=lamp',
  target_country: 'US',
  keywords_used: '',
  requested_count: 10,
  cadence: 'daily',
  active: true,
  next_run_at: toPbDate(new Date(dueAt)),
});

const runsOf = (superuser: PocketBase, userId: string) =>
  superuser.collection(COLLECTIONS.searchRuns).getFullList({ filter: `user = "${userId}"`, sort: 'created' });

/** A subscriber with a working run of their own (created as the form does). */
async function busyUser(label: string): Promise<{ user: TestUser; run: string }> {
  const user = await subscriber(server.superuser, server, label);
  const run = await startRun(user, {
    search_name: 'By hand',
    facebook_link: 'https://www.facebook.com/ads/library/?active_status=active&country=US&q=lamp',
  });
  return { user, run: run.id };
}

describe('the watch scheduler', () => {
  it(`starts another user's due watch on the next tick while ${STUCK_USERS} users × ${WATCH_LIMITS.perUser} watches wait on a working run`, async () => {
    const busy = await Promise.all(Array.from({ length: STUCK_USERS }, (_, i) => busyUser(`busy-${i}`)));
    // all due an hour ago, one millisecond apart: older than the other user's watch
    const longAgo = Date.now() - 3600_000;
    const stuckIds: string[] = [];
    // a user's watches in one batch request each (20 writes, well inside the batch timeout)
    for (const [u, { user }] of busy.entries()) {
      const batch = server.superuser.createBatch();
      for (let w = 0; w < WATCH_LIMITS.perUser; w++) {
        const n = u * WATCH_LIMITS.perUser + w;
        batch.collection(COLLECTIONS.watches).create(watchBody(user.id, longAgo + n, `Stuck ${n}`));
      }
      for (const result of await batch.send()) stuckIds.push((result.body as { id: string }).id);
    }
    expect(stuckIds).toHaveLength(STUCK_USERS * WATCH_LIMITS.perUser);

    const other = await subscriber(server.superuser, server, 'other');
    const plannedAt = Date.now() - 60_000;
    const theirs = await server.superuser
      .collection(COLLECTIONS.watches)
      .create(watchBody(other.id, plannedAt, 'Someone else'));

    await runCron(server.superuser, SCHEDULER);
    await expect
      .poll(async () => (await runsOf(server.superuser, other.id)).map((run) => run.watch), {
        timeout: 20_000,
        interval: 200,
      })
      .toEqual([theirs.id]);
    // the waiting users still have their one run, and their watches are still due as planned
    const first = busy[0]!;
    expect((await runsOf(server.superuser, first.user.id)).map((run) => run.id)).toEqual([first.run]);
    const stillDue = await server.superuser
      .collection(COLLECTIONS.watches)
      .getFullList({ filter: `next_run_at < "${toPbDate(new Date(plannedAt))}"`, fields: 'id,last_run' });
    expect(stillDue).toHaveLength(stuckIds.length);
    expect(stillDue.every((watch) => watch.last_run === '')).toBe(true);

    // once a user's run ends, their oldest due watch starts
    const worker = 'fairness-worker';
    await server.superuser
      .collection(COLLECTIONS.searchRuns)
      .update(first.run, { lease_owner: worker, lease_expires_at: toPbDate(new Date(Date.now() + 60_000)) });
    await server.worker.send(SERVER_ROUTES.workerRunFinish.url(first.run), {
      method: 'POST',
      body: { worker, status: 'completed' },
    });
    await runCron(server.superuser, SCHEDULER);
    await expect
      .poll(async () => (await runsOf(server.superuser, first.user.id)).map((run) => run.watch), {
        timeout: 20_000,
        interval: 200,
      })
      .toEqual(['', stuckIds[0]]);
  }, 120_000);
});
