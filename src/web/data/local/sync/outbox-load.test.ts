/**
 * The board push (board-outbox.ts) loads with the first board entry the outbox sends. A load that
 * fails (offline, on a page the service worker does not control yet) keeps the entry queued and
 * answers 'offline', as a request that could not reach the server does; the next flush loads it.
 * Known offline (navigator.onLine false), the load is not tried.
 */
import 'fake-indexeddb/auto';
import Dexie from 'dexie';
import type PocketBase from 'pocketbase';
import { afterEach, expect, it, vi } from 'vitest';
import type { BoardRecord } from '../../../../domain/records/entities.ts';
import { openLocalDb } from '../local-db.ts';
import type { BoardApi } from './board-outbox.ts';
import { storeNewBoard } from './board-queue.ts';
import { createSyncStatus } from './status.ts';

const db = openLocalDb('outbox-load-test');
afterEach(async () => {
  vi.doUnmock('./board-outbox.ts');
  vi.unstubAllGlobals();
  db.close();
  await Dexie.delete(db.name);
});

it('keeps a board entry queued when its push code cannot be loaded, and pushes it once it can', async () => {
  let loadFails = true;
  let loads = 0;
  vi.doMock('./board-outbox.ts', async (importOriginal) => {
    loads += 1;
    if (loadFails) throw new TypeError('Failed to fetch dynamically imported module');
    return importOriginal();
  });
  vi.resetModules();
  const { createOutbox } = await import('./outbox.ts');
  const created: string[] = [];
  const board: BoardRecord = {
    id: 'b1',
    user: 'u',
    name: 'Hooks',
    description: '',
    share_token: '',
    share_notes: false,
    created: '',
    updated: '',
  };
  const server = {
    createBoard: (record: { id: string }) => {
      created.push(record.id);
      return Promise.resolve({ ...board, updated: '2026-11-29 00:00:00.000Z' });
    },
  } as unknown as BoardApi;
  const outbox = createOutbox({
    pb: {} as PocketBase,
    db,
    userId: 'u',
    status: createSyncStatus(),
    isStopped: () => false,
    notify: () => undefined,
    boards: server,
  });
  await storeNewBoard(db, board, 0);

  // known offline: not even tried (a failed load is an error in the browser's console)
  vi.stubGlobal('navigator', { onLine: false });
  expect(await outbox.flush()).toBe('offline');
  expect(loads).toBe(0);
  vi.unstubAllGlobals();

  expect(await outbox.flush()).toBe('offline');
  expect(loads).toBe(1);
  expect(await db.outbox.count()).toBe(1);
  expect(created).toEqual([]);

  loadFails = false;
  vi.resetModules();
  expect(await outbox.flush()).toBe('done');
  expect(created).toEqual(['b1']);
  expect(await db.outbox.count()).toBe(0);
});
