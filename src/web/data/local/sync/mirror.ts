/**
 * Every write the sync makes to the local database, each in one transaction, by merge.ts's rules:
 * server records (a pulled page with its cursor, so a tab closed mid-pull resumes where it
 * stopped), and the outbox's keyword-set changes and their settlement.
 */
import {
  DAY_MS,
  REPORT_RETENTION_DAYS,
  toPbDate,
  type ArchivedCreative,
  type KeywordSet,
  type Report,
  type SearchResult,
  type SearchRun,
  type Watch,
} from '../../../../domain/index.ts';
import type { KeywordOutboxItem, LocalDb, SyncCursor } from '../local-db.ts';
import {
  mergeIntoChunks,
  mergeKeywordSets,
  newerRecords,
  queueKeywordChange,
  runsOf,
  settleOutboxItem,
  withoutRow,
  type KeywordChange,
} from './merge.ts';
import type { BriefRecord } from '../../../../domain/records/entities.ts';
import { BRIEFS, CREATIVES, KEYWORD_SETS, REPORTS, RESULTS, RUNS } from './records.ts';

const START: SyncCursor = { updated: '', id: '' };

function cursorKey(collection: string) {
  return `cursor:${collection}` as const;
}

/** Where the last pull of `collection` stopped (the start when it never ran). */
export async function readCursor(db: LocalDb, collection: string): Promise<SyncCursor> {
  const entry = await db.meta.get(cursorKey(collection));
  return (entry?.value as SyncCursor | undefined) ?? START;
}

export async function saveCursor(db: LocalDb, collection: string, cursor: SyncCursor | undefined) {
  if (cursor) await db.meta.put({ key: cursorKey(collection), value: cursor });
}

/** Merges rows into their runs' records; returns the rows that were newer than what we had. */
export async function writeResults(
  db: LocalDb,
  rows: SearchResult[],
  cursor?: SyncCursor,
): Promise<SearchResult[]> {
  return db.transaction('rw', db.results, db.meta, async () => {
    const { chunks, written } = mergeIntoChunks(await db.results.bulkGet(runsOf(rows)), rows);
    if (chunks.length) await db.results.bulkPut(chunks);
    await saveCursor(db, RESULTS.name, cursor);
    return written;
  });
}

export async function writeRuns(db: LocalDb, runs: SearchRun[], cursor?: SyncCursor): Promise<void> {
  await db.transaction('rw', db.runs, db.meta, async () => {
    const newer = newerRecords(await db.runs.bulkGet(runs.map((run) => run.id)), runs);
    if (newer.length) await db.runs.bulkPut(newer);
    await saveCursor(db, RUNS.name, cursor);
  });
}

/** Archived creatives, each kept when newer than the local copy (a pulled page with its cursor). */
export async function writeCreatives(
  db: LocalDb,
  creatives: ArchivedCreative[],
  cursor?: SyncCursor,
): Promise<void> {
  await db.transaction('rw', db.creatives, db.meta, async () => {
    const stored = await db.creatives.bulkGet(creatives.map((creative) => creative.id));
    const newer = newerRecords(stored, creatives);
    if (newer.length) await db.creatives.bulkPut(newer);
    await saveCursor(db, CREATIVES.name, cursor);
  });
}

/**
 * Reports (a pulled page with its cursor, or realtime's), each kept when newer than the local
 * copy; those past REPORT_RETENTION_DAYS go, as the server's cron deletes them without an event.
 */
export async function writeReports(
  db: LocalDb,
  reports: Report[],
  cursor?: SyncCursor,
  nowMs = Date.now(),
): Promise<void> {
  const oldest = toPbDate(nowMs - REPORT_RETENTION_DAYS * DAY_MS);
  await db.transaction('rw', db.reports, db.meta, async () => {
    const fresh = reports.filter((report) => report.created >= oldest);
    const newer = newerRecords(await db.reports.bulkGet(fresh.map((report) => report.id)), fresh);
    if (newer.length) await db.reports.bulkPut(newer);
    await db.reports.where('created').below(oldest).delete();
    await saveCursor(db, REPORTS.name, cursor);
  });
}

/** Deletes the stored copy of a report (the server deleted it). */
export async function deleteStoredReport(db: LocalDb, id: string): Promise<void> {
  await db.reports.delete(id);
}

/**
 * Briefs (a pulled page with its cursor, the create's answer, or realtime's), each kept when newer
 * than the local copy. The server never changes one, so a copy is the same wherever it came from.
 */
export async function writeBriefs(db: LocalDb, briefs: BriefRecord[], cursor?: SyncCursor): Promise<void> {
  await db.transaction('rw', db.briefs, db.meta, async () => {
    const newer = newerRecords(await db.briefs.bulkGet(briefs.map((brief) => brief.id)), briefs);
    if (newer.length) await db.briefs.bulkPut(newer);
    await saveCursor(db, BRIEFS.name, cursor);
  });
}

