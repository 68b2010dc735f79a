/**
 * The watch runs' reports (docs/reports.md#in-the-app), read from the local database (the sync
 * mirrors them, so the Reports page reads the same offline), and marking them read: a PATCH of
 * `read_at` alone through the record API, whose answer is kept here at once (realtime brings the
 * same record to this user's other devices). Marking read needs the server: offline the page
 * disables it and says so, as the Watches panel does its changes.
 */
import { useLiveQuery } from 'dexie-react-hooks';
import { COLLECTIONS, toPbDate, type Report, type SearchResult } from '../../../domain/index.ts';
import { pb } from '../server/client.ts';
import { currentBinding, useLocalDb } from './local-data.ts';
import { REPORTS } from './sync/records.ts';
import { writeReports } from './sync/mirror.ts';

/** Newest first: the run's finish, then the record's creation. */
function newestFirst(a: Report, b: Report): number {
  const at = (r: Report) => r.period_end || r.created;
  return at(a) < at(b) ? 1 : at(a) > at(b) ? -1 : a.id < b.id ? 1 : -1;
}

/** The user's reports, newest first; undefined while loading. Offline too. */
export function useLocalReports(): Report[] | undefined {
  const db = useLocalDb();
  return useLiveQuery(
    async () => (db ? (await db.reports.toArray()).slice().sort(newestFirst) : []),
    [db],
    undefined,
  );
}

/** How many of the user's reports are unread (`read_at` empty); 0 while loading. */
export function useUnreadReportCount(): number {
  const db = useLocalDb();
  return useLiveQuery(
    async () => (db ? db.reports.filter((report) => report.read_at === '').count() : 0),
    [db],
    0,
  );
}

/**
 * Marks the reports `ids` read on the server (each a PATCH of `read_at`), and keeps the answers
 * here. Reports read already are left alone. Throws the first failure once every PATCH ended.
 */
export async function markReportsRead(ids: readonly string[]): Promise<number> {
  const db = currentBinding()?.db;
  if (!db || ids.length === 0) return 0;
  const unread = (await db.reports.bulkGet([...ids])).filter(
    (report): report is Report => report !== undefined && report.read_at === '',
  );
  const readAt = toPbDate(Date.now());
  const answers = await Promise.allSettled(
    unread.map((report) =>
      pb
        .collection(COLLECTIONS.reports)
        .update(report.id, { read_at: readAt }, { fields: REPORTS.fields, requestKey: null }),
    ),
  );
  const saved = answers.flatMap((answer) =>
    answer.status === 'fulfilled' ? [REPORTS.fromServer(answer.value)] : [],
  );
  if (saved.length) await writeReports(db, saved);
  const failure = answers.find((answer) => answer.status === 'rejected');
  if (failure) throw (failure as PromiseRejectedResult).reason;
  return saved.length;
}

/**
 * The result rows a report's items name, by id, while `open`: its run's and its previous run's (an
 * ad missing from the run is shown from the previous run's row), kept up to date as the sync
 * stores them; rows not on this device yet are absent. null while closed or loading.
 */
export function useReportRows(report: Report, open: boolean): Map<string, SearchResult> | null {
  const db = useLocalDb();
  return useLiveQuery(
    async () => {
      if (!db || !open) return null;
      const rows = new Map<string, SearchResult>();
      const chunks = await db.results.bulkGet([report.run, report.previous_run].filter(Boolean));
      for (const chunk of chunks) for (const row of chunk?.rows ?? []) rows.set(row.id, row);
      return rows;
    },
    [db, open, report.run, report.previous_run],
    null,
  );
}

/**
 * The ids of every result row of the ads `adIds` (their Library ids), in every run on this device:
 * what the Database page shows when a report's product or store opens it (row-selection.ts).
 */
export async function rowIdsOfAds(adIds: readonly string[]): Promise<string[]> {
  const db = currentBinding()?.db;
  if (!db) return [];
  const wanted = new Set(adIds);
  const ids: string[] = [];
  await db.results.each((chunk) => {
    for (const row of chunk.rows) if (wanted.has(row.ad_id)) ids.push(row.id);
  });
  return ids;
}
