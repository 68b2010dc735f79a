/**
 * Account changes (docs/accounts.md#changing-email-or-password,
 * docs/invariants.md#invariant-12-account-changes-need-the-current-password): they need the current password,
 * and the change and its audit-log entry are written in one transaction, so neither can exist without the
 * other; a refused attempt is logged on its own. Validation uses the Settings and sign-up schemas of
 * src/domain/forms/forms.ts.
 */
import { COLLECTIONS } from '../../domain/api/collections.ts';
import type { AuditAction } from '../../domain/records/entities.ts';
import {
  checkInput,
  currentPasswordSchema,
  newEmailSchema,
  newPasswordSchema,
  registerSchema,
} from '../../domain/forms/forms.ts';
import { LIMITS } from '../../domain/forms/limits.ts';
import { MESSAGES, PRODUCT_MESSAGES } from '../../domain/forms/messages.ts';
import { foldEmailCase, sameEmail } from './email-case.ts';

export function audit(
  txApp: CoreApp,
  userId: string,
  action: AuditAction,
  metadata: { [key: string]: string },
): void {
  const record = new Record(txApp.findCollectionByNameOrId(COLLECTIONS.auditLogs));
  record.load({ user: userId, action: action, metadata: metadata });
  txApp.save(record);
}

/** The user-facing message of a failed save (a taken or malformed address), else null. */
function validationMessage(error: unknown): string | null {
  const failed = error as { value?: { message?: unknown }; message?: unknown } | null;
  const text = String((failed && failed.value && failed.value.message) || (failed && failed.message) || '');
  if (/unique|already/i.test(text)) return 'This email address is already in use.';
  if (/email/i.test(text) && /invalid|must be a valid/i.test(text)) return 'Invalid email format';
  return null;
}

/** onRecordCreate / onRecordUpdate (users), by any path: the email is stored case-folded. */
export function storeFoldedEmail(e: core.RecordEvent): void {
  const record = e.record;
  if (record) {
    const email = record.email();
    const folded = foldEmailCase(email);
    if (folded !== email) record.setEmail(folded);
  }
  return e.next();
}

/**
 * A string field of the JSON body; anything else counts as empty (docs/product.md#validation-rules: "must be
 * non-empty").
 */
export function textOf(body: { [key: string]: unknown }, name: string): string {
  const value = body && body[name];
  return typeof value === 'string' ? value : '';
}

/** The checked body, or a 400 with the first rule it breaks. */
function checked<T>(result: { ok: true; data: T } | { ok: false; message: string }): T {
  if (!result.ok) throw new BadRequestError(result.message);
  return result.data;
}

/**
 * What sign-up takes (docs/invariants.md#invariant-15-one-identity-per-email-whatever-its-case): an email and
 * a password, which PocketBase has confirmed.
 */
const SIGN_UP_FIELDS = ['email', 'password', 'passwordConfirm'];

/**
 * Sign-up through the users collection: an email and a password and nothing else, so an
 * anonymous request stores no file and no text of its choosing; then docs/product.md#validation-rules's
 * registration rules — the collection itself accepts 6-character passwords, which Settings allows.
 * `uploads` are the names of the request's file parts.
 */
export function checkRegistration(body: { [key: string]: unknown }, uploads: string[]): void {
  const extra = Object.keys(body).filter((name) => SIGN_UP_FIELDS.indexOf(name) < 0);
  if (extra.length > 0 || uploads.length > 0) {
    throw new BadRequestError('Sign-up takes an email address and a password only.');
  }
  checked(checkInput(registerSchema, { email: textOf(body, 'email'), password: textOf(body, 'password') }));
}

/** A fresh token for the user, and the user (who sees their own address). */
function signedIn(user: core.Record) {
  user.ignoreEmailVisibility(true);
  return { token: user.newAuthToken(), record: user };
}

/**
 * Re-authentication (docs/invariants.md#invariant-12-account-changes-need-the-current-password): a token
 * alone must not change the account, or a token lifted from the browser becomes a permanent takeover. A
 * missing or wrong current password is refused with a 400 and audit-logged on its own, outside any
 * transaction that a refusal rolls back.
 */
