/**
 * Reading a raw item from a source without trusting its shape. Builds of one actor rename fields
 * (`ad_archive_id`, `adArchiveID`, `adArchiveId`), so a field is looked up by its snake_case name
 * under any of those spellings; null counts as absent, and only own properties are read, so
 * `__proto__` or `constructor` keys in the data stay data.
 */

/** A JSON object (not null, not an array): the only thing a raw item or one of its blocks can be. */
export type JsonObject = Record<string, unknown>;

export function isJsonObject(value: unknown): value is JsonObject {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** Spelling-free keys by key: sources repeat the same hundred keys, so this stays small (bounded anyway). */
const SPELLING_FREE_KEYS = new Map<string, string>();
const SPELLING_FREE_KEYS_MAX = 5000;

/** `ad_archive_id`, `adArchiveID` and `adArchiveId` all become 'adarchiveid'. */
function spellingFreeKey(key: string): string {
  let result = SPELLING_FREE_KEYS.get(key);
  if (result === undefined) {
    result = key.replace(/_/g, '').toLowerCase();
    if (SPELLING_FREE_KEYS.size >= SPELLING_FREE_KEYS_MAX) SPELLING_FREE_KEYS.clear();
    SPELLING_FREE_KEYS.set(key, result);
  }
  return result;
}

/**
 * The own field `name` (snake_case) of an object, also found under camelCase or other capitals;
 * undefined when absent, null, or when `obj` is not an object.
 */
export function readField(obj: unknown, name: string): unknown {
  if (!isJsonObject(obj)) return undefined;
  if (Object.prototype.hasOwnProperty.call(obj, name) && obj[name] != null) return obj[name];
  const wanted = spellingFreeKey(name);
  for (const key of Object.keys(obj)) {
    if (obj[key] != null && spellingFreeKey(key) === wanted) return obj[key];
  }
  return undefined;
}

/** Follows a dotted path of field names ('ad_details.aaa_info'); numeric segments index arrays. */
export function readPath(obj: unknown, path: string): unknown {
  let current = obj;
  for (const segment of path.split('.')) {
    if (Array.isArray(current) && /^\d+$/.test(segment)) current = current[Number(segment)];
    else current = readField(current, segment);
    if (current === undefined) return undefined;
  }
  return current;
}

/** The first value that is not null, undefined or ''. */
export function firstPresent(...values: unknown[]): unknown {
  return values.find((v) => v !== undefined && v !== null && v !== '');
}

/** An array as it is, [] for anything else: a missing or wrong-typed list reads as empty. */
export function arrayOrEmpty(value: unknown): unknown[] {
  return Array.isArray(value) ? value : [];
}

/** The first element of an array, or the value itself when it is not one (one version, or many). */
export function firstOrSelf(value: unknown): unknown {
  return Array.isArray(value) ? value[0] : value;
}

/**
 * A whole, non-negative number from a number or a numeric string ('315,801'); null when the value
 * is absent or no such number (a negative, 'lots', '1e400'): the source did not give one.
 */
export function countOrNull(value: unknown): number | null {
  let n = Number.NaN;
  if (typeof value === 'number') n = value;
  else if (typeof value === 'string' && /^\s*\d[\d,. ]*\s*$/.test(value)) {
    n = Number(value.replace(/[, ]/g, ''));
  }
  return Number.isFinite(n) && n >= 0 ? Math.min(Math.floor(n), Number.MAX_SAFE_INTEGER) : null;
}

/** countOrNull, with 0 for no number. */
export function countOf(value: unknown): number {
  return countOrNull(value) ?? 0;
}

/** Builds disagree on booleans (true, 'true', 1); null when the value says neither. */
export function booleanOf(value: unknown): boolean | null {
  if (typeof value === 'boolean') return value;
  if (value === 1 || value === 0) return value === 1;
  if (typeof value === 'string') {
    const text = value.trim().toLowerCase();
    if (text === 'true') return true;
    if (text === 'false') return false;
  }
  return null;
}
