/**
 * The run-creation guard (ARCHITECTURE §5 step 1, invariants 2, 3 and 10): an active
 * subscription, the scout form's rules (src/domain/forms.ts), one working run per user, and the
 * quota — checked, and the quota reserved, in the same transaction that stores the run. The
 * single SQLite writer serializes these transactions, so concurrent requests cannot both pass; a
 * partial unique index on (user) for working runs backs the rule up.
 */
import { checkInput, scoutFormSchema } from '../../domain/forms.ts';
import { MESSAGES } from '../../domain/messages.ts';
import { grantsAccess } from '../../domain/plans.ts';
import { scoutRefusal } from '../../domain/runs.ts';
import { scoutSource } from '../config/index.ts';
import { quotaFor, reserve, subscriptionOf } from '../quota/index.ts';

function formOf(record: core.Record) {
  return {
    search_name: record.getString('search_name'),
    facebook_link: record.getString('facebook_link'),
    target_country: record.getString('target_country'),
    keywords_used: record.getString('keywords_used'),
    requested_count: record.get('requested_count'),
  };
}

/**
 * SPEC §3 "Only status active grants access" (invariant 10): whatever the credit balance, no
 * active subscription means no scouting. A 403 with the gate's message.
 */
function requireActiveSubscription(app: CoreApp, userId: string): void {
  const subscription = subscriptionOf(app, userId);
  if (!subscription || !grantsAccess(subscription.getString('status'))) {
    throw new ForbiddenError(MESSAGES.subscriptionRequiredBody);
  }
}

/** onRecordCreateRequest for search_runs. Superusers (operators, seeding tests) bypass the guard. */
export function handleRunCreate(e: core.RecordRequestEvent): void {
  if (e.hasSuperuserAuth()) return e.next();
  // checked first, before the form: without a subscription the answer is the gate, whatever was sent
  requireActiveSubscription($app, e.auth!.id);
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
    // again in the transaction that stores the run: a cancellation committed meanwhile wins
    requireActiveSubscription(txApp, userId);
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