export async function writeKeywordSets(db: LocalDb, sets: KeywordSet[], cursor?: SyncCursor): Promise<void> {
  await db.transaction('rw', db.keywordSets, db.meta, async () => {
    const locales = [...new Set(sets.map((set) => set.locale))];
    const stored = await db.keywordSets.where('locale').anyOf(locales).toArray();
    const { deletes, puts } = mergeKeywordSets(stored, sets);
    if (deletes.length) await db.keywordSets.bulkDelete(deletes);
    if (puts.length) await db.keywordSets.bulkPut(puts);
    await saveCursor(db, KEYWORD_SETS.name, cursor);
  });
}

/** Watches from realtime: each kept when newer than the local copy. */
export async function writeWatches(db: LocalDb, watches: Watch[]): Promise<void> {
  await db.transaction('rw', db.watches, async () => {
    const newer = newerRecords(await db.watches.bulkGet(watches.map((watch) => watch.id)), watches);
    if (newer.length) await db.watches.bulkPut(newer);
  });
}

/**
 * The user's whole list of watches (at most 20), as the server had it: watches deleted elsewhere
 * (another device, while this one was closed) disappear here too, which a cursor pull cannot
 * tell. Only watches that were here before the list was read (`knownBefore`) can go: one that
 * arrived meanwhile (created in this tab, or by realtime) is newer than the list.
 */
export async function replaceWatches(
  db: LocalDb,
  watches: Watch[],
  knownBefore: ReadonlySet<string>,
): Promise<void> {
  await db.transaction('rw', db.watches, async () => {
    const keep = new Set(watches.map((watch) => watch.id));
    const gone = [...knownBefore].filter((id) => !keep.has(id));
    if (gone.length) await db.watches.bulkDelete(gone);
    const newer = newerRecords(await db.watches.bulkGet(watches.map((watch) => watch.id)), watches);
    if (newer.length) await db.watches.bulkPut(newer);
  });
}

/** The ids of the watches stored here now. */
export async function localWatchIds(db: LocalDb): Promise<Set<string>> {
  return new Set(await db.watches.toCollection().primaryKeys());
}

/** Deletes the stored copy of a watch (the server deleted it). */
export async function deleteStoredWatch(db: LocalDb, id: string): Promise<void> {
  await db.watches.delete(id);
}

export async function deleteResult(db: LocalDb, row: Pick<SearchResult, 'id' | 'run'>): Promise<void> {
  await db.transaction('rw', db.results, async () => {
    const chunk = withoutRow(await db.results.get(row.run), row.id);
    if (chunk) await db.results.put(chunk);
  });
}

/** A run and its results. */
export async function deleteRun(db: LocalDb, runId: string): Promise<void> {
  await db.transaction('rw', db.runs, db.results, () =>
    Promise.all([db.runs.delete(runId), db.results.delete(runId)]),
  );
}

export async function deleteKeywordSet(db: LocalDb, id: string): Promise<void> {
  await db.keywordSets.delete(id);
}

/** A change made on this device: the pending local set and its outbox entry. Returns its `seq`. */
export async function storeKeywordChange(db: LocalDb, change: KeywordChange): Promise<number> {
  return db.transaction('rw', db.keywordSets, db.outbox, async () => {
    const local = await db.keywordSets.where('locale').equals(change.locale).first();
    const queued = (await db.outbox
      .filter((item) => item.op === 'keywords.upsert' && item.locale === change.locale)
      .first()) as KeywordOutboxItem | undefined;
    const { record, item } = queueKeywordChange(change, local, queued);
    await db.keywordSets.put(record);
    return (await db.outbox.add(item)) as number;
  });
}

/** Drops the outbox entry and stores the server's version (null: none), in one transaction. */
export async function settleKeywordChange(
  db: LocalDb,
  item: KeywordOutboxItem,
  server: KeywordSet | null,
): Promise<void> {
  await db.transaction('rw', db.outbox, db.keywordSets, async () => {
    const queued = await db.outbox.toArray();
    const local = await db.keywordSets.where('locale').equals(item.locale).first();
    const writes = settleOutboxItem(item, server, queued, local);
    await db.outbox.delete(item.seq!);
    for (const { seq, ...changes } of writes.rebase)
      await db.outbox
        .where('seq')
        .equals(seq)
        .modify((entry) => void Object.assign(entry, changes));
    // Deletes first: the locale index is unique.
    if (writes.deleteSets.length) await db.keywordSets.bulkDelete(writes.deleteSets);
    if (writes.putSet) await db.keywordSets.put(writes.putSet);
  });
}
