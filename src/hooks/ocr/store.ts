/**
 * Storing a creative's reading (docs/ai.md#the-text-on-a-creative): the creative's text fields
 * and, in the same transaction, its tags joined into every tagged row of it that they change
 * (those rows' `updated` moves, so each browser pulls them again, as it does when the archive
 * links them).
 */
import { COLLECTIONS } from '../../domain/api/collections.ts';
import { CREATIVE_TEXT_MAX } from '../../domain/tags/creative-text.ts';
import type { TextReadResponse } from '../../domain/tags/text-contract.ts';
import { unionTags, type TagLanguage } from '../../domain/tags/vocabulary.ts';
import { joinCreativeTags } from '../tags/index.ts';
import { clearLease, nowString } from '../tasks/index.ts';
import { requireTextTask } from './tasks.ts';

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
    // the rows' tags grow by the text's (src/hooks/tags/row-tags.ts: untagged rows wait for the backfill)
    const rows = joinCreativeTags(
      txApp,
      'r.user = {:user} AND r.creative = {:creative}',
      { user: creative.getString('user'), creative: creative.id },
      nowString(),
    );
    clearLease(task);
    task.set('status', 'done');
    task.set('last_error', '');
    task.set('next_attempt_at', '');
    txApp.save(task);
    answer = { status, rows };
  });
  return answer!;
}
