/**
 * Report mail (docs/reports.md#email): the queue's states and limits, the unsubscribe token's
 * purpose, and the placeholder image. The hooks (src/hooks/digest) queue, claim, send and retry;
 * report-mail.ts renders.
 */

/** One mail per digest period or per report (`each`); superuser-only records of `report_mails`. */
export const REPORT_MAIL_KINDS = ['digest', 'each'] as const;
export type ReportMailKind = (typeof REPORT_MAIL_KINDS)[number];

/**
 * pending: waits for its next attempt; sending: claimed by a tick until lease_expires_at (a tick
 * that died there leaves it to be claimed again, with the same Message-ID); sent: the mailer took
 * it (never sent again); failed: gave up after REPORT_MAIL_MAX_ATTEMPTS; canceled: the user turned
 * report mail off (or deleted what it reported) before it went.
 */
export const REPORT_MAIL_STATUSES = ['pending', 'sending', 'sent', 'failed', 'canceled'] as const;
export type ReportMailStatus = (typeof REPORT_MAIL_STATUSES)[number];

/** Attempts before a mail is failed for good. */
export const REPORT_MAIL_MAX_ATTEMPTS = 5;
/** The wait after the 1st, 2nd, … failed attempt (the last repeats). */
export const REPORT_MAIL_RETRY_SECONDS = [60, 300, 1800, 7200] as const;
/** How long a claimed mail is held before another tick may take it over (a send that died). */
export const REPORT_MAIL_LEASE_SECONDS = 300;

/** The wait after the `attempts`-th failed attempt, in seconds. */
export function reportMailRetryDelay(attempts: number): number {
  const delays = REPORT_MAIL_RETRY_SECONDS;
  return delays[Math.min(Math.max(attempts, 1), delays.length) - 1]!;
}

/** The HTML part stays under this (Gmail clips a mail past about 102 KB). */
export const REPORT_MAIL_HTML_MAX_BYTES = 100_000;

/** What an unsubscribe token allows, signed into it: this and nothing else. */
export const REPORT_UNSUBSCRIBE_PURPOSE = 'report-mail-off';
/** The server secret (server_secrets) that signs unsubscribe tokens. */
export const REPORT_UNSUBSCRIBE_SECRET = 'report_unsubscribe';

/**
 * The image a mail shows for an ad whose creative is not archived yet, or a video without a
 * poster: 400×300 PNG, served by SERVER_ROUTES.reportMailPlaceholder from our origin.
 */
export const REPORT_MAIL_PLACEHOLDER_PNG_BASE64 =
  'iVBORw0KGgoAAAANSUhEUgAAAZAAAAEsBAMAAAAfmfjxAAAAMFBMVEXo7fOaqLierLvl6vHU2+SotMK5xNDg5u2yvcqkscDL1N3DzNjb4emtucecqrnI0dsEx9SaAAAACXBIWXMAAAsTAAALEwEAmpwYAAACwElEQVR42u3cMU8TYRjA8ZM2IJQEH5RGaiA0kUmGmmjCYoKYOBrFwfUa+QDExIFNVyfdDenoZNBPQNgYHAyrSwcHkyb6CYzv0Tt6tQjva2J8npf/bwLCDX/K3b0H79MkAQAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAEai82xFv31611HZ8lCA3tJY8l0BPdHZMvAkNmd9SGXJbgj1WGfIhPOSaylO9KXL1nv/333opMqvxdJ9yP+HdkANq7oCOwpCL7gUJO8K9JC8UhkyKXAk74q7Ia4UhYyKXw464KbKkMOSCyKV/fQQhhBBCCCGEEPJ/Qu7vfN2MIeRT9tj0xX5ItZmFzK6ZD9nvP8mumA/53A9ZsB5SLf64sGY8ZLwISY2HTBYhD42HjBUhS4Twq8XJHvXlN5obYvIsliVKNIvGaJbx7sFqY3mTR11CCCHEXEgtjSSkXW9FEeKWwYcxhFTcP6DntiIIWT19C5CZkMrRan5+z3xIvn/ruvWQYv/WH1fzVkK2iwfe70MXso61kOnBhrrd8oWsZy1kf7C/rF4+b+ZatkL6T7u5p+WXKbUV8qC85W+heBXW3ScNUyFT3ZM2xs5kX13csxTyc3gXZr5QaQ/tLbUQUvt9P+nb4yXL4Ny3EDKydTa7K048yj/pmAkZH93i6xYqB8XHPTMh7dGQxR+DC3J+K9EfsnriruvS+Z/aCMmep07XsBFy58w98f1bifaQ44vTWWMK2kO2PcYU6gZC/OZhOvpDDrwmR3rqQ6abXiHZrUR3yLrnME+qPKTa9QxpKA957zte5W4lmkNmugETb0pDjgZhAibf6loHYaIZTYpmWCya8b1oBiqjGXH9m6Hjw4Qx8ITB/HP0VgnuzSs2/DOW9b55BQAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA59UvPN/FK9TlOO0AAAAASUVORK5CYII=';

const BASE64 = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/';

/** The bytes of a base64 text (the hooks' VM has no atob or Buffer). */
export function base64Bytes(text: string): number[] {
  const bytes: number[] = [];
  let buffer = 0;
  let bits = 0;
  for (const char of text) {
    if (char === '=') break;
    const value = BASE64.indexOf(char);
    if (value < 0) throw new Error(`not base64: ${char}`);
    buffer = (buffer << 6) | value;
    bits += 6;
    if (bits >= 8) {
      bits -= 8;
      bytes.push((buffer >> bits) & 0xff);
    }
  }
  return bytes;
}
