/**
 * The workers' side of the push queue (docs/push.md#sending), as src/hooks/media/tasks.ts is for
 * the archive: a claim leases due pushes (PUSH_LEASE_SECONDS) in one transaction, so two workers
 * never send the same push; the worker settles each with the push service's answer — delivered
 * (deleted), gone (its subscription deleted, with every push queued for it), another try after
 * the backoff (src/domain/push/push-rules.ts's pushRetry, at most PUSH_MAX_ATTEMPTS sends) or
 * failed for good — or hands it back when it stops.
 */
import { COLLECTIONS } from '../../domain/api/collections.ts';
import type { PushClaimResponse, PushJob, PushSettleResponse } from '../../domain/push/push-contract.ts';
import type { PushOutcome } from '../../domain/push/push-rules.ts';
import { PUSH_LEASE_SECONDS, PUSH_MAX_ATTEMPTS, pushRetry } from '../../domain/push/push-rules.ts';
import { toPbDate } from '../../domain/text/format.ts';
import { currentVapidKeys } from '../config/index.ts';
import { clearLease, requireHeldTask } from '../tasks/index.ts';

/** last_error's column limit (pb_migrations/1795301120_create_push_messages.js). */
const ERROR_MAX = 2000;

const pbDateMs = (value: string) => (value ? Date.parse(value.replace(' ', 'T')) : NaN);

interface DueRow {
  id: string;
  payload: string;
  topic: string;
  attempts: number;
  expires_at: string;
  endpoint: string;
  p256dh: string;
  auth: string;
}

/**
 * Leases up to `limit` due pushes to `workerName`: pending, due, not expired, under
 * PUSH_MAX_ATTEMPTS sends, and held by nobody (or by a lease that ran out). None while the server
 * has no VAPID keys: nothing could be signed.
 */
export function claimPushes(workerName: string, limit: number): PushClaimResponse {
  const keys = currentVapidKeys($app);
  const pushes: PushJob[] = [];
  if (!keys) return { vapidPublicKey: '', pushes };
  $app.runInTransaction((txApp) => {
    const nowMs = Date.now();
    const now = toPbDate(nowMs);
    const until = toPbDate(nowMs + PUSH_LEASE_SECONDS * 1000);
    const due = arrayOf(
      new DynamicModel({
        id: '',
        payload: '',
        topic: '',
        attempts: 0,
        expires_at: '',
        endpoint: '',
        p256dh: '',
        auth: '',
      }),
    ) as unknown as DueRow[];
    txApp
      .db()
      .newQuery(
        `SELECT m.id, m.payload, m.topic, m.attempts, m.expires_at, s.endpoint, s.p256dh, s.auth ` +
          `FROM ${COLLECTIONS.pushMessages} m JOIN ${COLLECTIONS.pushSubscriptions} s ON s.id = m.subscription ` +
          `WHERE m.status = 'pending' AND m.next_attempt_at <= {:now} AND m.expires_at > {:now} ` +
          `AND m.attempts < {:max} AND (m.lease_owner = '' OR m.lease_expires_at < {:now}) ` +
          `ORDER BY m.next_attempt_at, m.id LIMIT {:limit}`,
      )
      .bind({ now: now, max: PUSH_MAX_ATTEMPTS, limit: limit })
      .all(due);
    for (const push of due) {
      txApp
        .db()
        .newQuery(
          `UPDATE ${COLLECTIONS.pushMessages} SET lease_owner = {:worker}, lease_expires_at = {:until}, ` +
            `attempts = attempts + 1, updated = {:now} WHERE id = {:id}`,
        )
        .bind({ worker: workerName, until: until, now: now, id: push.id })
        .execute();
      pushes.push({
        id: push.id,
        endpoint: push.endpoint,
        p256dh: push.p256dh,
        auth: push.auth,
        payload: push.payload,
        ttl: Math.max(0, Math.floor((pbDateMs(push.expires_at) - nowMs) / 1000)),
        topic: push.topic,
        attempts: push.attempts + 1,
        lease_expires_at: until,
      });
    }
  });
  return { vapidPublicKey: keys.publicKey, pushes };
}

/** A push `workerName` holds now: 404 when there is no such push, 409 when the lease is not theirs. */
function requirePush(app: CoreApp, pushId: string, workerName: string): core.Record {
  return requireHeldTask(app, COLLECTIONS.pushMessages, pushId, workerName, 'No such push.');
}

/** Records what the push service answered a push the worker holds. */
export function settlePush(
  pushId: string,
  workerName: string,
  outcome: PushOutcome,
  error: string,
  retryAfterSeconds: number | undefined,
): PushSettleResponse {
  let answer: PushSettleResponse | null = null;
  $app.runInTransaction((txApp) => {
    const push = requirePush(txApp, pushId, workerName);
    if (outcome === 'sent') {
      txApp.delete(push);
      answer = { status: 'sent', next_attempt_at: '' };
      return;
    }
    if (outcome === 'gone') {
      // the browser unsubscribed or the subscription expired: it goes, with every push queued for it
      const subscription = txApp.findRecordById(
        COLLECTIONS.pushSubscriptions,
        push.getString('subscription'),
      );
      txApp.delete(subscription);
      console.log(
        `[adscout] push subscription ${subscription.id} of user ${subscription.getString('user')} deleted: ${error}`,
      );
      answer = { status: 'gone', next_attempt_at: '' };
      return;
    }
    clearLease(push);
    const decision =
      outcome === 'retry'
        ? pushRetry(
            push.getInt('attempts'),
            retryAfterSeconds,
            Date.now(),
            pbDateMs(push.getString('expires_at')),
          )
        : ({ status: 'failed', reason: 'refused for good' } as const);
    if (decision.status === 'pending') {
      push.set('next_attempt_at', toPbDate(decision.nextAttemptMs));
      push.set('last_error', error.slice(0, ERROR_MAX));
    } else {
      push.set('status', 'failed');
      push.set('next_attempt_at', '');
      push.set('last_error', `${error} (${decision.reason})`.slice(0, ERROR_MAX));
      console.log(
        `[adscout] push ${push.id} of user ${push.getString('user')} failed: ${error} (${decision.reason})`,
      );
    }
    txApp.save(push);
    answer = { status: decision.status, next_attempt_at: push.getString('next_attempt_at') };
  });
  return answer!;
}

/** Hands a push back at once (a worker shutting down): claimable now, the attempt not counted. */
export function releasePush(pushId: string, workerName: string): void {
  $app.runInTransaction((txApp) => {
    const push = requirePush(txApp, pushId, workerName);
    clearLease(push);
    push.set('next_attempt_at', toPbDate(Date.now()));
    push.set('attempts', Math.max(0, push.getInt('attempts') - 1));
    txApp.save(push);
  });
}
