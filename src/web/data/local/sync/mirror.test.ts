/**
 * mirror.ts stores merge.ts's decisions in a real Dexie database (fake-indexeddb standing in for
 * the browser's IndexedDB), whose unique index on a keyword set's locale the order of the writes
 * must respect.
 */
import { COLLECTIONS } from '../../../../domain/api/collections.ts';
import 'fake-indexeddb/auto';
import Dexie from 'dexie';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  DAY_MS,
  REPORT_RETENTION_DAYS,
  toPbDate,
  type KeywordSet,
  type LocaleCode,
  type Report,
  type SearchResult,
  type SearchRun,
  type Watch,
} from '../../../../domain/index.ts';
import { openLocalDb, type KeywordOutboxItem, type LocalDb } from '../local-db.ts';
import type { BriefRecord } from '../../../../domain/records/entities.ts';
import {
  deleteResult,
  localWatchIds,
  readCursor,
  replaceWatches,
  settleKeywordChange,
  storeKeywordChange,
  writeBriefs,
  writeKeywordSets,
  writeReports,
  writeResults,
  writeRuns,
  writeWatches,
} from './mirror.ts';

let db: LocalDb;
let dbCount = 0;

beforeEach(() => {
  db = openLocalDb(`mirror-test-${++dbCount}`);
});
afterEach(async () => {
  db.close();
  await Dexie.delete(db.name);
});

const at = (second: number) => `2026-05-01 10:00:${String(second).padStart(2, '0')}.000Z`;

const result = (id: string, run: string, second: number, title = id) =>
  ({ id, run, user: 'u', title, created: at(0), updated: at(second) }) as SearchResult;

const keywordSet = (id: string, locale: LocaleCode, second: number, keywords: string[]): KeywordSet => ({
  id,
  user: 'u',
  locale,
  keywords,
  created: at(0),
  updated: at(second),
});

describe('server records', () => {
  it('stores a page of rows in their runs’ records together with the cursor, and reports the new ones', async () => {
    const cursor = { updated: at(2), id: 'b' };
    const written = await writeResults(db, [result('a', 'run-1', 1), result('b', 'run-2', 2)], cursor);
    expect(written.map((row) => row.id)).toEqual(['a', 'b']);
    expect((await db.results.get('run-1'))?.rows.map((row) => row.id)).toEqual(['a']);
    expect(await readCursor(db, COLLECTIONS.searchResults)).toEqual(cursor);

    const again = await writeResults(db, [result('a', 'run-1', 1), result('c', 'run-1', 3, 'new')]);
    expect(again.map((row) => row.id)).toEqual(['c']);
    expect((await db.results.get('run-1'))?.rows.map((row) => row.id)).toEqual(['a', 'c']);
    // without a cursor (realtime), the stored one stays
    expect(await readCursor(db, COLLECTIONS.searchResults)).toEqual(cursor);

    await deleteResult(db, { id: 'a', run: 'run-1' });
    expect((await db.results.get('run-1'))?.rows.map((row) => row.id)).toEqual(['c']);
  });

  it('keeps the newer version of a run', async () => {
    const run = (second: number, name: string) =>
      ({ id: 'r', search_name: name, updated: at(second) }) as SearchRun;
    await writeRuns(db, [run(5, 'newer')]);
    await writeRuns(db, [run(4, 'older')]);
    expect((await db.runs.get('r'))?.search_name).toBe('newer');
  });

  it('replaces a local set the server does not know by the server’s, and leaves a pending one alone', async () => {
    await db.keywordSets.bulkPut([
      { ...keywordSet('dev1', 'de-DE', 0, ['mine']), updated: '' },
      { ...keywordSet('dev2', 'fr-FR', 0, ['waiting']), pending: true },
    ]);
    await writeKeywordSets(db, [
      keywordSet('srv1', 'de-DE', 3, ['server']),
      keywordSet('srv2', 'fr-FR', 3, ['x']),
    ]);
    expect(await db.keywordSets.orderBy('locale').toArray()).toEqual([
      keywordSet('srv1', 'de-DE', 3, ['server']),
      { ...keywordSet('dev2', 'fr-FR', 0, ['waiting']), pending: true },
    ]);
  });
});

