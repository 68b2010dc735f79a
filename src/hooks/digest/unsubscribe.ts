/**
 * One-click unsubscribe (docs/reports.md#unsubscribe, RFC 8058): every report mail carries
 * `List-Unsubscribe: <APP_URL/api/adscout/reports/unsubscribe?token=…>` and
 * `List-Unsubscribe-Post: List-Unsubscribe=One-Click`. The token is `<user id>.<HMAC-SHA256>` over
 * the purpose REPORT_UNSUBSCRIBE_PURPOSE and the user id, keyed by the server secret
 * `report_unsubscribe` (server_secrets: in the database, so a restore keeps old mails' links
 * working). A POST with it turns that user's report mail off without logging in; a GET shows a
 * page with a button that POSTs it. A token of another user, another purpose or no valid
 * signature is a 400; nothing else is ever changed through it.
 */
import { COLLECTIONS } from '../../domain/api/collections.ts';
import { SERVER_ROUTES } from '../../domain/api/routes.ts';
import { PRODUCT_NAME, ROUTES } from '../../domain/pages/routes.ts';
import {
  REPORT_UNSUBSCRIBE_PURPOSE,
  REPORT_UNSUBSCRIBE_SECRET,
} from '../../domain/reports/report-mail-contract.ts';
import { REPORT_SEND_HOUR_DEFAULT, REPORT_TIME_ZONE_DEFAULT } from '../../domain/reports/report-settings.ts';
import { escapeHtml } from '../../domain/text/html.ts';
import { readSecret, serverSecret } from '../config/index.ts';
import { scheduleDigest } from './settings.ts';

const TOKEN = /^([a-z0-9]{15})\.([0-9a-f]{64})$/;

function signature(userId: string, secret: string): string {
  return $security.hs256(`${REPORT_UNSUBSCRIBE_PURPOSE}:${userId}`, secret);
}

/** The token of `userId`'s report mail (the secret is made on first use). */
export function unsubscribeToken(userId: string): string {
  return `${userId}.${signature(userId, serverSecret(REPORT_UNSUBSCRIBE_SECRET))}`;
}

/** The absolute one-click link of `userId` on `base` (APP_URL). */
export function unsubscribeUrl(base: string, userId: string): string {
  return `${base}${SERVER_ROUTES.reportUnsubscribe.path}?token=${unsubscribeToken(userId)}`;
}

/** The user a token was made for, or null when it is not one of ours for this purpose. */
export function userOfToken(token: string): string | null {
  const match = TOKEN.exec(token);
  if (!match) return null;
  const secret = readSecret($app, REPORT_UNSUBSCRIBE_SECRET);
  if (!secret) return null;
  return $security.equal(signature(match[1]!, secret), match[2]!) ? match[1]! : null;
}

/** Strict headers: our text only, no script, no third-party anything, forms to ourselves. */
function setPageHeaders(e: core.RequestEvent): void {
  const header = e.response.header();
  header.set('Cache-Control', 'no-store');
  header.set('Referrer-Policy', 'no-referrer');
  header.set('X-Content-Type-Options', 'nosniff');
  header.set(
    'Content-Security-Policy',
    "default-src 'none'; style-src 'unsafe-inline'; form-action 'self'; base-uri 'none'; frame-ancestors 'none'",
  );
}

function page(title: string, body: string): string {
  return (
    `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">` +
    `<meta name="robots" content="noindex"><title>${escapeHtml(title)} · ${PRODUCT_NAME}</title>` +
    `<style>body{font-family:system-ui,-apple-system,'Segoe UI',sans-serif;background:#f6f8fb;color:#0b1424;margin:0;padding:2rem 1rem;line-height:1.5}` +
    `main{max-width:480px;margin:0 auto;background:#fff;border:1px solid #dbe2ea;border-radius:12px;padding:2rem}` +
    `h1{font-size:1.5rem;margin:0 0 1rem}button{font:inherit;font-weight:600;border-radius:6px;min-height:44px;padding:0 1.5rem;cursor:pointer;background:#1d4ed8;color:#fff;border:0}` +
    `:focus-visible{outline:3px solid #f97316;outline-offset:2px}</style></head><body><main>${body}</main></body></html>`
  );
}

export const UNSUBSCRIBE_TEXT = {
  title: 'Report mail',
  ask: 'Stop the report mails of your AdScout watches?',
  button: 'Turn off report mail',
  done: 'Report mail is off. You can turn it on again in Settings.',
  invalid: 'This unsubscribe link is not valid.',
} as const;

function tokenOf(e: core.RequestEvent): string {
  return String(e.request!.url!.query().get('token') || '');
}

function refuse(e: core.RequestEvent): void {
  setPageHeaders(e);
  return e.html(
    400,
    page(UNSUBSCRIBE_TEXT.title, `<h1>${UNSUBSCRIBE_TEXT.title}</h1><p>${UNSUBSCRIBE_TEXT.invalid}</p>`),
  );
}

/** SERVER_ROUTES.reportUnsubscribePage: a page whose button POSTs the token. */
export function handleUnsubscribePage(e: core.RequestEvent): void {
  const token = tokenOf(e);
  if (!userOfToken(token)) return refuse(e);
  setPageHeaders(e);
  const action = `${SERVER_ROUTES.reportUnsubscribe.path}?token=${encodeURIComponent(token)}`;
  return e.html(
    200,
    page(
      UNSUBSCRIBE_TEXT.title,
      `<h1>${UNSUBSCRIBE_TEXT.title}</h1><p>${UNSUBSCRIBE_TEXT.ask}</p>` +
        `<form method="post" action="${escapeHtml(action)}"><button type="submit">${UNSUBSCRIBE_TEXT.button}</button></form>`,
    ),
  );
}

/** Sets `userId`'s report mail to off (their settings made, off, if they had none). */
export function turnReportMailOff(userId: string): void {
  $app.runInTransaction((txApp) => {
    const found = txApp.findRecordsByFilter(COLLECTIONS.reportSettings, 'user = {:user}', '', 1, 0, {
      user: userId,
    })[0];
    let settings = found;
    if (!settings) {
      settings = new Record(txApp.findCollectionByNameOrId(COLLECTIONS.reportSettings));
      settings.set('user', userId);
      settings.set('send_hour', REPORT_SEND_HOUR_DEFAULT);
      settings.set('time_zone', REPORT_TIME_ZONE_DEFAULT);
    }
    settings.set('email', 'off');
    scheduleDigest(settings, Date.now());
    txApp.save(settings);
  });
}

/** SERVER_ROUTES.reportUnsubscribe: the one-click POST (a mail client's, or the page's button). */
export function handleUnsubscribe(e: core.RequestEvent): void {
  const userId = userOfToken(tokenOf(e));
  if (!userId) return refuse(e);
  try {
    $app.findRecordById(COLLECTIONS.users, userId);
  } catch (_) {
    return refuse(e); // the account is gone: nothing to turn off
  }
  turnReportMailOff(userId);
  console.log(`[adscout] report mail turned off for user ${userId} (unsubscribe link)`);
  setPageHeaders(e);
  return e.html(
    200,
    page(
      UNSUBSCRIBE_TEXT.title,
      `<h1>${UNSUBSCRIBE_TEXT.title}</h1><p>${UNSUBSCRIBE_TEXT.done}</p><p><a href="${escapeHtml(ROUTES.settings.path)}">Settings</a></p>`,
    ),
  );
}
