/**
 * The owner's writes to `report_settings` (docs/reports.md#email). The collection's rules keep a
 * user to their own record and away from the server's fields (next_digest_at, last_digest_at);
 * these hooks check each field the owner sent, with a 400 naming the field, fill the defaults on
 * create, and compute `next_digest_at` on every save. The server creates a user's settings itself
 * (the defaults) when their first watch is made.
 */
import { COLLECTIONS } from '../../domain/api/collections.ts';
import { nextDigestAt } from '../../domain/reports/digest-schedule.ts';
import {
  REPORT_EMAIL_DEFAULT,
  REPORT_SEND_HOUR_DEFAULT,
  REPORT_TIME_ZONE_DEFAULT,
  reportSchedule,
  reportSettingsError,
} from '../../domain/reports/report-settings.ts';
import { parsePbDate, toPbDate } from '../../domain/text/format.ts';
import { goZoneClock } from './zone-clock.ts';

type Body = { [key: string]: unknown };

/**
 * A body's send_hour as a number. PocketBase hands the record hooks the body already cast to the
 * fields' types (a number field reads text that is no number as 0, as everywhere in the app).
 */
function hourOf(value: unknown): number {
  return typeof value === 'number' ? value : Number(value);
}

/** The fields the owner sent: a 400 naming the first bad one. */
function checkBody(body: Body): void {
  const error = reportSettingsError({
    email: 'email' in body ? String(body.email ?? '') : '',
    send_hour: 'send_hour' in body ? hourOf(body.send_hour) : null,
    time_zone: 'time_zone' in body ? String(body.time_zone ?? '') : '',
  });
  if (error)
    throw new BadRequestError(error.message, {
      [error.field]: new ValidationError(`validation_invalid_${error.field}`, error.message),
    });
}

/** Writes the record's next digest time from its settings (the server's field, never the body's). */
export function scheduleDigest(record: core.Record, now: number): void {
  const settings = reportSchedule({
    email: record.getString('email'),
    send_hour: record.getInt('send_hour'),
    time_zone: record.getString('time_zone'),
  });
  const last = parsePbDate(record.getString('last_digest_at'));
  const next = nextDigestAt(settings, now, last ? last.getTime() : null, goZoneClock);
  record.set('next_digest_at', next === null ? '' : toPbDate(next));
}

/** A superuser's body naming next_digest_at keeps it (an operator, a test making a digest due). */
function keepsSchedule(e: core.RecordRequestEvent): boolean {
  return e.hasSuperuserAuth() && 'next_digest_at' in ((e.requestInfo().body || {}) as Body);
}

/** onRecordCreateRequest for report_settings. Superusers (operators, tests) bypass the checks. */
export function handleReportSettingsCreate(e: core.RecordRequestEvent): void {
  const record = e.record!;
  if (keepsSchedule(e)) return e.next();
  if (!e.hasSuperuserAuth()) {
    const body = (e.requestInfo().body || {}) as Body;
    checkBody(body);
    if (!body.email) record.set('email', REPORT_EMAIL_DEFAULT);
    if (!('send_hour' in body)) record.set('send_hour', REPORT_SEND_HOUR_DEFAULT);
    if (!body.time_zone) record.set('time_zone', REPORT_TIME_ZONE_DEFAULT);
    record.set('last_digest_at', '');
  }
  scheduleDigest(record, Date.now());
  return e.next();
}

/** onRecordUpdateRequest for report_settings. */
export function handleReportSettingsUpdate(e: core.RecordRequestEvent): void {
  const record = e.record!;
  if (keepsSchedule(e)) return e.next();
  if (!e.hasSuperuserAuth()) {
    const body = (e.requestInfo().body || {}) as Body;
    checkBody(body);
    // an emptied field means its default, as on create
    if ('email' in body && !body.email) record.set('email', REPORT_EMAIL_DEFAULT);
    if ('time_zone' in body && !body.time_zone) record.set('time_zone', REPORT_TIME_ZONE_DEFAULT);
  }
  scheduleDigest(record, Date.now());
  return e.next();
}

/**
 * The settings of `userId`, created with the defaults (a daily digest at 07:00 UTC) when they have
 * none: called when a user's watch is created (issue 34: "Daily digest once the user has a
 * watch"). The unique `user` index keeps one record when two watches are made at once.
 */
export function ensureReportSettings(app: CoreApp, userId: string): void {
  const found = app.findRecordsByFilter(COLLECTIONS.reportSettings, 'user = {:user}', '', 1, 0, {
    user: userId,
  });
  if (found.length > 0) return;
  const record = new Record(app.findCollectionByNameOrId(COLLECTIONS.reportSettings));
  record.set('user', userId);
  record.set('email', REPORT_EMAIL_DEFAULT);
  record.set('send_hour', REPORT_SEND_HOUR_DEFAULT);
  record.set('time_zone', REPORT_TIME_ZONE_DEFAULT);
  scheduleDigest(record, Date.now());
  try {
    app.save(record);
  } catch (err) {
    // a concurrent create won the unique index: theirs is the one
    const again = app.findRecordsByFilter(COLLECTIONS.reportSettings, 'user = {:user}', '', 1, 0, {
      user: userId,
    });
    if (again.length === 0) throw err;
  }
}

/**
 * onRecordAfterCreateSuccess for watches: the owner's report settings exist from their first watch
 * on, however the watch was made (the form, a superuser, a test); the one place this default is
 * applied (docs/reports.md#the-default-with-the-first-watch).
 */
export function handleWatchCreated(e: core.RecordEvent): void {
  ensureReportSettings(e.app, e.record!.getString('user'));
  return e.next();
}
