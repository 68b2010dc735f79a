/**
 * The mail area (pb_hooks/mail.pb.js): mails kept in mail_outbox without SMTP, the superuser
 * route that lists them and the cron that prunes them, our own mails, and the per-account limit
 * of password-reset mails.
 */
export { captureMail, deleteMailsTo, handleOutbox, pruneOutbox, sendMail } from './outbox.ts';
export { limitResetRequest, pruneResetCounts } from './reset-limit.ts';
