/**
 * The browser's local-first data layer (docs/local-first.md,
 * docs/invariants.md#invariant-9-local-data-belongs-to-one-user) against a real PocketBase, with
 * fake-indexeddb standing in for the browser's IndexedDB: the first pull, incremental pulls, realtime,
 * catch-up after a missed realtime window, the sync route's rate limit, and the watches' mirror. The
 * keyword-set outbox, the logout wipe and a second user on one browser: local-sync-outbox.test.ts.
 */
import 'fake-indexeddb/auto';
import Dexie from 'dexie';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { SearchResult } from '../../src/domain/index.ts';
import { openLocalDb, type LocalDb } from '../../src/web/data/local/local-db.ts';
import { createSyncEngine } from '../../src/web/data/local/sync/engine.ts';
import { createWorkingRun } from '../fixtures/records.ts';
import { waitFor } from '../fixtures/wait-for.ts';
import { startTestServer, type TestServer, type TestUser } from './harness.ts';
import { gadgetRun, localRows, seedResults } from './local-sync-support.ts';
import { COLLECTIONS } from '../../src/domain/api/collections.ts';
import { SERVER_ROUTES } from '../../src/domain/api/routes.ts';

let server: TestServer;

beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  await server?.stop();
});

describe('pulling', () => {
  let user: TestUser;
  let db: LocalDb;

  beforeAll(async () => {
    user = await server.createUser('pull');
    db = openLocalDb(user.id);
  });
  afterAll(async () => {
    db.close();
    await Dexie.delete(db.name);
  });

  it('pulls every run, result and keyword set page by page, and stores the cursor', async () => {
    const first = await gadgetRun(server.superuser, user, 'First', '2026-11-01 10:00:00.000Z');
    const second = await gadgetRun(server.superuser, user, 'Second', '2026-11-02 10:00:00.000Z');
    await seedResults(server.superuser, user, first, 1200);
    await seedResults(server.superuser, user, second, 130);
    await server.superuser
      .collection(COLLECTIONS.keywordSets)
      .create({ user: user.id, locale: 'de-DE', keywords: ['kostenloser versand'] });

    const engine = createSyncEngine({ pb: user.pb, db, userId: user.id, pageSize: 500 });
    const emitted: SearchResult[] = [];
    engine.onResults((rows) => emitted.push(...rows));
    await engine.pull();

    expect(engine.state()).toMatchObject({ phase: 'idle', caughtUp: true, pulledRows: 1330 });
    expect((await db.runs.toArray()).map((run) => run.search_name).sort()).toEqual(['First', 'Second']);
    expect((await db.results.get(first))?.rows).toHaveLength(1200);
    expect((await db.results.get(second))?.rows).toHaveLength(130);
    expect(new Set((await localRows(db)).map((row) => row.id)).size).toBe(1330);
    expect(emitted).toHaveLength(1330);
    expect((await db.keywordSets.where('locale').equals('de-DE').first())?.keywords).toEqual([
      'kostenloser versand',
    ]);
    // PocketBase's bookkeeping fields are not kept; the creative's are
    const [local] = await localRows(db);
    expect(local).not.toHaveProperty('collectionName');
    const n = Number(local!.ad_id.slice('ad-'.length));
    expect(local).toMatchObject({
      media_url: `https://video.example/${n}.mp4`,
      media_poster_url: `https://video.example/${n}.jpg`,
      card_count: n % 5,
    });
    const cursor = (await db.meta.get('cursor:search_results'))?.value as { updated: string; id: string };
    const newest = await server.superuser
      .collection(COLLECTIONS.searchResults)
      .getFirstListItem(`user = "${user.id}"`, { sort: '-updated,-id' });
    expect(cursor).toEqual({ updated: newest.updated, id: newest.id });
  });

  it('pulls only what changed since the cursor, and keeps the newer version of a changed row', async () => {
    const runs = await db.runs.toArray();
    const run = runs.find((r) => r.search_name === 'Second')!;
    const added = await seedResults(server.superuser, user, run.id, 7);
    const changed = (await db.results.get(run.id))!.rows[0]!;
    await server.superuser
      .collection(COLLECTIONS.searchResults)
      .update(changed.id, { title: 'Renamed by the server' });
    await server.superuser
      .collection(COLLECTIONS.searchRuns)
      .update(run.id, { search_name: 'Second, renamed' });

    const engine = createSyncEngine({ pb: user.pb, db, userId: user.id, pageSize: 500 });
    const emitted: SearchResult[] = [];
    engine.onResults((rows) => emitted.push(...rows));
    await engine.pull();

    expect(engine.state().pulledRows).toBe(8);
    expect(emitted.map((row) => row.id).sort()).toEqual([...added, changed.id].sort());
    const rows = (await db.results.get(run.id))!.rows;
    expect(rows).toHaveLength(137);
    expect(rows.find((row) => row.id === changed.id)?.title).toBe('Renamed by the server');
    expect((await db.runs.get(run.id))?.search_name).toBe('Second, renamed');
    expect(await localRows(db)).toHaveLength(1337);
  });
});

