/**
 * "Download my data" (docs/accounts.md#download-my-data): SERVER_ROUTES.accountExport writes one JSON
 * file of the user's data — the account, subscription, runs, keyword sets, watches (when that collection
 * exists), ledger and audit log, the archived creatives (each one's sha256 and file names, not the files),
 * the watch runs' reports, the report mail settings, the browsers that receive push notifications (each one's endpoint, not
 * its keys: docs/push.md), the boards (not a shared one's token), the briefs (docs/ai.md#briefs), then every board item and every result as an object with the Database's columns.
 * It is streamed: the results are read a page at a time by an (updated, id) keyset (the sync
 * cursor's index) and written out as they are read, so 50,000 results never sit in memory at once,
 * let alone twice.
 */
import { COLLECTIONS } from '../../domain/api/collections.ts';
import { RESULT_COLUMNS } from '../../domain/results/result-columns.ts';

const PAGE = 1000;
/** Bytes gathered before a write to the connection. */
const FLUSH_AT = 256 * 1024;

/**
 * The owned collections written whole (small), in the file's order, their keys in it, and the
 * fields left out: a push subscription's keys are the browser's own encryption keys, which the
 * browser made, holds and never shows; nothing to read for the user, and a capability to anyone
 * who holds them with the endpoint (docs/push.md#subscriptions).
 */
const SECTIONS: { key: string; collection: string; optional?: boolean; omit?: string[] }[] = [
  { key: 'runs', collection: COLLECTIONS.searchRuns },
  { key: 'keyword_sets', collection: COLLECTIONS.keywordSets },
  { key: 'watches', collection: COLLECTIONS.watches, optional: true },
  { key: 'usage_ledger', collection: COLLECTIONS.usageLedger },
  { key: 'audit_logs', collection: COLLECTIONS.auditLogs },
  { key: 'creatives', collection: COLLECTIONS.creatives },
  { key: 'reports', collection: COLLECTIONS.reports },
  { key: 'report_settings', collection: COLLECTIONS.reportSettings },
  { key: 'push_subscriptions', collection: COLLECTIONS.pushSubscriptions, omit: ['p256dh', 'auth'] },
  // a shared board's token is a capability, as the push keys are: whether it is shared is kept
  { key: 'boards', collection: COLLECTIONS.boards, omit: ['share_token'] },
  // at most AI_BRIEFS_PER_MONTH a month, a few KB each (docs/ai.md#briefs)
  { key: 'briefs', collection: COLLECTIONS.briefs },
];

/** A record's public fields without PocketBase's collection bookkeeping (nor `omit`). */
function plain(record: core.Record, omit: readonly string[] = []): { [key: string]: unknown } {
  const data = JSON.parse(JSON.stringify(record)) as { [key: string]: unknown };
  delete data.collectionId;
  delete data.collectionName;
  for (const field of omit) delete data[field];
  return data;
}

function exists(name: string): boolean {
  try {
    $app.findCollectionByNameOrId(name);
    return true;
  } catch {
    return false;
  }
}

/**
 * The JSON of one result, built by SQLite (json_object, in C): the run it came from, then the
 * Database's data columns in display order — numbers as numbers, dates as yyyy-MM-dd, text and
 * URLs as stored, empty values null. The keys are our own column names, never input.
 */
const RESULT_JSON = `json_object('run', run, ${RESULT_COLUMNS.map((column) => {
  const value =
    column.kind === 'number'
      ? column.key
      : column.kind === 'date'
        ? `NULLIF(substr(${column.key}, 1, 10), '')`
        : `NULLIF(${column.key}, '')`;
  return `'${column.key}', ${value}`;
}).join(', ')})`;

interface ResultRow {
  json: string;
  updated: string;
  id: string;
}

/** A board item's JSON, built by SQLite (docs/boards.md): up to 10,000 a board, streamed like the results. */
const BOARD_ITEM_JSON =
  "json_object('id', id, 'board', board, 'ad_id', ad_id, 'creative', creative, 'note', note, " +
  "'labels', json(coalesce(nullif(labels, ''), '[]')), 'added', added, 'created', created, 'updated', updated)";

/**
 * One page of the user's rows of `collection` (results, board items) after `after` in (updated,
 * id) order: the sync cursor's index.
 */
function keysetPage(
  collection: string,
  json: string,
  userId: string,
  after: { updated: string; id: string } | null,
): ResultRow[] {
  const rows = arrayOf(new DynamicModel({ json: '', updated: '', id: '' })) as unknown as ResultRow[];
  // a row value: SQLite walks idx_search_results_user_updated (user, updated, id) from the cursor
  const where = after ? 'user = {:user} AND (updated, id) > ({:updated}, {:id})' : 'user = {:user}';
  $app
    .db()
    .newQuery(
      `SELECT ${json} AS json, updated, id FROM ${collection} WHERE ${where} ORDER BY updated, id LIMIT ${PAGE}`,
    )
    .bind({ user: userId, updated: after ? after.updated : '', id: after ? after.id : '' })
    .all(rows);
  return rows;
}

export function exportAccount(e: core.RequestEvent, userId: string): void {
  const user = $app.findRecordById(COLLECTIONS.users, userId);
  user.ignoreEmailVisibility(true);
  const day = new Date().toISOString().slice(0, 10);
  const header = e.response.header();
  header.set('Content-Type', 'application/json; charset=utf-8');
  header.set('Content-Disposition', `attachment; filename="adscout-data-${day}.json"`);
  header.set('Cache-Control', 'no-store');
  e.response.writeHeader(200);

  // Parts gathered in an array and joined once per write: appending to one growing string would
  // copy it again with every row.
  let parts: string[] = [];
  let size = 0;
  const send = () => {
    if (parts.length === 0) return;
    e.response.write(parts.join(''));
    e.flush();
    parts = [];
    size = 0;
  };
  const write = (text: string) => {
    parts.push(text);
    size += text.length;
    if (size >= FLUSH_AT) send();
  };

  write(`{"format":"adscout-data-export/1","exported_at":${JSON.stringify(new Date().toISOString())}`);
  write(`,"account":${JSON.stringify(plain(user))}`);
  const subscriptions = $app.findAllRecords(COLLECTIONS.subscriptions, $dbx.hashExp({ user: userId }));
  write(`,"subscription":${subscriptions.length > 0 ? JSON.stringify(plain(subscriptions[0]!)) : 'null'}`);
  for (const section of SECTIONS) {
    if (section.optional && !exists(section.collection)) continue;
    const records = $app.findRecordsByFilter(section.collection, 'user = {:user}', 'created,id', 0, 0, {
      user: userId,
    });
    write(`,${JSON.stringify(section.key)}:[`);
    for (let i = 0; i < records.length; i++)
      write((i > 0 ? ',' : '') + JSON.stringify(plain(records[i]!, section.omit)));
    write(']');
  }

  const stream = (key: string, collection: string, json: string) => {
    write(`,${JSON.stringify(key)}:[`);
    let first = true;
    let after: { updated: string; id: string } | null = null;
    for (;;) {
      const page = keysetPage(collection, json, userId, after);
      for (const row of page) {
        write(first ? row.json : `,${row.json}`);
        first = false;
      }
      if (page.length < PAGE) break;
      const last = page[page.length - 1]!;
      after = { updated: last.updated, id: last.id };
    }
    write(']');
  };
  stream('board_items', COLLECTIONS.boardItems, BOARD_ITEM_JSON);
  stream('results', COLLECTIONS.searchResults, RESULT_JSON);
  write('}');
  send();
}
