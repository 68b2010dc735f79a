/**
 * The public routes of a shared board (docs/boards.md#the-public-answers): its page data and its
 * files, for anyone who holds the link. The token is the capability: a wrong, withdrawn or
 * regenerated token, and a board whose owner has no active subscription, answer the same 404 as
 * one that never existed. Wrong tokens are counted per client address (./share-limit.ts); the
 * answers say nothing of the owner (no email, no user id, no record id but the creatives' that the
 * file URLs name) and are never cached or indexed.
 */
import { COLLECTIONS } from '../../domain/api/collections.ts';
import { SERVER_ROUTES } from '../../domain/api/routes.ts';
import {
  SHARE_TOKEN_PATTERN,
  SHARED_BOARD_PAGE_SIZE,
  type SharedItem,
} from '../../domain/boards/board-contract.ts';
import { BOARD_MESSAGES } from '../../domain/boards/board-messages.ts';
import { NOINDEX, SHARED_BOARD_DATA_CACHE } from '../../domain/pages/static-files.ts';
import { THUMB_DETAIL, THUMB_GRID } from '../../domain/media/creative-limits.ts';
import { subscriptionRefusal } from '../runs/index.ts';
import { countWrongLookup, refuseBlockedAddress } from './share-limit.ts';

/** PocketBase makes thumbnails of these (apis/file.go's imageContentTypes). */
const THUMB_TYPES = ['image/png', 'image/jpg', 'image/jpeg', 'image/gif', 'image/webp'];

function privateHeaders(e: core.RequestEvent): void {
  e.response.header().set('Cache-Control', SHARED_BOARD_DATA_CACHE);
  e.response.header().set('X-Robots-Tag', NOINDEX);
}

/** The shared board of the path's token, or the 404 (counted when the token is wrong). */
function sharedBoardOf(e: core.RequestEvent): core.Record {
  privateHeaders(e);
  const address = e.realIP();
  refuseBlockedAddress(address);
  const token = e.request!.pathValue('token');
  let board: core.Record | null = null;
  if (SHARE_TOKEN_PATTERN.test(token)) {
    try {
      board = $app.findFirstRecordByFilter(COLLECTIONS.boards, 'share_token = {:token}', { token: token });
    } catch {
      board = null;
    }
  }
  if (!board) {
    countWrongLookup(address);
    throw new NotFoundError(BOARD_MESSAGES.sharedBoardGone);
  }
  // the owner's links work while their subscription does (not a wrong token: not counted)
  if (subscriptionRefusal($app, board.getString('user')))
    throw new NotFoundError(BOARD_MESSAGES.sharedBoardGone);
  return board;
}

interface ItemRow {
  ad_id: string;
  note: string;
  creative: string;
  file: string;
  poster: string;
  mime: string;
  store: string;
  title: string;
  copy: string;
  days: number;
  known: number;
  library: string;
}

const ITEM_ROW: ItemRow = {
  ad_id: '',
  note: '',
  creative: '',
  file: '',
  poster: '',
  mime: '',
  store: '',
  title: '',
  copy: '',
  days: 0,
  known: 0,
  library: '',
};

/** A page of items, newest first, each with the owner's newest row of its ad and its creative. */
const PAGE_SQL =
  `SELECT i.ad_id, i.note, i.creative, coalesce(c.file, '') AS file, coalesce(c.poster, '') AS poster, ` +
  `coalesce(c.mime, '') AS mime, coalesce(r.store_name, '') AS store, coalesce(r.title, '') AS title, ` +
  `coalesce(r.body, '') AS copy, coalesce(r.days_running, 0) AS days, (r.id IS NOT NULL) AS known, ` +
  `coalesce(r.ad_library_url, '') AS library ` +
  `FROM ${COLLECTIONS.boardItems} i LEFT JOIN ${COLLECTIONS.creatives} c ON c.id = i.creative AND c.user = i.user ` +
  `LEFT JOIN ${COLLECTIONS.searchResults} r ON r.id = (SELECT id FROM ${COLLECTIONS.searchResults} ` +
  `WHERE user = i.user AND ad_id = i.ad_id ORDER BY created DESC, id DESC LIMIT 1) ` +
  `WHERE i.board = {:board} ORDER BY i.added DESC, i.id DESC LIMIT {:limit} OFFSET {:offset}`;

