/**
 * "Download my data" (issue 19): GET /api/adscout/account/export writes one JSON file of the
 * user's data — the account, subscription, runs, keyword sets, watches (when that collection
 * exists), ledger and audit log, then every result as an object with the Database's columns.
 * It is streamed: the results are read a page at a time by a (created, id) keyset and written out
 * as they are read, so 50,000 results never sit in memory at once, let alone twice.
 */
import { RESULT_COLUMNS, resultJsonObject } from '../../domain/result-columns.ts';

const PAGE = 1000;
/** Bytes gathered before a write to the connection. */
const FLUSH_AT = 256 * 1024;

/** The owned collections written whole (small), in the file's order, and their keys in it. */
const SECTIONS: { key: string; collection: string; optional?: boolean }[] = [
  { key: 'runs', collection: 'search_runs' },
  { key: 'keyword_sets', collection: 'keyword_sets' },
  { key: 'watches', collection: 'watches', optional: true },
  { key: 'usage_ledger', collection: 'usage_ledger' },
  { key: 'audit_logs', collection: 'audit_logs' },
];

/** A record's public fields without PocketBase's collection bookkeeping. */
function plain(record: core.Record): { [key: string]: unknown } {
  const data = JSON.parse(JSON.stringify(record)) as { [key: string]: unknown };
  delete data.collectionId;
  delete data.collectionName;
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

/** The result's cells as the export writes them: the Database columns and the run it came from. */
function resultObject(record: core.Record): { [key: string]: unknown } {
  const row: { [key: string]: unknown } = {};
  for (const column of RESULT_COLUMNS) {
    row[column.key] = column.kind === 'number' ? record.getFloat(column.key) : record.getString(column.key);
  }
  const out: { [key: string]: unknown } = { run: record.getString('run') };
  const cells = resultJsonObject(row);
  for (const key of Object.keys(cells)) out[key] = cells[key];
  return out;
}

export function exportAccount(e: core.RequestEvent, userId: string): void {
  const user = $app.findRecordById('users', userId);
  user.ignoreEmailVisibility(true);
  const day = new Date().toISOString().slice(0, 10);
  const header = e.response.header();
  header.set('Content-Type', 'application/json; charset=utf-8');
  header.set('Content-Disposition', `attachment; filename="adscout-data-${day}.json"`);
  header.set('Cache-Control', 'no-store');
  e.response.writeHeader(200);

  let buffer = '';
  const write = (text: string) => {
    buffer += text;
    if (buffer.length >= FLUSH_AT) {
      e.response.write(buffer);
      buffer = '';
      e.flush();
    }
  };

  const account = plain(user);
  write(`{"format":"adscout-data-export/1","exported_at":${JSON.stringify(new Date().toISOString())}`);
  write(`,"account":${JSON.stringify(account)}`);
  const subscriptions = $app.findAllRecords('subscriptions', $dbx.hashExp({ user: userId }));
  write(`,"subscription":${subscriptions.length > 0 ? JSON.stringify(plain(subscriptions[0]!)) : 'null'}`);
  for (const section of SECTIONS) {
    if (section.optional && !exists(section.collection)) continue;
    const records = $app.findRecordsByFilter(section.collection, 'user = {:user}', 'created,id', 0, 0, {
      user: userId,
    });
    write(`,${JSON.stringify(section.key)}:[`);
    for (let i = 0; i < records.length; i++) write((i > 0 ? ',' : '') + JSON.stringify(plain(records[i]!)));
    write(']');
  }

  write(',"results":[');
  let first = true;
  let after: { created: string; id: string } | null = null;
  for (;;) {
    const page: (core.Record | undefined)[] = after
      ? $app.findRecordsByFilter(
          'search_results',
          'user = {:user} && (created > {:created} || (created = {:created} && id > {:id}))',
          'created,id',
          PAGE,
          0,
          { user: userId, created: after.created, id: after.id },
        )
      : $app.findRecordsByFilter('search_results', 'user = {:user}', 'created,id', PAGE, 0, { user: userId });
    for (const record of page) {
      write((first ? '' : ',') + JSON.stringify(resultObject(record!)));
      first = false;
    }
    if (page.length < PAGE) break;
    const last = page[page.length - 1]!;
    after = { created: last.getString('created'), id: last.id };
  }
  write(']}');
  e.response.write(buffer);
  e.flush();
}
