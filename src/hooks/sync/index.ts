/**
 * The sync area (pb_hooks/sync.pb.js): SERVER_ROUTES.syncPage, the sync engine's
 * keyset pages. Where the REST list spent its time on a 1,000-row page: loading each row into a
 * record, serializing it, then picking `fields` out of that JSON again; and its OR-form cursor
 * filter, which SQLite cannot seek with, so each page scanned the user's index from the start.
 * Here SQLite seeks the (user, updated, id) index with a row-value comparison and builds each
 * row's JSON itself; the VM joins the rows' strings into the page.
 *
 * Isolation: the rows are always the caller's own (`user = ` the signed-in user's id, as the
 * collections' list rules say); no parameter names a user. Hidden fields (a run's `lease_owner`,
 * the worker's name) are left out of the rows, as REST leaves them out: installed apps run cached
 * code that may still ask for one, and their sync must not fail for it.
 *
 * Cost: each named field is a column SQLite builds into every row of a page and the VM copies, so
 * a field named twice, or more names than the collection has fields, is a 400 before any query.
 * PocketBase's rate limiter caps the pages per client address (pb_migrations, "sync" rule).
 */
import {
  parseSyncPageQuery,
  SYNC_BAD_REQUEST_MESSAGE,
  SYNC_COLLECTIONS,
  SYNC_FIELD_MESSAGES,
  type SyncCollection,
} from '../../domain/runs/sync-contract.ts';

/** A column as JSON: SQLite keeps bools as 0/1 and JSON (and multi-value) fields as JSON text. */
function jsonValue(field: core.Field): string | null {
  const name = field.getName();
  const column = `[${name}]`;
  const type = field.type();
  const multiple = (field as unknown as { isMultiple?: () => boolean }).isMultiple?.() ?? false;
  if (type === 'bool') return `json(iif(${column}, 'true', 'false'))`;
  if (type === 'json') return `json(coalesce(nullif(${column}, ''), 'null'))`;
  if (multiple) return `json(coalesce(nullif(${column}, ''), '[]'))`;
  if (type === 'password') return null;
  return column;
}

/** SERVER_ROUTES.syncPage (?updated=&id=&limit=&fields=) → { items: [...] }. */
export function handleSyncPage(e: core.RequestEvent): void {
  const name = e.request!.pathValue('collection');
  const parsed = parseSyncPageQuery({
    updated: e.request!.url!.query().get('updated'),
    id: e.request!.url!.query().get('id'),
    limit: e.request!.url!.query().get('limit') || undefined,
    fields: e.request!.url!.query().get('fields'),
  });
  if (!(SYNC_COLLECTIONS as readonly string[]).includes(name)) {
    throw new BadRequestError(SYNC_BAD_REQUEST_MESSAGE);
  }
  if (!parsed.ok) throw new BadRequestError(parsed.message);
  const query = parsed.query;
  const collection = $app.findCachedCollectionByNameOrId(name as SyncCollection);
  if (query.fields.length > collection.fields.length) {
    throw new BadRequestError(SYNC_FIELD_MESSAGES.tooMany(name));
  }
  const pairs: string[] = [];
  for (const fieldName of query.fields) {
    const field = collection.fields.getByName(fieldName);
    if (field && field.getHidden()) continue;
    const value = field ? jsonValue(field) : null;
    if (value === null) throw new BadRequestError(SYNC_FIELD_MESSAGES.unknown(fieldName));
    pairs.push(`'${fieldName}', ${value}`);
  }
  // Each row's JSON as its own value, in the index's order: folding them into one array in SQL
  // (json_group_array over json(row), sorted again) parsed every row's JSON a second time and cost
  // more than PocketBase's own REST list of the same rows (docs/benchmarks/local-first.md).
  const sql =
    `SELECT json_object(${pairs.join(', ')}) AS row FROM [${name}] ` +
    `WHERE [user] = {:user} AND ([updated], [id]) > ({:updated}, {:id}) ORDER BY [updated], [id] LIMIT {:limit}`;
  const rows = arrayOf(new DynamicModel({ row: '' })) as unknown as { row: string }[];
  $app
    .db()
    .newQuery(sql)
    .bind({ user: e.auth!.id, updated: query.updated, id: query.id, limit: query.limit })
    .all(rows);
  const items = rows.map((entry) => entry.row).join(',');
  e.response.header().set('Content-Type', 'application/json');
  e.response.header().set('Cache-Control', 'no-store');
  return e.string(200, `{"items":[${items}]}`);
}
