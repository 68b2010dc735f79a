/**
 * The tag backfill's worker routes (docs/ai.md#the-backfill, docs/routes.md#the-tag-routes): rows
 * stored before tags (`tags` null) are tagged by a worker, where language detection runs. The hooks
 * check every request against these schemas and the worker checks every answer. The routes
 * (paths) are src/domain/api/routes.ts's `tags*`:
 *
 *   tagsClaim  { worker, after, limit }  → { rows }    (one page: the first untagged rows by id after `after`)
 *   tagsStore  { worker, rows }          → { stored }  (each row's tags, joined with its creative's)
 *
 * No lease: a page is only read, and the store sets a row's tags only while they are still null,
 * so two workers on the same page store the same tags once (tagging is a pure function of the
 * copy), and a worker that dies halfway leaves the rest null for the next pass.
 */
import * as z from 'zod/mini';
import { AD_TEXT_CAPS } from '../ads/ad-fields.ts';
import { rowTagsProblem, workerNameSchema } from '../runs/lease-contract.ts';
import { unionTags, type Tag } from './vocabulary.ts';

/** Rows one page of SERVER_ROUTES.tagsClaim, or one tagsStore, may hold. */
export const TAG_BACKFILL_PAGE_MAX = 500;
/** A record id (PocketBase's are 15 characters). */
const ID_MAX = 32;

const count = z.int().check(z.gte(0));
const text = (max: number) => z.string().check(z.maxLength(max));
const PAGE_MESSAGE = `limit must be a whole number from 1 to ${TAG_BACKFILL_PAGE_MAX}.`;

export const tagsClaimRequestSchema = z.object({
  worker: workerNameSchema,
  /** The last row id of the previous page; '' for the first. */
  after: z._default(
    z.string('after must be a row id.').check(z.maxLength(ID_MAX, 'after must be a row id.')),
    '',
  ),
  limit: z.int(PAGE_MESSAGE).check(z.gte(1, PAGE_MESSAGE), z.lte(TAG_BACKFILL_PAGE_MAX, PAGE_MESSAGE)),
});
export type TagsClaimRequest = z.input<typeof tagsClaimRequestSchema>;

/** An untagged row: its id and the copy the tags are found in. */
export const untaggedRowSchema = z.strictObject({
  id: text(ID_MAX),
  title: text(AD_TEXT_CAPS.title),
  body: text(AD_TEXT_CAPS.body),
  caption: text(AD_TEXT_CAPS.caption),
  link_description: text(AD_TEXT_CAPS.link_description),
  cta_type: text(AD_TEXT_CAPS.cta_type),
});
export type UntaggedRow = z.infer<typeof untaggedRowSchema>;

export const tagsClaimResponseSchema = z.strictObject({ rows: z.array(untaggedRowSchema) });
export type TagsClaimResponse = z.infer<typeof tagsClaimResponseSchema>;

const ROW_ID_MESSAGE = 'Each row needs an id.';

/**
 * The rows' tags as the worker found them in their copy: each row's checked as the results route
 * checks a row's (rowTagsProblem), a bad list refused with a 400 naming the row.
 */
export const tagsStoreRequestSchema = z.object({
  worker: workerNameSchema,
  rows: z.pipe(
    z
      .array(
        z.object({
          id: z
            .string(ROW_ID_MESSAGE)
            .check(z.minLength(1, ROW_ID_MESSAGE), z.maxLength(ID_MAX, ROW_ID_MESSAGE)),
          tags: z.optional(z.unknown()),
        }),
        'rows must be a list.',
      )
      .check(z.maxLength(TAG_BACKFILL_PAGE_MAX, `At most ${TAG_BACKFILL_PAGE_MAX} rows per request.`)),
    z.transform((rows, context) => {
      for (let i = 0; i < rows.length; i++) {
        const tags = rows[i]!.tags;
        const problem = tags === undefined ? 'must be a list of tags.' : rowTagsProblem(tags);
        if (problem === null) continue;
        context.issues.push({ code: 'custom', message: `rows[${i}].tags ${problem}`, input: tags });
        return z.NEVER;
      }
      return rows.map((row) => ({ id: row.id, tags: unionTags(row.tags as string[]) as Tag[] }));
    }),
  ),
});
export type TagsStoreRequest = z.input<typeof tagsStoreRequestSchema>;

export const tagsStoreResponseSchema = z.strictObject({
  /** Rows of the request that were still untagged and are tagged now. */
  stored: count,
});
export type TagsStoreResponse = z.infer<typeof tagsStoreResponseSchema>;
