/**
 * The server collections the local database mirrors, and how a server record becomes a local one:
 * only the entity's own fields are requested and kept (PocketBase's collectionId/collectionName
 * are not), without the fields hidden from users (the server would leave them out anyway).
 */
import type { RecordModel } from 'pocketbase';
// Plain field lists, not the zod schemas (the domain index pulls in every schema): the first /app
// page runs the sync and needs no zod (docs/benchmarks/pwa.md).
import { COLLECTIONS } from '../../../../domain/api/collections.ts';
import type { BoardItemRecord } from '../../../../domain/boards/board-contract.ts';
import type {
  ArchivedCreative,
  BoardRecord,
  BriefRecord,
  KeywordSet,
  Report,
  SearchResult,
  SearchRun,
  Watch,
} from '../../../../domain/records/entities.ts';
import {
  ARCHIVED_CREATIVE_FIELDS,
  BOARD_FIELDS,
  BOARD_ITEM_DELETION_FIELDS,
  BOARD_ITEM_FIELDS,
  BRIEF_FIELDS,
  KEYWORD_SET_FIELDS,
  REPORT_FIELDS,
  RUN_HIDDEN_FIELDS,
  SEARCH_RESULT_FIELDS,
  SEARCH_RUN_FIELDS,
  WATCH_FIELDS,
} from '../../../../domain/records/record-fields.ts';

/** A tombstone as the local side reads it: which item went (board-mirror.ts applies it). */
export interface BoardItemDeletion {
  id: string;
  updated: string;
  item: string;
  board: string;
}

export interface MirroredCollection<T> {
  name: string;
  /** The field list sent as `fields`. */
  fields: string;
  /** The record as the local database keeps it. */
  fromServer(record: RecordModel): T;
}

function mirrored<T>(
  name: string,
  fields: readonly string[],
  hidden: readonly string[] = [],
): MirroredCollection<T> {
  const keys = fields.filter((key) => !hidden.includes(key));
  return {
    name,
    fields: keys.join(','),
    fromServer(record) {
      const out: Record<string, unknown> = {};
      for (const key of keys) if (key in record) out[key] = record[key];
      return out as T;
    },
  };
}

export const RUNS = mirrored<SearchRun>(COLLECTIONS.searchRuns, SEARCH_RUN_FIELDS, RUN_HIDDEN_FIELDS);
export const RESULTS = mirrored<SearchResult>(COLLECTIONS.searchResults, SEARCH_RESULT_FIELDS);
export const KEYWORD_SETS = mirrored<KeywordSet>(COLLECTIONS.keywordSets, KEYWORD_SET_FIELDS);
export const WATCHES = mirrored<Watch>(COLLECTIONS.watches, WATCH_FIELDS);
export const CREATIVES = mirrored<ArchivedCreative>(COLLECTIONS.creatives, ARCHIVED_CREATIVE_FIELDS);
export const REPORTS = mirrored<Report>(COLLECTIONS.reports, REPORT_FIELDS);
export const BOARDS = mirrored<BoardRecord>(COLLECTIONS.boards, BOARD_FIELDS);
export const BOARD_ITEMS = mirrored<BoardItemRecord>(COLLECTIONS.boardItems, BOARD_ITEM_FIELDS);
export const BOARD_ITEM_DELETIONS = mirrored<BoardItemDeletion>(
  COLLECTIONS.boardItemDeletions,
  BOARD_ITEM_DELETION_FIELDS,
);

export const BRIEFS = mirrored<BriefRecord>(COLLECTIONS.briefs, BRIEF_FIELDS);

/** A PocketBase-style record id (15 of [a-z0-9]), made here so a retried create stays one record. */
export function newRecordId(): string {
  const alphabet = 'abcdefghijklmnopqrstuvwxyz0123456789';
  const bytes = crypto.getRandomValues(new Uint8Array(15));
  return Array.from(bytes, (b) => alphabet[b % alphabet.length]).join('');
}
