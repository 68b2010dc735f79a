/**
 * The report mail area (pb_hooks/digest.pb.js, docs/reports.md#email): the owner's report
 * settings (checked, defaulted, scheduled by the server), the mail queue and its cron tick, the
 * one-click unsubscribe, and the placeholder image of the mails.
 */
import {
  base64Bytes,
  REPORT_MAIL_PLACEHOLDER_PNG_BASE64,
} from '../../domain/reports/report-mail-contract.ts';

export {
  ensureReportSettings,
  handleReportSettingsCreate,
  handleReportSettingsUpdate,
  handleWatchCreated,
  scheduleDigest,
} from './settings.ts';
export { claimMail, closeDigestPeriod, queueEachMail, settleMail } from './queue.ts';
export { deliverMail, runReportMails } from './send.ts';
export { handleUnsubscribe, handleUnsubscribePage, unsubscribeToken, userOfToken } from './unsubscribe.ts';

/** SERVER_ROUTES.reportMailPlaceholder: the PNG, cached a day (GET and HEAD, no redirect). */
export function handlePlaceholder(e: core.RequestEvent): void {
  e.response.header().set('Cache-Control', 'public, max-age=86400');
  return e.blob(200, 'image/png', base64Bytes(REPORT_MAIL_PLACEHOLDER_PNG_BASE64));
}
