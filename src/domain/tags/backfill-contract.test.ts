import { describe, expect, it } from 'vitest';
import { checkInput } from '../forms/forms.ts';
import {
  TAG_BACKFILL_PAGE_MAX,
  tagsClaimRequestSchema,
  tagsClaimResponseSchema,
  tagsStoreRequestSchema,
} from './backfill-contract.ts';
import { TAGS_MAX } from './vocabulary.ts';

const message = (schema: Parameters<typeof checkInput>[0], body: unknown) => {
  const result = checkInput(schema, body);
  return result.ok ? null : result.message;
};

describe('the tag backfill contract', () => {
  it('claim: a page of 1–500 rows after a row id, the first page by default', () => {
    const refusal = `limit must be a whole number from 1 to ${TAG_BACKFILL_PAGE_MAX}.`;
    expect(message(tagsClaimRequestSchema, { worker: 'w', limit: 0 })).toBe(refusal);
    expect(message(tagsClaimRequestSchema, { worker: 'w', limit: TAG_BACKFILL_PAGE_MAX + 1 })).toBe(refusal);
    expect(message(tagsClaimRequestSchema, { worker: 'w', limit: 2.5 })).toBe(refusal);
    expect(message(tagsClaimRequestSchema, { worker: 'w', limit: 5, after: 7 })).toBe(
      'after must be a row id.',
    );
    expect(message(tagsClaimRequestSchema, { limit: 5 })).toBe('worker (1–100 characters) is required.');
    expect(tagsClaimRequestSchema.parse({ worker: 'w', limit: 5 })).toEqual({
      worker: 'w',
      after: '',
      limit: 5,
    });
  });

  it("claim's answer: rows with their id and copy, nothing else", () => {
    const row = {
      id: 'r1',
      title: 't',
      body: 'b',
      caption: 'c',
      link_description: 'l',
      cta_type: 'SHOP_NOW',
    };
    expect(tagsClaimResponseSchema.safeParse({ rows: [row] }).success).toBe(true);
    expect(tagsClaimResponseSchema.safeParse({ rows: [{ ...row, user: 'u1' }] }).success).toBe(false);
  });

  it("store: each row's tags are a list of at most TAGS_MAX tags of the vocabulary, else a 400 naming the row", () => {
    const store = (rows: unknown) => message(tagsStoreRequestSchema, { worker: 'w', rows });
    expect(store([{ id: 'a', tags: ['offer:price'] }, { id: 'b' }])).toBe(
      'rows[1].tags must be a list of tags.',
    );
    expect(store([{ id: 'a', tags: ['offer:cheap'] }])).toBe(
      'rows[0].tags holds "offer:cheap", which is not a tag.',
    );
    expect(store([{ id: 'a', tags: Array.from({ length: TAGS_MAX + 1 }, (_, i) => `cta:t${i}`) }])).toBe(
      `rows[0].tags must hold at most ${TAGS_MAX} tags.`,
    );
    expect(store([{ id: '', tags: [] }])).toBe('Each row needs an id.');
    expect(
      store(Array.from({ length: TAG_BACKFILL_PAGE_MAX + 1 }, (_, i) => ({ id: `r${i}`, tags: [] }))),
    ).toBe(`At most ${TAG_BACKFILL_PAGE_MAX} rows per request.`);
    expect(
      tagsStoreRequestSchema.parse({
        worker: 'w',
        rows: [{ id: 'a', tags: ['lang:de', 'offer:price', 'lang:de'] }],
      }),
    ).toEqual({ worker: 'w', rows: [{ id: 'a', tags: ['offer:price', 'lang:de'] }] });
  });
});
