/**
 * Writes server records into the local mirror, each batch in one transaction, by merge.ts's
 * rules. A pulled page is written with its cursor in the same transaction, so a tab closed
 * mid-pull resumes where it stopped.
 */
import type { KeywordSet, SearchResult, SearchRun } from '../../../domain/index.ts';
import type { LocalDb, SyncCursor } from '../local-db.ts';
import { mergeIntoChunks, mergeKeywordSets, newerRecords, runsOf, withoutRow } from './merge.ts';
import { KEYWORD_SETS, RESULTS, RUNS } from './records.ts';

const START: SyncCursor = { updated: '', id: '' };

function cursorKey(collection: string) {
  return `cursor:${collection}` as const;
}

/** Where the last pull of `collection` stopped (the start when it never ran). */
export async function readCursor(db: LocalDb, collection: string): Promise<SyncCursor> {
  const entry = await db.meta.get(cursorKey(collection));
  return (entry?.value as SyncCursor | undefined) ?? START;
}

async function saveCursor(db: LocalDb, collection: string, cursor: SyncCursor | undefined) {
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
