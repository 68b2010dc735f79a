/**
 * Binds the local database and its sync engine to one user at a time
 * (docs/invariants.md#invariant-9-local-data-belongs-to-one-user). Binding a user closes the previous user's
 * database and deletes every other user's database on this browser before the new one syncs; binding nobody
 * (a logout) deletes them all. No window API here, so the integration tests run it in Node with
 * fake-indexeddb.
 */
import type PocketBase from 'pocketbase';
import { deleteOtherUserDbs, openLocalDb, type LocalDb } from './local-db.ts';
import { createSyncEngine, type SyncEngine, type SyncEngineOptions } from './sync/engine.ts';

export interface LocalBinding {
  userId: string;
  db: LocalDb;
  engine: SyncEngine;
  /** Settles when the previous users' data is gone and the first pull has ended. */
  ready: Promise<void>;
}

export interface LocalBinder {
  /** Switches to `userId` (null: signed out); returns the new binding, or the same one if unchanged. */
  bind(userId: string | null): LocalBinding | null;
  current(): LocalBinding | null;
  /** Settles when the last switch finished closing and deleting the previous user's data. */
  settled(): Promise<void>;
}

export function createLocalBinder(
  options: { pb: PocketBase } & Pick<SyncEngineOptions, 'notify' | 'pageSize' | 'realtimeBatchMs'>,
): LocalBinder {
  let binding: LocalBinding | null = null;
  let switching: Promise<void> = Promise.resolve();

  return {
    bind(userId) {
      if ((binding?.userId ?? null) === userId) return binding;
      const previous = binding;
      binding = null;
      // The engine stops and the database closes before it can be deleted.
      const wipe = switching
        .then(async () => {
          if (previous) {
            await previous.engine.stop();
            previous.db.close();
          }
          await deleteOtherUserDbs(userId);
        })
        .catch((error) => console.error('[local-data] removing the previous user data failed', error));
      switching = wipe;
      if (!userId) return null;
      const db = openLocalDb(userId);
      const engine = createSyncEngine({ ...options, db, userId });
      const next: LocalBinding = {
        userId,
        db,
        engine,
        ready: wipe.then(() => (binding?.engine === engine ? engine.start() : undefined)),
      };
      binding = next;
      return next;
    },
    current: () => binding,
    settled: () => switching,
  };
}
