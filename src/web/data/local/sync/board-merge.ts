/**
 * The boards' sync rules as pure functions (docs/boards.md#in-the-app), beside merge.ts's: what a
 * pulled or realtime board or item does to the local copy, and how the outbox's board entries
 * queue, push and settle. board-mirror.ts and board-outbox.ts read and write IndexedDB and the
 * server around them; board-merge.test.ts checks them.
 *
 * - A board or item changed on this device and not pushed yet (`pending`) is left alone by what
 *   arrives from the server; so is an ad saved here whose item the server has under another id
 *   (the save's answer settles it).
 * - Otherwise the newer version by the server's `updated` wins (merge.ts's isNewer).
 * - An item change is pushed only over the server version it was made over; otherwise the
 *   server's version wins and the user is told when the note differs (the keyword rule).
 */
import type { BoardItemRecord } from '../../../../domain/boards/board-contract.ts';
import type { BoardRecord } from '../../../../domain/records/entities.ts';
import type { BoardOutboxItem, LocalBoard, LocalBoardItem, OutboxItem } from '../local-db.ts';
import { isNewer } from './merge.ts';

/** The key of an ad on a board: one item each (the server's unique (board, ad_id)). */
export function pairKey(item: Pick<BoardItemRecord, 'board' | 'ad_id'>): string {
  return `${item.board}\u0000${item.ad_id}`;
}

/**
 * The server's items to store, given the local copies of the same ids (`stored`) and the pending
 * local items of the same (board, ad) pairs (`pendingPairs`, by pairKey). Of several versions of
 * one id, only the newest.
 */
export function boardItemsToStore(
  stored: ReadonlyMap<string, LocalBoardItem>,
  pendingPairs: ReadonlyMap<string, LocalBoardItem>,
  incoming: readonly BoardItemRecord[],
): BoardItemRecord[] {
  const winners = new Map<string, BoardItemRecord>();
  for (const item of incoming) {
    const local = stored.get(item.id);
    if (local?.pending) continue;
    const placeholder = pendingPairs.get(pairKey(item));
    if (placeholder && placeholder.id !== item.id) continue;
    if (isNewer(item, winners.get(item.id) ?? local)) winners.set(item.id, item);
  }
  return [...winners.values()];
}

/**
 * The whole list of boards as the server had it, merged into the local ones. A board missing from
 * it was deleted elsewhere only if it is here as it was before the list was read (`knownBefore`:
 * the synced boards then, id → `updated`): one created or changed here meanwhile (pending then,
 * or settled since with a newer version) is newer than the list. A pending board is not replaced.
 */
export function mergeBoardList(
  local: readonly LocalBoard[],
  knownBefore: ReadonlyMap<string, string>,
  incoming: readonly BoardRecord[],
): { gone: string[]; puts: BoardRecord[] } {
  const byId = new Map(local.map((board) => [board.id, board]));
  const listed = new Set(incoming.map((board) => board.id));
  const gone = [...knownBefore].flatMap(([id, updated]) => {
    const held = byId.get(id);
    return !listed.has(id) && held && !held.pending && held.updated === updated ? [id] : [];
  });
  const puts = incoming.filter((board) => {
    const held = byId.get(board.id);
    return !held?.pending && isNewer(board, held);
  });
  return { gone, puts };
}

/** Whether the board items were last pulled to the end so long ago that tombstones may be gone. */
export function itemsPullTooOld(pulledAt: number | undefined, nowMs: number, tombstoneDays: number): boolean {
  return pulledAt !== undefined && nowMs - pulledAt > tombstoneDays * 86_400_000;
}

// --- the outbox --------------------------------------------------------------------------------

export function isBoardEntry(entry: OutboxItem): entry is BoardOutboxItem {
  return entry.op !== 'keywords.upsert';
}

/** The item an entry changes, if it changes one item. */
function itemOf(entry: OutboxItem): string | null {
  return entry.op === 'item.update' || entry.op === 'item.delete' ? entry.itemId : null;
}

/**
 * The server version a new change of `item` is made over: that of a change of it still queued
 * (every change of an item waiting is made over the same version; settling rebases them
 * together), else the local copy's; '' when the item has not reached the server.
 */
export function itemBase(item: LocalBoardItem, queued: readonly OutboxItem[], notOnServer: boolean): string {
  const earlier = queued.find(
    (entry): entry is Extract<BoardOutboxItem, { op: 'item.update' }> =>
      entry.op === 'item.update' && entry.itemId === item.id,
  );
  if (earlier) return earlier.baseUpdated;
  return notOnServer ? '' : item.updated;
}

