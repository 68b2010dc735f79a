/**
 * Sending a claimed report mail (docs/reports.md#the-mail): the reports it names, rendered by
 * src/domain/reports/report-mail.ts, handed to PocketBase's mailer (SMTP when configured, the
 * outbox otherwise; src/hooks/mail/outbox.ts) with the Message-ID fixed at queueing and the
 * one-click unsubscribe headers. The cron tick (runReportMails) closes due digest periods, then
 * sends what is due, within a time budget that lets it run past the next firing.
 */
import { COLLECTIONS } from '../../domain/api/collections.ts';
import type { CreativeFiles } from '../../domain/media/creative-files.ts';
import type { MailReport } from '../../domain/reports/report-mail-digest.ts';
import { renderReportMail } from '../../domain/reports/report-mail.ts';
import { appUrl } from '../config/index.ts';
import { claimMail, closeDigestPeriod, dueDigestIds, settleMail, type MailSettlement } from './queue.ts';
import { unsubscribeUrl } from './unsubscribe.ts';

/**
 * A tick stops starting work after this long: under two cron periods (one minute each), so a
 * tick with work left runs on past the next firing, which joins it through the claims (two ticks
 * render on both cores while SQLite takes their writes in turn), and at most two ticks, one JS VM
 * each, run at once. A budget under one period left the rest of a big morning waiting for the
 * next minute's tick (docs/benchmarks/report-digests.md).
 */
const TICK_BUDGET_MS = 110_000;
const DUE_BATCH = 200;

const REPORT_TEXT_FIELDS = ['id', 'watch', 'watch_name', 'created'] as const;
const REPORT_COUNT_FIELDS = [
  'new_count',
  'stopped_count',
  'resumed_count',
  'products_count',
  'stores_count',
] as const;
const REPORT_LIST_FIELDS = ['new_ads', 'stopped_ads', 'resumed_ads', 'products', 'stores'] as const;

/**
 * The reports `ids` of `userId`, with what a mail reads: one query, each list's JSON read as the
 * database holds it and parsed once (loading them as records would decode every field again).
 */
function mailReports(userId: string, ids: string[]): MailReport[] {
  if (ids.length === 0) return [];
  const shape: { [field: string]: string | number } = {};
  for (const field of REPORT_TEXT_FIELDS) shape[field] = '';
  for (const field of REPORT_COUNT_FIELDS) shape[field] = 0;
  for (const field of REPORT_LIST_FIELDS) shape[field] = '';
  const rows = arrayOf(new DynamicModel(shape)) as unknown as { [field: string]: string | number }[];
  const params: { [name: string]: string } = { user: userId };
  const names = ids.map((id, i) => {
    params[`r${i}`] = id;
    return `{:r${i}}`;
  });
  $app
    .db()
    .newQuery(
      `SELECT ${[
        ...REPORT_TEXT_FIELDS.map((f) => `COALESCE(${f}, '') AS ${f}`),
        ...REPORT_COUNT_FIELDS.map((f) => `COALESCE(${f}, 0) AS ${f}`),
        ...REPORT_LIST_FIELDS.map((f) => `COALESCE(${f}, '[]') AS ${f}`),
      ].join(', ')}
       FROM ${COLLECTIONS.reports} WHERE user = {:user} AND id IN (${names.join(', ')})`,
    )
    .bind(params)
    .all(rows);
  return rows.map((row) => {
    const report: { [field: string]: unknown } = {};
    for (const field of REPORT_TEXT_FIELDS) report[field] = String(row[field]);
    for (const field of REPORT_COUNT_FIELDS) report[field] = Number(row[field]);
    for (const field of REPORT_LIST_FIELDS) report[field] = JSON.parse(String(row[field]) || '[]') || [];
    return report as unknown as MailReport;
  });
}

/**
 * Each listed ad's creative as archived now. A report keeps the creative its run's row had when
 * the report was computed, which is often before the archive fetched it (the report and the
 * archive work on the same run at once: docs/creatives.md), so the mail takes the row's creative
 * when it is sent, and the report's when the row is gone.
 */
function takeArchivedCreatives(userId: string, reports: MailReport[]): void {
  const items: { row: string; creative: string }[] = [];
  const rowIds: string[] = [];
  for (const report of reports)
    for (const list of [report.new_ads, report.stopped_ads, report.resumed_ads])
      for (const item of list) {
        items.push(item);
        if (item.row && rowIds.indexOf(item.row) < 0) rowIds.push(item.row);
      }
  if (rowIds.length === 0) return;
  const params: { [name: string]: string } = { user: userId };
  const names = rowIds.map((id, i) => {
    params[`r${i}`] = id;
    return `{:r${i}}`;
  });
  const rows = arrayOf(new DynamicModel({ id: '', creative: '' })) as unknown as {
    id: string;
    creative: string;
  }[];
  $app
    .db()
    .newQuery(
      `SELECT id, creative FROM ${COLLECTIONS.searchResults} ` +
        `WHERE user = {:user} AND creative != '' AND id IN (${names.join(', ')})`,
    )
    .bind(params)
    .all(rows);
  const creativeOfRow: { [row: string]: string } = {};
  for (const row of rows) creativeOfRow[String(row.id)] = String(row.creative);
  for (const item of items) if (creativeOfRow[item.row]) item.creative = creativeOfRow[item.row]!;
}

