/**
 * Display preferences kept on this device, per user: which Database columns are hidden.
 * Stored in localStorage under `adscout.columns.<userId>` as a JSON list of column keys; whatever
 * is read back is checked, and anything unreadable counts as "nothing hidden".
 */

const MAX_KEYS = 200;

export function hiddenColumnsStorageKey(userId: string): string {
  return `adscout.columns.${userId}`;
}

/** The column keys `userId` chose to hide (an empty list when none or unreadable). */
export function readHiddenColumns(userId: string): string[] {
  let raw: string | null;
  try {
    raw = localStorage.getItem(hiddenColumnsStorageKey(userId));
  } catch {
    return [];
  }
  if (!raw) return [];
  let parsed: unknown;
  try {
    parsed = JSON.parse(raw);
  } catch {
    return [];
  }
  if (!Array.isArray(parsed)) return [];
  const keys = new Set<string>();
  for (const item of parsed.slice(0, MAX_KEYS)) {
    if (typeof item === 'string' && item.length > 0 && item.length <= 100) keys.add(item);
  }
  return [...keys];
}

/** Remembers the hidden columns; storage being full or disabled only costs the memory. */
export function writeHiddenColumns(userId: string, keys: readonly string[]): void {
  try {
    const key = hiddenColumnsStorageKey(userId);
    if (keys.length === 0) localStorage.removeItem(key);
    else localStorage.setItem(key, JSON.stringify([...new Set(keys)]));
  } catch (error) {
    console.warn('[preferences] could not save the hidden columns', error);
  }
}
