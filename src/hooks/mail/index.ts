/**
 * The mail area (pb_hooks/mail.pb.js): mails kept in mail_outbox without SMTP and the superuser
 * route that lists them, our own mails, and the per-account limit of password-reset mails.
 */
export { captureMail, handleOutbox, sendMail } from './outbox.ts';
export { limitResetRequest, pruneResetCounts } from './reset-limit.ts';
