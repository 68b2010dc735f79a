/**
 * What the pages write to the signed-in user's local database (local-data.ts binds it): a keyword
 * list reset to the defaults, saved here and pushed through the sync engine's outbox
 * (sync/engine.ts); what the server answered to a change of a watch, kept at once; the last
 * subscription and quota the server reported, for offline use (offline-memory.ts).
 */
import type { LocaleCode, Watch } from '../../../domain/index.ts';
import { UserFacingError } from '../server/client.ts';
import { currentBinding, localDbOf } from './local-data.ts';
import { writeMeta, type MetaRecords, type RememberedKey } from './local-db.ts';
import type { FlushOutcome } from './sync/engine.ts';
import { deleteStoredWatch, writeWatches } from './sync/mirror.ts';

/**
 * Overwrites the locale's stored set with the defaults (docs/product.md#states-and-transitions). The change
 * is saved on this device at once and pushed; 'queued' means the server could not be reached and the outbox
 * will push it when the connection returns.
 */
export async function resetKeywordsToDefaults(locale: LocaleCode): Promise<'saved' | 'queued'> {
  const current = currentBinding();
  if (!current) throw new Error('Not authenticated');
  // loaded on demand (2 KB gzipped): the first /app page shows no default list (docs/benchmarks/pwa.md)
  const { defaultKeywords } = await import('./default-keywords.ts');
  const seq = await current.engine.saveKeywordSet(locale, defaultKeywords(locale));
  const outcome: FlushOutcome = await current.engine.flushOutbox();
  const refused = current.engine.refusal(seq);
  if (refused) throw new UserFacingError(refused);
  return outcome === 'done' ? 'saved' : 'queued';
}

/**
 * Stores what the server answered to a change of a watch at once (realtime brings the same
 * record a moment later): null `watch` means it was deleted.
 */
export async function keepWatchLocally(id: string, watch: Watch | null): Promise<void> {
  const db = currentBinding()?.db;
  if (!db) return;
  await (watch ? writeWatches(db, [watch]) : deleteStoredWatch(db, id));
}

/**
 * Keeps the latest server answer for the subscription or quota, for use while offline (loaded
 * through offline-memory.ts).
 */
export function writeLastKnown<K extends RememberedKey>(userId: string, key: K, value: MetaRecords[K]): void {
  const db = localDbOf(userId);
  if (db)
    void writeMeta(db, key, value).catch((error) =>
      console.warn(`[local-data] could not keep ${key}`, error),
    );
}
