/**
 * Cron (pb_hooks/boards.pb.js): deleted items' tombstones older than BOARD_TOMBSTONE_DAYS go
 * (docs/boards.md#deletions). A device whose `board_items` cursor is older than that drops its
 * items and pulls them anew, so it never needs an older tombstone.
 */
import { COLLECTIONS } from '../../domain/api/collections.ts';
import { BOARD_TOMBSTONE_DAYS } from '../../domain/boards/board-contract.ts';
import { DAY_MS, toPbDate } from '../../domain/text/format.ts';

export function pruneTombstones(now = Date.now()): number {
  const removed = $app
    .db()
    .newQuery(`DELETE FROM ${COLLECTIONS.boardItemDeletions} WHERE created < {:before}`)
    .bind({ before: toPbDate(now - BOARD_TOMBSTONE_DAYS * DAY_MS) })
    .execute()
    .rowsAffected();
  if (removed > 0)
    console.log(`[adscout] boards: ${removed} tombstones older than ${BOARD_TOMBSTONE_DAYS} days removed`);
  return removed;
}