describe('realtime and catch-up', () => {
  it('stores rows of a running scout as they are written, without a pull', async () => {
    const user = await server.createUser('live');
    const db = openLocalDb(user.id);
    const engine = createSyncEngine({ pb: user.pb, db, userId: user.id, realtimeBatchMs: 50 });
    try {
      await engine.start();
      const startPulledAt = engine.state().lastPulledAt ?? 0;
      const run = await gadgetRun(server.superuser, user, 'Live', '2026-11-03 10:00:00.000Z');
      // the new run arrives by realtime and schedules a pull: wait until that pull has ended
      await waitFor(
        'the pull the new run scheduled',
        () => engine.state(),
        (state) => (state.lastPulledAt ?? 0) > startPulledAt && state.phase === 'idle',
      );
      expect(await db.runs.get(run)).toBeDefined();
      const pulledAt = engine.state().lastPulledAt;
      const ids = await seedResults(server.superuser, user, run, 60);
      const rows = await waitFor(
        'the 60 rows',
        () => localRows(db),
        (list) => list.length === 60,
      );
      expect(rows.map((row) => row.id).sort()).toEqual(ids.sort());
      expect((await db.runs.get(run))?.search_name).toBe('Live');
      // no pull happened: realtime alone brought them
      expect(engine.state().lastPulledAt).toBe(pulledAt);
    } finally {
      await engine.stop();
      db.close();
      await Dexie.delete(db.name);
    }
  });

  it('pulls the rows a worker stores in bulk (no realtime event per row) when the run reports progress', async () => {
    const user = await server.createUser('worker-rows');
    const db = openLocalDb(user.id);
    const engine = createSyncEngine({ pb: user.pb, db, userId: user.id, realtimeBatchMs: 50 });
    try {
      await engine.start();
      const runId = await createWorkingRun(server.superuser, user.id, {
        search_name: 'Worker run',
        facebook_link: 'https://www.facebook.com/ads/library/?q=mat',
        requested_count: 50,
      });
      const post = (path: string, body: unknown) => server.worker.send(path, { method: 'POST', body });
      const claimed = (await post(SERVER_ROUTES.workerClaim.path, { worker: 'w' })) as {
        run: { id: string } | null;
      };
      expect(claimed.run?.id).toBe(runId);
      const rows = (from: number, count: number) =>
        Array.from({ length: count }, (_, i) => ({
          ad_id: `bulk-${from + i}`,
          title: `Bulk ad ${from + i}`,
        }));
      await post(SERVER_ROUTES.workerRunResults.url(runId), { worker: 'w', rows: rows(0, 20) });
      expect(
        await waitFor(
          'the first 20 rows',
          () => localRows(db),
          (list) => list.length === 20,
        ),
      ).toHaveLength(20);
      await post(SERVER_ROUTES.workerRunResults.url(runId), { worker: 'w', rows: rows(20, 15) });
      const after = await waitFor(
        'all 35 rows',
        () => localRows(db),
        (list) => list.length === 35,
      );
      expect(after.map((row) => row.ad_id).sort()).toEqual(
        rows(0, 35)
          .map((row) => row.ad_id)
          .sort(),
      );
      expect((await db.runs.get(runId))?.progress).toBe(35);
    } finally {
      await engine.stop();
      db.close();
      await Dexie.delete(db.name);
    }
  });

  it('catches up on rows written while no engine listened (a closed tab), from the stored cursor', async () => {
    const user = await server.createUser('catchup');
    const run = await gadgetRun(server.superuser, user, 'Before', '2026-11-04 10:00:00.000Z');
    await seedResults(server.superuser, user, run, 40);
    const db = openLocalDb(user.id);
    const first = createSyncEngine({ pb: user.pb, db, userId: user.id });
    await first.start();
    expect(await localRows(db)).toHaveLength(40);
    await first.stop();

    // missed window: nothing is listening
    const missed = await seedResults(server.superuser, user, run, 25);
    const laterRun = await gadgetRun(server.superuser, user, 'While away', '2026-11-05 10:00:00.000Z');

    const second = createSyncEngine({ pb: user.pb, db, userId: user.id });
    try {
      await second.start();
      expect(second.state().pulledRows).toBe(25);
      const rows = await localRows(db);
      expect(rows).toHaveLength(65);
      expect(rows.map((row) => row.id)).toEqual(expect.arrayContaining(missed));
      expect(await db.runs.get(laterRun)).toBeDefined();
    } finally {
      await second.stop();
      db.close();
      await Dexie.delete(db.name);
    }
  });

  it('pulls again when realtime reconnects after the server restarted', async () => {
    const user = await server.createUser('reconnect');
    const db = openLocalDb(user.id);
    const engine = createSyncEngine({ pb: user.pb, db, userId: user.id });
    try {
      await engine.start();
      const before = engine.state().lastPulledAt!;
      await server.restart();
      const run = await gadgetRun(server.superuser, user, 'After restart', '2026-11-06 10:00:00.000Z');
      await seedResults(server.superuser, user, run, 10);
      const state = await waitFor(
        'a pull after the restart',
        () => engine.state(),
        (s) => (s.lastPulledAt ?? 0) > before,
        { timeoutMs: 15_000 },
      );
      expect(state.lastPulledAt).toBeGreaterThan(before);
      expect(
        await waitFor(
          'the 10 rows',
          () => localRows(db),
          (rows) => rows.length === 10,
        ),
      ).toHaveLength(10);
    } finally {
      await engine.stop();
      db.close();
      await Dexie.delete(db.name);
    }
  });
});

