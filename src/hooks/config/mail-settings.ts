/**
 * Mail at start-up (docs/accounts.md#mail): the SMTP settings of the environment as PocketBase's settings
 * hold them, what is wrong with them, and the application URL mail links are built on. Without SMTP
 * the server captures mails into `mail_outbox` (a local trial); on an address others can reach,
 * that means password reset cannot reach users, so start-up warns. Pure: the hooks pass in the
 * variables.
 */
import { COLLECTIONS } from '../../domain/api/collections.ts';
import { parseHttpUrl } from '../../domain/text/url.ts';

export const MAIL_ENV_NAMES = [
  'SMTP_HOST',
  'SMTP_PORT',
  'SMTP_USERNAME',
  'SMTP_PASSWORD',
  'SMTP_TLS',
  'MAIL_FROM',
] as const;

export type MailEnv = { [name in (typeof MAIL_ENV_NAMES)[number] | 'APP_URL']: string };

/** PocketBase's settings.smtp and the sender of settings.meta. */
export interface MailSettings {
  smtp: {
    enabled: boolean;
    host: string;
    port: number;
    username: string;
    password: string;
    /** Implicit TLS (port 465); otherwise STARTTLS when the server offers it. */
    tls: boolean;
  };
  senderName: string;
  senderAddress: string;
}

export const DEFAULT_SENDER = { name: 'AdScout', address: 'no-reply@adscout.local' } as const;

const ADDRESS = /^[^\s@<>"]+@[^\s@<>"]+\.[^\s@<>"]+$/;

/** MAIL_FROM: `no-reply@example.com` or `AdScout <no-reply@example.com>`; null when malformed. */
export function parseSender(value: string): { name: string; address: string } | null {
  const text = value.trim();
  const named = /^(.*?)\s*<([^<>]+)>$/.exec(text);
  const name = named ? (named[1] ?? '').replace(/^"|"$/g, '').trim() : '';
  const address = (named ? (named[2] ?? '') : text).trim();
  if (!ADDRESS.test(address)) return null;
  return { name: name || DEFAULT_SENDER.name, address };
}

/** The mail settings the environment asks for, and why the server must not start with them. */
export function mailSettings(env: MailEnv): { settings: MailSettings; errors: string[] } {
  const errors: string[] = [];
  const host = env.SMTP_HOST.trim();
  const tls = /^(1|true|yes)$/i.test(env.SMTP_TLS.trim());
  if (env.SMTP_TLS.trim() && !/^(1|true|yes|0|false|no)$/i.test(env.SMTP_TLS.trim()))
    errors.push(`SMTP_TLS must be true or false, not "${env.SMTP_TLS.trim()}".`);
  let port = tls ? 465 : 587;
  const portText = env.SMTP_PORT.trim();
  if (portText) {
    const value = Number(portText);
    if (!/^\d+$/.test(portText) || value < 1 || value > 65535)
      errors.push(`SMTP_PORT must be a port number (1-65535), not "${portText}".`);
    else port = value;
  }
  let sender: { name: string; address: string } = { ...DEFAULT_SENDER };
  const fromText = env.MAIL_FROM.trim();
  if (fromText) {
    const parsed = parseSender(fromText);
    if (!parsed)
      errors.push(
        `MAIL_FROM must be an address such as "AdScout <no-reply@example.com>", not "${fromText}".`,
      );
    else sender = parsed;
  }
  if (host) {
    if (!fromText) errors.push('SMTP_HOST is set: set MAIL_FROM too, the address mails are sent from.');
    const app = env.APP_URL.trim();
    if (!app)
      errors.push(
        'SMTP_HOST is set: set APP_URL too (e.g. https://adscout.example.com); the links in mails must be absolute.',
      );
    else if (!parseHttpUrl(app)) errors.push(`APP_URL must be an http(s) URL, not "${app}".`);
  }
  return {
    settings: {
      smtp: {
        enabled: host !== '',
        host,
        port,
        username: env.SMTP_USERNAME.trim(),
        password: env.SMTP_PASSWORD,
        tls,
      },
      senderName: sender.name,
      senderAddress: sender.address,
    },
    errors,
  };
}

/**
 * PocketBase's application URL, the base of every mail link: APP_URL when set, else the address
 * the server listens on (a wildcard host becomes 127.0.0.1, where the browser on this machine
 * reaches it).
 */
export function applicationUrl(appUrl: string, listen: string): string {
  const configured = appUrl.trim().replace(/\/+$/, '');
  if (configured) return configured;
  const colon = listen.lastIndexOf(':');
  const host = colon >= 0 ? listen.slice(0, colon) : listen;
  const port = colon >= 0 ? listen.slice(colon + 1) : '';
  const reachable = !host || host === '0.0.0.0' || host === '[::]' || host === '::' ? '127.0.0.1' : host;
  return `http://${reachable}${port && port !== '80' ? `:${port}` : ''}`;
}

/** The start-up warning of a public server without SMTP, or '' when there is none. */
export function mailWarning(smtpEnabled: boolean, publicReasons: readonly string[]): string {
  if (smtpEnabled || publicReasons.length === 0) return '';
  return `no SMTP server is configured (SMTP_HOST is not set) on a server others can reach (${publicReasons.join('; ')}): password reset and email-change mails cannot reach users; they are kept in the ${COLLECTIONS.mailOutbox} collection. Set SMTP_HOST, SMTP_PORT, SMTP_USERNAME, SMTP_PASSWORD and MAIL_FROM.`;
}
