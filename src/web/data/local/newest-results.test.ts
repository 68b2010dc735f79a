/**
 * newest-results.ts against a real Dexie database (fake-indexeddb standing in for the browser's
 * IndexedDB): the rows of the latest run with rows, whatever the hint says, and the hint saving
 * the second round trip when it is right.
 */
import 'fake-indexeddb/auto';
import Dexie from 'dexie';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { SearchResult, SearchRun } from '../../../domain/index.ts';
import { openLocalDb, type LocalDb } from './local-db.ts';
import { readNewestResults, type NewestRunHint } from './newest-results.ts';

let db: LocalDb;
let dbCount = 0;

beforeEach(() => {
  db = openLocalDb(`newest-results-test-${++dbCount}`);
});
afterEach(async () => {
  db.close();
  await Dexie.delete(db.name);
});

const at = (hour: number, second = 0) =>
  `2026-05-01 ${String(hour).padStart(2, '0')}:00:${String(second).padStart(2, '0')}.000Z`;

async function storeRun(id: string, hour: number, rows: number): Promise<void> {
  await db.runs.put({ id, created: at(hour), updated: at(hour) } as SearchRun);
  if (rows === 0) return;
  const stored = Array.from(
    { length: rows },
    (_, i) =>
      ({ id: `${id}-row-${i}`, run: id, created: at(hour, i % 60), updated: at(hour) }) as SearchResult,
  );
  await db.results.put({ run: id, rows: stored });
}

function memoryHint(initial: string | null): NewestRunHint & { value: string | null } {
  return {
    value: initial,
    read() {
      return this.value;
    },
    write(runId) {
      this.value = runId;
    },
  };
}

describe('readNewestResults', () => {
  beforeEach(async () => {
    await storeRun('old', 8, 3);
    await storeRun('mid', 9, 4);
    await storeRun('new', 10, 5);
  });

  it('reads the latest run’s rows, newest first, and remembers the run', async () => {
    const hint = memoryHint(null);
    const found = await readNewestResults(db, hint);
    expect(found?.run).toBe('new');
    expect(found?.rows.map((row) => row.id)).toEqual([
      'new-row-4',
      'new-row-3',
      'new-row-2',
      'new-row-1',
      'new-row-0',
    ]);
    expect(hint.value).toBe('new');
  });

  it('asks for the remembered run’s rows together with the runs: one round trip, not two', async () => {
    const toArray = db.runs.toArray.bind(db.runs);
    let runsRead = false;
    vi.spyOn(db.runs, 'toArray').mockImplementation((async () => {
      const runs = await toArray();
      runsRead = true;
      return runs;
    }) as unknown as typeof db.runs.toArray);
    const asked: boolean[] = [];
    const get = db.results.get.bind(db.results);
    vi.spyOn(db.results, 'get').mockImplementation(((key: string) => {
      asked.push(runsRead);
      return get(key);
    }) as unknown as typeof db.results.get);
    const found = await readNewestResults(db, memoryHint('new'));
    expect(found?.run).toBe('new');
    expect(asked).toEqual([false]); // one read of rows, made before the runs came back
  });

  it('finds a run newer than the remembered one, and remembers it instead', async () => {
    const hint = memoryHint('mid');
    const found = await readNewestResults(db, hint);
    expect(found?.run).toBe('new');
    expect(found?.rows).toHaveLength(5);
    expect(hint.value).toBe('new');
  });

  it('ignores a remembered run that is gone or unknown', async () => {
    for (const stale of ['deleted-run', '', 'new\u0000']) {
      const found = await readNewestResults(db, memoryHint(stale));
      expect(found?.run).toBe('new');
    }
  });

  it('skips a newest run that has no rows yet (a scout just started)', async () => {
    await storeRun('started', 11, 0);
    const found = await readNewestResults(db, memoryHint('started'));
    expect(found?.run).toBe('new');
  });

  it('is null when no run has rows', async () => {
    await db.results.clear();
    expect(await readNewestResults(db, memoryHint('new'))).toBeNull();
  });
});
