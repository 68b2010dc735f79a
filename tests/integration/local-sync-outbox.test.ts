/**
 * The browser's local-first data layer against a real PocketBase, with fake-indexeddb standing in
 * for the browser's IndexedDB (docs/local-first.md,
 * docs/invariants.md#invariant-9-local-data-belongs-to-one-user): the keyword-set outbox (online,
 * offline, conflicts), the logout wipe, and a second user on the same browser. The pulls and
 * realtime: local-sync.test.ts.
 */
import 'fake-indexeddb/auto';
import Dexie from 'dexie';
import type PocketBase from 'pocketbase';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { defaultKeywords } from '../../src/web/data/local/default-keywords.ts';
import { createLocalBinder } from '../../src/web/data/local/local-binder.ts';
import { localDbName, openLocalDb } from '../../src/web/data/local/local-db.ts';
import { createSyncEngine, type SyncNotice } from '../../src/web/data/local/sync/engine.ts';
import { waitFor } from '../fixtures/wait-for.ts';
import { startTestServer, type TestServer } from './harness.ts';
import { gadgetRun, localRows, seedResults, switchableClient } from './local-sync-support.ts';
import { COLLECTIONS } from '../../src/domain/api/collections.ts';

let server: TestServer;

beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  await server?.stop();
});

describe('keyword-set outbox', () => {
  it('pushes a reset at once when online, and queues it offline until the connection returns', async () => {
    const user = await server.createUser('outbox');
    const { pb, setOffline } = switchableClient(user);
    const db = openLocalDb(user.id);
    const engine = createSyncEngine({ pb, db, userId: user.id });
    try {
      await engine.start();
      await engine.saveKeywordSet('fr-FR', defaultKeywords('fr-FR'));
      expect(await engine.flushOutbox()).toBe('done');
      const stored = await server.superuser
        .collection(COLLECTIONS.keywordSets)
        .getFirstListItem(`user = "${user.id}" && locale = "fr-FR"`);
      expect(stored.keywords).toEqual(defaultKeywords('fr-FR'));
      expect(await db.outbox.count()).toBe(0);
      expect((await db.keywordSets.where('locale').equals('fr-FR').first())?.pending).toBeFalsy();

      setOffline(true);
      await engine.saveKeywordSet('es-ES', defaultKeywords('es-ES'));
      await engine.saveKeywordSet('fr-FR', ['solo uno']);
      expect(await engine.flushOutbox()).toBe('offline');
      expect(engine.state().pendingWrites).toBe(2);
      expect(await db.keywordSets.where('locale').equals('es-ES').first()).toMatchObject({ pending: true });
      const none = await server.superuser
        .collection(COLLECTIONS.keywordSets)
        .getList(1, 1, { filter: `user = "${user.id}" && locale = "es-ES"` });
      expect(none.items).toHaveLength(0);

      setOffline(false);
      expect(await engine.flushOutbox()).toBe('done');
      const sets = await server.superuser
        .collection(COLLECTIONS.keywordSets)
        .getFullList({ filter: `user = "${user.id}"`, sort: 'locale' });
      expect(sets.map((set) => [set.locale, set.keywords])).toEqual([
        ['es-ES', defaultKeywords('es-ES')],
        ['fr-FR', ['solo uno']],
      ]);
      expect(engine.state().pendingWrites).toBe(0);
      // the client-made id was kept, so a retried create could not have made a second record
      expect((await db.keywordSets.where('locale').equals('es-ES').first())?.id).toBe(sets[0]!.id);
    } finally {
      await engine.stop();
      db.close();
      await Dexie.delete(db.name);
    }
  });

  it('two changes queued offline for one locale both reach the server, in order', async () => {
    const user = await server.createUser('order');
    const { pb, setOffline } = switchableClient(user);
    const db = openLocalDb(user.id);
    const notices: SyncNotice[] = [];
    const engine = createSyncEngine({ pb, db, userId: user.id, notify: (notice) => notices.push(notice) });
    try {
      await engine.start();
      setOffline(true);
      await engine.saveKeywordSet('it-IT', ['primo']);
      await engine.saveKeywordSet('it-IT', ['secondo']);
      expect(await engine.flushOutbox()).toBe('offline');
      setOffline(false);
      expect(await engine.flushOutbox()).toBe('done');
      const set = await server.superuser
        .collection(COLLECTIONS.keywordSets)
        .getFirstListItem(`user = "${user.id}" && locale = "it-IT"`);
      expect(set.keywords).toEqual(['secondo']);
      expect(notices).toEqual([]);
      expect((await db.keywordSets.where('locale').equals('it-IT').first())?.keywords).toEqual(['secondo']);
    } finally {
      await engine.stop();
      db.close();
      await Dexie.delete(db.name);
    }
  });

  it('a change made over an older version loses to the server, and the user is told', async () => {
    const user = await server.createUser('conflict');
    const { pb, setOffline } = switchableClient(user);
    const db = openLocalDb(user.id);
    const notices: SyncNotice[] = [];
    const engine = createSyncEngine({ pb, db, userId: user.id, notify: (notice) => notices.push(notice) });
    try {
      const existing = await server.superuser
        .collection(COLLECTIONS.keywordSets)
        .create({ user: user.id, locale: 'nl-BE', keywords: ['gratis verzending'] });
      await engine.start();
      setOffline(true);
      await engine.saveKeywordSet('nl-BE', defaultKeywords('nl-BE'));
      // meanwhile, another device changes the set
      await server.superuser
        .collection(COLLECTIONS.keywordSets)
        .update(existing.id, { keywords: ['van een ander apparaat'] });
      setOffline(false);
      expect(await engine.flushOutbox()).toBe('done');

      const server_ = await server.superuser.collection(COLLECTIONS.keywordSets).getOne(existing.id);
      expect(server_.keywords).toEqual(['van een ander apparaat']);
      const local = await db.keywordSets.where('locale').equals('nl-BE').first();
      expect(local).toMatchObject({ keywords: ['van een ander apparaat'], updated: server_.updated });
      expect(local?.pending).toBeFalsy();
      expect(notices).toHaveLength(1);
      expect(notices[0]).toMatchObject({ kind: 'warning' });
    } finally {
      await engine.stop();
      db.close();
      await Dexie.delete(db.name);
    }
  });
});

