/**
 * The sync's merge rules as pure functions (docs/local-first.md#the-sync-engine). Each takes what the local
 * database holds and what arrived, and decides what to write; mirror.ts and outbox.ts only read and write
 * IndexedDB around them. merge.test.ts checks their properties on generated histories.
 *
 * - Last writer wins by the server's `updated`: realtime events and pulled pages may arrive in any
 *   order and more than once, and the mirror still ends with each record's newest version.
 * - Results are stored one record per run holding its rows (local-db.ts), so rows merge into those
 *   chunks: a new row is appended, a newer version replaces the stored one in place, an older or
 *   equal one is dropped, and exactly the rows that changed are reported (the grid receives them).
 * - Keyword sets, one per locale: a set changed on this device and not pushed yet stays until the
 *   outbox settles it.
 * - Outbox: a change is pushed only over the server version it was made over; otherwise the
 *   server's version wins and the user is told. Settling a change replaces the local set by the
 *   server's version and rebases the changes queued after it onto that version.
 */
import type { KeywordSet } from '../../../../domain/index.ts';
import type { KeywordOutboxItem, LocalKeywordSet, OutboxItem } from '../local-db.ts';

export interface Versioned {
  id: string;
  updated: string;
}

/** Whether `incoming` replaces `known` by server `updated` (ties: the incoming one). */
export function isNewer(incoming: Versioned, known: Versioned | undefined): boolean {
  return !known || incoming.updated >= known.updated;
}

// --- whole records (runs) ----------------------------------------------------------------------

/**
 * Last writer wins: the records of `incoming` to store, given `stored`, the local versions of
 * (some of) the same ids in any order. Of several incoming versions of one id, only the newest.
 */
export function newerRecords<T extends Versioned>(
  stored: readonly (T | undefined)[],
  incoming: readonly T[],
): T[] {
  const known = new Map<string, T>();
  for (const record of stored) if (record) known.set(record.id, record);
  const winners = new Map<string, T>();
  for (const record of incoming) {
    if (isNewer(record, winners.get(record.id) ?? known.get(record.id))) winners.set(record.id, record);
  }
  return [...winners.values()];
}

// --- result rows, one chunk per run ------------------------------------------------------------

export interface RunRow extends Versioned {
  run: string;
}

export interface RunChunk<Row extends RunRow> {
  run: string;
  rows: Row[];
}

export interface ChunkMerge<Row extends RunRow> {
  /** The chunks that changed, to store whole. */
  chunks: RunChunk<Row>[];
  /** The rows stored by this merge (new, or newer than the stored version), once per id. */
  written: Row[];
}

/** The runs whose chunks a merge of `rows` needs, each once. */
export function runsOf(rows: readonly RunRow[]): string[] {
  return [...new Set(rows.map((row) => row.run))];
}

/**
 * Merges rows into their runs' chunks (`stored`: the chunks of `runsOf(rows)` that exist, in any
 * order). Stored rows keep their places; new rows are appended in arrival order; a row replaces
 * its stored version only when strictly newer, so a row seen again is not reported twice.
 */
export function mergeIntoChunks<Row extends RunRow>(
  stored: readonly (RunChunk<Row> | undefined)[],
  rows: readonly Row[],
): ChunkMerge<Row> {
  const chunkOf = new Map<string, RunChunk<Row>>();
  for (const chunk of stored) if (chunk) chunkOf.set(chunk.run, chunk);
  const byRun = new Map<string, Row[]>();
  for (const row of rows) {
    const list = byRun.get(row.run);
    if (list) list.push(row);
    else byRun.set(row.run, [row]);
  }
  const chunks: RunChunk<Row>[] = [];
  const written: Row[] = [];
  for (const [run, incoming] of byRun) {
    const merged = chunkOf.get(run)?.rows.slice() ?? [];
    const position = new Map(merged.map((row, at) => [row.id, at]));
    // By id, in first-change order: a row created and then updated in one batch is reported once.
    const changed = new Map<string, Row>();
    for (const row of incoming) {
      const at = position.get(row.id);
      if (at === undefined) {
        position.set(row.id, merged.length);
        merged.push(row);
      } else if (row.updated > merged[at]!.updated) merged[at] = row;
      else continue;
      changed.set(row.id, row);
    }
    if (changed.size === 0) continue;
    chunks.push({ run, rows: merged });
    for (const row of changed.values()) written.push(row);
  }
  return { chunks, written };
}

/** The chunk without row `rowId`, or null when the row is not in it (nothing to write). */
export function withoutRow<Row extends RunRow>(
  chunk: RunChunk<Row> | undefined,
  rowId: string,
): RunChunk<Row> | null {
  if (!chunk || !chunk.rows.some((row) => row.id === rowId)) return null;
  return { run: chunk.run, rows: chunk.rows.filter((row) => row.id !== rowId) };
}

// --- keyword sets, one per locale --------------------------------------------------------------

export interface LocaleRecord extends Versioned {
  locale: string;
  pending?: boolean;
}

