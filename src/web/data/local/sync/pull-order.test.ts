/**
 * createPuller's order of collections (pull.ts): side by side, but for the creatives, which are
 * stored before the first page of rows is asked for. A real Dexie database (fake-indexeddb) and a
 * server double answering the sync route's pages and the REST lists in memory.
 */
import 'fake-indexeddb/auto';
import Dexie from 'dexie';
import type PocketBase from 'pocketbase';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { COLLECTIONS } from '../../../../domain/api/collections.ts';
import { SERVER_ROUTES } from '../../../../domain/api/routes.ts';
import type { ArchivedCreative } from '../../../../domain/index.ts';
import { openLocalDb, type LocalDb } from '../local-db.ts';
import { createPuller } from './pull.ts';
import { createSyncStatus } from './status.ts';

let db: LocalDb;
let dbCount = 0;

beforeEach(() => {
  db = openLocalDb(`pull-order-test-${++dbCount}`);
});
afterEach(async () => {
  db.close();
  await Dexie.delete(db.name);
});

const creative = {
  id: 'creative0000001',
  user: 'u',
  file: 'a.jpg',
  poster: '',
  sha256: 'x',
  phash: 'y',
  mime: 'image/jpeg',
  bytes: 1,
  width: 1,
  height: 1,
  created: '2026-05-01 10:00:00.000Z',
  updated: '2026-05-01 10:00:00.000Z',
} satisfies ArchivedCreative;

/**
 * A server with one creative and nothing else; `answer(collection)` may hold a page back until
 * the test lets it go. Records which collections were asked for, in order.
 */
function server(answer: (collection: string) => Promise<void> = async () => undefined) {
  const asked: string[] = [];
  const pb = {
    async send(url: string) {
      const collection = Object.values(COLLECTIONS).find((name) => url === SERVER_ROUTES.syncPage.url(name));
      if (!collection) throw new Error(`unexpected request ${url}`);
      asked.push(collection);
      await answer(collection);
      return { items: collection === COLLECTIONS.creatives ? [creative] : [] };
    },
    collection(name: string) {
      return {
        async getFullList() {
          asked.push(name);
          await answer(name);
          return [];
        },
      };
    },
  } as unknown as PocketBase;
  return { pb, asked };
}

function puller(pb: PocketBase) {
  return createPuller({
    pb,
    db,
    pageSize: 1000,
    status: createSyncStatus(),
    isStopped: () => false,
    onResults: () => undefined,
  });
}

describe('createPuller', () => {
  it(
    'pulls the collections side by side: the rows are asked for while the runs are still on their way',
    {
      timeout: 15_000,
    },
    async () => {
      let rowsAsked!: () => void;
      const rowsAskedFor = new Promise<void>((resolve) => (rowsAsked = resolve));
      // The runs' page waits for the rows' request: pulled one after another, the rows would wait
      // for the runs, and the pull would never end.
      const { pb, asked } = server(async (collection) => {
        if (collection === COLLECTIONS.searchResults) rowsAsked();
        if (collection === COLLECTIONS.searchRuns) await rowsAskedFor;
      });
      await puller(pb).pull();
      expect(asked).toEqual(
        expect.arrayContaining([
          COLLECTIONS.searchRuns,
          COLLECTIONS.keywordSets,
          COLLECTIONS.watches,
          COLLECTIONS.reports,
          COLLECTIONS.creatives,
          COLLECTIONS.searchResults,
          COLLECTIONS.briefs,
          COLLECTIONS.boards,
        ]),
      );
      expect(await db.meta.get('lastSyncedAt')).toBeDefined();
    },
  );

  it('stores the creatives before it asks for the first page of rows', async () => {
    let storedWhenRowsAsked: ArchivedCreative | undefined;
    let rowsAsked!: () => void;
    const rowsAskedFor = new Promise<void>((resolve) => (rowsAsked = resolve));
    const { pb, asked } = server(async (collection) => {
      if (collection === COLLECTIONS.searchResults) {
        storedWhenRowsAsked = await db.creatives.get(creative.id);
        rowsAsked();
      }
      // The creatives' page is held back a while, unless the rows are asked for first: a pull that
      // asked for them before the creatives were stored would show it here. (A correct pull passes
      // whatever the hold; it only widens the window a wrong one would be seen in.)
      if (collection === COLLECTIONS.creatives)
        await Promise.race([rowsAskedFor, new Promise((resolve) => setTimeout(resolve, 300))]);
    });
    await puller(pb).pull();
    expect(asked).toContain(COLLECTIONS.searchResults);
    expect(storedWhenRowsAsked).toMatchObject({ id: creative.id });
  });

  it('fails the pull when one collection fails, after the others have ended', async () => {
    const status = createSyncStatus();
    const logged = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    let reportsEnded = false;
    const { pb } = server(async (collection) => {
      if (collection === COLLECTIONS.keywordSets) throw new Error('keyword sets refused');
      if (collection === COLLECTIONS.reports) reportsEnded = true;
    });
    await createPuller({
      pb,
      db,
      pageSize: 1000,
      status,
      isStopped: () => false,
      onResults: () => undefined,
    }).pull();
    expect(status.get().phase).toBe('error');
    expect(logged).toHaveBeenCalledWith('[sync] pull failed', expect.any(Error));
    logged.mockRestore();
    expect(reportsEnded).toBe(true);
    expect(await db.meta.get('lastSyncedAt')).toBeUndefined();
  });
});
