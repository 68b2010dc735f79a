/**
 * The account area (pb_hooks/account.pb.js): email and password changes, re-authenticated with
 * the current password, with their audit-log entry; sign-up (an email and a password only, with
 * docs/product.md#validation-rules's rules) on the server; emails stored case-folded
 * (docs/invariants.md#invariant-15-one-identity-per-email-whatever-its-case); the audit entries of
 * PocketBase's own reset and email-change confirmations; deleting the account and downloading its data
 * (docs/accounts.md).
 */
import { changeEmail, changePassword, checkRegistration } from './account.ts';
import { deleteAccount } from './delete.ts';
import { exportAccount } from './export.ts';

export { auditEmailChange, auditPasswordReset } from './confirmations.ts';
export { storeFoldedEmail } from './account.ts';

/**
 * SERVER_ROUTES.accountEmail {email, oldPassword}: { token, record }; with SMTP the change
 * waits for the link sent to the new address: { pending: true, email }.
 */
export function handleChangeEmail(e: core.RequestEvent): void {
  return e.json(200, changeEmail(e, e.auth!.id, e.requestInfo().body));
}

/** SERVER_ROUTES.accountPassword {password, oldPassword}: { token, record }. */
export function handleChangePassword(e: core.RequestEvent): void {
  return e.json(200, changePassword(e, e.auth!.id, e.requestInfo().body));
}

/** SERVER_ROUTES.accountDelete {oldPassword, confirm: 'DELETE'}: { deleted: true }. */
export function handleDeleteAccount(e: core.RequestEvent): void {
  return e.json(200, deleteAccount(e, e.auth!.id, e.requestInfo().body));
}

/** SERVER_ROUTES.accountExport: the user's data as one streamed JSON file. */
export function handleExportAccount(e: core.RequestEvent): void {
  return exportAccount(e, e.auth!.id);
}

/**
 * The names of a multipart body's file parts, whatever field they name (requestInfo() has parsed
 * the body). PocketBase's record events keep the request on `requestEvent`: goja does not lift
 * the fields of an embedded struct pointer, so `e.request` is undefined there.
 */
function filePartsOf(e: core.RecordRequestEvent): string[] {
  const event = e as unknown as { requestEvent?: { request?: http.Request } };
  const form = event.requestEvent && event.requestEvent.request && event.requestEvent.request.multipartForm;
  return form && form.file ? Object.keys(form.file) : [];
}

/** onRecordCreateRequest for users: sign-up's rules (superusers creating accounts skip them). */
export function handleRegistration(e: core.RecordRequestEvent): void {
  if (!e.hasSuperuserAuth()) {
    const body = e.requestInfo().body || {};
    checkRegistration(body, filePartsOf(e));
  }
  return e.next();
}
