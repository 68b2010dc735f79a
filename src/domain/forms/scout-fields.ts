/**
 * The scout form's fields, in one list: what a run stores of the form that started it, and a
 * watch of the form it repeats (src/domain/runs/watches.ts names where). The hooks read and write
 * them on records, the worker gets them with a claimed run, and the web app hands them from page
 * to page through these helpers; their rules are scoutFormSchema's (forms.ts). No zod here.
 */
export const SCOUT_FORM_FIELDS = [
  'search_name',
  'facebook_link',
  'target_country',
  'keywords_used',
  'requested_count',
] as const;
export type ScoutFormField = (typeof SCOUT_FORM_FIELDS)[number];

/** The one field of the form that is a number; the others are text. */
const COUNT_FIELD = 'requested_count' satisfies ScoutFormField;
type ScoutTextField = Exclude<ScoutFormField, typeof COUNT_FIELD>;
const TEXT_FIELDS = SCOUT_FORM_FIELDS.filter((field): field is ScoutTextField => field !== COUNT_FIELD);

/** The form as a run stores it. */
export type StoredScoutForm = Record<ScoutTextField, string> & Record<typeof COUNT_FIELD, number>;

/** `fields` of `source`, and nothing else of it (a run's scout form, a watch's). */
export function pickFields<T, F extends keyof T>(source: T, fields: readonly F[]): Pick<T, F> {
  const picked = {} as Pick<T, F>;
  for (const field of fields) picked[field] = source[field];
  return picked;
}

/** Each field of the form as `read` gives it: a record's raw values, to be checked by the form's rules. */
export function readScoutFields<V>(read: (field: ScoutFormField) => V): Record<ScoutFormField, V> {
  const fields = {} as Record<ScoutFormField, V>;
  for (const field of SCOUT_FORM_FIELDS) fields[field] = read(field);
  return fields;
}

/**
 * The form a record stores, read through its typed getters (PocketBase's Record): each field
 * under its own name, or under `nameOf`'s (a watch's).
 */
export function storedScoutForm(
  record: { getString(name: string): string; getInt(name: string): number },
  nameOf: (field: ScoutFormField) => string = (field) => field,
): StoredScoutForm {
  const text = {} as Record<ScoutTextField, string>;
  for (const field of TEXT_FIELDS) text[field] = record.getString(nameOf(field));
  return { ...text, [COUNT_FIELD]: record.getInt(nameOf(COUNT_FIELD)) };
}

/** Writes each field of `form` through `write` (a record's set). */
export function writeScoutFields(
  form: StoredScoutForm,
  write: (field: ScoutFormField, value: string | number) => void,
): void {
  for (const field of SCOUT_FORM_FIELDS) write(field, form[field]);
}
