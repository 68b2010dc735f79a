/**
 * SERVER_ROUTES.boardItems: many ads saved to one of the caller's boards at once (the Database's
 * selected rows), under the record API's checks, in one transaction: every ad must be in the
 * user's database and the board must have room for the new ones, or nothing is saved. Ads
 * already on the board are counted as `existing` and left as they are. Two statements for the
 * whole batch, never a record save per ad (docs/boards.md#saving-many).
 */
import { COLLECTIONS } from '../../domain/api/collections.ts';
import { BOARD_ITEMS_BATCH_MAX, BOARD_ITEMS_PER_BOARD_MAX } from '../../domain/boards/board-contract.ts';
import { BOARD_MESSAGES } from '../../domain/boards/board-messages.ts';
import { toPbDate } from '../../domain/text/format.ts';
import { bodyOf, countOf, CREATIVE_OF_AD, itemsOnBoard, ownBoard } from './checks.ts';

/** An item as the record API answers it, built by SQLite. */
export const ITEM_JSON =
  "json_object('id', id, 'board', board, 'user', user, 'ad_id', ad_id, 'creative', creative, 'note', note, " +
  "'labels', json(coalesce(nullif(labels, ''), 'null')), 'added', added, 'created', created, 'updated', updated)";

/** The ad ids of the body, each once, or a 400. */
function adIdsOf(body: { [key: string]: unknown }): string[] {
  const sent = body.adIds;
  if (!Array.isArray(sent) || sent.length < 1 || sent.length > BOARD_ITEMS_BATCH_MAX)
    throw new BadRequestError(BOARD_MESSAGES.batchInvalid);
  const ids: string[] = [];
  for (const id of sent) {
    if (typeof id !== 'string' || id.length < 1 || id.length > 64)
      throw new BadRequestError(BOARD_MESSAGES.batchInvalid);
    if (ids.indexOf(id) < 0) ids.push(id);
  }
  return ids;
}

export function handleBoardItems(e: core.RequestEvent): void {
  const userId = e.auth!.id;
  const boardId = e.request!.pathValue('id');
  if (!ownBoard($app, boardId, userId)) throw new NotFoundError(BOARD_MESSAGES.noSuchBoard);
  const adIds = adIdsOf(bodyOf(e));
  const params: { [name: string]: unknown } = { user: userId, board: boardId, now: toPbDate(Date.now()) };
  const list = adIds
    .map((id, i) => {
      params[`a${i}`] = id;
      return `{:a${i}}`;
    })
    .join(', ');
  const answer = { created: 0, existing: 0, items: '[]' };
  $app.runInTransaction((txApp) => {
    const known = countOf(
      txApp,
      `SELECT count(DISTINCT ad_id) AS n FROM ${COLLECTIONS.searchResults} WHERE user = {:user} AND ad_id IN (${list})`,
      params,
    );
    if (known < adIds.length)
      throw new BadRequestError(BOARD_MESSAGES.adsNotInDatabase(adIds.length - known));
    answer.existing = countOf(
      txApp,
      `SELECT count(*) AS n FROM ${COLLECTIONS.boardItems} WHERE board = {:board} AND ad_id IN (${list})`,
      params,
    );
    const adding = adIds.length - answer.existing;
    const free = BOARD_ITEMS_PER_BOARD_MAX - itemsOnBoard(txApp, boardId);
    if (adding > free) throw new BadRequestError(BOARD_MESSAGES.boardFullFor(Math.max(0, free)));
    // 15 characters of [a-f0-9]: a valid PocketBase id
    answer.created = txApp
      .db()
      .newQuery(
        `INSERT INTO ${COLLECTIONS.boardItems} (id, board, user, ad_id, creative, note, labels, added, created, updated) ` +
          `SELECT substr(lower(hex(randomblob(8))), 1, 15), {:board}, {:user}, a.ad_id, ${CREATIVE_OF_AD}, '', '[]', {:now}, {:now}, {:now} ` +
          `FROM (SELECT DISTINCT ad_id FROM ${COLLECTIONS.searchResults} WHERE user = {:user} AND ad_id IN (${list})) a ` +
          `WHERE NOT EXISTS (SELECT 1 FROM ${COLLECTIONS.boardItems} b WHERE b.board = {:board} AND b.ad_id = a.ad_id)`,
      )
      .bind(params)
      .execute()
      .rowsAffected();
    const rows = new DynamicModel({ items: '' }) as unknown as { items: string };
    txApp
      .db()
      .newQuery(
        `SELECT coalesce(json_group_array(json(${ITEM_JSON})), '[]') AS items FROM ${COLLECTIONS.boardItems} ` +
          `WHERE board = {:board} AND ad_id IN (${list})`,
      )
      .bind(params)
      .one(rows);
    answer.items = rows.items;
  });
  e.response.header().set('Content-Type', 'application/json');
  e.response.header().set('Cache-Control', 'no-store');
  return e.string(200, `{"created":${answer.created},"existing":${answer.existing},"items":${answer.items}}`);
}