/** The user's archived creatives that `reports` name, by id. */
function creativesOf(userId: string, reports: MailReport[]): Record<string, CreativeFiles> {
  takeArchivedCreatives(userId, reports);
  const ids: string[] = [];
  for (const report of reports)
    for (const list of [report.new_ads, report.stopped_ads, report.resumed_ads])
      for (const item of list) if (item.creative && ids.indexOf(item.creative) < 0) ids.push(item.creative);
  const out: Record<string, CreativeFiles> = {};
  if (ids.length === 0) return out;
  for (const record of $app.findRecordsByIds(COLLECTIONS.creatives, ids)) {
    if (!record || record.getString('user') !== userId) continue;
    out[record.id] = {
      id: record.id,
      file: record.getString('file'),
      poster: record.getString('poster'),
      mime: record.getString('mime'),
    };
  }
  return out;
}

const MAIL_SQL = `
  SELECT m.user AS user, COALESCE(m.reports, '[]') AS reports, m.message_id AS message_id,
         u.email AS address, COALESCE(s.email, 'off') AS choice
  FROM ${COLLECTIONS.reportMails} m
  JOIN ${COLLECTIONS.users} u ON u.id = m.user
  LEFT JOIN ${COLLECTIONS.reportSettings} s ON s.user = m.user
  WHERE m.id = {:id}`;

/**
 * What sending a mail reads of it, its user and their settings, in one query (three records
 * loaded apart cost more than the query). Throws when the mail or its user is gone.
 */
function mailToSend(mailId: string) {
  const row = new DynamicModel({
    user: '',
    reports: '',
    message_id: '',
    address: '',
    choice: '',
  }) as unknown as {
    user: string;
    reports: string;
    message_id: string;
    address: string;
    choice: string;
  };
  $app.db().newQuery(MAIL_SQL).bind({ id: mailId }).one(row);
  return {
    userId: String(row.user),
    reports: (JSON.parse(String(row.reports) || '[]') || []) as string[],
    messageId: String(row.message_id),
    address: String(row.address),
    email: String(row.choice),
  };
}

/** Renders and hands one claimed mail to the mailer; what happened, for settleMail. */
export function deliverMail(mailId: string): MailSettlement {
  const mail = mailToSend(mailId);
  const userId = mail.userId;
  const email = mail.email;
  if (email === 'off') return { outcome: 'canceled', reason: 'report mail was turned off' };
  const reports = mailReports(userId, mail.reports);
  const base = appUrl() || $app.settings().meta.appURL;
  const unsubscribe = unsubscribeUrl(base, userId);
  const rendered = renderReportMail({
    appUrl: base,
    email: email === 'weekly' || email === 'each' ? email : 'daily',
    reports: reports,
    creatives: creativesOf(userId, reports),
    unsubscribeUrl: unsubscribe,
  });
  if (!rendered) return { outcome: 'canceled', reason: 'its reports are gone' };
  const meta = $app.settings().meta;
  const message = new MailerMessage({
    from: { address: meta.senderAddress, name: meta.senderName },
    to: [{ address: mail.address }],
    subject: rendered.subject,
    html: rendered.html,
    text: rendered.text,
    headers: {
      'Message-ID': mail.messageId,
      'List-Unsubscribe': `<${unsubscribe}>`,
      'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
    },
  });
  try {
    $app.newMailClient().send(message);
  } catch (err) {
    return { outcome: 'error', error: String(err) };
  }
  return { outcome: 'sent' };
}

export interface MailTickReport {
  queued: number;
  skipped: number;
  sent: number;
  failed: number;
}

/** Sends one claimed mail and settles it; never throws (a bad mail must not stop the tick). */
function sendClaimed(mailId: string, owner: string, report: MailTickReport): void {
  let settlement: MailSettlement;
  try {
    settlement = deliverMail(mailId);
  } catch (err) {
    settlement = { outcome: 'error', error: String(err) };
  }
  const status = settleMail(mailId, owner, settlement, Date.now());
  if (settlement.outcome === 'sent') report.sent++;
  else if (settlement.outcome === 'error') {
    report.failed++;
    console.log(`[adscout] report mail ${mailId} not sent (${status}): ${settlement.error}`);
  }
}

/**
 * The cron tick (adscout_report_digest, every minute): closes every due digest period (queueing
 * the mails with news), then sends the due mails one by one, until nothing is due or the budget
 * is spent. Overlapping ticks share the work through the claims.
 */
export function runReportMails(): MailTickReport {
  const began = Date.now();
  const owner = `tick-${$security.randomString(12)}`;
  const report: MailTickReport = { queued: 0, skipped: 0, sent: 0, failed: 0 };
  const now = Date.now();
  let ids = dueDigestIds(now, DUE_BATCH);
  while (ids.length > 0 && Date.now() - began < TICK_BUDGET_MS) {
    for (const id of ids) {
      try {
        const outcome = closeDigestPeriod(id, now);
        if (outcome === 'queued') report.queued++;
        else if (outcome === 'skipped') report.skipped++;
      } catch (err) {
        console.log(`[adscout] report digest of settings ${id} not closed: ${String(err)}`);
      }
    }
    const next = dueDigestIds(now, DUE_BATCH);
    // an overlapping tick holds the rest, or a settings record keeps failing: leave them
    if (next.length === ids.length && next.every((id, i) => id === ids[i])) break;
    ids = next;
  }
  while (Date.now() - began < TICK_BUDGET_MS) {
    const mailId = claimMail(owner, Date.now());
    if (!mailId) break;
    sendClaimed(mailId, owner, report);
  }
  if (report.queued + report.sent + report.failed > 0)
    console.log(
      `[adscout] report mail: ${report.queued} digests queued, ${report.skipped} without news, ${report.sent} sent, ${report.failed} failed (${Date.now() - began} ms)`,
    );
  return report;
}
