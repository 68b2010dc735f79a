/**
 * Storing a creative's reading (docs/ai.md#the-text-on-a-creative): the creative's text fields
 * and, in the same transaction, its tags joined into every row of it that they change (those rows'
 * `updated` moves, so each browser pulls them again, as it does when the archive links them).
 */
import { COLLECTIONS } from '../../domain/api/collections.ts';
import { CREATIVE_TEXT_MAX } from '../../domain/tags/creative-text.ts';
import type { TextReadResponse } from '../../domain/tags/text-contract.ts';
import { unionTags, type TagLanguage } from '../../domain/tags/vocabulary.ts';
import { clearLease, nowString } from '../tasks/index.ts';
import { requireTextTask } from './tasks.ts';

/** A row's `tags` as stored (SQL text; 'null' when untagged) → its list. */
function storedTags(value: string): string[] {
  try {
    const parsed: unknown = JSON.parse(value);
    return Array.isArray(parsed) ? parsed.filter((tag): tag is string => typeof tag === 'string') : [];
  } catch (_) {
    return [];
  }
}

/** A creative record's `text_tags` as a list. */
export function textTagsOf(creative: core.Record): string[] {
  return storedTags(creative.getString('text_tags') || 'null');
}

/**
 * Sets `tags` = its tags ∪ `textTags` (unionTags: each once, in the vocabulary's order) on every
 * row of `user` showing `creativeId` whose tags that changes, with a new `updated`. One UPDATE per
 * distinct tag list among those rows, not per row. Returns how many rows changed.
 */
export function joinTextTags(
  txApp: CoreApp,
  user: string,
  creativeId: string,
  textTags: readonly string[],
): number {
  if (textTags.length === 0) return 0;
  const lists = arrayOf(new DynamicModel({ tags: '' })) as unknown as { tags: string }[];
  txApp
    .db()
    .newQuery(
      `SELECT DISTINCT COALESCE(tags, 'null') AS tags FROM ${COLLECTIONS.searchResults} ` +
        'WHERE user = {:user} AND creative = {:creative}',
    )
    .bind({ user: user, creative: creativeId })
    .all(lists);
  const now = nowString();
  let changed = 0;
  for (const { tags } of lists) {
    const joined = JSON.stringify(unionTags(storedTags(tags), textTags));
    if (joined === tags) continue;
    changed += txApp
      .db()
      .newQuery(
        `UPDATE ${COLLECTIONS.searchResults} SET tags = {:joined}, updated = {:now} ` +
          "WHERE user = {:user} AND creative = {:creative} AND COALESCE(tags, 'null') = {:tags}",
      )
      .bind({ joined: joined, now: now, user: user, creative: creativeId, tags: tags })
      .execute()
      .rowsAffected();
  }
  return changed;
}

export interface Reading {
  text: string;
  confidence: number;
  language: TagLanguage | null;
  tags: readonly string[];
}

/**
 * Stores what the worker read on its task's creative: `read` with the text (cut to
 * CREATIVE_TEXT_MAX), its confidence, language and tags, or `none` when the text is empty; the
 * rows get the tags; the task is done. All in one transaction, while the worker holds the lease.
 */
export function storeReading(taskId: string, workerName: string, reading: Reading): TextReadResponse {
  let answer: TextReadResponse | null = null;
  $app.runInTransaction((txApp) => {
    const task = requireTextTask(txApp, taskId, workerName);
    const creative = txApp.findRecordById(COLLECTIONS.creatives, task.getString('creative'));
    const text = reading.text.trim().slice(0, CREATIVE_TEXT_MAX).trim();
    const status = text ? 'read' : 'none';
    const tags = text ? unionTags(reading.tags) : [];
    creative.set('text', text);
    creative.set('text_confidence', text ? Math.round(reading.confidence) : 0);
    creative.set('text_language', text ? (reading.language ?? '') : '');
    creative.set('text_status', status);
    creative.set('text_tags', tags);
    txApp.save(creative);
    const rows = joinTextTags(txApp, creative.getString('user'), creative.id, tags);
    clearLease(task);
    task.set('status', 'done');
    task.set('last_error', '');
    task.set('next_attempt_at', '');
    txApp.save(task);
    answer = { status, rows };
  });
  return answer!;
}
