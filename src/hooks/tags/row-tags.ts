/**
 * A row's tags joined with its creative's (docs/ai.md#tags): the server sets a row's `tags` to the
 * union (unionTags: each once, in the vocabulary's order) of the tags the worker found in its copy
 * and the `text_tags` of the text read on its creative and the `transcript_tags` of its video's
 * transcript (docs/ai.md#transcripts). A row still untagged (`tags` null: stored
 * by a worker from before tags) stays null: the backfill tags its copy and joins them then
 * (src/hooks/tags). Rows changed get a new `updated`, so that browsers pull them again.
 */
import { COLLECTIONS } from '../../domain/api/collections.ts';
import { unionTags } from '../../domain/tags/vocabulary.ts';

interface TagsRow {
  id: string;
  tags: string;
  text_tags: string;
  transcript_tags: string;
}

/** A JSON column's list of strings; [] for NULL, 'null', '' or anything that is not one. */
export function tagList(json: string): string[] {
  if (!json) return [];
  try {
    const value: unknown = JSON.parse(json);
    return Array.isArray(value) ? value.filter((item): item is string => typeof item === 'string') : [];
  } catch (_) {
    return [];
  }
}

/** Whether two tag lists are the same list. */
function sameTags(a: readonly string[], b: readonly string[]): boolean {
  return a.length === b.length && a.every((tag, i) => tag === b[i]);
}

/**
 * Joins the `text_tags` and `transcript_tags` of each row's creative into its `tags`, for the tagged rows of
 * search_results (alias `r`) that `where` selects with `params`; returns how many changed. One
 * SELECT, then one UPDATE per row whose tags grow. Called in the transaction that links rows to a
 * creative already read (the results write, the archive's linking).
 */
export function joinCreativeTags(
  txApp: CoreApp,
  where: string,
  params: { [name: string]: unknown },
  now: string,
): number {
  const rows = arrayOf(
    new DynamicModel({ id: '', tags: '', text_tags: '', transcript_tags: '' }),
  ) as unknown as TagsRow[];
  txApp
    .db()
    .newQuery(
      `SELECT r.id AS id, COALESCE(r.tags, '') AS tags, COALESCE(c.text_tags, '') AS text_tags, ` +
        `COALESCE(c.transcript_tags, '') AS transcript_tags ` +
        `FROM ${COLLECTIONS.searchResults} r JOIN ${COLLECTIONS.creatives} c ON c.id = r.creative ` +
        `WHERE (${where}) AND r.tags IS NOT NULL AND r.tags != 'null' ` +
        `AND ((c.text_tags IS NOT NULL AND c.text_tags NOT IN ('', 'null', '[]')) ` +
        `OR (c.transcript_tags IS NOT NULL AND c.transcript_tags NOT IN ('', 'null', '[]')))`,
    )
    .bind(params)
    .all(rows);
  if (rows.length === 0) return 0;
  const update = txApp
    .db()
    .newQuery(`UPDATE ${COLLECTIONS.searchResults} SET tags = {:tags}, updated = {:now} WHERE id = {:id}`)
    .prepare();
  let changed = 0;
  try {
    for (const row of rows) {
      const own = tagList(row.tags);
      const joined = unionTags(own, tagList(row.text_tags), tagList(row.transcript_tags));
      if (sameTags(own, joined)) continue;
      update.bind({ tags: JSON.stringify(joined), now: now, id: row.id }).execute();
      changed++;
    }
  } finally {
    update.close();
  }
  return changed;
}
