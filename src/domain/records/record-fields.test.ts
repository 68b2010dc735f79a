import { describe, expect, it } from 'vitest';
import { boardItemSchema } from '../boards/board-contract.ts';
import {
  boardItemDeletionSchema,
  boardItemRecordSchema,
  boardSchema,
  briefSchema,
  creativeSchema,
  keywordSetSchema,
  reportSchema,
  searchResultSchema,
  searchRunSchema,
  subscriptionSchema,
  watchSchema,
} from './entities.ts';
import { checkRecord } from './record-check.ts';
import {
  ARCHIVED_CREATIVE_FIELDS,
  BOARD_FIELDS,
  BOARD_ITEM_DELETION_FIELDS,
  BOARD_ITEM_FIELDS,
  BRIEF_FIELDS,
  KEYWORD_SET_FIELDS,
  REPORT_FIELDS,
  SEARCH_RESULT_FIELDS,
  SEARCH_RUN_FIELDS,
  SUBSCRIPTION_FIELD_KINDS,
  WATCH_FIELDS,
} from './record-fields.ts';

const sorted = (keys: Iterable<string>) => [...keys].sort();

describe('the mirrored field lists', () => {
  it.each([
    ['search runs', SEARCH_RUN_FIELDS, searchRunSchema.shape],
    ['search results', SEARCH_RESULT_FIELDS, searchResultSchema.shape],
    ['keyword sets', KEYWORD_SET_FIELDS, keywordSetSchema.shape],
    ['watches', WATCH_FIELDS, watchSchema.shape],
    ['creatives', ARCHIVED_CREATIVE_FIELDS, creativeSchema.shape],
    ['reports', REPORT_FIELDS, reportSchema.shape],
    ['boards', BOARD_FIELDS, boardSchema.shape],
    ['board items (record)', BOARD_ITEM_FIELDS, boardItemRecordSchema.shape],
    ['board items (answer)', BOARD_ITEM_FIELDS, boardItemSchema.shape],
    ['board item deletions', BOARD_ITEM_DELETION_FIELDS, boardItemDeletionSchema.shape],
    ['briefs', BRIEF_FIELDS, briefSchema.shape],
  ] as const)('%s: the list has exactly its schema’s fields', (_name, fields, shape) => {
    expect(new Set(fields).size).toBe(fields.length);
    expect(sorted(fields)).toEqual(sorted(Object.keys(shape)));
  });
});

describe('checkRecord with the subscription’s kinds', () => {
  const valid = {
    id: 'sub1',
    created: '2026-11-22 10:00:00.000Z',
    updated: '2026-11-22 10:00:00.000Z',
    user: 'u1',
    plan: 'monthly',
    status: 'active',
    stripe_customer_id: 'cus_1',
    stripe_subscription_id: 'sub_1',
    cancel_at_period_end: false,
    current_period_end: '2026-12-22 10:00:00.000Z',
    quota_anchor: '',
  };

  it('keeps the listed fields of a valid record, as the zod schema does', () => {
    const record = { ...valid, collectionId: 'c', collectionName: 'subscriptions' };
    const checked = checkRecord(SUBSCRIPTION_FIELD_KINDS, record);
    expect(checked).toEqual({ ok: true, record: valid });
    expect(subscriptionSchema.parse(record)).toEqual(valid);
    expect(checkRecord(SUBSCRIPTION_FIELD_KINDS, { ...valid, plan: '', status: '' }).ok).toBe(true);
  });

  it.each([
    ['an unknown plan', { plan: 'gold' }],
    ['an unknown status', { status: 'paused' }],
    ['a missing field', { stripe_customer_id: undefined }],
    ['a number for a text', { user: 7 }],
    ['a text for a boolean', { cancel_at_period_end: 'false' }],
  ])('refuses %s, as the zod schema does', (_name, change) => {
    const record = { ...valid, ...change };
    const checked = checkRecord(SUBSCRIPTION_FIELD_KINDS, record);
    expect(checked.ok).toBe(false);
    expect(subscriptionSchema.safeParse(record).success).toBe(false);
  });

  it('refuses what is not a record, and a fraction where a whole number is asked', () => {
    expect(checkRecord(SUBSCRIPTION_FIELD_KINDS, null).ok).toBe(false);
    expect(checkRecord(SUBSCRIPTION_FIELD_KINDS, [valid]).ok).toBe(false);
    expect(checkRecord({ count: 'int' }, { count: 1.5 })).toEqual({
      ok: false,
      problem: 'count: expected int',
    });
    expect(checkRecord({ count: 'int' }, { count: 3 })).toEqual({ ok: true, record: { count: 3 } });
  });
});
