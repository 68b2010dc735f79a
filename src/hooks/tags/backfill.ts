/**
 * The tag backfill's server side (docs/ai.md#the-backfill): pages of the rows stored before tags
 * (`tags` null), read for a worker to tag, and their tags stored, joined with their creative's
 * text tags. Rows tagged get a new `updated`, so browsers pull them again. Exactly once in effect:
 * a row's tags are set only while they are still null (a second worker on the same page changes
 * nothing), and a row never read stays null for the next pass.
 */
import { COLLECTIONS } from '../../domain/api/collections.ts';
import type { TagsStoreResponse, UntaggedRow } from '../../domain/tags/backfill-contract.ts';
import type { Tag } from '../../domain/tags/vocabulary.ts';
import { nowString } from '../tasks/index.ts';
import { joinCreativeTags } from './row-tags.ts';

/**
 * Untagged: SQL NULL (rows inserted before the column, or by a worker from before tags), or the
 * JSON null a record save may write. The partial index of
 * pb_migrations/1795322000_update_search_results_untagged_index.js has this very condition, so
 * that SQLite reads the untagged rows alone, by id, and a finished backfill costs nothing.
 */
const UNTAGGED = "(tags IS NULL OR tags = 'null')";

/** The first `limit` untagged rows by id after `after` ('' for the first page). */
export function untaggedRows(after: string, limit: number): UntaggedRow[] {
  const rows = arrayOf(
    new DynamicModel({ id: '', title: '', body: '', caption: '', link_description: '', cta_type: '' }),
  ) as unknown as UntaggedRow[];
  $app
    .db()
    .newQuery(
      `SELECT id, title, body, caption, link_description, cta_type FROM ${COLLECTIONS.searchResults} ` +
        `WHERE ${UNTAGGED} AND id > {:after} ORDER BY id LIMIT {:limit}`,
    )
    .bind({ after: after, limit: limit })
    .all(rows);
  // plain objects: the DynamicModels would serialize with their Go field names
  return rows.map((row) => ({
    id: row.id,
    title: row.title,
    body: row.body,
    caption: row.caption,
    link_description: row.link_description,
    cta_type: row.cta_type,
  }));
}

/**
 * Stores the tags the worker found in each row's copy, for the rows still untagged, and joins
 * their creatives' text tags in: one transaction.
 */
export function storeRowTags(rows: readonly { id: string; tags: Tag[] }[]): TagsStoreResponse {
  let stored = 0;
  $app.runInTransaction((txApp) => {
    const now = nowString();
    const update = txApp
      .db()
      .newQuery(
        `UPDATE ${COLLECTIONS.searchResults} SET tags = {:tags}, updated = {:now} WHERE id = {:id} AND ${UNTAGGED}`,
      )
      .prepare();
    const storedIds: string[] = [];
    try {
      for (const row of rows) {
        const tags = JSON.stringify(row.tags);
        if (update.bind({ tags: tags, now: now, id: row.id }).execute().rowsAffected() > 0)
          storedIds.push(row.id);
      }
    } finally {
      update.close();
    }
    stored = storedIds.length;
    if (stored === 0) return;
    const params: { [name: string]: unknown } = {};
    const ids = storedIds.map((id, i) => {
      params[`i${i}`] = id;
      return `{:i${i}}`;
    });
    joinCreativeTags(txApp, `r.id IN (${ids.join(', ')}) AND r.creative != ''`, params, now);
  });
  return { stored: stored };
}
