/**
 * Sync engine (ARCHITECTURE §7): keeps one user's local database a mirror of their runs, results
 * and keyword sets on the server, and pushes the writes made on this device.
 *
 * - Realtime first, then pull: events are applied as they come, and a pull by an (updated, id)
 *   keyset cursor catches up on whatever realtime missed (before it connected, while it was cut).
 *   Each pulled page is written together with its cursor in one transaction, so a tab closed
 *   mid-pull resumes where it stopped.
 * - Every write keeps the newer version by the server's `updated` (last writer wins), so realtime
 *   and pulls can interleave in any order.
 * - Outbox: keyword-set changes are stored locally with an outbox entry in one transaction and
 *   pushed in order; a change made over a version the server no longer has loses to the server's
 *   version (server wins) and the user is told.
 *
 * It takes its PocketBase client and database as parameters and touches no window API, so the
 * integration tests run it in Node against a real PocketBase with fake-indexeddb.
 */
import type PocketBase from 'pocketbase';
import type { RecordModel, RecordSubscription } from 'pocketbase';
import {
  COLLECTIONS,
  keywordSetSchema,
  MESSAGES,
  searchResultSchema,
  searchRunSchema,
  type KeywordSet,
  type LocaleCode,
  type SearchResult,
  type SearchRun,
} from '../../domain/index.ts';
import { errorMessage, isRetryable } from './errors.ts';
import type { LocalDb, LocalKeywordSet, OutboxItem, RunResults, SyncCursor } from './local-db.ts';
import { followCollection } from './realtime.ts';

export type SyncPhase = 'starting' | 'pulling' | 'idle' | 'offline' | 'error';

export interface SyncState {
  phase: SyncPhase;
  /** True once a full pull has finished in this session (or an earlier one on this device). */
  caughtUp: boolean;
  /** When the last pull finished (ms since epoch), null before the first one. */
  lastPulledAt: number | null;
  /** Rows received by the pull in progress (for a progress line on a first sync). */
  pulledRows: number;
  /** Writes made on this device that have not reached the server yet. */
  pendingWrites: number;
}

export interface SyncNotice {
  kind: 'error' | 'warning' | 'info';
  message: string;
}

export type FlushOutcome = 'done' | 'offline' | 'retry-later';

export interface SyncEngineOptions {
  pb: PocketBase;
  db: LocalDb;
  userId: string;
  /** Records per pull request (PocketBase allows up to 1,000). */
  pageSize?: number;
  /**
   * How long realtime events are gathered before acting on them: result rows are written
   * together, and a burst of run updates leads to one pull of the rows they announce.
   */
  realtimeBatchMs?: number;
  notify?: (notice: SyncNotice) => void;
}

export interface SyncEngine {
  /** Subscribes to realtime, then pulls and pushes the outbox. Resolves when the first pull ends. */
  start(): Promise<void>;
  stop(): Promise<void>;
  /** Pulls everything changed since the cursors; calls made during a pull coalesce into one more. */
  pull(): Promise<void>;
  flushOutbox(): Promise<FlushOutcome>;
  /**
   * Stores a keyword set on this device and queues it for the server, in one transaction.
   * Returns the outbox entry's number.
   */
  saveKeywordSet(locale: LocaleCode, keywords: string[]): Promise<number>;
  /** The server's message if it refused the outbox entry `seq` (since this engine started). */
  refusal(seq: number): string | undefined;
  state(): SyncState;
  onState(listener: (state: SyncState) => void): () => void;
  /** Rows written to the local database (pulled or realtime), after their transaction committed. */
  onResults(listener: (rows: SearchResult[]) => void): () => void;
}

/** Field lists sent as `fields`: PocketBase's collectionId/collectionName are not kept. */
const RESULT_FIELDS = Object.keys(searchResultSchema.shape).join(',');
const RUN_FIELDS = Object.keys(searchRunSchema.shape).join(',');
const KEYWORD_SET_FIELDS = Object.keys(keywordSetSchema.shape).join(',');

type Versioned = { id: string; updated: string };

/** The newer of two versions of a record by server `updated` (ties: the incoming one). */
function isNewer(incoming: Versioned, known: Versioned | undefined): boolean {
  return !known || incoming.updated >= known.updated;
}

