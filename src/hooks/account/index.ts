/**
 * The account area (pb_hooks/account.pb.js): email and password changes, re-authenticated with
 * the current password, with their audit-log entry; SPEC §5's sign-up rules on the server; the
 * audit entries of PocketBase's own reset and email-change confirmations; deleting the account
 * and downloading its data (issue 19).
 */
import { changeEmail, changePassword, checkRegistration } from './account.ts';
import { deleteAccount } from './delete.ts';
import { exportAccount } from './export.ts';

export { auditEmailChange, auditPasswordReset } from './confirmations.ts';

/**
 * POST /api/adscout/account/email {email, oldPassword}: { token, record }; with SMTP the change
 * waits for the link sent to the new address: { pending: true, email }.
 */
export function handleChangeEmail(e: core.RequestEvent): void {
  return e.json(200, changeEmail(e, e.auth!.id, e.requestInfo().body));
}

/** POST /api/adscout/account/password {password, oldPassword}: { token, record }. */
export function handleChangePassword(e: core.RequestEvent): void {
  return e.json(200, changePassword(e, e.auth!.id, e.requestInfo().body));
}

/** POST /api/adscout/account/delete {oldPassword, confirm: 'DELETE'}: { deleted: true }. */
export function handleDeleteAccount(e: core.RequestEvent): void {
  return e.json(200, deleteAccount(e, e.auth!.id, e.requestInfo().body));
}

/** GET /api/adscout/account/export: the user's data as one streamed JSON file. */
export function handleExportAccount(e: core.RequestEvent): void {
  return exportAccount(e, e.auth!.id);
}

/** onRecordCreateRequest for users: sign-up's rules (superusers creating accounts skip them). */
export function handleRegistration(e: core.RecordRequestEvent): void {
  if (!e.hasSuperuserAuth()) checkRegistration(e.requestInfo().body || {});
  return e.next();
}
