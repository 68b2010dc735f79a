/**
 * The run-creation guard (docs/pipeline.md#creating-a-run,
 * docs/invariants.md#invariant-2-one-working-run-per-user,
 * docs/invariants.md#invariant-3-the-quota-is-never-overspent and
 * docs/invariants.md#invariant-10-access-follows-the-subscription): an active subscription, the scout form's
 * rules (src/domain/forms/forms.ts), one working run per user, and the quota — checked, and the quota
 * reserved, in the same transaction that stores the run. The single SQLite writer serializes these
 * transactions, so concurrent requests cannot both pass; a partial unique index on (user) for working runs
 * backs the rule up.
 *
 * Two callers: the REST create of search_runs (handleRunCreate) and the watches scheduler
 * (src/hooks/watches), which starts runs through `runRefusal` and `startRun` in its own
 * transaction.
 */
import { COLLECTIONS } from '../../domain/api/collections.ts';
import { checkInput, scoutFormSchema, type ScoutForm } from '../../domain/forms/forms.ts';
import { readScoutFields, writeScoutFields } from '../../domain/forms/scout-fields.ts';
import { MESSAGES } from '../../domain/forms/messages.ts';
import { grantsAccess } from '../../domain/billing/plans.ts';
import { scoutRefusal } from '../../domain/runs/runs.ts';
import { scoutSource } from '../config/index.ts';
import { quotaFor, reserve, subscriptionOf } from '../quota/index.ts';

/** Why a run may not start: no active subscription (403), a working run, or the quota (400). */
export interface RunRefusal {
  reason: 'subscription' | 'working' | 'quota';
  message: string;
}

/**
 * docs/product.md#entities-and-fields, "Only status active grants access"
 * (docs/invariants.md#invariant-10-access-follows-the-subscription): whatever the credit balance, no active
 * subscription means no scouting.
 */
export function subscriptionRefusal(app: CoreApp, userId: string): RunRefusal | null {
  const subscription = subscriptionOf(app, userId);
  if (!subscription || !grantsAccess(subscription.getString('status'))) {
    return { reason: 'subscription', message: MESSAGES.subscriptionRequiredBody };
  }
  return null;
}

/**
 * The refusal as the REST API answers it: the gate's 403, or the 400 with the message of
 * docs/product.md#messages.
 */
export function throwRefusal(refusal: RunRefusal): never {
  if (refusal.reason === 'subscription') throw new ForbiddenError(refusal.message);
  throw new BadRequestError(refusal.message);
}

/**
 * Every rule a new run of `requestedCount` ads must pass, read through `txApp`: call it in the
 * transaction that stores the run, so a cancellation, a run or a charge committed meanwhile wins.
 */
export function runRefusal(txApp: CoreApp, userId: string, requestedCount: number): RunRefusal | null {
  const subscription = subscriptionRefusal(txApp, userId);
  if (subscription) return subscription;
  const working = txApp.findRecordsByFilter(
    COLLECTIONS.searchRuns,
    "user = {:user} && status = 'working'",
    '',
    1,
    0,
    {
      user: userId,
    },
  );
  const hasWorkingRun = working.length > 0;
  const refusal = scoutRefusal({
    hasWorkingRun: hasWorkingRun,
    totalRemaining: quotaFor(txApp, userId, new Date()).quota.total_remaining,
    requestedCount: requestedCount,
  });
  if (!refusal) return null;
  return { reason: hasWorkingRun ? 'working' : 'quota', message: refusal };
}

/** The form's fields and the server's fields of a run that starts now. */
function fillRun(record: core.Record, userId: string, form: ScoutForm): void {
  record.set('user', userId);
  writeScoutFields(form, (field, value) => record.set(field, value));
  record.set('status', 'working');
  record.set('started_at', new DateTime().string());
  record.set('source', scoutSource());
  record.set('progress', 0);
  record.set('library_total', 0);
  record.set('attempts', 0);
}

/**
 * Stores a working run for `userId` and reserves its count, in `txApp` (a transaction the caller
 * opened and in which `runRefusal` found nothing). `watch` links the run to the watch that
 * started it.
 */
export function startRun(txApp: CoreApp, userId: string, form: ScoutForm, watch: string): core.Record {
  const record = new Record(txApp.findCollectionByNameOrId(COLLECTIONS.searchRuns));
  fillRun(record, userId, form);
  record.set('watch', watch);
  txApp.save(record);
  reserve(txApp, userId, record.id, form.requested_count);
  return record;
}

/** onRecordCreateRequest for search_runs. Superusers (operators, seeding tests) bypass the guard. */
export function handleRunCreate(e: core.RecordRequestEvent): void {
  if (e.hasSuperuserAuth()) return e.next();
  const userId = e.auth!.id;
  // checked first, before the form: without a subscription the answer is the gate, whatever was sent
  const gate = subscriptionRefusal($app, userId);
  if (gate) throwRefusal(gate);
  const record = e.record!;
  // raw values: the form's rules refuse what the record's typed getters would round
  const checked = checkInput(
    scoutFormSchema,
    readScoutFields((field) => record.get(field)),
  );
  if (!checked.ok) throw new BadRequestError(checked.message);
  const form = checked.data;

  $app.runInTransaction((txApp) => {
    const refusal = runRefusal(txApp, userId, form.requested_count);
    if (refusal) throwRefusal(refusal);
    fillRun(record, userId, form);
    e.app = txApp;
    e.next();
    reserve(txApp, userId, record.id, form.requested_count);
  });
}
