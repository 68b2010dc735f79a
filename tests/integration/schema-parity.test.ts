/**
 * The migrations (JS for PocketBase) and the zod schemas in src/domain describe the same
 * collections. This fails when a field, a select value or a country/locale list drifts apart.
 */
import type { CollectionModel } from 'pocketbase';
import type { z } from 'zod/mini';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  AD_FIELDS,
  AUDIT_ACTIONS,
  auditLogSchema,
  COUNTRY_CODES,
  keywordSetSchema,
  LEDGER_KINDS,
  LOCALE_CODES,
  PLAN_IDS,
  RESULT_ROW_FIELDS,
  RUN_HIDDEN_FIELDS,
  RUN_SERVER_FIELDS,
  RUN_STATUSES,
  searchResultSchema,
  searchRunSchema,
  stripeEventSchema,
  SUBSCRIPTION_STATUSES,
  subscriptionSchema,
  usageLedgerEntrySchema,
  WATCH_CADENCES,
  WATCH_SERVER_FIELDS,
  watchSchema,
  REPORT_EMAIL_CHOICES,
  REPORT_SETTINGS_SERVER_FIELDS,
  reportSettingsSchema,
  reportMailSchema,
  REPORT_MAIL_KINDS,
  REPORT_MAIL_STATUSES,
  boardSchema,
  boardItemRecordSchema,
  boardItemDeletionSchema,
  briefSchema,
  briefReservationSchema,
  creativeSchema,
  transcriptTaskRecordSchema,
  TEXT_STATUSES,
  TEXT_TASK_STATUSES,
  TRANSCRIPT_STATUSES,
} from '../../src/domain/index.ts';
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
} from '../../src/domain/records/record-fields.ts';
import { startTestServer, type TestServer } from './harness.ts';
import { COLLECTIONS } from '../../src/domain/api/collections.ts';

let server: TestServer;
let collections: Map<string, CollectionModel>;

beforeAll(async () => {
  server = await startTestServer();
  const list = await server.superuser.collections.getFullList();
  collections = new Map(list.map((c) => [c.name, c]));
});

afterAll(async () => {
  await server?.stop();
});

function fieldNames(name: string): string[] {
  return collections
    .get(name)!
    .fields.map((f) => f.name)
    .sort();
}

function selectValues(collection: string, field: string): string[] {
  const f = collections.get(collection)!.fields.find((x) => x.name === field);
  return (f as unknown as { values: string[] }).values;
}

const PAIRS: [string, z.ZodMiniObject][] = [
  [COLLECTIONS.subscriptions, subscriptionSchema],
  [COLLECTIONS.searchRuns, searchRunSchema],
  [COLLECTIONS.searchResults, searchResultSchema],
  [COLLECTIONS.keywordSets, keywordSetSchema],
  [COLLECTIONS.usageLedger, usageLedgerEntrySchema],
  [COLLECTIONS.stripeEvents, stripeEventSchema],
  [COLLECTIONS.auditLogs, auditLogSchema],
  [COLLECTIONS.watches, watchSchema],
  [COLLECTIONS.reportSettings, reportSettingsSchema],
  [COLLECTIONS.reportMails, reportMailSchema],
  [COLLECTIONS.boards, boardSchema],
  [COLLECTIONS.boardItems, boardItemRecordSchema],
  [COLLECTIONS.boardItemDeletions, boardItemDeletionSchema],
  [COLLECTIONS.briefs, briefSchema],
  [COLLECTIONS.briefReservations, briefReservationSchema],
];

/** Collections whose fields are checked too, without the list's index rule (their own indexes lead by user or status). */
const FIELD_PAIRS: [string, z.ZodMiniObject][] = [
  [COLLECTIONS.creatives, creativeSchema],
  [COLLECTIONS.transcriptTasks, transcriptTaskRecordSchema],
];