describe('one user per browser', () => {
  it('logging out deletes the local database', async () => {
    const user = await server.createUser('logout');
    const run = await gadgetRun(server.superuser, user, 'Mine', '2026-11-07 10:00:00.000Z');
    await seedResults(server.superuser, user, run, 5);
    const binder = createLocalBinder({ pb: user.pb });
    const binding = binder.bind(user.id)!;
    await binding.ready;
    expect(await localRows(binding.db)).toHaveLength(5);
    expect(await Dexie.getDatabaseNames()).toContain(localDbName(user.id));

    expect(binder.bind(null)).toBeNull();
    await binder.settled();
    expect(await Dexie.getDatabaseNames()).not.toContain(localDbName(user.id));
  });

  it('a second user on the same browser sees none of the first user’s data', async () => {
    const alice = await server.createUser('alice');
    const bob = await server.createUser('bob');
    const aliceRun = await gadgetRun(server.superuser, alice, 'Alice secret run', '2026-11-08 10:00:00.000Z');
    await seedResults(server.superuser, alice, aliceRun, 12);
    await server.superuser
      .collection(COLLECTIONS.keywordSets)
      .create({ user: alice.id, locale: 'pl-PL', keywords: ['alice'] });
    const bobRun = await gadgetRun(server.superuser, bob, 'Bob run', '2026-11-08 11:00:00.000Z');
    await seedResults(server.superuser, bob, bobRun, 3);

    // one browser: the same binder, with the session switching from Alice to Bob
    let session: PocketBase = alice.pb;
    const binder = createLocalBinder({
      get pb() {
        return session;
      },
    } as { pb: PocketBase });
    const aliceBinding = binder.bind(alice.id)!;
    await aliceBinding.ready;
    expect(await localRows(aliceBinding.db)).toHaveLength(12);

    session = bob.pb;
    const bobBinding = binder.bind(bob.id)!;
    await bobBinding.ready;
    expect(await Dexie.getDatabaseNames()).not.toContain(localDbName(alice.id));
    expect((await bobBinding.db.runs.toArray()).map((r) => r.search_name)).toEqual(['Bob run']);
    const rows = await localRows(bobBinding.db);
    expect(rows).toHaveLength(3);
    expect(rows.every((row) => row.user === bob.id)).toBe(true);
    expect(await bobBinding.db.keywordSets.count()).toBe(0);

    // Alice's later rows never reach Bob's database (the server sends realtime only to owners)
    await seedResults(server.superuser, alice, aliceRun, 4);
    await seedResults(server.superuser, bob, bobRun, 2);
    const after = await waitFor(
      "Bob's 5 rows",
      () => localRows(bobBinding.db),
      (list) => list.length === 5,
    );
    expect(after.every((row) => row.user === bob.id)).toBe(true);
    binder.bind(null);
    await binder.settled();
  });
});
