/**
 * The owner's writes to `watches` (the collection's rules keep them to their own records and
 * away from the server fields): the scout form's rules and the cadence, an active subscription
 * and at most 20 watches to create one, and the schedule the server keeps (a new watch runs
 * within a minute; a resumed one at its next planned time). A user's first watch also gives them
 * the default report mail settings.
 */
import { COLLECTIONS } from '../../domain/api/collections.ts';
import { checkInput } from '../../domain/forms/forms.ts';
import { readScoutFields, writeScoutFields } from '../../domain/forms/scout-fields.ts';
import { parsePbDate, toPbDate } from '../../domain/text/format.ts';
import {
  resumedRunAt,
  WATCH_LIMITS,
  WATCH_MESSAGES,
  watchFieldOf,
  type WatchCadence,
} from '../../domain/runs/watches.ts';
import { watchFormSchema } from '../../domain/runs/watch-form.ts';
import { subscriptionRefusal, throwRefusal } from '../runs/index.ts';

/** The record's user fields checked with the form's rules; a 400 with the first rule broken. */
function checkedForm(record: core.Record, active: unknown) {
  const { search_name: name, ...fields } = readScoutFields((field) => record.get(watchFieldOf(field)));
  const checked = checkInput(watchFormSchema, {
    name: name,
    ...fields,
    cadence: record.getString('cadence'),
    active: active,
  });
  if (!checked.ok) throw new BadRequestError(checked.message);
  const form = checked.data;
  writeScoutFields({ ...form, search_name: form.name }, (field, value) =>
    record.set(watchFieldOf(field), value),
  );
  record.set('cadence', form.cadence);
  record.set('active', form.active);
  return form;
}

/** onRecordCreateRequest for watches. Superusers (operators, seeding tests) bypass the checks. */
export function handleWatchCreate(e: core.RecordRequestEvent): void {
  if (e.hasSuperuserAuth()) return e.next();
  const userId = e.auth!.id;
  const gate = subscriptionRefusal($app, userId);
  if (gate) throwRefusal(gate);
  const record = e.record!;
  // `active` left out means a watch that runs; PocketBase would read it as false
  const sent = (e.requestInfo().body || {}) as { active?: unknown };
  checkedForm(record, sent.active === undefined ? true : record.getBool('active'));
  record.set('user', userId);
  record.set('next_run_at', toPbDate(Date.now()));
  record.set('last_run', '');
  record.set('last_error', '');

  $app.runInTransaction((txApp) => {
    // again in the transaction that stores the watch: concurrent creates cannot pass the limit
    const again = subscriptionRefusal(txApp, userId);
    if (again) throwRefusal(again);
    const owned = txApp.findRecordsByFilter(
      COLLECTIONS.watches,
      'user = {:user}',
      '',
      WATCH_LIMITS.perUser,
      0,
      {
        user: userId,
      },
    );
    if (owned.length >= WATCH_LIMITS.perUser) throw new BadRequestError(WATCH_MESSAGES.tooMany);
    e.app = txApp;
    e.next();
  });
}

/** onRecordUpdateRequest for watches: the form's rules again, and a resumed watch's next run. */
export function handleWatchUpdate(e: core.RecordRequestEvent): void {
  if (e.hasSuperuserAuth()) return e.next();
  const record = e.record!;
  const form = checkedForm(record, record.getBool('active'));
  const wasActive = record.original().getBool('active');
  const planned = parsePbDate(record.getString('next_run_at'));
  if (form.active && (!wasActive || !planned)) {
    const next = resumedRunAt(planned ? planned.getTime() : null, form.cadence as WatchCadence, Date.now());
    record.set('next_run_at', toPbDate(next));
  }
  return e.next();
}
