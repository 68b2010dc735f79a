/**
 * A record's fields by kind, and a check of a record against them without zod: for a record the
 * first /app page must validate before it paints (the subscription gate's), where zod's ~11 KB
 * would be the page's only use of it (docs/benchmarks/pwa.md). entities.ts builds the same
 * record's zod schema from the same kinds (zodShapeOf), so the two cannot disagree.
 */

/** A text, a boolean, a whole number, or one of a list of texts (a select). */
export type FieldKind = 'string' | 'boolean' | 'int' | readonly [string, ...string[]];
export type FieldKinds = Readonly<Record<string, FieldKind>>;

export type ValueOfKind<K extends FieldKind> = K extends 'string'
  ? string
  : K extends 'boolean'
    ? boolean
    : K extends 'int'
      ? number
      : K extends readonly string[]
        ? K[number]
        : never;

export type RecordOfKinds<K extends FieldKinds> = { -readonly [F in keyof K]: ValueOfKind<K[F]> };

export type RecordCheck<T> = { ok: true; record: T } | { ok: false; problem: string };

function fits(kind: FieldKind, value: unknown): boolean {
  if (kind === 'string') return typeof value === 'string';
  if (kind === 'boolean') return typeof value === 'boolean';
  if (kind === 'int') return Number.isSafeInteger(value);
  return typeof value === 'string' && kind.includes(value);
}

/**
 * The record with only the listed fields (others, such as PocketBase's collectionName, are left
 * out as zod's object parse leaves them), or the first field that does not fit its kind.
 */
export function checkRecord<K extends FieldKinds>(kinds: K, value: unknown): RecordCheck<RecordOfKinds<K>> {
  if (typeof value !== 'object' || value === null || Array.isArray(value))
    return { ok: false, problem: 'not an object' };
  const source = value as Record<string, unknown>;
  const record: Record<string, unknown> = {};
  for (const [field, kind] of Object.entries(kinds)) {
    if (!fits(kind, source[field]))
      return {
        ok: false,
        problem: `${field}: expected ${typeof kind === 'string' ? kind : kind.join(' | ')}`,
      };
    record[field] = source[field];
  }
  return { ok: true, record: record as RecordOfKinds<K> };
}
