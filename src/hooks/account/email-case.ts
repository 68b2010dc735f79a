/**
 * One identity per email, whatever its case
 * (docs/invariants.md#invariant-15-one-identity-per-email-whatever-its-case). Emails are stored with A–Z
 * folded to a–z, and the unique index on `users.email` is `COLLATE NOCASE`
 * (pb_migrations/1795300730_update_users_email_nocase.js), which makes PocketBase's login and reset lookups
 * ignore case too. SQLite's NOCASE and lower() fold ASCII letters only, so this does the same: a stored
 * address and every lookup of it agree.
 */
export function foldEmailCase(email: string): string {
  return email.replace(/[A-Z]+/g, (letters) => letters.toLowerCase());
}

/** Whether two emails are the same identity. */
export function sameEmail(a: string, b: string): boolean {
  return foldEmailCase(a) === foldEmailCase(b);
}