/** Whether an item id was made here for an ad whose save is still queued. */
export function isQueuedPlaceholder(itemId: string, queued: readonly OutboxItem[]): boolean {
  return queued.some((entry) => entry.op === 'items.create' && entry.itemIds.includes(itemId));
}

/** What pushing an item change does, given the item on the server now (null: deleted there). */
export type ItemPush =
  { kind: 'gone' } | { kind: 'server-wins'; server: BoardItemRecord } | { kind: 'update' };

export function decideItemPush(
  entry: Extract<BoardOutboxItem, { op: 'item.update' }>,
  server: BoardItemRecord | null,
): ItemPush {
  if (!server) return { kind: 'gone' };
  if (entry.baseUpdated !== '' && server.updated !== entry.baseUpdated)
    return { kind: 'server-wins', server };
  return { kind: 'update' };
}

/** An entry's fields rewritten once an earlier entry settled. */
export interface Rebase {
  seq: number;
  changes: Partial<{ itemId: string; baseUpdated: string }>;
}

/**
 * The queued entries to rewrite after a save's answer: each placeholder id (made here) becomes
 * the server's item id, and the changes of those items are now made over the server's version.
 */
export function rebaseAfterSave(
  placeholders: ReadonlyMap<string, BoardItemRecord>,
  queued: readonly OutboxItem[],
): Rebase[] {
  const out: Rebase[] = [];
  for (const entry of queued) {
    const id = itemOf(entry);
    const server = id ? placeholders.get(id) : undefined;
    if (!server || entry.seq === undefined) continue;
    out.push({
      seq: entry.seq,
      changes:
        entry.op === 'item.update'
          ? { itemId: server.id, baseUpdated: server.updated }
          : { itemId: server.id },
    });
  }
  return out;
}

/** The queued changes of `itemId` other than `seq`, made over `server` now (it settled). */
export function rebaseAfterItemChange(
  itemId: string,
  seq: number,
  serverUpdated: string,
  queued: readonly OutboxItem[],
): Rebase[] {
  return queued
    .filter((entry) => entry.op === 'item.update' && entry.itemId === itemId && entry.seq !== seq)
    .map((entry) => ({ seq: entry.seq!, changes: { baseUpdated: serverUpdated } }));
}

/**
 * The queued changes of an item that lost to the server's version (`entry`): the ones made over
 * the same older version lose with it.
 */
export function losingWith(
  entry: Extract<BoardOutboxItem, { op: 'item.update' }>,
  queued: readonly OutboxItem[],
): Extract<BoardOutboxItem, { op: 'item.update' }>[] {
  return queued.filter(
    (other): other is Extract<BoardOutboxItem, { op: 'item.update' }> =>
      other.op === 'item.update' &&
      other.seq !== entry.seq &&
      other.itemId === entry.itemId &&
      other.baseUpdated === entry.baseUpdated,
  );
}

/** Whether other entries still change `itemId` (its local copy stays pending until they settle). */
export function itemStillQueued(itemId: string, seq: number, queued: readonly OutboxItem[]): boolean {
  return queued.some((entry) => entry.seq !== seq && itemOf(entry) === itemId);
}

/** Whether other entries still change board `boardId` itself. */
export function boardStillQueued(boardId: string, seq: number, queued: readonly OutboxItem[]): boolean {
  return queued.some(
    (entry) =>
      entry.seq !== seq &&
      (entry.op === 'board.create' || entry.op === 'board.update') &&
      entry.board === boardId,
  );
}

/**
 * The entries a refused board takes with it: everything queued for it (its items' saves and
 * changes, and moves onto it), so that one message covers them.
 */
export function entriesOfBoard(boardId: string, queued: readonly OutboxItem[]): BoardOutboxItem[] {
  return queued.filter(
    (entry): entry is BoardOutboxItem =>
      isBoardEntry(entry) &&
      (entry.board === boardId || (entry.op === 'item.update' && entry.changes.board === boardId)),
  );
}

/** The user's message when a board could not be saved on reconnect, with the ads it takes along. */
export function refusedBoardMessage(name: string, reason: string, ads: number): string {
  const taken =
    ads === 0 ? '' : ` The ${ads === 1 ? 'ad' : `${ads} ads`} saved to it on this device went with it.`;
  return `The board “${name}” could not be saved: ${reason}${taken}`;
}

/** The user's message when a note changed here lost to a newer one (the keyword rule). */
export function noteConflictMessage(adId: string): string {
  return `Your note on ad ${adId} was made over an older version. The newer version from the server was kept.`;
}
