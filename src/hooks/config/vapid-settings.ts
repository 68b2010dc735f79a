/**
 * The VAPID settings of the environment (docs/configuration.md#push): VAPID_PUBLIC_KEY and
 * VAPID_PRIVATE_KEY, together or not at all (several servers share one pair, since a browser's
 * subscription is bound to the public key it was made with), and VAPID_SUBJECT, how push services
 * reach the operator: a mailto: or https: URL, by default APP_URL when it is https, else the mail
 * sender's address. Pure: startup.ts refuses to start on its errors, vapid-keys.ts reads the keys.
 */
import {
  VAPID_PRIVATE_KEY_PATTERN,
  VAPID_PUBLIC_KEY_PATTERN,
  type VapidKeyPair,
} from '../../domain/push/push-contract.ts';
import { parseHttpUrl } from '../../domain/text/url.ts';
import { DEFAULT_SENDER, parseSender } from './mail-settings.ts';

export const VAPID_ENV_NAMES = ['VAPID_PUBLIC_KEY', 'VAPID_PRIVATE_KEY', 'VAPID_SUBJECT'] as const;

export type VapidEnv = { [name in (typeof VAPID_ENV_NAMES)[number] | 'APP_URL' | 'MAIL_FROM']: string };

export interface VapidSettings {
  /** The pair of the environment, or null: the server keeps its own (vapid-keys.ts). */
  keys: VapidKeyPair | null;
  subject: string;
}

const MAILTO = /^mailto:[^\s@<>"]+@[^\s@<>"]+$/;

function isSubject(value: string): boolean {
  return MAILTO.test(value) || parseHttpUrl(value)?.protocol === 'https';
}

export function vapidSettings(env: VapidEnv): { settings: VapidSettings; errors: string[] } {
  const errors: string[] = [];
  const publicKey = env.VAPID_PUBLIC_KEY.trim();
  const privateKey = env.VAPID_PRIVATE_KEY.trim();
  let keys: VapidKeyPair | null = null;
  if (publicKey || privateKey) {
    if (!publicKey || !privateKey) {
      errors.push(
        `VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY go together: ${publicKey ? 'VAPID_PRIVATE_KEY' : 'VAPID_PUBLIC_KEY'} is not set.`,
      );
    } else if (!VAPID_PUBLIC_KEY_PATTERN.test(publicKey)) {
      errors.push(
        'VAPID_PUBLIC_KEY must be a P-256 public key in base64url (87 characters, as web-push generate-vapid-keys prints it).',
      );
    } else if (!VAPID_PRIVATE_KEY_PATTERN.test(privateKey)) {
      errors.push('VAPID_PRIVATE_KEY must be a P-256 private key in base64url (43 characters).');
    } else {
      keys = { publicKey, privateKey };
    }
  }
  const appUrl = env.APP_URL.trim().replace(/\/+$/, '');
  const sender = parseSender(env.MAIL_FROM) ?? DEFAULT_SENDER;
  const fallback = parseHttpUrl(appUrl)?.protocol === 'https' ? appUrl : `mailto:${sender.address}`;
  const subject = env.VAPID_SUBJECT.trim() || fallback;
  if (!isSubject(subject)) {
    errors.push(`VAPID_SUBJECT must be a mailto: or https: URL, not "${subject}".`);
  }
  return { settings: { keys, subject }, errors };
}
