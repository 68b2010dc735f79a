/**
 * The local databases' wipe (local-db.ts) takes the offline creatives' cache with it
 * (docs/local-first.md#offline-creatives), against fake-indexeddb and a stand-in Cache Storage.
 */
import 'fake-indexeddb/auto';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { CREATIVES_CACHE_NAME } from '../../../domain/media/creative-files.ts';
import { deleteOtherUserDbs, openLocalDb } from './local-db.ts';

describe('the wipe with the local database', () => {
  const deleted: string[] = [];
  beforeEach(() => {
    deleted.length = 0;
    vi.stubGlobal('caches', { delete: async (name: string) => (deleted.push(name), true) });
  });
  afterEach(() => vi.unstubAllGlobals());

  it('deletes the cached creatives on a logout and when another user’s database was here', async () => {
    const other = openLocalDb('cache-wipe-other');
    await other.open();
    other.close();
    await deleteOtherUserDbs('cache-wipe-me');
    expect(deleted).toEqual([CREATIVES_CACHE_NAME]);

    // the same user again (a reload): nothing to wipe
    await deleteOtherUserDbs('cache-wipe-me');
    expect(deleted).toHaveLength(1);

    await deleteOtherUserDbs(null);
    expect(deleted).toHaveLength(2);
  });
});
