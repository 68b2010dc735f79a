/**
 * The creative archive's queue (docs/creatives.md#the-archive-routes): the results write queues a
 * task per new ad with a media link, for the run's user; workers claim tasks under a lease, one
 * holder each; a failure backs off inside the retry window, then fails for good.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MEDIA_RETRY_WINDOW_HOURS } from '../../src/domain/media/creative-limits.ts';
import { LEASE_NOT_HELD_MESSAGE } from '../../src/domain/runs/lease-contract.ts';
import { SERVER_ROUTES } from '../../src/domain/api/routes.ts';
import { toPbDate } from '../../src/domain/text/format.ts';
import { startTestServer, type TestServer, type TestUser } from './harness.ts';
import {
  claim,
  claimOnly as claimOnlyOn,
  drainTasks,
  freshAdId,
  mediaLink,
  postJson,
  taskOf,
  writeRows,
} from './media-support.ts';
import { writeColumns } from './security/support.ts';
import { COLLECTIONS } from '../../src/domain/api/collections.ts';

// Long enough for any request of these tests on a busy machine: the test of a lease that ran out
// moves that lease's end into the past instead of waiting for it.
const LEASE_SECONDS = 120;
let server: TestServer;
let alice: TestUser;
const ad = freshAdId;
const link = mediaLink;

beforeAll(async () => {
  server = await startTestServer({ env: { MEDIA_LEASE_SECONDS: String(LEASE_SECONDS) } });
  alice = await server.createUser('alice');
});
afterAll(async () => {
  await server?.stop();
});

const claimOnly = (user: TestUser, adId: string, worker = 'w1') => claimOnlyOn(server, user, adId, worker);

describe('the results write', () => {
  it('queues one pending task per new ad with a media link, for the run’s user', async () => {
    const [withLink, withPoster, without] = [ad('q'), ad('q'), ad('q')];
    await writeRows(server, alice, [
      { ad_id: withLink, media_url: link(withLink) },
      { ad_id: withPoster, media_poster_url: link(withPoster) },
      { ad_id: without },
    ]);
    const tasks = await server.superuser
      .collection(COLLECTIONS.mediaTasks)
      .getFullList({ filter: `ad_id ~ "q-" && user = "${alice.id}"`, sort: 'ad_id' });
    expect(tasks.map((t) => [t.ad_id, t.status, t.attempts, t.media_url, t.media_poster_url])).toEqual([
      [withLink, 'pending', 0, link(withLink), ''],
      [withPoster, 'pending', 0, '', link(withPoster)],
    ]);
    // the same ad in a later run: still one task
    await writeRows(server, alice, [{ ad_id: withLink, media_url: link(withLink) }]);
    expect(
      (
        await server.superuser
          .collection(COLLECTIONS.mediaTasks)
          .getFullList({ filter: `ad_id = "${withLink}"` })
      ).length,
    ).toBe(1);
  });

  it('starts a failed task again when the ad comes back with another link, not with the same', async () => {
    const adId = ad('reset');
    const task = await claimOnly(alice, adId);
    await postJson(server, SERVER_ROUTES.mediaFail.url(task.id), {
      worker: 'w1',
      error: 'HTTP 403',
      retry: false,
    });
    await writeRows(server, alice, [{ ad_id: adId, media_url: link(adId) }]);
    expect((await taskOf(server, alice, adId)).status).toBe('failed');
    await writeRows(server, alice, [{ ad_id: adId, media_url: link(adId, 2) }]);
    const reset = await taskOf(server, alice, adId);
    expect([reset.status, reset.attempts, reset.media_url, reset.last_error]).toEqual([
      'pending',
      0,
      link(adId, 2),
      '',
    ]);
  });
});

describe('claim', () => {
  it('never hands the same task to two workers claiming at once', async () => {
    await drainTasks(server);
    const ids = Array.from({ length: 24 }, () => ad('c'));
    await writeRows(
      server,
      alice,
      ids.map((id) => ({ ad_id: id, media_url: link(id) })),
    );
    const claims = await Promise.all(
      Array.from({ length: 8 }, (_, i) => claim(server, i % 2 ? 'w-odd' : 'w-even', 5)),
    );
    const claimed = claims.flat().map((t) => t.ad_id);
    expect(new Set(claimed).size).toBe(claimed.length);
    // 8 claims of 5 cover the 24 tasks
    expect(claimed.sort()).toEqual([...ids].sort());
    for (const task of claims.flat()) expect(task.attempts).toBe(1);
  });

  it('hands a task out again once its lease has run out, and the first holder may no longer settle it', async () => {
    const adId = ad('lease');
    const first = await claimOnly(alice, adId, 'w1');
    expect(await claim(server, 'w2')).toEqual([]);
    // the lease runs out: its end is now a second ago
    await server.superuser
      .collection(COLLECTIONS.mediaTasks)
      .update(first.id, { lease_expires_at: toPbDate(new Date(Date.now() - 1000)) });
    const again = await claim(server, 'w2');
    expect(again.map((t) => [t.id, t.attempts])).toEqual([[first.id, 2]]);
    const stale = await postJson(server, SERVER_ROUTES.mediaFail.url(first.id), {
      worker: 'w1',
      error: 'x',
      retry: true,
    });
    expect(stale).toEqual({
      status: 409,
      body: expect.objectContaining({ message: LEASE_NOT_HELD_MESSAGE }),
    });
  });

  it('release hands a task back at once, the attempt not counted', async () => {
    const adId = ad('release');
    const task = await claimOnly(alice, adId, 'w1');
    expect((await postJson(server, SERVER_ROUTES.mediaRelease.url(task.id), { worker: 'w1' })).status).toBe(
      204,
    );
    const again = await claim(server, 'w2');
    expect(again.map((t) => [t.id, t.attempts])).toEqual([[task.id, 1]]);
  });
});

describe('fail', () => {
  it('backs off after each failure and fails for good without retry', async () => {
    const adId = ad('fail');
    const task = await claimOnly(alice, adId, 'w1');
    const before = Date.now();
    const failed = await postJson<{ status: string; next_attempt_at: string }>(
      server,
      SERVER_ROUTES.mediaFail.url(task.id),
      { worker: 'w1', error: 'timeout', retry: true },
    );
    expect(failed.body.status).toBe('pending');
    const next = Date.parse(failed.body.next_attempt_at.replace(' ', 'T'));
    expect(next - before).toBeGreaterThanOrEqual(59_000);
    expect(next - before).toBeLessThan(61_000 + (Date.now() - before));
    expect((await taskOf(server, alice, adId)).last_error).toBe('timeout');
    // not due yet
    expect(await claim(server, 'w1')).toEqual([]);
    await server.superuser
      .collection(COLLECTIONS.mediaTasks)
      .update(task.id, { next_attempt_at: toPbDate(new Date(Date.now() - 1000)) });
    const second = await claim(server, 'w1');
    expect(second.map((t) => [t.id, t.attempts])).toEqual([[task.id, 2]]);
    const later = await postJson<{ status: string; next_attempt_at: string }>(
      server,
      SERVER_ROUTES.mediaFail.url(task.id),
      {
        worker: 'w1',
        error: 'timeout',
        retry: true,
      },
    );
    expect(Date.parse(later.body.next_attempt_at.replace(' ', 'T')) - Date.now()).toBeGreaterThan(290_000);
    await server.superuser
      .collection(COLLECTIONS.mediaTasks)
      .update(task.id, { next_attempt_at: toPbDate(new Date(Date.now() - 1000)) });
    await claim(server, 'w1');
    const final = await postJson(server, SERVER_ROUTES.mediaFail.url(task.id), {
      worker: 'w1',
      error: 'HTTP 404',
      retry: false,
    });
    expect(final.body).toEqual({ status: 'failed', next_attempt_at: '' });
    expect(await claim(server, 'w1')).toEqual([]);
  });
});

describe('the retry window', () => {
  it(
    `fails a task for good once it is ${MEDIA_RETRY_WINDOW_HOURS} hours old, retry or not`,
    { timeout: 60_000 },
    async () => {
      const adId = ad('window');
      const task = await claimOnly(alice, adId, 'w1');
      await writeColumns(server, COLLECTIONS.mediaTasks, [
        {
          id: task.id,
          values: { created: toPbDate(new Date(Date.now() - (MEDIA_RETRY_WINDOW_HOURS * 3600 + 60) * 1000)) },
        },
      ]);
      // the restart kept the lease
      const failed = await postJson(server, SERVER_ROUTES.mediaFail.url(task.id), {
        worker: 'w1',
        error: 'timeout',
        retry: true,
      });
      expect(failed.body).toEqual({ status: 'failed', next_attempt_at: '' });
    },
  );
});
