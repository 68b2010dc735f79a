/**
 * The push queue (docs/push.md#sending): `push_messages`, one record per push and subscription.
 * queuePush is what other areas call, in their own transaction, to tell a user something: one
 * pending push per browser the user subscribed, sent by a worker (claims.ts). A finished run
 * queues its own in the save that settles it (queueForSettledRun), so every run is pushed exactly
 * once, whoever settles it (the finish route, the sweep), and only if the settlement commits; a
 * completed watch run leaves its news to its report's push (src/hooks/reports/store.ts).
 */
import { COLLECTIONS } from '../../domain/api/collections.ts';
import { pushPayload, runFinishedPush, type PushMessage } from '../../domain/push/push-message.ts';
import { PUSH_FAILED_KEPT_DAYS, PUSH_MAX_ATTEMPTS, PUSH_TTL_SECONDS } from '../../domain/push/push-rules.ts';
import { DAY_MS, toPbDate } from '../../domain/text/format.ts';
import { signalWorkers } from '../runs/index.ts';

/**
 * Queues `message` for every browser `userId` subscribed, in `app` (the caller's transaction, or
 * $app). It waits at most `ttlSeconds` to be delivered. Returns how many pushes it queued (0 for
 * a user with no subscription). The workers hear of it at their next poll, or at once when the
 * caller calls wakePushWorkers after its transaction.
 */
export function queuePush(
  app: CoreApp,
  userId: string,
  message: PushMessage,
  ttlSeconds = PUSH_TTL_SECONDS,
): number {
  const payload = pushPayload(message);
  const now = Date.now();
  return app
    .db()
    .newQuery(
      `INSERT INTO ${COLLECTIONS.pushMessages} (id, subscription, user, payload, topic, expires_at, status, attempts, ` +
        `next_attempt_at, lease_owner, lease_expires_at, last_error, created, updated) ` +
        // 15 characters of [a-f0-9]: a valid PocketBase id
        `SELECT substr(lower(hex(randomblob(8))), 1, 15), s.id, s.user, {:payload}, {:topic}, {:expires}, 'pending', 0, ` +
        `{:now}, '', '', '', {:now}, {:now} FROM ${COLLECTIONS.pushSubscriptions} s WHERE s.user = {:user}`,
    )
    .bind({
      payload: payload,
      topic: message.tag,
      expires: toPbDate(now + ttlSeconds * 1000),
      now: toPbDate(now),
      user: userId,
    })
    .execute()
    .rowsAffected();
}

/** The push of a run that just finished, queued in `app` (the settlement's transaction). */
export function queueRunPush(app: CoreApp, run: core.Record): number {
  return queuePush(
    app,
    run.getString('user'),
    runFinishedPush({
      id: run.id,
      search_name: run.getString('search_name'),
      status: run.getString('status'),
      new_count: run.getInt('new_count'),
    }),
  );
}

/**
 * Whether a settled run sends its own push: a completed run started by a watch does not, since its
 * report's push tells its news (onReportStored, src/hooks/reports/store.ts; nothing when nothing
 * changed). A failed watch run and any run the user started push as they finish.
 */
export function pushesOwnNews(run: core.Record): boolean {
  return !(run.getString('status') === 'completed' && run.getString('watch') !== '');
}

/**
 * onRecordUpdateExecute of search_runs: the save that moves a run out of `working` (settleRun,
 * src/hooks/quota/settlement.ts, whoever calls it) queues the run's push in its own transaction,
 * so a settlement that commits has its push and one that rolls back has none. A run settled
 * already is never settled again, so it is pushed once.
 */
export function queueForSettledRun(e: core.RecordEvent): void {
  const run = e.record!;
  const wasWorking = run.original().getString('status') === 'working';
  e.next();
  if (wasWorking && run.getString('status') !== 'working' && pushesOwnNews(run)) queueRunPush(e.app, run);
}

/** Tells the workers that pushes wait (after the transaction that queued them committed). */
export function wakePushWorkers(): void {
  signalWorkers();
}

/**
 * After a run is saved: when it has just been settled (its push queued in that transaction, which
 * has committed now), wakes the workers so the push goes out at once. A settled run saved again
 * later (its watch deleted) wakes nobody.
 */
export function wakeForSettledRun(run: core.Record): void {
  if (run.getString('status') === 'working') return;
  const finished = Date.parse(run.getString('finished_at').replace(' ', 'T'));
  if (Date.now() - finished < 5000) wakePushWorkers();
}

/**
 * The queue's upkeep (cron): pushes past their TTL are deleted undelivered; a push whose last
 * attempt's worker died holding it fails; pushes failed for good are kept PUSH_FAILED_KEPT_DAYS
 * for the operator to read why, then deleted.
 */
export function prunePushes(): { expired: number; abandoned: number; forgotten: number } {
  const now = toPbDate(Date.now());
  const db = $app.db();
  const expired = db
    .newQuery(
      `DELETE FROM ${COLLECTIONS.pushMessages} WHERE status = 'pending' AND expires_at < {:now} ` +
        `AND (lease_owner = '' OR lease_expires_at < {:now})`,
    )
    .bind({ now: now })
    .execute()
    .rowsAffected();
  const abandoned = db
    .newQuery(
      `UPDATE ${COLLECTIONS.pushMessages} SET status = 'failed', lease_owner = '', lease_expires_at = '', ` +
        `last_error = {:error}, updated = {:now} WHERE status = 'pending' AND attempts >= {:max} ` +
        `AND lease_owner != '' AND lease_expires_at < {:now}`,
    )
    .bind({ now: now, max: PUSH_MAX_ATTEMPTS, error: `no answer after ${PUSH_MAX_ATTEMPTS} attempts` })
    .execute()
    .rowsAffected();
  const forgotten = db
    .newQuery(`DELETE FROM ${COLLECTIONS.pushMessages} WHERE status = 'failed' AND updated < {:before}`)
    .bind({ before: toPbDate(Date.now() - PUSH_FAILED_KEPT_DAYS * DAY_MS) })
    .execute()
    .rowsAffected();
  if (expired || abandoned || forgotten)
    console.log(
      `[adscout] push queue: ${expired} expired, ${abandoned} abandoned, ${forgotten} failed ones forgotten`,
    );
  return { expired, abandoned, forgotten };
}
