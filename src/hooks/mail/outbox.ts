/**
 * Mail without SMTP (a local trial, tests): PocketBase's mailer hook keeps every mail in the
 * `mail_outbox` collection instead of handing it to a sendmail that is not there. The mails hold
 * reset and email-change tokens, so only superusers read them: the admin UI, or
 * SERVER_ROUTES.localOutbox. They are personal data (docs/going-live.md): a cron deletes those older
 * than MAIL_OUTBOX_RETENTION_DAYS, and deleting an account deletes the mails to its addresses.
 */
import { COLLECTIONS } from '../../domain/api/collections.ts';
import { MAIL_OUTBOX_RETENTION_DAYS } from '../../domain/forms/limits.ts';
import { DAY_MS } from '../../domain/text/format.ts';

const MAX_LISTED = 200;

function addresses(list: { address: string; name?: string }[] | undefined): string {
  const out: string[] = [];
  if (list) for (let i = 0; i < list.length; i++) out.push(String(list[i]!.address));
  return out.join(', ');
}

/** onMailerSend: sends through SMTP when it is configured, else stores the mail. */
export function captureMail(e: core.MailerEvent): void {
  if (e.app.settings().smtp.enabled) return e.next();
  const message = e.message;
  if (!message) return;
  const record = new Record(e.app.findCollectionByNameOrId(COLLECTIONS.mailOutbox));
  record.load({
    to: addresses(message.to),
    from: message.from
      ? message.from.name
        ? `${message.from.name} <${message.from.address}>`
        : message.from.address
      : '',
    subject: message.subject,
    html: message.html,
    text: message.text,
    // the mail's own headers (a report mail's Message-ID and List-Unsubscribe), as SMTP sends them
    headers: message.headers || {},
  });
  e.app.save(record);
  console.log(
    `[adscout] mail to ${record.getString('to')} kept in ${COLLECTIONS.mailOutbox} (no SMTP): ${message.subject}`,
  );
}

/** SERVER_ROUTES.localOutbox (?to=address&limit=n, superusers): the newest mails first. */
export function handleOutbox(e: core.RequestEvent): void {
  const query = e.request!.url!.query();
  const to = String(query.get('to') || '')
    .trim()
    .toLowerCase();
  const wanted = Number(query.get('limit') || 50);
  const limit = Number.isFinite(wanted) && wanted >= 1 ? Math.min(Math.floor(wanted), MAX_LISTED) : 50;
  const records = to
    ? $app.findRecordsByFilter(COLLECTIONS.mailOutbox, 'to ~ {:to}', '-created,-id', limit, 0, { to: to })
    : $app.findRecordsByFilter(COLLECTIONS.mailOutbox, '', '-created,-id', limit, 0);
  const items = records.map((record) => ({
    id: record!.id,
    to: record!.getString('to'),
    from: record!.getString('from'),
    subject: record!.getString('subject'),
    html: record!.getString('html'),
    text: record!.getString('text'),
    headers: JSON.parse(toString(record!.get('headers')) || 'null') || {},
    created: record!.getString('created'),
  }));
  e.response.header().set('Cache-Control', 'no-store');
  return e.json(200, { items: items });
}

/** Sends one mail of our own (e.g. telling the old address of an email change) from the sender. */
export function sendMail(to: string, subject: string, html: string): void {
  const meta = $app.settings().meta;
  const message = new MailerMessage({
    from: { address: meta.senderAddress, name: meta.senderName },
    to: [{ address: to }],
    subject: subject,
    html: html,
  });
  $app.newMailClient().send(message);
}

/**
 * Deletes, in the caller's transaction, every kept mail addressed to one of `addresses` (compared
 * without case, as whole addresses of the `to` list, which captureMail joins with ", ").
 */
export function deleteMailsTo(txApp: CoreApp, addresses: string[]): void {
  for (const address of addresses) {
    const wanted = address.trim().toLowerCase();
    if (!wanted) continue;
    txApp
      .db()
      .newQuery(
        `DELETE FROM ${COLLECTIONS.mailOutbox} WHERE instr(', ' || lower("to") || ',', ', ' || {:address} || ',') > 0`,
      )
      .bind({ address: wanted })
      .execute();
  }
}

/** The cron adscout_mail_outbox_prune: deletes kept mails older than the retention period. */
export function pruneOutbox(): void {
  const before = new DateTime()
    // a Go time.Duration counts nanoseconds
    .add((-MAIL_OUTBOX_RETENTION_DAYS * DAY_MS * 1e6) as unknown as time.Duration)
    .string();
  const result = $app
    .db()
    .newQuery(`DELETE FROM ${COLLECTIONS.mailOutbox} WHERE created < {:before}`)
    .bind({ before: before })
    .execute();
  const removed = result.rowsAffected();
  if (removed > 0)
    console.log(`[adscout] deleted ${removed} kept mails older than ${MAIL_OUTBOX_RETENTION_DAYS} days`);
}