describe('the sync route’s rate limit', () => {
  it('a pull cut short by a 429 is tried again a second later, and catches up', async () => {
    const user = await server.createUser('limited');
    const run = await gadgetRun(server.superuser, user, 'Limited', '2026-11-07 10:00:00.000Z');
    await seedResults(server.superuser, user, run, 12);
    const warnings: string[] = [];
    const warn = vi.spyOn(console, 'warn').mockImplementation((...args: unknown[]) => {
      warnings.push(String(args[0]));
    });
    const slowedDown = () => warnings.some((text) => text.includes('the server asked to slow down'));
    const page = SERVER_ROUTES.syncPage.url(COLLECTIONS.searchRuns);
    const ask = () =>
      user.pb.send(page, { query: { updated: '', id: '', limit: 1, fields: 'id' }, requestKey: null }).then(
        () => 200,
        (error: { status: number }) => error.status,
      );
    try {
      // The allowance is 30 pages a second per address, shared by this file's clients (all on
      // loopback): spent until a page is refused, then the engine starts within that second. A
      // second that ends first gives a pull with no 429, so the whole thing is tried again.
      for (let attempt = 1; !slowedDown(); attempt++) {
        expect(attempt, 'a pull that met the rate limit').toBeLessThanOrEqual(10);
        let refused = false;
        while (!refused) refused = (await Promise.all(Array.from({ length: 40 }, ask))).includes(429);
        const db = openLocalDb(user.id);
        const engine = createSyncEngine({ pb: user.pb, db, userId: user.id });
        try {
          await engine.start();
          await waitFor(
            'the pull to catch up',
            () => engine.state(),
            (state) => state.caughtUp === true,
            { timeoutMs: 20_000 },
          );
          expect(await localRows(db)).toHaveLength(12);
        } finally {
          await engine.stop();
          db.close();
          await Dexie.delete(db.name);
        }
      }
    } finally {
      warn.mockRestore();
    }
  }, 120_000);
});

