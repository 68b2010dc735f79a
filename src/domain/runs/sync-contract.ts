/**
 * The sync route (GET /api/adscout/sync/{collection}): one keyset page of the caller's records of
 * a mirrored collection, in (updated, id) order, as the sync engine pulls them. It answers what
 * the collection's REST list would (the same rows, the same JSON values), with the rows serialized
 * by SQLite instead of record by record.
 */
export const SYNC_COLLECTIONS = ['search_runs', 'search_results', 'keyword_sets'] as const;
export type SyncCollection = (typeof SYNC_COLLECTIONS)[number];

export const SYNC_PAGE_MAX = 1000;

export interface SyncPageQuery {
  /** The cursor: the last (updated, id) pulled; both empty at the start. */
  updated: string;
  id: string;
  limit: number;
  /** Comma-separated field names, as REST's `fields`. */
  fields: string;
}

export interface SyncPage<T = Record<string, unknown>> {
  items: T[];
}

export const SYNC_BAD_REQUEST_MESSAGE = 'The sync request is not valid.';

const FIELD_NAME = /^[a-z_][a-z0-9_]{0,62}$/;
const CURSOR_TEXT = /^[0-9A-Za-z :.\-_]{0,40}$/;

/** The query of a sync page checked, or null when it is not one. */
export function parseSyncPageQuery(input: {
  updated?: string;
  id?: string;
  limit?: string;
  fields?: string;
}): SyncPageQuery | null {
  const updated = input.updated ?? '';
  const id = input.id ?? '';
  const limit = Number(input.limit ?? SYNC_PAGE_MAX);
  const fields = input.fields ?? '';
  if (!CURSOR_TEXT.test(updated) || !CURSOR_TEXT.test(id)) return null;
  if (!Number.isInteger(limit) || limit < 1 || limit > SYNC_PAGE_MAX) return null;
  const names = fields.split(',');
  if (!fields || names.some((name) => !FIELD_NAME.test(name))) return null;
  return { updated, id, limit, fields };
}
