/**
 * The last subscription, quota and report mail settings the server reported, kept in the user's
 * local database for offline use. Loaded on demand: the subscription store is also used by public pages, whose
 * bundle should not carry Dexie.
 */
import type { MetaRecords, RememberedKey } from './local-db.ts';

/** Keeps the server's answer (writeLastKnown in local-writes.ts, loaded on the first call). */
export function rememberForOffline<K extends RememberedKey>(
  userId: string,
  key: K,
  value: MetaRecords[K],
): void {
  void import('./local-writes.ts')
    .then((local) => local.writeLastKnown(userId, key, value))
    .catch((error) => console.warn(`[offline] could not keep ${key}`, error));
}

/** The answer kept last, if any (readLastKnown in local-reads.ts, loaded on the first call). */
export async function lastKnown<K extends RememberedKey>(
  userId: string,
  key: K,
): Promise<MetaRecords[K] | undefined> {
  try {
    return await (await import('./local-reads.ts')).readLastKnown(userId, key);
  } catch (error) {
    console.warn(`[offline] could not read the last ${key}`, error);
    return undefined;
  }
}