export function requireCurrentPassword(
  e: core.RequestEvent,
  userId: string,
  body: { [key: string]: unknown },
  refused: AuditAction,
): string {
  const oldPassword = textOf(body, 'oldPassword');
  const user = $app.findRecordById(COLLECTIONS.users, userId);
  const missing = !checkInput(currentPasswordSchema, oldPassword).ok;
  if (missing || !user.validatePassword(oldPassword)) {
    audit($app, userId, refused, {
      reason: missing ? 'current_password_missing' : 'current_password_wrong',
      ip: e.realIP(),
    });
    throw new BadRequestError(
      missing ? PRODUCT_MESSAGES.currentPasswordRequired : PRODUCT_MESSAGES.currentPasswordWrong,
    );
  }
  return oldPassword;
}

/**
 * With SMTP (docs/accounts.md#email-change) the new address must prove it is reachable and its owner's: it
 * gets PocketBase's confirmation link (/confirm-email-change, which asks for the password), and the
 * email changes only when it is opened. The request is audit-logged.
 */
function requestEmailChange(userId: string, email: string) {
  const user = $app.findRecordById(COLLECTIONS.users, userId);
  if (sameEmail(user.email(), email)) {
    throw new BadRequestError('That is already your email address.');
  }
  let taken: boolean;
  try {
    // the email index ignores case, and so does this lookup
    taken = $app.findAuthRecordByEmail(COLLECTIONS.users, email).id !== userId;
  } catch {
    taken = false; // no account has it
  }
  if (taken) throw new BadRequestError('This email address is already in use.');
  try {
    $mails.sendRecordChangeEmail($app, user, email);
  } catch (error) {
    console.log(`[adscout] the email-change link to ${email} could not be sent: ${error}`);
    throw new ApiError(502, PRODUCT_MESSAGES.emailChangeNotSent, {});
  }
  audit($app, userId, 'email_change_requested', { new_email: email });
  return { pending: true, email: email };
}

export function changeEmail(e: core.RequestEvent, userId: string, body: { [key: string]: unknown }) {
  const oldPassword = requireCurrentPassword(e, userId, body, 'email_update_refused');
  const email = foldEmailCase(
    checked(checkInput(newEmailSchema, { email: textOf(body, 'email'), oldPassword })).email,
  );
  if (email.length > LIMITS.emailMaxLength) throw new BadRequestError(MESSAGES.emailTooLong);
  if ($app.settings().smtp.enabled) {
    // nothing is saved before the link is opened: check the address as a save would
    return requestEmailChange(userId, checked(checkInput(registerSchema.shape.email, email)));
  }
  let user: core.Record | null = null;
  $app.runInTransaction((txApp) => {
    const record = txApp.findRecordById(COLLECTIONS.users, userId);
    user = record;
    const previous = record.email();
    if (sameEmail(previous, email)) {
      throw new BadRequestError('That is already your email address.');
    }
    record.setEmail(email);
    try {
      txApp.save(record);
    } catch (error) {
      const message = validationMessage(error);
      if (message) throw new BadRequestError(message);
      throw error;
    }
    audit(txApp, userId, 'email_updated', { old_email: previous, new_email: email });
  });
  // PocketBase rotates the token key with the email: hand the browser a fresh token.
  return signedIn(user!);
}

export function changePassword(e: core.RequestEvent, userId: string, body: { [key: string]: unknown }) {
  const oldPassword = requireCurrentPassword(e, userId, body, 'password_update_refused');
  const password = checked(
    checkInput(newPasswordSchema, { password: textOf(body, 'password'), oldPassword }),
  ).password;
  let user: core.Record | null = null;
  $app.runInTransaction((txApp) => {
    const record = txApp.findRecordById(COLLECTIONS.users, userId);
    user = record;
    record.setPassword(password);
    txApp.save(record);
    audit(txApp, userId, 'password_updated', {});
  });
  // A new password invalidates the old tokens: hand the browser a fresh one.
  return signedIn(user!);
}
