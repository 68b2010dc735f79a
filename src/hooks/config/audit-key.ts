/**
 * The server's audit key (docs/going-live.md): a random secret in the data dir, `.adscout-audit-key`
 * (mode 0600), made at the first start. The `account_deleted` audit entry keeps the HMAC of the
 * email under it instead of a plain hash, which anyone could reverse by hashing guessed
 * addresses; whoever holds the key (the operator) can still check an address. It lives in the
 * data dir, so PocketBase's backups carry it with the entries it keys.
 */

const FILE_NAME = '.adscout-audit-key';
const KEY_LENGTH = 64;
/** rw------- */
const OWNER_ONLY = 0o600;

function keyPath(): string {
  return `${$app.dataDir()}/${FILE_NAME}`;
}

function readKey(): string {
  try {
    return String(toString($os.readFile(keyPath()))).trim();
  } catch (_) {
    return '';
  }
}

/** Makes the key unless it exists (start-up); true when it was made now. */
export function ensureAuditKey(): boolean {
  if (readKey()) return false;
  $os.writeFile(keyPath(), $security.randomString(KEY_LENGTH), OWNER_ONLY as unknown as os.FileMode);
  return true;
}

/** The key, made now if the data dir lost it (entries keyed before cannot be checked then). */
export function auditKey(): string {
  if (ensureAuditKey()) console.log(`[adscout] WARNING: ${keyPath()} was missing and has been made anew`);
  return readKey();
}

/** The keyed hash of an email address, as the audit log keeps it. */
export function emailHmac(email: string): string {
  return $security.hs256(email.trim().toLowerCase(), auditKey());
}