describe('schema parity between pb_migrations and src/domain', () => {
  it.each([...PAIRS, ...FIELD_PAIRS])('%s has exactly the fields of its zod schema', (name, schema) => {
    expect(fieldNames(name)).toEqual(Object.keys(schema.shape).sort());
  });

  // the plain lists the web app's sync asks for (record-fields.ts), without zod
  it.each([
    [COLLECTIONS.subscriptions, Object.keys(SUBSCRIPTION_FIELD_KINDS)],
    [COLLECTIONS.searchRuns, SEARCH_RUN_FIELDS],
    [COLLECTIONS.searchResults, SEARCH_RESULT_FIELDS],
    [COLLECTIONS.keywordSets, KEYWORD_SET_FIELDS],
    [COLLECTIONS.watches, WATCH_FIELDS],
    [COLLECTIONS.creatives, ARCHIVED_CREATIVE_FIELDS],
    [COLLECTIONS.reports, REPORT_FIELDS],
    [COLLECTIONS.boards, BOARD_FIELDS],
    [COLLECTIONS.boardItems, BOARD_ITEM_FIELDS],
    [COLLECTIONS.boardItemDeletions, BOARD_ITEM_DELETION_FIELDS],
    [COLLECTIONS.briefs, BRIEF_FIELDS],
  ] as const)('%s has exactly the fields of its plain field list', (name, fields) => {
    expect(fieldNames(name)).toEqual([...fields].sort());
  });

  it("the subscription gate's selects are the domain constants", () => {
    expect(SUBSCRIPTION_FIELD_KINDS.plan).toEqual(['', ...selectValues(COLLECTIONS.subscriptions, 'plan')]);
    expect(SUBSCRIPTION_FIELD_KINDS.status).toEqual([
      '',
      ...selectValues(COLLECTIONS.subscriptions, 'status'),
    ]);
  });

  it('select values match the domain constants', () => {
    expect(selectValues(COLLECTIONS.subscriptions, 'plan')).toEqual([...PLAN_IDS]);
    expect(selectValues(COLLECTIONS.subscriptions, 'status')).toEqual([...SUBSCRIPTION_STATUSES]);
    expect(selectValues(COLLECTIONS.searchRuns, 'status')).toEqual([...RUN_STATUSES]);
    expect(selectValues(COLLECTIONS.searchRuns, 'target_country')).toEqual([...COUNTRY_CODES]);
    expect(selectValues(COLLECTIONS.keywordSets, 'locale')).toEqual([...LOCALE_CODES]);
    expect(selectValues(COLLECTIONS.usageLedger, 'kind')).toEqual([...LEDGER_KINDS]);
    expect(selectValues(COLLECTIONS.auditLogs, 'action')).toEqual([...AUDIT_ACTIONS]);
    expect(selectValues(COLLECTIONS.watches, 'cadence')).toEqual([...WATCH_CADENCES]);
    expect(selectValues(COLLECTIONS.watches, 'target_country')).toEqual([...COUNTRY_CODES]);
    expect(selectValues(COLLECTIONS.reportSettings, 'email')).toEqual([...REPORT_EMAIL_CHOICES]);
    expect(selectValues(COLLECTIONS.reportMails, 'kind')).toEqual([...REPORT_MAIL_KINDS]);
    expect(selectValues(COLLECTIONS.reportMails, 'status')).toEqual([...REPORT_MAIL_STATUSES]);
    expect(selectValues(COLLECTIONS.creatives, 'text_status')).toEqual([...TEXT_STATUSES]);
    expect(selectValues(COLLECTIONS.creatives, 'transcript_status')).toEqual([...TRANSCRIPT_STATUSES]);
    expect(selectValues(COLLECTIONS.transcriptTasks, 'status')).toEqual([...TEXT_TASK_STATUSES]);
  });

  it('search_results carries the 24 ad fields', () => {
    const names = fieldNames(COLLECTIONS.searchResults);
    for (const field of AD_FIELDS) expect(names).toContain(field.key);
    expect(AD_FIELDS).toHaveLength(24);
  });

  it('search_results columns have the kinds and limits of RESULT_ROW_FIELDS (AD_FIELDS)', () => {
    const columns = collections.get(COLLECTIONS.searchResults)!.fields as unknown as {
      name: string;
      type: string;
      max?: number;
      min?: number;
      onlyInt?: boolean;
    }[];
    const keys: string[] = RESULT_ROW_FIELDS.map((field) => field.key);
    for (const field of RESULT_ROW_FIELDS) {
      const column = columns.find((c) => c.name === field.key)!;
      if (field.kind === 'text' || field.kind === 'url' || field.kind === 'media') {
        expect({ name: column.name, type: column.type, max: column.max }).toEqual({
          name: field.key,
          type: 'text',
          max: field.max,
        });
      } else if (field.kind === 'date') {
        expect([column.name, column.type]).toEqual([field.key, 'date']);
      } else if (field.kind === 'flag') {
        expect([column.name, column.type]).toEqual([field.key, 'bool']);
      } else {
        expect({ name: column.name, type: column.type, min: column.min, onlyInt: column.onlyInt }).toEqual({
          name: field.key,
          type: 'number',
          min: 0,
          onlyInt: 'int' in field,
        });
      }
    }
    // the rest are the server's own: ids, owner, run, the new-ad flag, the tags (the worker's,
    // joined with the creative's by the server: docs/ai.md#tags) and timestamps
    expect(
      columns
        .map((c) => c.name)
        .filter((name) => !keys.includes(name))
        .sort(),
    ).toEqual(['created', 'creative', 'id', 'is_new', 'run', 'tags', 'updated', 'user']);
  });

  it('every server-only run field exists and is refused by the create rule', () => {
    const runs = collections.get(COLLECTIONS.searchRuns)!;
    for (const field of RUN_SERVER_FIELDS) {
      expect(fieldNames(COLLECTIONS.searchRuns)).toContain(field);
      expect(runs.createRule).toContain(`@request.body.${field}:isset = false`);
    }
  });

  it('the run fields hidden from users are exactly RUN_HIDDEN_FIELDS', () => {
    const hidden = collections
      .get(COLLECTIONS.searchRuns)!
      .fields.filter((f) => f.hidden)
      .map((f) => f.name);
    expect(hidden.sort()).toEqual([...RUN_HIDDEN_FIELDS].sort());
  });

  it('every server-only watch field exists and is refused by the create and update rules', () => {
    const watches = collections.get(COLLECTIONS.watches)!;
    for (const field of WATCH_SERVER_FIELDS) {
      expect(fieldNames(COLLECTIONS.watches)).toContain(field);
      expect(watches.createRule).toContain(`@request.body.${field}:isset = false`);
      expect(watches.updateRule).toContain(`@request.body.${field}:isset = false`);
    }
  });

  it('every server-only report settings field exists and is refused by the create and update rules', () => {
    const settings = collections.get(COLLECTIONS.reportSettings)!;
    for (const field of REPORT_SETTINGS_SERVER_FIELDS) {
      expect(fieldNames(COLLECTIONS.reportSettings)).toContain(field);
      expect(settings.createRule).toContain(`@request.body.${field}:isset = false`);
      expect(settings.updateRule).toContain(`@request.body.${field}:isset = false`);
    }
  });

  it('every collection has autodate created/updated and an index on updated', () => {
    for (const [name] of PAIRS) {
      const c = collections.get(name)!;
      const auto = c.fields.filter((f) => f.type === 'autodate').map((f) => f.name);
      expect(auto.sort(), name).toEqual(['created', 'updated']);
      expect(
        c.indexes.some((i) => /\(updated\)/.test(i)),
        name,
      ).toBe(true);
    }
  });
});
