import { COLLECTIONS } from '../api/collections.ts';

/**
 * The sync route (src/domain/api/routes.ts's `syncPage`): one keyset page of the caller's records of
 * a mirrored collection, in (updated, id) order, as the sync engine pulls them. It answers what
 * the collection's REST list would (the same rows, the same JSON values), with the rows serialized
 * by SQLite instead of record by record.
 */
export const SYNC_COLLECTIONS = [
  COLLECTIONS.searchRuns,
  COLLECTIONS.searchResults,
  COLLECTIONS.keywordSets,
  COLLECTIONS.creatives,
  COLLECTIONS.reports,
  COLLECTIONS.boardItems,
  COLLECTIONS.boardItemDeletions,
  COLLECTIONS.briefs,
] as const;
export type SyncCollection = (typeof SYNC_COLLECTIONS)[number];

export const SYNC_PAGE_MAX = 1000;

export interface SyncPageQuery {
  /** The cursor: the last (updated, id) pulled; both empty at the start. */
  updated: string;
  id: string;
  limit: number;
  /** The field names of `fields` (comma-separated, as REST's), each once. */
  fields: string[];
}

export interface SyncPage<T = Record<string, unknown>> {
  items: T[];
}

export const SYNC_BAD_REQUEST_MESSAGE = 'The sync request is not valid.';

/** Why a sync request is refused with a 400 (each copy of a field costs a column on every row). */
export const SYNC_FIELD_MESSAGES = {
  twice: (name: string) => `The sync request names the field "${name}" more than once.`,
  tooMany: (collection: string) => `The sync request names more fields than ${collection} has.`,
  unknown: (name: string) => `The sync request names "${name}", which is not a field it can read.`,
} as const;

const FIELD_NAME = /^[a-z_][a-z0-9_]{0,62}$/;
const CURSOR_TEXT = /^[0-9A-Za-z :.\-_]{0,40}$/;

/** The query of a sync page checked, or the message of its 400. */
export function parseSyncPageQuery(input: {
  updated?: string;
  id?: string;
  limit?: string;
  fields?: string;
}): { ok: true; query: SyncPageQuery } | { ok: false; message: string } {
  const updated = input.updated ?? '';
  const id = input.id ?? '';
  const limit = Number(input.limit ?? SYNC_PAGE_MAX);
  const fields = input.fields ?? '';
  const refused = { ok: false, message: SYNC_BAD_REQUEST_MESSAGE } as const;
  if (!CURSOR_TEXT.test(updated) || !CURSOR_TEXT.test(id)) return refused;
  if (!Number.isInteger(limit) || limit < 1 || limit > SYNC_PAGE_MAX) return refused;
  const names = fields.split(',');
  if (!fields || names.some((name) => !FIELD_NAME.test(name))) return refused;
  const seen = new Set<string>();
  for (const name of names) {
    if (seen.has(name)) return { ok: false, message: SYNC_FIELD_MESSAGES.twice(name) };
    seen.add(name);
  }
  return { ok: true, query: { updated, id, limit, fields: names } };
}
