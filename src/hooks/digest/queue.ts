/**
 * The report mails' queue (`report_mails`, docs/reports.md#exactly-once). Every step is one
 * transaction, and PocketBase runs one write transaction at a time (SQLite's single writer), so
 * overlapping cron ticks, or a tick beside a report's store, see each other's work:
 *
 * - closeDigestPeriod: a due digest's period closes in the transaction that moves the user's
 *   `next_digest_at` on; with news it queues one mail, unique (user, period): an overlapping tick
 *   finds the settings no longer due, and the index refuses a second mail whatever else happens.
 * - queueEachMail: with `email: each`, a report with news queues its mail in the transaction that
 *   stores the report (src/hooks/reports/store.ts onReportStored); the cron sends it.
 * - claimMail / settleMail: a tick claims a due mail for REPORT_MAIL_LEASE_SECONDS before sending
 *   it, and settles it as sent (never sent again) or failed (retried after a backoff, at most
 *   REPORT_MAIL_MAX_ATTEMPTS attempts). A tick that died mid-send leaves the claim to run out; the
 *   next claim sends it again with the Message-ID fixed at queueing, so the receiver can tell.
 */
import { COLLECTIONS } from '../../domain/api/collections.ts';
import { reportHasNews } from '../../domain/reports/report-contract.ts';
import {
  REPORT_MAIL_LEASE_SECONDS,
  REPORT_MAIL_MAX_ATTEMPTS,
  reportMailRetryDelay,
  type ReportMailKind,
} from '../../domain/reports/report-mail-contract.ts';
import { DAY_MS, parsePbDate, toPbDate } from '../../domain/text/format.ts';
import { parseHttpUrl } from '../../domain/text/url.ts';
import { appUrl } from '../config/index.ts';
import { scheduleDigest } from './settings.ts';

/** A digest gathers at most this many reports (20 watches run daily for a week: 140). */
export const DIGEST_REPORTS_MAX = 200;

const DUE_SETTINGS_SQL = `
  SELECT id FROM ${COLLECTIONS.reportSettings}
  WHERE email IN ('daily', 'weekly') AND next_digest_at != '' AND next_digest_at <= {:now}
  ORDER BY next_digest_at, id
  LIMIT {:limit}`;

/** The ids of settings whose digest is due at `now`, the oldest first. */
export function dueDigestIds(now: number, limit: number): string[] {
  const rows = arrayOf(new DynamicModel({ id: '' })) as unknown as { id: string }[];
  $app
    .db()
    .newQuery(DUE_SETTINGS_SQL)
    .bind({ now: toPbDate(now), limit: limit })
    .all(rows);
  return rows.map((row) => row.id);
}

function countsOf(report: core.Record) {
  return {
    new_count: report.getInt('new_count'),
    stopped_count: report.getInt('stopped_count'),
    resumed_count: report.getInt('resumed_count'),
    products_count: report.getInt('products_count'),
    stores_count: report.getInt('stores_count'),
  };
}

/** A Message-ID of our own domain (APP_URL's host), fixed for every attempt of the mail. */
function newMessageId(): string {
  const host = parseHttpUrl(appUrl() || $app.settings().meta.appURL)?.host || 'adscout.local';
  return `<report.${$security.randomString(24)}@${host}>`;
}

/** Queues a mail in the caller's transaction, unless the period has one already. */
function queueMail(
  txApp: CoreApp,
  userId: string,
  kind: ReportMailKind,
  period: string,
  reports: string[],
  now: number,
): boolean {
  const existing = txApp.findRecordsByFilter(
    COLLECTIONS.reportMails,
    'user = {:user} && period = {:period}',
    '',
    1,
    0,
    {
      user: userId,
      period: period,
    },
  );
  if (existing.length > 0) return false;
  const mail = new Record(txApp.findCollectionByNameOrId(COLLECTIONS.reportMails));
  mail.load({
    user: userId,
    kind: kind,
    period: period,
    reports: reports,
    message_id: newMessageId(),
    status: 'pending',
    attempts: 0,
    next_attempt_at: toPbDate(now),
  });
  txApp.save(mail);
  return true;
}

export type DigestOutcome = 'queued' | 'skipped' | 'not-due';

/**
 * Closes the due digest period of one settings record, in one transaction: the reports with news
 * stored since the last period closed (all watches) queue one mail; none, nothing is sent. Either
 * way the period closes now and `next_digest_at` moves to the next slot after now.
 */
