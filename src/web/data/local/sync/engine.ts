/**
 * Sync engine (docs/local-first.md#the-sync-engine): keeps one user's local database a mirror of their runs,
 * results, keyword sets and watches on the server, and pushes the writes made on this device.
 *
 * - Realtime first, then pull (realtime.ts, pull.ts): events are applied as they come, and a pull
 *   by an (updated, id) keyset cursor catches up on whatever realtime missed (before it connected,
 *   while it was cut). Subscribing before the first pull means a record stored meanwhile arrives
 *   by one path or the other.
 * - Every write keeps the newer version by the server's `updated` (last writer wins, merge.ts), so
 *   realtime and pulls can interleave in any order.
 * - Outbox (outbox.ts): keyword-set changes, and boards and their items (board-outbox.ts), are stored locally with an outbox entry in one
 *   transaction and pushed in order; a change made over a version the server no longer has loses
 *   to the server's version (server wins) and the user is told.
 *
 * This module only wires those together and runs their lifecycle. It takes its PocketBase client
 * and database as parameters and touches no window API, so the integration tests run it in Node
 * against a real PocketBase with fake-indexeddb.
 */
import type PocketBase from 'pocketbase';
import type { LocaleCode, SearchResult } from '../../../../domain/index.ts';
import type { LocalDb } from '../local-db.ts';
import { createOutbox } from './outbox.ts';
import { SYNC_PAGE_MAX } from '../../../../domain/runs/sync-contract.ts';
import { createPuller } from './pull.ts';
import { followRealtime, type RealtimeFollower } from './realtime.ts';
import { createSyncStatus, listeners, type FlushOutcome, type SyncNotice, type SyncState } from './status.ts';

export type { FlushOutcome, SyncNotice, SyncPhase, SyncState } from './status.ts';

export interface SyncEngineOptions {
  pb: PocketBase;
  db: LocalDb;
  userId: string;
  /** Records per pull request (the sync route allows up to 1,000). */
  pageSize?: number;
  /**
   * How long realtime events are gathered before acting on them: result rows are written
   * together, and a burst of run updates leads to one pull of the rows they announce.
   */
  realtimeBatchMs?: number;
  /** How long archived creatives' events are gathered before their pull (realtime.ts). */
  realtimeArchiveBatchMs?: number;
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
  /**
   * Stores a change of boards or items on this device with its outbox entries (`store`: a
   * board-mirror.ts write, one transaction), then pushes the outbox without waiting for it.
   */
  queueBoardChange<T>(store: (db: LocalDb) => Promise<T>): Promise<T>;
  state(): SyncState;
  onState(listener: (state: SyncState) => void): () => void;
  /** Rows written to the local database (pulled or realtime), after their transaction committed. */
  onResults(listener: (rows: SearchResult[]) => void): () => void;
}

export function createSyncEngine(options: SyncEngineOptions): SyncEngine {
  const { pb, db, userId } = options;
  let stopped = false;
  const isStopped = () => stopped;
  const status = createSyncStatus();
  const results = listeners<SearchResult[]>();
  const puller = createPuller({
    pb,
    db,
    pageSize: options.pageSize ?? SYNC_PAGE_MAX,
    status,
    isStopped,
    onResults: results.emit,
  });
  const outbox = createOutbox({
    pb,
    db,
    userId,
    status,
    isStopped,
    notify: options.notify ?? (() => undefined),
  });
  let realtime: RealtimeFollower | null = null;

  async function start(): Promise<void> {
    const caughtUpBefore = (await db.meta.get('lastSyncedAt'))?.value as number | undefined;
    status.set({ caughtUp: caughtUpBefore !== undefined, lastPulledAt: caughtUpBefore ?? null });
    await outbox.countPending();
    if (stopped) return;
    realtime = followRealtime({
      pb,
      db,
      userId,
      batchMs: options.realtimeBatchMs ?? 100,
      archiveBatchMs: options.realtimeArchiveBatchMs ?? 2000,
      isStopped,
      onResults: results.emit,
      pull: () => void puller.pullRows(),
      onReconnect: () => {
        void puller.pull();
        void outbox.flush();
      },
    });
    await realtime.ready;
    await puller.pull();
    await outbox.flush();
  }

  async function stop(): Promise<void> {
    stopped = true;
    await realtime?.stop();
    await puller.running()?.catch(() => undefined);
    await outbox.running()?.catch(() => undefined);
  }

  return {
    start,
    stop,
    pull: puller.pull,
    flushOutbox: outbox.flush,
    saveKeywordSet: outbox.save,
    refusal: outbox.refusal,
    async queueBoardChange(store) {
      const stored = await outbox.queue(() => store(db));
      void outbox.flush();
      return stored;
    },
    state: status.get,
    onState: status.add,
    onResults: results.add,
  };
}
