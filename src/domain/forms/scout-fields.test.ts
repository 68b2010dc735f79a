import { describe, expect, it } from 'vitest';
import { scoutFormSchema } from './forms.ts';
import {
  pickFields,
  readScoutFields,
  SCOUT_FORM_FIELDS,
  storedScoutForm,
  writeScoutFields,
  type StoredScoutForm,
} from './scout-fields.ts';

const FORM: StoredScoutForm = {
  search_name: 'Pets',
  facebook_link: 'https://www.facebook.com/ads/library/?q=pets',
  target_country: 'US',
  keywords_used: 'dog toys',
  requested_count: 50,
};

/** A record double with PocketBase's getters and setter. */
function record(values: Record<string, unknown>) {
  return {
    values,
    get: (name: string) => values[name],
    getString: (name: string) => String(values[name] ?? ''),
    getInt: (name: string) => Math.trunc(Number(values[name] ?? 0)),
    set: (name: string, value: unknown) => void (values[name] = value),
  };
}

describe('the scout form fields', () => {
  it('are the fields of the scout form, in its order', () => {
    expect([...SCOUT_FORM_FIELDS]).toEqual(Object.keys(scoutFormSchema.shape));
  });

  it('are picked from a run, and nothing else of it', () => {
    const run = { ...FORM, id: 'r1', status: 'completed' };
    expect(pickFields(run, SCOUT_FORM_FIELDS)).toEqual(FORM);
  });

  it('are read raw, for the form rules to check', () => {
    const stored = record({ ...FORM, requested_count: 1.5, other: 'x' });
    expect(readScoutFields(stored.get)).toEqual({ ...FORM, requested_count: 1.5 });
  });

  it('are read typed from a record, under its own names or a watch’s', () => {
    expect(storedScoutForm(record({ ...FORM }))).toEqual(FORM);
    const { search_name: name, ...rest } = FORM;
    const watch = record({ name, ...rest });
    expect(storedScoutForm(watch, (field) => (field === 'search_name' ? 'name' : field))).toEqual(FORM);
  });

  it('are written through a setter, each once', () => {
    const target = record({});
    writeScoutFields(FORM, target.set);
    expect(target.values).toEqual(FORM);
  });
});