function strip<T>(record: RecordModel, keys: readonly string[]): T {
  const out: Record<string, unknown> = {};
  for (const key of keys) if (key in record) out[key] = record[key];
  return out as T;
}
const RESULT_KEYS = Object.keys(searchResultSchema.shape);
const RUN_KEYS = Object.keys(searchRunSchema.shape);
const KEYWORD_SET_KEYS = Object.keys(keywordSetSchema.shape);

/** A PocketBase-style record id (15 of [a-z0-9]), made here so a retried create stays one record. */
export function newRecordId(): string {
  const alphabet = 'abcdefghijklmnopqrstuvwxyz0123456789';
  const bytes = crypto.getRandomValues(new Uint8Array(15));
  return Array.from(bytes, (b) => alphabet[b % alphabet.length]).join('');
}

function sameList(a: readonly string[], b: readonly string[]): boolean {
  return a.length === b.length && a.every((value, i) => value === b[i]);
}

export function createSyncEngine(options: SyncEngineOptions): SyncEngine {
  const { pb, db, userId } = options;
  const pageSize = options.pageSize ?? 1000;
  const realtimeBatchMs = options.realtimeBatchMs ?? 100;
  const notify = options.notify ?? (() => undefined);

  let stopped = false;
  let state: SyncState = {
    phase: 'starting',
    caughtUp: false,
    lastPulledAt: null,
    pulledRows: 0,
    pendingWrites: 0,
  };
  const stateListeners = new Set<(state: SyncState) => void>();
  const resultListeners = new Set<(rows: SearchResult[]) => void>();
  const stops: Array<() => void> = [];

  const setState = (patch: Partial<SyncState>) => {
    state = { ...state, ...patch };
    for (const listener of stateListeners) listener(state);
  };
  const emitResults = (rows: SearchResult[]) => {
    if (rows.length === 0) return;
    for (const listener of resultListeners) listener(rows);
  };

  // --- writing into the local database -----------------------------------------------------

  /** Merges rows into their runs' records; returns the rows that were newer than what we had. */
  async function writeResults(rows: SearchResult[], cursor?: SyncCursor): Promise<SearchResult[]> {
    const byRun = new Map<string, SearchResult[]>();
    for (const row of rows) {
      const list = byRun.get(row.run);
      if (list) list.push(row);
      else byRun.set(row.run, [row]);
    }
    const written: SearchResult[] = [];
    await db.transaction('rw', db.results, db.meta, async () => {
      const runIds = [...byRun.keys()];
      const chunks = await db.results.bulkGet(runIds);
      const next: RunResults[] = [];
      runIds.forEach((run, i) => {
        const existing = chunks[i]?.rows ?? [];
        const merged = existing.slice();
        const index = new Map(merged.map((row, position) => [row.id, position]));
        for (const row of byRun.get(run)!) {
          const at = index.get(row.id);
          if (at === undefined) {
            index.set(row.id, merged.length);
            merged.push(row);
            written.push(row);
          } else if (isNewer(row, merged[at]) && row.updated !== merged[at]!.updated) {
            merged[at] = row;
            written.push(row);
          }
        }
        next.push({ run, rows: merged });
      });
      await db.results.bulkPut(next);
      if (cursor) await db.meta.put({ key: `cursor:${COLLECTIONS.searchResults}`, value: cursor });
    });
    return written;
  }

  async function writeRuns(runs: SearchRun[], cursor?: SyncCursor): Promise<void> {
    await db.transaction('rw', db.runs, db.meta, async () => {
      const known = await db.runs.bulkGet(runs.map((run) => run.id));
      const newer = runs.filter((run, i) => isNewer(run, known[i]));
      if (newer.length) await db.runs.bulkPut(newer);
      if (cursor) await db.meta.put({ key: `cursor:${COLLECTIONS.searchRuns}`, value: cursor });
    });
  }

  async function writeKeywordSets(sets: KeywordSet[], cursor?: SyncCursor): Promise<void> {
    await db.transaction('rw', db.keywordSets, db.meta, async () => {
      for (const set of sets) {
        const local = await db.keywordSets.where('locale').equals(set.locale).first();
        // A change made on this device and not pushed yet stays until the push settles it.
        if (local?.pending) continue;
        if (local && local.id !== set.id) {
          // One set per locale: the server's record replaces a local one it does not know.
          await db.keywordSets.delete(local.id);
          await db.keywordSets.put(set);
        } else if (isNewer(set, local)) await db.keywordSets.put(set);
      }
      if (cursor) await db.meta.put({ key: `cursor:${COLLECTIONS.keywordSets}`, value: cursor });
    });
  }

  // --- pulling -------------------------------------------------------------------------------

  async function readCursor(collection: string): Promise<SyncCursor> {
    const entry = await db.meta.get(`cursor:${collection}`);
    return (entry?.value as SyncCursor | undefined) ?? { updated: '', id: '' };
  }

  async function pullCollection<T extends Versioned>(
    collection: string,
    fields: string,
    keys: readonly string[],
    write: (items: T[], cursor: SyncCursor) => Promise<unknown>,
  ): Promise<void> {
    let cursor = await readCursor(collection);
    for (;;) {
      if (stopped) return;
      const page = await pb.collection(collection).getList(1, pageSize, {
        filter: pb.filter(
          'user = {:user} && (updated > {:updated} || (updated = {:updated} && id > {:id}))',
          {
            user: userId,
            updated: cursor.updated,
            id: cursor.id,
          },
        ),
        sort: 'updated,id',
        fields,
        skipTotal: true,
        requestKey: null,
      });
      if (stopped || page.items.length === 0) return;
      const items = page.items.map((record) => strip<T>(record, keys));
      const last = items[items.length - 1]!;
      cursor = { updated: last.updated, id: last.id };
      await write(items, cursor);
      if (collection === COLLECTIONS.searchResults) setState({ pulledRows: state.pulledRows + items.length });
      if (items.length < pageSize) return;
    }
  }

  async function pullAll(): Promise<void> {
    setState({ phase: 'pulling', pulledRows: 0 });
    try {
      await pullCollection<SearchRun>(COLLECTIONS.searchRuns, RUN_FIELDS, RUN_KEYS, writeRuns);
      await pullCollection<KeywordSet>(
        COLLECTIONS.keywordSets,
        KEYWORD_SET_FIELDS,
        KEYWORD_SET_KEYS,
        writeKeywordSets,
      );
      await pullCollection<SearchResult>(
        COLLECTIONS.searchResults,
        RESULT_FIELDS,
        RESULT_KEYS,
        async (rows, cursor) => emitResults(await writeResults(rows, cursor)),
      );
      if (stopped) return;
      const now = Date.now();
      await db.meta.put({ key: 'lastSyncedAt', value: now });
      setState({ phase: 'idle', caughtUp: true, lastPulledAt: now });
      // For benchmarks and diagnostics: when the mirror caught up, and with how many rows.
      performance.mark('adscout:sync-caught-up', { detail: { rows: state.pulledRows } });
    } catch (error) {
      if (stopped) return;
      const offline = isRetryable(error);
      if (!offline) console.error('[sync] pull failed', error);
      else console.warn('[sync] server unreachable; will pull again on reconnect', error);
      setState({ phase: offline ? 'offline' : 'error' });
    }
  }

  let pulling: Promise<void> | null = null;
  let pullAgain = false;
  function pull(): Promise<void> {
    if (pulling) {
      pullAgain = true;
      return pulling;
    }
    pulling = (async () => {
      try {
        do {
          pullAgain = false;
          await pullAll();
        } while (pullAgain && !stopped);
      } finally {
        pulling = null;
      }
    })();
    return pulling;
  }

  // --- realtime ------------------------------------------------------------------------------

  let pullTimer: ReturnType<typeof setTimeout> | null = null;
  /** One pull shortly after a burst of run updates (a batch of rows, then the settlement). */
  function schedulePull() {
    if (pullTimer || stopped) return;
    pullTimer = setTimeout(() => {
      pullTimer = null;
      if (!stopped) void pull();
    }, realtimeBatchMs);
  }

  let pendingRows: SearchResult[] = [];
  let rowTimer: ReturnType<typeof setTimeout> | null = null;
  let rowWrite: Promise<void> = Promise.resolve();
  function queueRealtimeRow(row: SearchResult) {
    pendingRows.push(row);
    if (rowTimer) return;
    rowTimer = setTimeout(() => {
      rowTimer = null;
      const rows = pendingRows;
      pendingRows = [];
      rowWrite = rowWrite
        .then(async () => {
          if (!stopped) emitResults(await writeResults(rows));
        })
        .catch((error) => console.error('[sync] storing realtime rows failed', error));
    }, realtimeBatchMs);
  }

  function onRealtime(collection: string, event: RecordSubscription) {
    if (stopped || event.record.user !== userId) return;
    const reportFailure = (error: unknown) =>
      console.error(`[sync] realtime ${collection} not stored`, error);
    if (collection === COLLECTIONS.searchResults) {
      const row = strip<SearchResult>(event.record, RESULT_KEYS);
      if (event.action === 'delete') {
        void db
          .transaction('rw', db.results, async () => {
            const chunk = await db.results.get(row.run);
            if (chunk)
              await db.results.put({ run: row.run, rows: chunk.rows.filter((r) => r.id !== row.id) });
          })
          .catch(reportFailure);
      } else queueRealtimeRow(row);
    } else if (collection === COLLECTIONS.searchRuns) {
      const run = strip<SearchRun>(event.record, RUN_KEYS);
      // The worker stores result rows in bulk, without a realtime event per row; each batch
      // updates the run (progress, then status), and that is the signal to pull the new rows.
      if (event.action !== 'delete') schedulePull();
      if (event.action === 'delete') {
        void db
          .transaction('rw', db.runs, db.results, () =>
            Promise.all([db.runs.delete(run.id), db.results.delete(run.id)]),
          )
          .catch(reportFailure);
      } else void writeRuns([run]).catch(reportFailure);
    } else if (collection === COLLECTIONS.keywordSets) {
      const set = strip<KeywordSet>(event.record, KEYWORD_SET_KEYS);
      if (event.action === 'delete') void db.keywordSets.delete(set.id).catch(reportFailure);
      else void writeKeywordSets([set]).catch(reportFailure);
    }
  }

  // --- outbox --------------------------------------------------------------------------------

  async function refreshPendingCount() {
    setState({ pendingWrites: await db.outbox.count() });
  }

  async function serverKeywordSet(locale: LocaleCode): Promise<KeywordSet | null> {
    const page = await pb.collection(COLLECTIONS.keywordSets).getList(1, 1, {
      filter: pb.filter('user = {:user} && locale = {:locale}', { user: userId, locale }),
      fields: KEYWORD_SET_FIELDS,
      skipTotal: true,
      requestKey: null,
    });
    return page.items[0] ? strip<KeywordSet>(page.items[0], KEYWORD_SET_KEYS) : null;
  }

  /** Settles an item: drops it and stores the server's version, in one transaction. */
  async function settle(item: OutboxItem, server: KeywordSet | null): Promise<void> {
    await db.transaction('rw', db.outbox, db.keywordSets, async () => {
      await db.outbox.delete(item.seq!);
      const later = await db.outbox.filter((other) => other.locale === item.locale).toArray();
      const local = await db.keywordSets.where('locale').equals(item.locale).first();
      if (later.length > 0) {
        // Changes queued after this one now build on the server's new version.
        for (const other of later)
          await db.outbox.update(other.seq!, {
            baseUpdated: server?.updated ?? '',
            recordId: server?.id ?? other.recordId,
          });
        if (local && server)
          await db.keywordSets.put({ ...local, id: server.id, updated: server.updated, pending: true });
        if (local && server && local.id !== server.id) await db.keywordSets.delete(local.id);
        return;
      }
      if (local) await db.keywordSets.delete(local.id);
      if (server) await db.keywordSets.put(server);
    });
  }

  async function pushItem(item: OutboxItem): Promise<void> {
    const server = await serverKeywordSet(item.locale);
    if (server && server.updated !== item.baseUpdated) {
      // The set changed on the server since this change was made: the server's version wins.
      await settle(item, server);
      if (!sameList(server.keywords, item.keywords)) {
        notify({
          kind: 'warning',
          message: `Your keyword change for ${item.locale} was made over an older version. The newer version from the server was kept.`,
        });
      }
      return;
    }
    const saved = server
      ? await pb
          .collection(COLLECTIONS.keywordSets)
          .update(server.id, { keywords: item.keywords }, { requestKey: null })
      : await pb
          .collection(COLLECTIONS.keywordSets)
          .create(
            { id: item.recordId, user: userId, locale: item.locale, keywords: item.keywords },
            { requestKey: null },
          );
    await settle(item, strip<KeywordSet>(saved, KEYWORD_SET_KEYS));
  }

  const refusals = new Map<number, string>();
  let flushing: Promise<FlushOutcome> | null = null;
  function flushOutbox(): Promise<FlushOutcome> {
    if (flushing) return flushing.then(() => flushOutbox());
    flushing = (async (): Promise<FlushOutcome> => {
      try {
        for (;;) {
          if (stopped) return 'retry-later';
          const item = await db.outbox.orderBy('seq').first();
          if (!item) return 'done';
          try {
            await pushItem(item);
          } catch (error) {
            if (isRetryable(error)) {
              console.warn('[sync] outbox push postponed', error);
              return (error as { status?: number }).status === 0 ? 'offline' : 'retry-later';
            }
            // Refused by the server (4xx): park it, so later changes are not stuck behind it.
            console.error('[sync] outbox item refused', item, error);
            const message = errorMessage(error, MESSAGES.keywordsResetFailed);
            refusals.set(item.seq!, message);
            notify({ kind: 'error', message });
            const server = await serverKeywordSet(item.locale).catch(() => null);
            await settle(item, server);
          }
        }
      } finally {
        flushing = null;
        await refreshPendingCount().catch(() => undefined);
      }
    })();
    return flushing;
  }

  async function saveKeywordSet(locale: LocaleCode, keywords: string[]): Promise<number> {
    const seq = await db.transaction('rw', db.keywordSets, db.outbox, async () => {
      const local = await db.keywordSets.where('locale').equals(locale).first();
      const pendingForLocale = await db.outbox.filter((item) => item.locale === locale).first();
      const record: LocalKeywordSet = {
        id: local?.id ?? newRecordId(),
        user: userId,
        locale,
        keywords,
        created: local?.created ?? '',
        // Kept: it is the server version this change is made over.
        updated: local?.updated ?? '',
        pending: true,
      };
      await db.keywordSets.put(record);
      return db.outbox.add({
        op: 'keywords.upsert',
        recordId: record.id,
        locale,
        keywords,
        baseUpdated: pendingForLocale ? pendingForLocale.baseUpdated : (local?.updated ?? ''),
        queuedAt: Date.now(),
      });
    });
    await refreshPendingCount();
    return seq as number;
  }

  // --- lifecycle -----------------------------------------------------------------------------

  async function start(): Promise<void> {
    const caughtUpBefore = (await db.meta.get('lastSyncedAt'))?.value as number | undefined;
    setState({ caughtUp: caughtUpBefore !== undefined, lastPulledAt: caughtUpBefore ?? null });
    await refreshPendingCount();
    const onReconnect = () => {
      void pull();
      void flushOutbox();
    };
    const watches = [COLLECTIONS.searchRuns, COLLECTIONS.searchResults, COLLECTIONS.keywordSets].map(
      (collection) => followCollection(pb, collection, (event) => onRealtime(collection, event), onReconnect),
    );
    for (const watch of watches) stops.push(() => watch.stop());
    // Subscribed before the pull starts: a row stored meanwhile arrives by one path or the other.
    await Promise.all(watches.map((watch) => watch.ready));
    await pull();
    await flushOutbox();
  }

  async function stop(): Promise<void> {
    stopped = true;
    for (const stopOne of stops.splice(0)) stopOne();
    if (rowTimer) clearTimeout(rowTimer);
    if (pullTimer) clearTimeout(pullTimer);
    await rowWrite;
    await pulling?.catch(() => undefined);
    await flushing?.catch(() => undefined);
  }

  return {
    start,
    stop,
    pull,
    flushOutbox,
    saveKeywordSet,
    refusal: (seq) => refusals.get(seq),
    state: () => state,
    onState(listener) {
      stateListeners.add(listener);
      return () => stateListeners.delete(listener);
    },
    onResults(listener) {
      resultListeners.add(listener);
      return () => resultListeners.delete(listener);
    },
  };
}
