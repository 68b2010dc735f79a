/**
 * The briefs' allowance (docs/ai.md#the-allowance): AI_BRIEFS_PER_MONTH briefs per user and quota
 * period (the results' period, src/hooks/quota), counted as the briefs stored in the period plus
 * those being written (brief_reservations). A request reserves one before the model is called, in
 * a transaction that counts them again: PocketBase runs transactions on its one writer connection,
 * one at a time, so two requests at once cannot both take the last one. The reservation is deleted
 * in the transaction that stores the brief, or when the call failed (nothing is charged); one older
 * than BRIEF_RESERVATION_STALE_SECONDS is of a request that died halfway and no longer counts.
 */
import { COLLECTIONS } from '../../domain/api/collections.ts';
import {
  BRIEF_RESERVATION_STALE_SECONDS,
  BRIEFS_IN_FLIGHT_MAX,
  type BriefsStatus,
} from '../../domain/briefs/brief-contract.ts';
import { toPbDate } from '../../domain/text/format.ts';
import { quotaPeriodOf } from '../quota/index.ts';

function staleBefore(now: Date): string {
  return toPbDate(now.getTime() - BRIEF_RESERVATION_STALE_SECONDS * 1000);
}

/** The user's briefs of the current period and those being written. */
function usedBriefs(app: CoreApp, userId: string, now: Date): number {
  const period = quotaPeriodOf(app, userId, now);
  const row = new DynamicModel({ used: 0 });
  app
    .db()
    .newQuery(
      `SELECT (SELECT count(*) FROM ${COLLECTIONS.briefs} WHERE user = {:user} AND created >= {:start} AND created < {:end})
            + (SELECT count(*) FROM ${COLLECTIONS.briefReservations} WHERE user = {:user} AND created >= {:stale}) AS used`,
    )
    .bind({
      user: userId,
      start: toPbDate(period.start),
      end: toPbDate(period.end),
      stale: staleBefore(now),
    })
    .one(row);
  return row.used;
}

/** Briefs being written on the whole server (each holds a pooled VM: BRIEFS_IN_FLIGHT_MAX). */
function briefsInFlight(app: CoreApp, now: Date): number {
  const row = new DynamicModel({ count: 0 });
  app
    .db()
    .newQuery(`SELECT count(*) AS count FROM ${COLLECTIONS.briefReservations} WHERE created >= {:stale}`)
    .bind({ stale: staleBefore(now) })
    .one(row);
  return row.count;
}

/** How many briefs the user has left this period. */
export function briefsStatusOf(
  app: CoreApp,
  userId: string,
  enabled: boolean,
  allowance: number,
): BriefsStatus {
  const used = usedBriefs(app, userId, new Date());
  return { enabled: enabled, allowance: allowance, used: used, left: Math.max(0, allowance - used) };
}

export type Reservation = { id: string } | { refused: 'full' | 'busy' };

/** One brief of the user's allowance held until released or stored, or why not. */
export function reserveBrief(userId: string, allowance: number): Reservation {
  let result: Reservation = { refused: 'full' };
  $app.runInTransaction((txApp) => {
    const now = new Date();
    // a request that died halfway left its reservation: it counts no longer, and goes
    txApp
      .db()
      .newQuery(`DELETE FROM ${COLLECTIONS.briefReservations} WHERE user = {:user} AND created < {:stale}`)
      .bind({ user: userId, stale: staleBefore(now) })
      .execute();
    if (usedBriefs(txApp, userId, now) >= allowance) {
      result = { refused: 'full' };
      return;
    }
    if (briefsInFlight(txApp, now) >= BRIEFS_IN_FLIGHT_MAX) {
      result = { refused: 'busy' };
      return;
    }
    const record = new Record(txApp.findCollectionByNameOrId(COLLECTIONS.briefReservations));
    record.set('user', userId);
    txApp.save(record);
    result = { id: record.id };
  });
  return result;
}

/** Gives the reserved brief back (the call failed): nothing is charged. */
export function releaseBrief(reservationId: string): void {
  $app
    .db()
    .newQuery(`DELETE FROM ${COLLECTIONS.briefReservations} WHERE id = {:id}`)
    .bind({ id: reservationId })
    .execute();
}

/** Stores the brief and ends its reservation, in one transaction: it counts once, as a brief. */
export function storeBrief(reservationId: string, fields: { [field: string]: string }): core.Record {
  let stored: core.Record | null = null;
  $app.runInTransaction((txApp) => {
    txApp
      .db()
      .newQuery(`DELETE FROM ${COLLECTIONS.briefReservations} WHERE id = {:id}`)
      .bind({ id: reservationId })
      .execute();
    const record = new Record(txApp.findCollectionByNameOrId(COLLECTIONS.briefs));
    record.load(fields);
    txApp.save(record);
    stored = record;
  });
  return stored!;
}
