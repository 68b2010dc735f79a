/**
 * Secrets the server makes once and keeps in its database (`server_secrets`, superusers only;
 * docs/push.md#the-vapid-keys), so a restore of the database brings them back together with what
 * depends on them: the VAPID keys that every push subscription is bound to. Not a file in the data
 * dir like the audit key (audit-key.ts): a database restored or replicated without that folder
 * would lose it, and every browser would have to subscribe again.
 */
import { COLLECTIONS } from '../../domain/api/collections.ts';

/** The secret kept under `name`, or '' when there is none (or no such collection yet). */
export function readSecret(app: CoreApp, name: string): string {
  try {
    const found = app.findRecordsByFilter(COLLECTIONS.serverSecrets, 'name = {:name}', '', 1, 0, {
      name: name,
    });
    return found[0] ? found[0].getString('value') : '';
  } catch (_) {
    return '';
  }
}

/**
 * The secret kept under `name`: the one there is, or `offered` kept now. One transaction, so two
 * callers at once keep one value and both get it.
 */
export function keepSecret(name: string, offered: string): string {
  let kept = '';
  $app.runInTransaction((txApp) => {
    kept = readSecret(txApp, name);
    if (kept) return;
    const record = new Record(txApp.findCollectionByNameOrId(COLLECTIONS.serverSecrets));
    record.set('name', name);
    record.set('value', offered);
    txApp.save(record);
    kept = offered;
    console.log(`[adscout] kept a new server secret: ${name}`);
  });
  return kept;
}

/**
 * The secret kept under `name`, made now with `length` random characters when there is none: for
 * secrets the hooks can make themselves (an HMAC key), unlike the VAPID keys, which need P-256.
 */
export function serverSecret(name: string, length = 64): string {
  return readSecret($app, name) || keepSecret(name, $security.randomString(length));
}
