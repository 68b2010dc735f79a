/**
 * A user's report mail settings (`report_settings`, one per user; docs/reports.md#email): how
 * reports reach them by email, at which hour and in which time zone. The defaults, the choices
 * and the field checks live here once: the server's create/update hook (src/hooks/digest) applies
 * them, the Settings card offers them.
 */
import { isKnownTimeZone } from './time-zones.ts';

/** `off`: no report mail; `each`: a mail per report with news; `daily`/`weekly`: a digest. */
export const REPORT_EMAIL_CHOICES = ['off', 'each', 'daily', 'weekly'] as const;
export type ReportEmailChoice = (typeof REPORT_EMAIL_CHOICES)[number];

/** What a user with a watch gets until they choose (issue 34: "Daily digest once the user has a watch"). */
export const REPORT_EMAIL_DEFAULT: ReportEmailChoice = 'daily';
/** 07:00 in the user's time zone. */
export const REPORT_SEND_HOUR_DEFAULT = 7;
export const REPORT_TIME_ZONE_DEFAULT = 'UTC';

/** Fields of report_settings that only the server writes (the create and update rules refuse them). */
export const REPORT_SETTINGS_SERVER_FIELDS = ['next_digest_at', 'last_digest_at'] as const;

/** The fields an owner writes, as the server reads them ('' / null when left empty). */
export interface ReportSettingsInput {
  email: string;
  send_hour: number | null;
  time_zone: string;
}

/** The settings with the defaults filled in. */
export interface ReportSchedule {
  email: ReportEmailChoice;
  send_hour: number;
  time_zone: string;
}

export const REPORT_SETTINGS_MESSAGES = {
  email: 'Report email must be one of off, each, daily or weekly.',
  sendHour: 'Send hour must be a whole hour from 0 to 23.',
  timeZone: 'Time zone must be an IANA time zone name, such as Europe/Berlin.',
} as const;

export interface ReportSettingsFieldError {
  field: keyof ReportSettingsInput;
  message: string;
}

/** The first field that breaks its rule, or null. Empty fields are allowed: they take the defaults. */
export function reportSettingsError(input: ReportSettingsInput): ReportSettingsFieldError | null {
  if (input.email !== '' && !(REPORT_EMAIL_CHOICES as readonly string[]).includes(input.email))
    return { field: 'email', message: REPORT_SETTINGS_MESSAGES.email };
  const hour = input.send_hour;
  if (hour !== null && !(Number.isInteger(hour) && hour >= 0 && hour <= 23))
    return { field: 'send_hour', message: REPORT_SETTINGS_MESSAGES.sendHour };
  if (input.time_zone !== '' && !isKnownTimeZone(input.time_zone))
    return { field: 'time_zone', message: REPORT_SETTINGS_MESSAGES.timeZone };
  return null;
}

/** The settings with their defaults: an unset field means the default. */
export function reportSchedule(input: ReportSettingsInput): ReportSchedule {
  return {
    email: (input.email || REPORT_EMAIL_DEFAULT) as ReportEmailChoice,
    send_hour: input.send_hour ?? REPORT_SEND_HOUR_DEFAULT,
    time_zone: input.time_zone || REPORT_TIME_ZONE_DEFAULT,
  };
}
