/**
 * The owner's sharing routes (docs/boards.md#sharing): SERVER_ROUTES.boardShare turns sharing on
 * or makes a new link (the old token stops working at once: the public routes find a board by
 * its current token only), boardShareOptions sets whether the page shows the notes, and
 * boardShareStop turns it off. Another user's board answers 404, as one that does not exist.
 */
import { SHARED_BOARD_PATH_PREFIX } from '../../domain/boards/board-contract.ts';
import { BOARD_MESSAGES } from '../../domain/boards/board-messages.ts';
import { origin } from '../config/index.ts';
import { bodyOf, ownBoard } from './checks.ts';

/** 32 characters of 64: 192 bits from the operating system's secure source. */
const TOKEN_ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789_-';
const TOKEN_LENGTH = 32;

function callersBoard(e: core.RequestEvent): core.Record {
  const board = ownBoard($app, e.request!.pathValue('id'), e.auth!.id);
  if (!board) throw new NotFoundError(BOARD_MESSAGES.noSuchBoard);
  return board;
}

function shareAnswer(e: core.RequestEvent, board: core.Record): void {
  const token = board.getString('share_token');
  e.response.header().set('Cache-Control', 'no-store');
  return e.json(200, {
    url: `${origin(e)}${SHARED_BOARD_PATH_PREFIX}${token}`,
    token: token,
    notes: board.getBool('share_notes'),
  });
}

/** POST: on, or a new link when it is on; `notes` when sent. */
export function handleBoardShare(e: core.RequestEvent): void {
  const board = callersBoard(e);
  const notes = bodyOf(e).notes;
  if (notes !== undefined && typeof notes !== 'boolean')
    throw new BadRequestError(BOARD_MESSAGES.shareOptionsInvalid);
  board.set('share_token', $security.randomStringWithAlphabet(TOKEN_LENGTH, TOKEN_ALPHABET));
  if (notes !== undefined) board.set('share_notes', notes);
  $app.save(board);
  return shareAnswer(e, board);
}

/** PATCH {notes}: 409 while the board is not shared. */
export function handleBoardShareOptions(e: core.RequestEvent): void {
  const board = callersBoard(e);
  const notes = bodyOf(e).notes;
  if (typeof notes !== 'boolean') throw new BadRequestError(BOARD_MESSAGES.shareOptionsInvalid);
  if (!board.getString('share_token')) throw new ApiError(409, BOARD_MESSAGES.notShared, {});
  board.set('share_notes', notes);
  $app.save(board);
  return shareAnswer(e, board);
}

/** DELETE: the link stops working at once (its files too). */
export function handleBoardShareStop(e: core.RequestEvent): void {
  const board = callersBoard(e);
  board.set('share_token', '');
  $app.save(board);
  return e.noContent(204);
}