export interface SetWrites<S> {
  /** Ids to delete, before the puts (a locale holds one set: the index on it is unique). */
  deletes: string[];
  puts: S[];
}

/**
 * Server sets merged into the local ones (`stored`: the local sets of the incoming locales). A
 * pending local set is left alone; a server set replaces a local one with another id (one set per
 * locale: the server's record wins over one it does not know), and otherwise the newer one wins.
 */
export function mergeKeywordSets<S extends LocaleRecord>(
  stored: readonly S[],
  incoming: readonly S[],
): SetWrites<S> {
  const byLocale = new Map(stored.map((set) => [set.locale, set]));
  for (const set of incoming) {
    const local = byLocale.get(set.locale);
    if (local?.pending) continue;
    if (!local || local.id !== set.id || isNewer(set, local)) byLocale.set(set.locale, set);
  }
  const kept = new Set([...byLocale.values()].map((set) => set.id));
  return {
    deletes: stored.filter((set) => !kept.has(set.id)).map((set) => set.id),
    puts: [...byLocale.values()].filter((set) => !stored.includes(set)),
  };
}

// --- the outbox --------------------------------------------------------------------------------

export interface KeywordChange {
  userId: string;
  locale: KeywordSet['locale'];
  keywords: string[];
  /** ms since epoch */
  queuedAt: number;
  /** The id for the record if the locale has none yet (kept, so a retried create stays one). */
  newId: string;
}

/**
 * A change the user makes on this device: the local set to show at once (pending) and its outbox
 * entry. `local` is the locale's set, `queued` the locale's earliest entry still in the outbox:
 * every entry of a locale is made over the same server version (settling rebases them together).
 */
export function queueKeywordChange(
  change: KeywordChange,
  local: LocalKeywordSet | undefined,
  queued: KeywordOutboxItem | undefined,
): { record: LocalKeywordSet; item: KeywordOutboxItem } {
  const record: LocalKeywordSet = {
    id: local?.id ?? change.newId,
    user: change.userId,
    locale: change.locale,
    keywords: change.keywords,
    created: local?.created ?? '',
    // Kept: it is the server version this change is made over.
    updated: local?.updated ?? '',
    pending: true,
  };
  const item: KeywordOutboxItem = {
    op: 'keywords.upsert',
    recordId: record.id,
    locale: change.locale,
    keywords: change.keywords,
    baseUpdated: queued ? queued.baseUpdated : (local?.updated ?? ''),
    queuedAt: change.queuedAt,
  };
  return { record, item };
}

export type PushDecision =
  /** The set changed on the server since the change was made: the server's version wins. */
  | { kind: 'server-wins'; server: KeywordSet; tellUser: boolean }
  | { kind: 'update'; id: string; keywords: string[] }
  | { kind: 'create'; record: Pick<KeywordSet, 'id' | 'user' | 'locale' | 'keywords'> };

/** What pushing `item` does, given the locale's set on the server now (null: it has none). */
export function decidePush(item: KeywordOutboxItem, server: KeywordSet | null, userId: string): PushDecision {
  if (server && server.updated !== item.baseUpdated) {
    // Nothing to tell when the server already holds the same keywords.
    return { kind: 'server-wins', server, tellUser: !sameList(server.keywords, item.keywords) };
  }
  if (server) return { kind: 'update', id: server.id, keywords: item.keywords };
  return {
    kind: 'create',
    record: { id: item.recordId, user: userId, locale: item.locale, keywords: item.keywords },
  };
}

export interface SettleWrites {
  /** The other entries of the locale, now made over the server's version. */
  rebase: Array<{ seq: number; baseUpdated: string; recordId: string }>;
  /** Local set ids to delete, before the put. */
  deleteSets: string[];
  putSet: LocalKeywordSet | null;
}

/**
 * Settling `item` (pushed, lost to the server, or refused): it leaves the outbox, and the local
 * set becomes the server's version `server` (null: the server has none). While other changes of
 * the locale wait (`queued`: the outbox's entries), the local set keeps their keywords, pending,
 * over the server's version.
 */
export function settleOutboxItem(
  item: KeywordOutboxItem,
  server: KeywordSet | null,
  queued: readonly OutboxItem[],
  local: LocalKeywordSet | undefined,
): SettleWrites {
  const later = queued.filter(
    (other): other is KeywordOutboxItem =>
      other.op === 'keywords.upsert' && other.locale === item.locale && other.seq !== item.seq,
  );
  const replaced = local && (!server || local.id !== server.id) ? [local.id] : [];
  if (later.length === 0) return { rebase: [], deleteSets: replaced, putSet: server };
  return {
    rebase: later.map((other) => ({
      seq: other.seq!,
      baseUpdated: server?.updated ?? '',
      recordId: server?.id ?? other.recordId,
    })),
    deleteSets: local && server ? replaced : [],
    putSet: local && server ? { ...local, id: server.id, updated: server.updated, pending: true } : null,
  };
}

function sameList(a: readonly string[], b: readonly string[]): boolean {
  return a.length === b.length && a.every((value, i) => value === b[i]);
}