export function closeDigestPeriod(settingsId: string, now: number): DigestOutcome {
  let outcome: DigestOutcome = 'not-due';
  $app.runInTransaction((txApp) => {
    let settings: core.Record;
    try {
      settings = txApp.findRecordById(COLLECTIONS.reportSettings, settingsId);
    } catch (_) {
      return; // the account was deleted since the list was read
    }
    const email = settings.getString('email');
    const due = parsePbDate(settings.getString('next_digest_at'));
    // changed, or closed by an overlapping tick since the list was read
    if ((email !== 'daily' && email !== 'weekly') || !due || due.getTime() > now) return;
    const userId = settings.getString('user');
    const last = parsePbDate(settings.getString('last_digest_at'));
    const since = last ? last.getTime() : due.getTime() - (email === 'weekly' ? 7 : 1) * DAY_MS;
    // ids and counts only: the lists are read when the mail is rendered
    const reports = arrayOf(
      new DynamicModel({
        id: '',
        new_count: 0,
        stopped_count: 0,
        resumed_count: 0,
        products_count: 0,
        stores_count: 0,
      }),
    ) as unknown as ({ id: string } & Parameters<typeof reportHasNews>[0])[];
    txApp
      .db()
      .newQuery(
        `SELECT id, new_count, stopped_count, resumed_count, products_count, stores_count FROM ${COLLECTIONS.reports}
         WHERE user = {:user} AND created > {:since} AND created <= {:until} ORDER BY created DESC LIMIT {:limit}`,
      )
      .bind({ user: userId, since: toPbDate(since), until: toPbDate(now), limit: DIGEST_REPORTS_MAX })
      .all(reports);
    const withNews: string[] = [];
    for (const report of reports) if (reportHasNews(report)) withNews.push(report.id);
    outcome = 'skipped';
    if (withNews.length > 0 && queueMail(txApp, userId, 'digest', `digest:${toPbDate(due)}`, withNews, now))
      outcome = 'queued';
    settings.set('last_digest_at', toPbDate(now));
    scheduleDigest(settings, now);
    txApp.save(settings);
  });
  return outcome;
}

/**
 * In the transaction that stores `report`: with `email: each`, a report with news queues its own
 * mail (sent by the next tick, never inside the report's transaction).
 */
export function queueEachMail(txApp: CoreApp, report: core.Record): void {
  if (!reportHasNews(countsOf(report))) return;
  const userId = report.getString('user');
  const settings = txApp.findRecordsByFilter(COLLECTIONS.reportSettings, 'user = {:user}', '', 1, 0, {
    user: userId,
  })[0];
  if (!settings || settings.getString('email') !== 'each') return;
  queueMail(txApp, userId, 'each', `report:${report.id}`, [report.id], Date.now());
}

/**
 * Claims the next due mail for `owner` (a tick's own name): a pending one whose attempt is due, or
 * one whose sender's claim ran out. One whose attempts are spent is failed instead. null: none.
 */
export function claimMail(owner: string, now: number): string | null {
  let claimed: string | null = null;
  let more = true;
  while (more && claimed === null) {
    more = false;
    $app.runInTransaction((txApp) => {
      const mail = txApp.findRecordsByFilter(
        COLLECTIONS.reportMails,
        "(status = 'pending' && next_attempt_at <= {:now}) || (status = 'sending' && lease_expires_at <= {:now})",
        'next_attempt_at,id',
        1,
        0,
        { now: toPbDate(now) },
      )[0];
      if (!mail) return;
      if (mail.getInt('attempts') >= REPORT_MAIL_MAX_ATTEMPTS) {
        mail.set('status', 'failed');
        mail.set('lease_owner', '');
        txApp.save(mail);
        console.log(
          `[adscout] report mail ${mail.id} failed for good after ${mail.getInt('attempts')} attempts: ${mail.getString('last_error') || 'its sender stopped'}`,
        );
        more = true;
        return;
      }
      mail.set('status', 'sending');
      mail.set('attempts', mail.getInt('attempts') + 1);
      mail.set('lease_owner', owner);
      mail.set('lease_expires_at', toPbDate(now + REPORT_MAIL_LEASE_SECONDS * 1000));
      txApp.save(mail);
      claimed = mail.id;
    });
  }
  return claimed;
}

export type MailSettlement =
  { outcome: 'sent' } | { outcome: 'canceled'; reason: string } | { outcome: 'error'; error: string };

/**
 * Settles a claimed mail: sent (never again), canceled, or back to pending after its backoff
 * (failed once its attempts are spent). A claim another tick took over is left to it.
 */
export function settleMail(mailId: string, owner: string, settlement: MailSettlement, now: number): string {
  let status = 'lost';
  $app.runInTransaction((txApp) => {
    let mail: core.Record;
    try {
      mail = txApp.findRecordById(COLLECTIONS.reportMails, mailId);
    } catch (_) {
      return; // the account was deleted meanwhile
    }
    if (mail.getString('status') !== 'sending' || mail.getString('lease_owner') !== owner) return;
    mail.set('lease_owner', '');
    mail.set('lease_expires_at', '');
    if (settlement.outcome === 'sent') {
      mail.set('status', 'sent');
      mail.set('sent_at', toPbDate(now));
      mail.set('last_error', '');
    } else if (settlement.outcome === 'canceled') {
      mail.set('status', 'canceled');
      mail.set('last_error', settlement.reason);
    } else {
      const attempts = mail.getInt('attempts');
      mail.set('last_error', settlement.error.slice(0, 2000));
      if (attempts >= REPORT_MAIL_MAX_ATTEMPTS) {
        mail.set('status', 'failed');
      } else {
        mail.set('status', 'pending');
        mail.set('next_attempt_at', toPbDate(now + reportMailRetryDelay(attempts) * 1000));
      }
    }
    txApp.save(mail);
    status = mail.getString('status');
  });
  return status;
}