function sharedItem(token: string, row: ItemRow, notes: boolean): SharedItem {
  const url = (name: string) => (name ? SERVER_ROUTES.sharedBoardFile.url(token, row.creative, name) : '');
  const still = row.mime.indexOf('video/') === 0 ? row.poster : row.file;
  const item: SharedItem = {
    adId: row.ad_id,
    store: row.store,
    title: row.title,
    copy: row.copy,
    daysRunning: row.known ? row.days : null,
    libraryUrl: /^https?:\/\//i.test(row.library) ? row.library : '',
    media: row.file
      ? {
          type: row.mime.indexOf('video/') === 0 ? 'video' : 'image',
          file: url(row.file),
          poster: url(row.poster),
          thumb: still ? `${url(still)}?thumb=${THUMB_GRID}` : '',
          image: still ? `${url(still)}?thumb=${THUMB_DETAIL}` : '',
        }
      : null,
  };
  if (notes) item.note = row.note;
  return item;
}

/** SERVER_ROUTES.sharedBoard ?page= → SharedBoardPage. */
export function handleSharedBoard(e: core.RequestEvent): void {
  const board = sharedBoardOf(e);
  const asked = Number(e.request!.url!.query().get('page') || '1');
  const page = Number.isInteger(asked) && asked >= 1 ? asked : 1;
  const total = new DynamicModel({ n: 0 }) as unknown as { n: number };
  $app
    .db()
    .newQuery(`SELECT count(*) AS n FROM ${COLLECTIONS.boardItems} WHERE board = {:board}`)
    .bind({ board: board.id })
    .one(total);
  const rows = arrayOf(new DynamicModel(ITEM_ROW)) as unknown as ItemRow[];
  $app
    .db()
    .newQuery(PAGE_SQL)
    .bind({ board: board.id, limit: SHARED_BOARD_PAGE_SIZE, offset: (page - 1) * SHARED_BOARD_PAGE_SIZE })
    .all(rows);
  const token = board.getString('share_token');
  const notes = board.getBool('share_notes');
  return e.json(200, {
    board: { name: board.getString('name'), description: board.getString('description') },
    items: rows.map((row) => sharedItem(token, row, notes)),
    page: page,
    perPage: SHARED_BOARD_PAGE_SIZE,
    totalItems: total.n,
    totalPages: Math.ceil(total.n / SHARED_BOARD_PAGE_SIZE),
  });
}

/**
 * SERVER_ROUTES.sharedBoardFile ?thumb=: a file of a creative that an item of the shared board
 * names (the file or the poster, or their THUMB_GRID or THUMB_DETAIL thumbnail), served from
 * PocketBase's storage here, never a redirect to the owner's file URL, so stopping or renewing the
 * link stops the files too. The thumbnail is made on first use where PocketBase's file route would
 * make it, so both share it.
 */
export function handleSharedBoardFile(e: core.RequestEvent): void {
  const board = sharedBoardOf(e);
  const creativeId = e.request!.pathValue('creative');
  const name = e.request!.pathValue('file');
  const thumb = e.request!.url!.query().get('thumb') || '';
  const onBoard = new DynamicModel({ n: 0 }) as unknown as { n: number };
  $app
    .db()
    .newQuery(
      `SELECT count(*) AS n FROM (SELECT 1 FROM ${COLLECTIONS.boardItems} WHERE board = {:board} AND creative = {:creative} LIMIT 1)`,
    )
    .bind({ board: board.id, creative: creativeId })
    .one(onBoard);
  if (!onBoard.n || (thumb && thumb !== THUMB_GRID && thumb !== THUMB_DETAIL)) throw new NotFoundError();
  const creative = $app.findRecordById(COLLECTIONS.creatives, creativeId);
  if (!name || (name !== creative.getString('file') && name !== creative.getString('poster')))
    throw new NotFoundError();
  const fs = $app.newFilesystem();
  try {
    const original = `${creative.baseFilesPath()}/${name}`;
    let key = original;
    let served = name;
    if (thumb) {
      if (THUMB_TYPES.indexOf(fs.attributes(original).contentType) < 0) throw new NotFoundError();
      served = `${thumb}_${name}`;
      key = `${creative.baseFilesPath()}/thumbs_${name}/${served}`;
      if (!fs.exists(key)) fs.createThumb(original, key, thumb);
    }
    fs.serve(e.response, e.request!, key, served);
  } finally {
    fs.close();
  }
}