describe(COLLECTIONS.watches, () => {
  const watchBody = (user: TestUser, name: string) => ({
    user: user.id,
    name,
    facebook_link: 'https://www.facebook.com/ads/library/?q=lamp',
    target_country: 'US',
    requested_count: 10,
    cadence: 'daily',
    active: true,
    next_run_at: '2026-12-01 08:00:00.000Z',
  });

  it('are mirrored by the pull and by realtime, deletions included, and a deleted watch’s run loses its link', async () => {
    const user = await server.createUser('watch-sync');
    const db = openLocalDb(user.id);
    const kept = await server.superuser.collection(COLLECTIONS.watches).create(watchBody(user, 'Kept'));
    const doomed = await server.superuser
      .collection(COLLECTIONS.watches)
      .create(watchBody(user, 'Deleted while away'));
    const engine = createSyncEngine({ pb: user.pb, db, userId: user.id, realtimeBatchMs: 50 });
    try {
      await engine.pull();
      expect((await db.watches.toArray()).map((w) => w.name).sort()).toEqual(['Deleted while away', 'Kept']);
      expect(await db.watches.get(kept.id)).not.toHaveProperty('collectionName');

      // deleted while this device was not listening: the next pull removes it
      await server.superuser.collection(COLLECTIONS.watches).delete(doomed.id);
      await engine.pull();
      expect((await db.watches.toArray()).map((w) => w.id)).toEqual([kept.id]);

      // realtime: a change, a new watch, and a deletion arrive without a pull
      await engine.start();
      await server.superuser
        .collection(COLLECTIONS.watches)
        .update(kept.id, { active: false, last_error: 'Refused' });
      const added = await server.superuser
        .collection(COLLECTIONS.watches)
        .create(watchBody(user, 'Added live'));
      const live = await waitFor(
        'the watches changed live',
        () => db.watches.toArray(),
        (watches) => watches.length === 2 && watches.some((w) => w.id === kept.id && !w.active),
      );
      expect(live.find((w) => w.id === kept.id)).toMatchObject({ active: false, last_error: 'Refused' });
      expect(live.some((w) => w.id === added.id)).toBe(true);

      // a run started by the watch keeps its results when the watch goes; its link is cleared
      const run = await server.superuser.collection(COLLECTIONS.searchRuns).create({
        user: user.id,
        search_name: 'Added live',
        facebook_link: 'https://www.facebook.com/ads/library/?q=lamp',
        target_country: 'US',
        requested_count: 10,
        status: 'completed',
        watch: added.id,
      });
      await waitFor(
        "the watch's run",
        () => db.runs.get(run.id),
        (found) => found?.watch === added.id,
      );
      await server.superuser.collection(COLLECTIONS.watches).delete(added.id);
      const after = await waitFor(
        'the watch gone and its link cleared',
        async () => ({ watch: await db.watches.get(added.id), run: await db.runs.get(run.id) }),
        (state) => state.watch === undefined && state.run?.watch === '',
      );
      expect(after.watch).toBeUndefined();
      expect(after.run).toMatchObject({ id: run.id, watch: '', search_name: 'Added live' });
    } finally {
      await engine.stop();
      db.close();
      await Dexie.delete(db.name);
    }
  });
});
