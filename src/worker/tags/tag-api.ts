/**
 * The tag backfill's routes of the server (the table's `tags*`, src/domain/api/routes.ts), as
 * report-api.ts is for the reports: requests typed by src/domain/tags/backfill-contract.ts, every
 * answer checked against it, and what a restart or a blip refuses retried (api.ts's postRetrying).
 */
import type PocketBase from 'pocketbase';
import { SERVER_ROUTES } from '../../domain/api/routes.ts';
import {
  TAG_BACKFILL_PAGE_MAX,
  tagsClaimResponseSchema,
  tagsStoreResponseSchema,
  type TagsClaimRequest,
  type TagsStoreRequest,
  type UntaggedRow,
} from '../../domain/tags/backfill-contract.ts';
import type { Tag } from '../../domain/tags/vocabulary.ts';
import { checked, postRetrying } from '../api.ts';

export interface TagServer {
  /** One page of untagged rows: the first by id after `after` ('' for the first page). */
  claim(after: string, limit: number): Promise<UntaggedRow[]>;
  /** Stores the rows' tags; how many were still untagged. */
  store(rows: readonly { id: string; tags: Tag[] }[]): Promise<number>;
}

export function tagServer(pb: PocketBase, worker: string): TagServer {
  return {
    async claim(after, limit) {
      const request: TagsClaimRequest = { worker, after, limit: Math.min(TAG_BACKFILL_PAGE_MAX, limit) };
      const answer = checked(
        tagsClaimResponseSchema,
        await postRetrying(pb, SERVER_ROUTES.tagsClaim.path, request),
        'the tag claim answer',
      );
      return answer.rows;
    },
    async store(rows) {
      const request: TagsStoreRequest = { worker, rows: [...rows] };
      const answer = checked(
        tagsStoreResponseSchema,
        await postRetrying(pb, SERVER_ROUTES.tagsStore.path, request),
        'the tag store answer',
      );
      return answer.stored;
    },
  };
}
