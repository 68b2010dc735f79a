/**
 * Display preferences kept on this device, per user: which Database columns are hidden.
 * Stored in localStorage under `adscout.columns.<userId>` as a JSON list of column keys; whatever
 * is read back is checked, and anything unreadable counts as "nothing hidden". The columns hidden
 * until shown (DEFAULT_HIDDEN_COLUMNS, the Text on creative column) are the other way round: the
 * ones the user chose to show are listed under `adscout.columns.shown.<userId>`, so a column added
 * hidden stays hidden for a user whose list of hidden columns was saved before it existed.
 */

const MAX_KEYS = 200;

export function hiddenColumnsStorageKey(userId: string): string {
  return `adscout.columns.${userId}`;
}

export function shownColumnsStorageKey(userId: string): string {
  return `adscout.columns.shown.${userId}`;
}

/** The column keys `userId` chose to hide (an empty list when none or unreadable). */
export function readHiddenColumns(userId: string): string[] {
  return readKeys(hiddenColumnsStorageKey(userId));
}

/** Remembers the hidden columns; storage being full or disabled only costs the memory. */
export function writeHiddenColumns(userId: string, keys: readonly string[]): void {
  writeKeys(hiddenColumnsStorageKey(userId), keys);
}

/** The columns hidden by default that `userId` chose to show. */
export function readShownColumns(userId: string): string[] {
  return readKeys(shownColumnsStorageKey(userId));
}

export function writeShownColumns(userId: string, keys: readonly string[]): void {
  writeKeys(shownColumnsStorageKey(userId), keys);
}

function readKeys(storageKey: string): string[] {
  let raw: string | null;
  try {
    raw = localStorage.getItem(storageKey);
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

function writeKeys(key: string, keys: readonly string[]): void {
  try {
    if (keys.length === 0) localStorage.removeItem(key);
    else localStorage.setItem(key, JSON.stringify([...new Set(keys)]));
  } catch (error) {
    console.warn('[preferences] could not save the hidden columns', error);
  }
}