describe('outbox changes', () => {
  const change = (locale: LocaleCode, keywords: string[], newId: string) => ({
    userId: 'u',
    locale,
    keywords,
    queuedAt: 1,
    newId,
  });

  it('settles a change that lost to another device’s set while a later change waits', async () => {
    // Two changes made offline on a locale this device had no set for; meanwhile another device
    // created the set, so the server's record has another id than the local one.
    const first = await storeKeywordChange(db, change('de-DE', ['first'], 'dev1'));
    const second = await storeKeywordChange(db, change('de-DE', ['second'], 'dev2'));
    const queued = (seq: number) => db.outbox.get(seq) as Promise<KeywordOutboxItem | undefined>;
    expect((await queued(second))?.baseUpdated).toBe('');
    const server = keywordSet('srv', 'de-DE', 7, ['theirs']);

    await settleKeywordChange(db, (await queued(first))!, server);
    expect(await db.keywordSets.toArray()).toEqual([
      { ...keywordSet('srv', 'de-DE', 7, ['second']), created: '', pending: true },
    ]);
    expect(await db.outbox.toArray()).toMatchObject([{ seq: second, baseUpdated: at(7), recordId: 'srv' }]);

    const saved = keywordSet('srv', 'de-DE', 8, ['second']);
    await settleKeywordChange(db, (await queued(second))!, saved);
    expect(await db.keywordSets.toArray()).toEqual([saved]);
    expect(await db.outbox.count()).toBe(0);
  });
});

describe('watches', () => {
  const watch = (id: string, second: number, name = id) => ({ id, name, updated: at(second) }) as Watch;

  it('replaces the list with the server’s, but keeps a watch that arrived while the list was read', async () => {
    await writeWatches(db, [watch('kept', 1), watch('deleted-elsewhere', 1)]);
    const knownBefore = await localWatchIds(db);
    // created in this tab (or by realtime) after the list was read: the list cannot know it
    await writeWatches(db, [watch('just-created', 3)]);
    await replaceWatches(db, [watch('kept', 2, 'Renamed'), watch('new-on-server', 2)], knownBefore);
    const stored = await db.watches.toArray();
    expect(stored.map((w) => w.id).sort()).toEqual(['just-created', 'kept', 'new-on-server']);
    expect(stored.find((w) => w.id === 'kept')?.name).toBe('Renamed');
  });

  it('keeps the newer version of a watch', async () => {
    await writeWatches(db, [watch('w', 5, 'Newer')]);
    await replaceWatches(db, [watch('w', 4, 'Older')], await localWatchIds(db));
    expect((await db.watches.get('w'))?.name).toBe('Newer');
  });
});

describe('reports', () => {
  const NOW = Date.parse('2026-05-01T10:00:00Z');
  const report = (id: string, createdDaysAgo: number, updated: string, readAt = '') =>
    ({
      id,
      user: 'u',
      created: toPbDate(NOW - createdDaysAgo * DAY_MS),
      updated,
      read_at: readAt,
    }) as Report;

  it('keeps the newer version of a report (read on another device), with its cursor', async () => {
    await writeReports(db, [report('r1', 1, at(1))], { updated: at(1), id: 'r1' }, NOW);
    await writeReports(db, [report('r1', 1, at(3), at(3))], undefined, NOW);
    await writeReports(db, [report('r1', 1, at(2))], undefined, NOW);
    expect((await db.reports.get('r1'))?.read_at).toBe(at(3));
    expect(await readCursor(db, COLLECTIONS.reports)).toEqual({ updated: at(1), id: 'r1' });
  });

  it('drops the reports past the server’s retention, as its cron deletes them without an event', async () => {
    // stored two days ago, when it was a day inside the retention
    await writeReports(db, [report('old', REPORT_RETENTION_DAYS + 1, at(1))], undefined, NOW - 2 * DAY_MS);
    expect(await db.reports.count()).toBe(1);
    await writeReports(
      db,
      [report('new', 0, at(2)), report('older', REPORT_RETENTION_DAYS + 1, at(2))],
      undefined,
      NOW,
    );
    expect((await db.reports.toArray()).map((r) => r.id)).toEqual(['new']);
  });
});

describe('briefs', () => {
  const brief = (id: string, adId: string, productKey: string, second: number) =>
    ({
      id,
      user: 'u',
      ad_id: adId,
      product_key: productKey,
      text: `Angle ${id}`,
      created: at(second),
      updated: at(second),
    }) as BriefRecord;

  it('stores briefs once, from any path, readable by ad and by product, with the pull’s cursor', async () => {
    await writeBriefs(db, [brief('b1', 'ad1', '', 1), brief('b2', '', 'c:x', 2)], {
      updated: at(2),
      id: 'b2',
    });
    // the create's answer, then realtime's copy of the same brief: one record
    await writeBriefs(db, [brief('b3', 'ad1', '', 3)]);
    await writeBriefs(db, [brief('b3', 'ad1', '', 3)]);
    expect((await db.briefs.where('ad_id').equals('ad1').toArray()).map((b) => b.id).sort()).toEqual([
      'b1',
      'b3',
    ]);
    expect((await db.briefs.where('product_key').equals('c:x').toArray()).map((b) => b.id)).toEqual(['b2']);
    expect(await readCursor(db, COLLECTIONS.briefs)).toEqual({ updated: at(2), id: 'b2' });
  });
});
