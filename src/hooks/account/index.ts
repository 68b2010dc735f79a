/**
 * The account area (pb_hooks/account.pb.js): email and password changes, re-authenticated with
 * the current password, with their audit-log entry, and SPEC §5's sign-up rules on the server.
 */
import { changeEmail, changePassword, checkRegistration } from './account.ts';

/** POST /api/adscout/account/email {email, oldPassword}: { token, record }. */
export function handleChangeEmail(e: core.RequestEvent): void {
  return e.json(200, changeEmail(e, e.auth!.id, e.requestInfo().body));
}

/** POST /api/adscout/account/password {password, oldPassword}: { token, record }. */
export function handleChangePassword(e: core.RequestEvent): void {
  return e.json(200, changePassword(e, e.auth!.id, e.requestInfo().body));
}

/** onRecordCreateRequest for users: sign-up's rules (superusers creating accounts skip them). */
export function handleRegistration(e: core.RecordRequestEvent): void {
  if (!e.hasSuperuserAuth()) checkRegistration(e.requestInfo().body || {});
  return e.next();
}
