/**
 * The tags area (pb_hooks/scout-tags.pb.js, docs/ai.md#tags): a row's tags joined with its
 * creative's text tags (used by the results write and the archive's linking), and the backfill's
 * worker routes, each checking its body against src/domain/tags/backfill-contract.ts.
 */
import { tagsClaimRequestSchema, tagsStoreRequestSchema } from '../../domain/tags/backfill-contract.ts';
import { requestBody } from '../runs/index.ts';
import { storeRowTags, untaggedRows } from './backfill.ts';

export { joinCreativeTags } from './row-tags.ts';

/** SERVER_ROUTES.tagsClaim. */
export function handleTagsClaim(e: core.RequestEvent): void {
  const body = requestBody(e, tagsClaimRequestSchema);
  return e.json(200, { rows: untaggedRows(body.after, body.limit) });
}

/** SERVER_ROUTES.tagsStore. */
export function handleTagsStore(e: core.RequestEvent): void {
  const body = requestBody(e, tagsStoreRequestSchema);
  return e.json(200, storeRowTags(body.rows));
}
