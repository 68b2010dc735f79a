/**
 * The server collections the local database mirrors, and how a server record becomes a local one:
 * only the entity's own fields are requested and kept (PocketBase's collectionId/collectionName
 * are not), without the fields hidden from users (the server would leave them out anyway).
 */
import type { RecordModel } from 'pocketbase';
import {
  type ArchivedCreative,
  COLLECTIONS,
  creativeSchema,
  keywordSetSchema,
  RUN_HIDDEN_FIELDS,
  searchResultSchema,
  searchRunSchema,
  type KeywordSet,
  type Report,
  reportSchema,
  type SearchResult,
  type SearchRun,
  type Watch,
  watchSchema,
} from '../../../../domain/index.ts';
import { boardItemSchema, type BoardItemRecord } from '../../../../domain/boards/board-contract.ts';
import {
  boardItemDeletionSchema,
  boardSchema,
  briefSchema,
  type BoardRecord,
  type BriefRecord,
} from '../../../../domain/records/entities.ts';

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

function mirrored<T>(name: string, shape: object, hidden: readonly string[] = []): MirroredCollection<T> {
  const keys = Object.keys(shape).filter((key) => !hidden.includes(key));
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

export const RUNS = mirrored<SearchRun>(COLLECTIONS.searchRuns, searchRunSchema.shape, RUN_HIDDEN_FIELDS);
export const RESULTS = mirrored<SearchResult>(COLLECTIONS.searchResults, searchResultSchema.shape);
export const KEYWORD_SETS = mirrored<KeywordSet>(COLLECTIONS.keywordSets, keywordSetSchema.shape);
export const WATCHES = mirrored<Watch>(COLLECTIONS.watches, watchSchema.shape);
export const CREATIVES = mirrored<ArchivedCreative>(COLLECTIONS.creatives, creativeSchema.shape);
export const REPORTS = mirrored<Report>(COLLECTIONS.reports, reportSchema.shape);
export const BOARDS = mirrored<BoardRecord>(COLLECTIONS.boards, boardSchema.shape);
export const BOARD_ITEMS = mirrored<BoardItemRecord>(COLLECTIONS.boardItems, boardItemSchema.shape);
export const BOARD_ITEM_DELETIONS = mirrored<BoardItemDeletion>(
  COLLECTIONS.boardItemDeletions,
  boardItemDeletionSchema.shape,
);

export const BRIEFS = mirrored<BriefRecord>(COLLECTIONS.briefs, briefSchema.shape);

/** A PocketBase-style record id (15 of [a-z0-9]), made here so a retried create stays one record. */
export function newRecordId(): string {
  const alphabet = 'abcdefghijklmnopqrstuvwxyz0123456789';
  const bytes = crypto.getRandomValues(new Uint8Array(15));
  return Array.from(bytes, (b) => alphabet[b % alphabet.length]).join('');
}
