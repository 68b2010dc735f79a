/**
 * The "Reports by email" card's choices, its form's rules (the server checks them again and names
 * the field it refuses), and what it shows in the user's locale and zone
 * (docs/reports.md#reports-by-email).
 */
import { z } from 'zod/mini';
import {
  isKnownTimeZone,
  parsePbDate,
  REPORT_EMAIL_CHOICES,
  REPORT_EMAIL_DEFAULT,
  REPORT_SEND_HOUR_DEFAULT,
  REPORT_SETTINGS_MESSAGES,
  type ReportEmailChoice,
  type ReportSettings,
} from '../../../domain/index.ts';

export const REPORT_EMAIL_LABELS: Record<ReportEmailChoice, string> = {
  off: 'Off',
  each: 'Each report',
  daily: 'Daily digest',
  weekly: 'Weekly digest',
};

export const reportEmailOptions = REPORT_EMAIL_CHOICES.map((value) => ({
  value,
  label: REPORT_EMAIL_LABELS[value],
}));

/** The form holds the selects' strings; a valid submit gets the record's values. */
export const reportEmailFormSchema = z.object({
  email: z.enum(REPORT_EMAIL_CHOICES, REPORT_SETTINGS_MESSAGES.email),
  send_hour: z.pipe(
    z.pipe(z.string().check(z.regex(/^\d{1,2}$/, REPORT_SETTINGS_MESSAGES.sendHour)), z.transform(Number)),
    z
      .int()
      .check(
        z.minimum(0, REPORT_SETTINGS_MESSAGES.sendHour),
        z.maximum(23, REPORT_SETTINGS_MESSAGES.sendHour),
      ),
  ),
});
export type ReportEmailFormValues = z.input<typeof reportEmailFormSchema>;

/** The form's values for a record, or for none: the defaults the server applies. */
export function reportEmailFormValues(settings: ReportSettings | null): ReportEmailFormValues {
  const email = settings?.email || REPORT_EMAIL_DEFAULT;
  const hour = settings ? settings.send_hour : REPORT_SEND_HOUR_DEFAULT;
  return { email, send_hour: String(hour) };
}

/** The 24 send hours, each as the user's locale writes a time of day ("07:00", "7:00 AM"). */
export function sendHourOptions(locale?: string): { value: string; label: string }[] {
  const format = new Intl.DateTimeFormat(locale, { hour: '2-digit', minute: '2-digit', timeZone: 'UTC' });
  return Array.from({ length: 24 }, (_, hour) => ({
    value: String(hour),
    label: format.format(Date.UTC(2026, 0, 1, hour)),
  }));
}

export interface SavedZone {
  /** The zone saved with the card: the browser's, or UTC when the list does not have it. */
  zone: string;
  /** The browser's own zone ('' when it names none). */
  browser: string;
  /** True when the browser's zone is not on the list and UTC is used instead. */
  fellBack: boolean;
}

/** The browser's time zone as the card saves it (the server refuses a zone not on the list). */
export function zoneToSave(browser: string = browserTimeZone()): SavedZone {
  if (browser && isKnownTimeZone(browser)) return { zone: browser, browser, fellBack: false };
  return { zone: 'UTC', browser, fellBack: true };
}

export function browserTimeZone(): string {
  try {
    return Intl.DateTimeFormat().resolvedOptions().timeZone ?? '';
  } catch {
    return '';
  }
}

/**
 * "Mon 07:00": the next digest's day and time in the settings' zone, in the user's locale; null
 * when no digest is planned (mail off, each report, or the server has not planned one).
 */
export function nextDigestLabel(settings: ReportSettings | null, locale?: string): string | null {
  if (!settings?.next_digest_at) return null;
  const email = settings.email || REPORT_EMAIL_DEFAULT;
  if (email !== 'daily' && email !== 'weekly') return null;
  const at = parsePbDate(settings.next_digest_at);
  if (!at) return null;
  const zone = settings.time_zone && isKnownTimeZone(settings.time_zone) ? settings.time_zone : 'UTC';
  return new Intl.DateTimeFormat(locale, {
    weekday: 'short',
    hour: '2-digit',
    minute: '2-digit',
    timeZone: zone,
  }).format(at);
}
