/**
 * Why the server refuses a board write (docs/boards.md#the-checks): the 400s and 404s of the
 * boards hook and routes (src/hooks/boards), in words the app shows as they are.
 */
import {
  BOARD_ITEMS_BATCH_MAX,
  BOARD_ITEMS_PER_BOARD_MAX,
  BOARD_LABEL_MAX,
  BOARD_LABELS_MAX,
  BOARD_NOTE_MAX,
  BOARDS_PER_USER_MAX,
} from './board-contract.ts';
import { formatCount } from '../text/format.ts';

export const BOARD_MESSAGES = {
  tooManyBoards: `You have ${BOARDS_PER_USER_MAX} boards already. Delete one you no longer use to make another.`,
  boardFull: `This board holds ${formatCount(BOARD_ITEMS_PER_BOARD_MAX)} ads already. Save this one to another board.`,
  boardFullFor: (free: number) =>
    `This board has room for ${formatCount(free)} more ads (at most ${formatCount(BOARD_ITEMS_PER_BOARD_MAX)}). Save fewer, or to another board.`,
  notYourBoard: 'This board is not one of yours.',
  notYourItem: 'A saved ad belongs to the account that saves it: `user` must be your own id.',
  notYourUser: 'A board belongs to the account that makes it: `user` must be your own id.',
  adNotInDatabase: 'This ad is not in your database: save ads from your own results.',
  adsNotInDatabase: (count: number) =>
    `${formatCount(count)} of these ads are not in your database: save ads from your own results.`,
  moveToOtherBoard: 'A saved ad can only move to one of your own boards.',
  alreadyOnBoard: 'This ad is on that board already.',
  adIdFixed: 'A saved ad cannot change to another ad: save that ad instead.',
  serverField: (field: string) => `\`${field}\` is set by the server: leave it out.`,
  shareFieldsByRoute: (field: string) =>
    `\`${field}\` changes only through Share on the board: leave it out.`,
  tooManyLabels: `An ad takes at most ${BOARD_LABELS_MAX} labels.`,
  labelLength: `Each label is 1 to ${BOARD_LABEL_MAX} characters.`,
  labelsNotList: 'Labels are a list of words.',
  noteTooLong: `A note is at most ${formatCount(BOARD_NOTE_MAX)} characters.`,
  batchInvalid: `Send 1 to ${formatCount(BOARD_ITEMS_BATCH_MAX)} ad ids as \`adIds\`.`,
  shareOptionsInvalid: 'Send `notes` as true or false.',
  notShared: 'This board is not shared: turn sharing on first.',
  noSuchBoard: 'No such board.',
  sharedBoardGone: 'This board is not shared, or its link has changed.',
  tooManyWrongLinks: 'Too many links that do not work were tried from this address. Please wait a minute.',
} as const;
