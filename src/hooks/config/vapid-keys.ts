/**
 * The server's VAPID keys (docs/push.md#the-vapid-keys): VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY
 * when they are set (several servers), else the pair kept in `server_secrets`. PocketBase's JS VM
 * has no P-256 (its $security offers HMAC, AES and random strings), so a starting worker, which
 * has node:crypto, makes a pair and offers it on the keys route: the first offer is kept, and
 * every later caller gets that one. Only the server and the workers read the private key.
 */
import { COLLECTIONS } from '../../domain/api/collections.ts';
import { vapidKeyPairSchema, type VapidKeyPair, type VapidKeys } from '../../domain/push/push-contract.ts';
import { env } from './env.ts';
import { keepSecret, readSecret } from './server-secrets.ts';
import { vapidSettings, type VapidSettings } from './vapid-settings.ts';

/** The secret's name in `server_secrets`. */
export const VAPID_SECRET = 'vapid_keys';

export function vapidEnvSettings(): { settings: VapidSettings; errors: string[] } {
  return vapidSettings({
    VAPID_PUBLIC_KEY: env('VAPID_PUBLIC_KEY'),
    VAPID_PRIVATE_KEY: env('VAPID_PRIVATE_KEY'),
    VAPID_SUBJECT: env('VAPID_SUBJECT'),
    APP_URL: env('APP_URL'),
    MAIL_FROM: env('MAIL_FROM'),
  });
}

function parsePair(text: string): VapidKeyPair | null {
  if (!text) return null;
  try {
    const parsed = vapidKeyPairSchema.safeParse(JSON.parse(text));
    return parsed.success ? parsed.data : null;
  } catch (_) {
    return null;
  }
}

/** The pair in force without making one: the environment's, the kept one, or null. */
export function currentVapidKeys(app: CoreApp): VapidKeyPair | null {
  return vapidEnvSettings().settings.keys ?? parsePair(readSecret(app, VAPID_SECRET));
}

/** The public key the browsers subscribe with ('' until there is one). */
export function vapidPublicKey(): string {
  return currentVapidKeys($app)?.publicKey ?? '';
}

/** SERVER_ROUTES.pushKeys: the pair in force, `offer` kept as the server's when it has none. */
export function vapidKeysFor(offer: VapidKeyPair): VapidKeys {
  const { settings } = vapidEnvSettings();
  let pair = settings.keys ?? parsePair(readSecret($app, VAPID_SECRET));
  if (!pair) {
    pair = parsePair(keepSecret(VAPID_SECRET, JSON.stringify(offer)));
    if (!pair) throw new Error(`${VAPID_SECRET} holds no key pair`);
  }
  return { publicKey: pair.publicKey, privateKey: pair.privateKey, subject: settings.subject };
}

/** The start-up log's line on push. */
export function describeVapid(): string {
  const { settings } = vapidEnvSettings();
  if (settings.keys)
    return `push: VAPID keys from VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY, subject ${settings.subject}`;
  if (parsePair(readSecret($app, VAPID_SECRET)))
    return `push: VAPID keys kept in the database (${COLLECTIONS.serverSecrets}), subject ${settings.subject}`;
  return 'push: no VAPID keys yet: the first scout worker that starts makes them (or set VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY)';
}
