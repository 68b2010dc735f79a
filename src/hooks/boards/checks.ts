/**
 * What the board hooks and routes share: the caller's board, the ads the user has, the counts
 * (by SQL, never loading records) and the creative of an ad (docs/boards.md#the-checks).
 */
import { COLLECTIONS } from '../../domain/api/collections.ts';
import { BOARD_NOTE_MAX } from '../../domain/boards/board-contract.ts';
import { BOARD_MESSAGES } from '../../domain/boards/board-messages.ts';
import { checkLabels } from '../../domain/boards/board-rules.ts';

/** The request's body as sent (the record already holds what PocketBase read of it). */
export function bodyOf(e: core.RecordRequestEvent | core.RequestEvent): { [key: string]: unknown } {
  return (e.requestInfo().body || {}) as { [key: string]: unknown };
}

/** A board of `userId` by id, or null (none, or another user's). */
export function ownBoard(app: CoreApp, boardId: string, userId: string): core.Record | null {
  if (!boardId) return null;
  try {
    const board = app.findRecordById(COLLECTIONS.boards, boardId);
    return board.getString('user') === userId ? board : null;
  } catch {
    return null;
  }
}

/** One number a query answers as `n`. */
export function countOf(app: CoreApp, sql: string, params: { [name: string]: unknown }): number {
  const row = new DynamicModel({ n: 0 }) as unknown as { n: number };
  app.db().newQuery(sql).bind(params).one(row);
  return row.n;
}

export const itemsOnBoard = (app: CoreApp, boardId: string) =>
  countOf(app, `SELECT count(*) AS n FROM ${COLLECTIONS.boardItems} WHERE board = {:board}`, {
    board: boardId,
  });

/** Whether the user has the ad in their database (a row of theirs with that ad id). */
export const hasAd = (app: CoreApp, userId: string, adId: string) =>
  countOf(
    app,
    `SELECT count(*) AS n FROM (SELECT 1 FROM ${COLLECTIONS.searchResults} WHERE user = {:user} AND ad_id = {:ad} LIMIT 1)`,
    { user: userId, ad: adId },
  ) > 0;

/** SQL of the user's creative of an ad (`a.ad_id`, {:user}): their newest archived row's, or ''. */
export const CREATIVE_OF_AD = `coalesce((SELECT r.creative FROM ${COLLECTIONS.searchResults} r WHERE r.user = {:user} AND r.ad_id = a.ad_id AND r.creative != '' ORDER BY r.updated DESC LIMIT 1), '')`;

export function creativeOfAd(app: CoreApp, userId: string, adId: string): string {
  const row = new DynamicModel({ creative: '' }) as unknown as { creative: string };
  app
    .db()
    .newQuery(`SELECT ${CREATIVE_OF_AD} AS creative FROM (SELECT {:ad} AS ad_id) a`)
    .bind({ user: userId, ad: adId })
    .one(row);
  return row.creative;
}

/** The note and labels of an item write checked; labels stored trimmed. A 400 naming the rule. */
export function checkNoteAndLabels(record: core.Record, body: { [key: string]: unknown }): void {
  if (record.getString('note').length > BOARD_NOTE_MAX) throw new BadRequestError(BOARD_MESSAGES.noteTooLong);
  if (!('labels' in body)) return;
  // the JSON text PocketBase read into the field (the body's list reaches the VM as its bytes)
  const labels = checkLabels(record.getString('labels'));
  if (!labels.ok) throw new BadRequestError(labels.message);
  record.set('labels', labels.labels);
}

/** A 400 when the body sends `user` other than the caller's id. */
export function refuseOtherUser(body: { [key: string]: unknown }, userId: string, message: string): void {
  if (body.user !== undefined && body.user !== userId) throw new BadRequestError(message);
}
