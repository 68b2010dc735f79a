/**
 * The outbox: writes made on this device (keyword-set changes; boards and their items, whose
 * entries board-outbox.ts pushes) are stored with an outbox entry in one transaction, shown at
 * once, and pushed in order when the server can be reached. merge.ts decides
 * what a push does and how it settles (a change made over a version the server no longer has
 * loses to the server's version, and the user is told), mirror.ts stores those decisions; this
 * module talks to the server and keeps the order.
 */
import type PocketBase from 'pocketbase';
import { ClientResponseError } from 'pocketbase';
import { MESSAGES, type KeywordSet, type LocaleCode } from '../../../../domain/index.ts';
import { errorMessage, isRetryable } from '../../server/errors.ts';
import type { BoardOutboxItem, KeywordOutboxItem, LocalDb } from '../local-db.ts';
import type * as BoardOutbox from './board-outbox.ts';
import type { BoardApi, BoardPushContext } from './board-outbox.ts';
import { decidePush } from './merge.ts';
import { settleKeywordChange, storeKeywordChange } from './mirror.ts';
import { KEYWORD_SETS, newRecordId } from './records.ts';
import type { FlushOutcome, SyncNotice, SyncStatus } from './status.ts';

export interface OutboxOptions {
  pb: PocketBase;
  db: LocalDb;
  userId: string;
  status: SyncStatus;
  isStopped: () => boolean;
  notify: (notice: SyncNotice) => void;
  /** The board entries' server calls (boardApi(pb) when absent). */
  boards?: BoardApi;
}

export interface Outbox {
  /** Stores the set on this device and queues it, in one transaction; returns the entry's number. */
  save(locale: LocaleCode, keywords: string[]): Promise<number>;
  /** Pushes the entries in order until the outbox is empty or the server cannot be reached. */
  flush(): Promise<FlushOutcome>;
  /** The flush in progress, if any. */
  running(): Promise<FlushOutcome> | null;
  /** The server's message if it refused entry `seq` (since this outbox was made). */
  refusal(seq: number): string | undefined;
  /** Reads the number of entries waiting into the sync state. */
  countPending(): Promise<void>;
  /** Runs `store` (a board-mirror.ts write that adds entries), then counts the entries waiting. */
  queue<T>(store: () => Promise<T>): Promise<T>;
}

export function createOutbox(options: OutboxOptions): Outbox {
  const { pb, db, userId, status, isStopped, notify } = options;
  const sets = () => pb.collection(KEYWORD_SETS.name);
  /** board-outbox.ts, loaded with the first board entry (a load that fails is tried again later). */
  let boardOutbox: Promise<typeof BoardOutbox> | undefined;
  let boards: BoardPushContext | undefined;
  async function pushBoard(item: BoardOutboxItem): Promise<void> {
    // Not fetched (offline, on a page the service worker does not control yet): as a request that
    // could not reach the server, the push waits for the connection. Known offline, it is not
    // tried at all (its push would fail the same way).
    const unreachable = (cause?: unknown) =>
      new ClientResponseError({ status: 0, response: {}, isAbort: false, originalError: cause });
    if (!boardOutbox && globalThis.navigator?.onLine === false) throw unreachable();
    boardOutbox ??= import('./board-outbox.ts').catch((cause: unknown) => {
      boardOutbox = undefined;
      throw unreachable(cause);
    });
    const { boardApi, pushBoardEntry } = await boardOutbox;
    boards ??= { api: options.boards ?? boardApi(pb), db, userId, notify };
    await pushBoardEntry(boards, item);
  }

  async function countPending() {
    status.set({ pendingWrites: await db.outbox.count() });
  }

  async function serverSet(locale: LocaleCode): Promise<KeywordSet | null> {
    const page = await sets().getList(1, 1, {
      filter: pb.filter('user = {:user} && locale = {:locale}', { user: userId, locale }),
      fields: KEYWORD_SETS.fields,
      skipTotal: true,
      requestKey: null,
    });
    return page.items[0] ? KEYWORD_SETS.fromServer(page.items[0]) : null;
  }

  async function push(item: KeywordOutboxItem): Promise<void> {
    const decision = decidePush(item, await serverSet(item.locale), userId);
    if (decision.kind === 'server-wins') {
      await settleKeywordChange(db, item, decision.server);
      if (decision.tellUser) {
        notify({
          kind: 'warning',
          message: `Your keyword change for ${item.locale} was made over an older version. The newer version from the server was kept.`,
        });
      }
      return;
    }
    const saved =
      decision.kind === 'update'
        ? await sets().update(decision.id, { keywords: decision.keywords }, { requestKey: null })
        : await sets().create(decision.record, { requestKey: null });
    await settleKeywordChange(db, item, KEYWORD_SETS.fromServer(saved));
  }

  const refusals = new Map<number, string>();
  let flushing: Promise<FlushOutcome> | null = null;

  function flush(): Promise<FlushOutcome> {
    if (flushing) return flushing.then(() => flush());
    flushing = (async (): Promise<FlushOutcome> => {
      try {
        for (;;) {
          if (isStopped()) return 'retry-later';
          const item = await db.outbox.orderBy('seq').first();
          if (!item) return 'done';
          if (item.op !== 'keywords.upsert') {
            try {
              await pushBoard(item);
            } catch (error) {
              console.warn('[sync] outbox push postponed', error);
              return (error as { status?: number }).status === 0 ? 'offline' : 'retry-later';
            }
            continue;
          }
          try {
            await push(item);
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
            await settleKeywordChange(db, item, await serverSet(item.locale).catch(() => null));
          }
        }
      } finally {
        flushing = null;
        await countPending().catch(() => undefined);
      }
    })();
    return flushing;
  }

  async function save(locale: LocaleCode, keywords: string[]): Promise<number> {
    const change = { userId, locale, keywords, queuedAt: Date.now(), newId: newRecordId() };
    const seq = await storeKeywordChange(db, change);
    await countPending();
    return seq;
  }

  async function queue<T>(store: () => Promise<T>): Promise<T> {
    const stored = await store();
    await countPending();
    return stored;
  }

  return {
    save,
    flush,
    running: () => flushing,
    refusal: (seq) => refusals.get(seq),
    countPending,
    queue,
  };
}
