/**
 * The run-creation guard (ARCHITECTURE §5 step 1, invariants 2 and 3): the scout form's rules
 * (src/domain/forms.ts), one working run per user, and the quota — checked, and the quota
 * reserved, in the same transaction that stores the run. The single SQLite writer serializes
 * these transactions, so concurrent requests cannot both pass; a partial unique index on (user)
 * for working runs backs the rule up.
 */
import { checkInput, scoutFormSchema } from '../../domain/forms.ts';
import { scoutRefusal } from '../../domain/runs.ts';
import { scoutSource } from '../config/index.ts';
import { quotaFor, reserve } from '../quota/index.ts';

function formOf(record: core.Record) {
  return {
    search_name: record.getString('search_name'),
    facebook_link: record.getString('facebook_link'),
    target_country: record.getString('target_country'),
    keywords_used: record.getString('keywords_used'),
    requested_count: record.get('requested_count'),
  };
}

/** onRecordCreateRequest for search_runs. Superusers (operators, seeding tests) bypass the guard. */
export function handleRunCreate(e: core.RecordRequestEvent): void {
  if (e.hasSuperuserAuth()) return e.next();
  const record = e.record!;
  const checked = checkInput(scoutFormSchema, formOf(record));
  if (!checked.ok) throw new BadRequestError(checked.message);
  const form = checked.data;
  const userId = e.auth!.id;
  record.set('user', userId);
  record.set('search_name', form.search_name);
  record.set('facebook_link', form.facebook_link);
  record.set('target_country', form.target_country);
  record.set('keywords_used', form.keywords_used);
  record.set('requested_count', form.requested_count);

  $app.runInTransaction((txApp) => {
    const working = txApp.findRecordsByFilter(
      'search_runs',
      "user = {:user} && status = 'working'",
      '',
      1,
      0,
      {
        user: userId,
      },
    );
    const current = quotaFor(txApp, userId, new Date());
    const refusal = scoutRefusal({
      hasWorkingRun: working.length > 0,
      totalRemaining: current.quota.total_remaining,
      requestedCount: form.requested_count,
    });
    if (refusal) throw new BadRequestError(refusal);
    record.set('status', 'working');
    record.set('started_at', new DateTime().string());
    record.set('source', scoutSource());
    record.set('progress', 0);
    record.set('attempts', 0);
    e.app = txApp;
    e.next();
    reserve(txApp, userId, record.id, form.requested_count);
  });
}
