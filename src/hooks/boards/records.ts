/**
 * The owner's record API writes to `boards` and `board_items` (docs/boards.md#the-checks). The
 * collections' rules keep list, view, update and delete to the owner's own records; the create
 * rules only ask for a signed-in user, so that these hooks can say why they refuse: another
 * user's board, a forged `user`, an ad the user does not have, a move to a board that is not
 * theirs, the sharing fields, the labels. The limits are counted by SQL in the transaction that
 * stores the record: PocketBase's transactions share one writer, so two racing creates at the
 * limit are counted one after the other and cannot both pass. Superusers (operators, seeding
 * tests) bypass the checks.
 */
import { COLLECTIONS } from '../../domain/api/collections.ts';
import { BOARD_ITEMS_PER_BOARD_MAX, BOARDS_PER_USER_MAX } from '../../domain/boards/board-contract.ts';
import { BOARD_MESSAGES } from '../../domain/boards/board-messages.ts';
import { toPbDate } from '../../domain/text/format.ts';
import {
  bodyOf,
  checkNoteAndLabels,
  countOf,
  creativeOfAd,
  hasAd,
  itemsOnBoard,
  ownBoard,
  refuseOtherUser,
} from './checks.ts';

const SHARE_FIELDS = ['share_token', 'share_notes'];

function refuseShareFields(body: { [key: string]: unknown }): void {
  for (const field of SHARE_FIELDS)
    if (body[field] !== undefined) throw new BadRequestError(BOARD_MESSAGES.shareFieldsByRoute(field));
}

/** onRecordCreateRequest for boards: the owner, no sharing fields, at most BOARDS_PER_USER_MAX. */
export function handleBoardCreate(e: core.RecordRequestEvent): void {
  if (e.hasSuperuserAuth()) return e.next();
  const userId = e.auth!.id;
  const body = bodyOf(e);
  refuseOtherUser(body, userId, BOARD_MESSAGES.notYourUser);
  refuseShareFields(body);
  const record = e.record!;
  record.set('user', userId);
  record.set('share_token', '');
  record.set('share_notes', false);
  $app.runInTransaction((txApp) => {
    const owned = countOf(txApp, `SELECT count(*) AS n FROM ${COLLECTIONS.boards} WHERE user = {:user}`, {
      user: userId,
    });
    if (owned >= BOARDS_PER_USER_MAX) throw new BadRequestError(BOARD_MESSAGES.tooManyBoards);
    e.app = txApp;
    e.next();
  });
}

/** onRecordUpdateRequest for boards: name and description; the owner and sharing stay. */
export function handleBoardUpdate(e: core.RecordRequestEvent): void {
  if (e.hasSuperuserAuth()) return e.next();
  const body = bodyOf(e);
  refuseOtherUser(body, e.auth!.id, BOARD_MESSAGES.notYourUser);
  refuseShareFields(body);
  return e.next();
}

/**
 * onRecordDeleteRequest for boards: its items go by SQL first, in the same transaction (not
 * 10,000 record deletions by the cascade) and without tombstones: boards are read whole, so a
 * device drops a deleted board's items itself.
 */
export function handleBoardDelete(e: core.RecordRequestEvent): void {
  $app.runInTransaction((txApp) => {
    txApp
      .db()
      .newQuery(`DELETE FROM ${COLLECTIONS.boardItems} WHERE board = {:board}`)
      .bind({ board: e.record!.id })
      .execute();
    e.app = txApp;
    e.next();
  });
}

/**
 * onRecordCreateRequest for board_items. The server sets `user`, `creative` (a value sent is
 * ignored) and `added` when absent; saving an ad already on the board answers 200 with the
 * stored item and changes nothing.
 */
export function handleItemCreate(e: core.RecordRequestEvent): void {
  if (e.hasSuperuserAuth()) return e.next();
  const userId = e.auth!.id;
  const body = bodyOf(e);
  const record = e.record!;
  refuseOtherUser(body, userId, BOARD_MESSAGES.notYourItem);
  record.set('user', userId);
  const boardId = record.getString('board');
  if (!ownBoard($app, boardId, userId)) throw new BadRequestError(BOARD_MESSAGES.notYourBoard);
  checkNoteAndLabels(record, body);
  const adId = record.getString('ad_id');
  if (!record.getString('added')) record.set('added', toPbDate(Date.now()));
  const found: { existing: core.Record | null } = { existing: null };
  $app.runInTransaction((txApp) => {
    try {
      found.existing = txApp.findFirstRecordByFilter(
        COLLECTIONS.boardItems,
        'board = {:board} && ad_id = {:ad}',
        {
          board: boardId,
          ad: adId,
        },
      );
      return;
    } catch {
      // not on the board yet
    }
    if (!hasAd(txApp, userId, adId)) throw new BadRequestError(BOARD_MESSAGES.adNotInDatabase);
    if (itemsOnBoard(txApp, boardId) >= BOARD_ITEMS_PER_BOARD_MAX)
      throw new BadRequestError(BOARD_MESSAGES.boardFull);
    record.set('creative', creativeOfAd(txApp, userId, adId));
    e.app = txApp;
    e.next();
  });
  if (found.existing) return e.json(200, found.existing);
}

/**
 * onRecordUpdateRequest for board_items: the note, the labels, a move (`board`) to another of
 * the caller's boards with room; the ad, the owner and the creative stay.
 */
export function handleItemUpdate(e: core.RecordRequestEvent): void {
  if (e.hasSuperuserAuth()) return e.next();
  const userId = e.auth!.id;
  const body = bodyOf(e);
  const record = e.record!;
  const original = record.original();
  refuseOtherUser(body, userId, BOARD_MESSAGES.notYourItem);
  if (record.getString('ad_id') !== original.getString('ad_id'))
    throw new BadRequestError(BOARD_MESSAGES.adIdFixed);
  record.set('creative', original.getString('creative'));
  if (!record.getString('added')) record.set('added', original.getString('added'));
  checkNoteAndLabels(record, body);
  const boardId = record.getString('board');
  if (boardId === original.getString('board')) return e.next();
  if (!ownBoard($app, boardId, userId)) throw new BadRequestError(BOARD_MESSAGES.moveToOtherBoard);
  $app.runInTransaction((txApp) => {
    const there = countOf(
      txApp,
      `SELECT count(*) AS n FROM ${COLLECTIONS.boardItems} WHERE board = {:board} AND ad_id = {:ad}`,
      { board: boardId, ad: record.getString('ad_id') },
    );
    if (there > 0) throw new BadRequestError(BOARD_MESSAGES.alreadyOnBoard);
    if (itemsOnBoard(txApp, boardId) >= BOARD_ITEMS_PER_BOARD_MAX)
      throw new BadRequestError(BOARD_MESSAGES.boardFull);
    e.app = txApp;
    e.next();
  });
}

/**
 * onRecordDeleteRequest for board_items: the tombstone is written in the transaction that
 * deletes the item, so a device closed at the time removes it too (docs/boards.md#deletions).
 */
export function handleItemDelete(e: core.RecordRequestEvent): void {
  const item = e.record!;
  $app.runInTransaction((txApp) => {
    const tombstone = new Record(txApp.findCachedCollectionByNameOrId(COLLECTIONS.boardItemDeletions));
    tombstone.set('user', item.getString('user'));
    tombstone.set('item', item.id);
    tombstone.set('board', item.getString('board'));
    txApp.save(tombstone);
    e.app = txApp;
    e.next();
  });
}
