/**
 * The cron adscout_reports_prune: reports older than REPORT_RETENTION_DAYS are deleted, and the
 * tasks settled that long ago (done ones were queued before their report was stored, so they go
 * first; a SQL delete runs no cascade), and the sightings of watches that are gone. SQL deletes publish no realtime events: the browser's mirror drops the reports
 * past the same age itself (src/web/data/local/sync/mirror.ts).
 */
import { COLLECTIONS } from '../../domain/api/collections.ts';
import { REPORT_RETENTION_DAYS } from '../../domain/reports/report-contract.ts';
import { DAY_MS } from '../../domain/text/format.ts';
import { pruneSightings } from './sightings.ts';

export function pruneReports(): void {
  const before = new DateTime()
    // a Go time.Duration counts nanoseconds
    .add((-REPORT_RETENTION_DAYS * DAY_MS * 1e6) as unknown as time.Duration)
    .string();
  let reports = 0;
  let tasks = 0;
  let sightings = 0;
  $app.runInTransaction((txApp) => {
    tasks = txApp
      .db()
      .newQuery(`DELETE FROM ${COLLECTIONS.reportTasks} WHERE created < {:before} AND status != 'pending'`)
      .bind({ before: before })
      .execute()
      .rowsAffected();
    reports = txApp
      .db()
      .newQuery(`DELETE FROM ${COLLECTIONS.reports} WHERE created < {:before}`)
      .bind({ before: before })
      .execute()
      .rowsAffected();
    sightings = pruneSightings(txApp);
  });
  if (reports > 0 || tasks > 0)
    console.log(
      `[adscout] deleted ${reports} reports and ${tasks} report tasks older than ${REPORT_RETENTION_DAYS} days`,
    );
  if (sightings > 0) console.log(`[adscout] deleted ${sightings} sightings of deleted watches`);
}
