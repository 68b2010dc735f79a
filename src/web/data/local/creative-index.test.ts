/**
 * creative-index.ts against a real Dexie database (fake-indexeddb standing in for the browser's
 * IndexedDB): the Map follows the creatives the sync writes, a creative saved again replaces its
 * old copy, and a batch written after the first read costs a read of that batch only.
 */
import 'fake-indexeddb/auto';
import Dexie, { type DBCore } from 'dexie';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { ArchivedCreative } from '../../../domain/index.ts';
import { archivedCreative, followCreatives, onCreativesChanged } from './creative-index.ts';
import { openLocalDb, type LocalDb } from './local-db.ts';

let db: LocalDb;
let dbCount = 0;
/** Creatives the database handed to queries since the test began. */
let creativesRead = 0;

/** A PocketBase date `ms` milliseconds after 10:00. */
const at = (ms: number) => new Date(Date.UTC(2026, 4, 1, 10) + ms).toISOString().replace('T', ' ');

function creative(id: string, ms: number, over: Partial<ArchivedCreative> = {}): ArchivedCreative {
  return {
    id,
    user: 'u1',
    created: at(ms),
    updated: at(ms),
    file: `${id}.jpg`,
    poster: '',
    sha256: id.padEnd(64, '0'),
    phash: '0123456789abcdef',
    mime: 'image/jpeg',
    bytes: 1000,
    width: 100,
    height: 100,
    ...over,
  };
}

beforeEach(() => {
  db = openLocalDb(`creative-index-test-${++dbCount}`);
  creativesRead = 0;
  db.use({
    stack: 'dbcore',
    name: 'count-creatives-read',
    create: (down: DBCore): DBCore => ({
      ...down,
      table(name) {
        const table = down.table(name);
        if (name !== 'creatives') return table;
        return {
          ...table,
          async query(request) {
            const answer = await table.query(request);
            creativesRead += answer.result.length;
            return answer;
          },
        };
      },
    }),
  });
});
afterEach(async () => {
  followCreatives(null);
  db.close();
  await Dexie.delete(db.name);
});

describe('the archived creatives index', () => {
  it('holds the stored creatives, then each one the sync writes or saves again', async () => {
    await db.creatives.bulkPut([creative('a', 1), creative('b', 2), creative('c', 3)]);
    const changed = vi.fn();
    const stop = onCreativesChanged(changed);
    followCreatives(db);
    await vi.waitFor(() => expect(archivedCreative('c')?.file).toBe('c.jpg'));
    expect(['a', 'b'].map((id) => archivedCreative(id)?.id)).toEqual(['a', 'b']);
    expect(changed).toHaveBeenCalled();

    // a batch of the sync, with a creative saved again by the archive (its poster came later)
    await db.creatives.bulkPut([creative('d', 4), creative('a', 5, { poster: 'a-poster.jpg' })]);
    await vi.waitFor(() => expect(archivedCreative('a')?.poster).toBe('a-poster.jpg'));
    expect(archivedCreative('d')?.updated).toBe(at(4));
    expect(archivedCreative('b')?.updated).toBe(at(2));
    expect(archivedCreative('')).toBeUndefined();
    expect(archivedCreative('missing')).toBeUndefined();
    stop();
  });

  it('reads each later batch alone, not every creative again', async () => {
    await db.creatives.bulkPut(Array.from({ length: 200 }, (_, i) => creative(`old${i}`, i)));
    followCreatives(db);
    await vi.waitFor(() => expect(archivedCreative('old199')).toBeDefined());
    const afterFirstRead = creativesRead;
    expect(afterFirstRead).toBeGreaterThanOrEqual(200);

    await db.creatives.bulkPut([creative('new1', 1000), creative('new2', 1001)]);
    await vi.waitFor(() => expect(archivedCreative('new2')).toBeDefined());
    await db.creatives.bulkPut([creative('new3', 1002)]);
    await vi.waitFor(() => expect(archivedCreative('new3')).toBeDefined());
    // the two batches and the newest creative held at each read: far from 200 again
    expect(creativesRead - afterFirstRead).toBeLessThan(20);
    expect(archivedCreative('old0')).toBeDefined();
  });

  it('empties when the user signs out, and tells the cells', async () => {
    await db.creatives.put(creative('a', 1));
    followCreatives(db);
    await vi.waitFor(() => expect(archivedCreative('a')).toBeDefined());
    const changed = vi.fn();
    const stop = onCreativesChanged(changed);
    followCreatives(null);
    expect(archivedCreative('a')).toBeUndefined();
    expect(changed).toHaveBeenCalledOnce();
    stop();
  });
});
