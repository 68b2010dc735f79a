/**
 * The mail area (pb_hooks/mail.pb.js): mails kept in mail_outbox without SMTP and the superuser
 * route that lists them, our own mails, and the per-address limit of password-reset requests.
 */
export { captureMail, handleOutbox, sendMail } from './outbox.ts';
export { checkResetRequest } from './reset-limit.ts';
