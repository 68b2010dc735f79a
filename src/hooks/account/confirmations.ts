/**
 * PocketBase's own confirmation routes (docs/accounts.md,
 * docs/invariants.md#invariant-12-account-changes-need-the-current-password): a password reset by email link
 * and an email change confirmed from the new address change the account outside our account routes, so these
 * hooks write their audit-log entries in the same transaction as the change. PocketBase refreshes the token
 * key with either change, which signs every old session out.
 */
import { checkInput, registerPasswordSchema } from '../../domain/forms/forms.ts';
import { appUrl } from '../config/index.ts';
import { sendMail } from '../mail/index.ts';
import { escapeHtml } from '../../domain/text/html.ts';
import { audit } from './account.ts';

/**
 * onRecordConfirmPasswordResetRequest (users): the registration password rules (the collection
 * itself allows Settings' 6 characters), then the new password and its audit entry, together.
 */
export function auditPasswordReset(e: core.RecordConfirmPasswordResetRequestEvent): void {
  const body = e.requestInfo().body || {};
  const rules = checkInput(registerPasswordSchema, typeof body.password === 'string' ? body.password : '');
  if (!rules.ok) throw new BadRequestError(rules.message);
  const ip = e.realIP();
  const outer = e.app;
  outer.runInTransaction((txApp) => {
    e.app = txApp;
    e.next();
    audit(txApp, e.record!.id, 'password_reset', { via: 'email_link', ip: ip });
  });
  e.app = outer;
}

/**
 * onRecordConfirmEmailChangeRequest (users): the new email and its audit entry together; then
 * the old address is told, so a change its owner did not make does not go unnoticed.
 */
export function auditEmailChange(e: core.RecordConfirmEmailChangeRequestEvent): void {
  const previous = e.record!.email();
  const next = e.newEmail;
  const ip = e.realIP();
  const outer = e.app;
  outer.runInTransaction((txApp) => {
    e.app = txApp;
    e.next();
    audit(txApp, e.record!.id, 'email_updated', {
      old_email: previous,
      new_email: next,
      via: 'confirmation_link',
      ip: ip,
    });
  });
  e.app = outer;
  try {
    const base = appUrl() || $app.settings().meta.appURL;
    sendMail(
      previous,
      'Your AdScout email address was changed',
      `<p>Hello,</p><p>The email address of your AdScout account was changed from ${escapeHtml(previous)} to ${escapeHtml(next)}.</p>` +
        `<p>If you did not make this change, contact us at once: ${escapeHtml(base)}/contact</p><p>Thanks,<br/>The AdScout team</p>`,
    );
  } catch (error) {
    // the change stands; the notice is best effort
    console.log(`[adscout] could not tell ${previous} about the email change: ${error}`);
  }
}
