/**
 * The outbox: keyword-set changes made on this device are stored with an outbox entry in one
 * transaction, shown at once, and pushed in order when the server can be reached. merge.ts decides
 * what a push does and how it settles (a change made over a version the server no longer has
 * loses to the server's version, and the user is told); this module talks to the server and
 * applies those decisions.
 */
import type PocketBase from 'pocketbase';
import { MESSAGES, type KeywordSet, type LocaleCode } from '../../../domain/index.ts';
import { errorMessage, isRetryable } from '../errors.ts';
import type { LocalDb, OutboxItem } from '../local-db.ts';
import { decidePush, queueKeywordChange, settleOutboxItem } from './merge.ts';
import { KEYWORD_SETS, newRecordId } from './records.ts';
import type { FlushOutcome, SyncNotice, SyncStatus } from './status.ts';

export interface OutboxOptions {
  pb: PocketBase;
  db: LocalDb;
  userId: string;
  status: SyncStatus;
  isStopped: () => boolean;
  notify: (notice: SyncNotice) => void;
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
}

export function createOutbox(options: OutboxOptions): Outbox {
  const { pb, db, userId, status, isStopped, notify } = options;
  const sets = () => pb.collection(KEYWORD_SETS.name);

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

  /** Drops the entry and stores the server's version, in one transaction. */
  async function settle(item: OutboxItem, server: KeywordSet | null): Promise<void> {
    await db.transaction('rw', db.outbox, db.keywordSets, async () => {
      const queued = await db.outbox.toArray();
      const local = await db.keywordSets.where('locale').equals(item.locale).first();
      const writes = settleOutboxItem(item, server, queued, local);
      await db.outbox.delete(item.seq!);
      for (const { seq, ...changes } of writes.rebase) await db.outbox.update(seq, changes);
      if (writes.deleteSets.length) await db.keywordSets.bulkDelete(writes.deleteSets);
      if (writes.putSet) await db.keywordSets.put(writes.putSet);
    });
  }

  async function push(item: OutboxItem): Promise<void> {
    const decision = decidePush(item, await serverSet(item.locale), userId);
    if (decision.kind === 'server-wins') {
      await settle(item, decision.server);
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
    await settle(item, KEYWORD_SETS.fromServer(saved));
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
            await settle(item, await serverSet(item.locale).catch(() => null));
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
    const seq = await db.transaction('rw', db.keywordSets, db.outbox, async () => {
      const local = await db.keywordSets.where('locale').equals(locale).first();
      const queued = await db.outbox.filter((item) => item.locale === locale).first();
      const change = { userId, locale, keywords, queuedAt: Date.now(), newId: newRecordId() };
      const { record, item } = queueKeywordChange(change, local, queued);
      await db.keywordSets.put(record);
      return db.outbox.add(item);
    });
    await countPending();
    return seq as number;
  }

  return { save, flush, running: () => flushing, refusal: (seq) => refusals.get(seq), countPending };
}
