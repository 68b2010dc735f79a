import { describe, expect, it } from 'vitest';
import {
  arrayOrEmpty,
  booleanOf,
  countOf,
  firstOrSelf,
  firstPresent,
  isJsonObject,
  readField,
  readPath,
} from './raw-access.ts';

describe('readField', () => {
  it('finds a snake_case field under any spelling builds use', () => {
    for (const key of ['ad_archive_id', 'adArchiveID', 'adArchiveId', 'AD_ARCHIVE_ID']) {
      expect(readField({ [key]: '42' }, 'ad_archive_id'), key).toBe('42');
    }
  });

  it('prefers the exact name, and skips null to a spelling that has a value', () => {
    expect(readField({ adArchiveID: '1', ad_archive_id: '2' }, 'ad_archive_id')).toBe('2');
    expect(readField({ ad_archive_id: null, adArchiveID: '3' }, 'ad_archive_id')).toBe('3');
    expect(readField({ page_id: null }, 'page_id')).toBeUndefined();
  });

  it('reads own properties only, of objects only', () => {
    const item = JSON.parse('{"__proto__": {"is_active": true}, "constructor": "data"}') as unknown;
    expect(readField(item, 'is_active')).toBeUndefined();
    expect(readField(item, 'constructor')).toBe('data');
    expect(readField({}, 'toString')).toBeUndefined();
    for (const notAnObject of [null, undefined, 'text', 7, ['a']]) {
      expect(readField(notAnObject, 'length')).toBeUndefined();
    }
  });

  it('still finds renamed fields after thousands of distinct keys', () => {
    const junk = Object.fromEntries(Array.from({ length: 6000 }, (_, i) => [`junk_key_${i}`, i]));
    expect(readField({ ...junk, pageName: 'Shop' }, 'page_name')).toBe('Shop');
  });
});

describe('readPath', () => {
  it('follows field names and array indexes', () => {
    const item = {
      ad_details: { aaa_info: { eu_total_reach: 5 } },
      snapshot: { cards: [{}, { title: 'B' }] },
    };
    expect(readPath(item, 'adDetails.aaaInfo.euTotalReach')).toBe(5);
    expect(readPath(item, 'snapshot.cards.1.title')).toBe('B');
    expect(readPath(item, 'snapshot.cards.2.title')).toBeUndefined();
    expect(readPath(item, 'ad_details.missing.eu_total_reach')).toBeUndefined();
  });
});

describe('value readers', () => {
  it('firstPresent skips null, undefined and the empty string, but not 0 or false', () => {
    expect(firstPresent(undefined, null, '', 0, 'x')).toBe(0);
    expect(firstPresent(null, false)).toBe(false);
    expect(firstPresent(undefined, '')).toBeUndefined();
  });

  it('arrayOrEmpty and firstOrSelf read one value or a list of versions', () => {
    expect(arrayOrEmpty([1, 2])).toEqual([1, 2]);
    expect(arrayOrEmpty({ 0: 'a' })).toEqual([]);
    expect(firstOrSelf(['first', 'second'])).toBe('first');
    expect(firstOrSelf('only')).toBe('only');
    expect(firstOrSelf([])).toBeUndefined();
  });

  it.each<[unknown, number]>([
    [315801, 315801],
    ['315,801', 315801],
    [' 1 204 ', 1204],
    [12.9, 12],
    [-3, 0],
    ['NaN', 0],
    ['12abc', 0],
    [Number.POSITIVE_INFINITY, 0],
    [1e300, Number.MAX_SAFE_INTEGER],
    [null, 0],
    [{ count: 5 }, 0],
  ])('countOf %j → %d', (value, expected) => {
    expect(countOf(value)).toBe(expected);
  });

  it.each<[unknown, boolean | null]>([
    [true, true],
    [false, false],
    [1, true],
    [0, false],
    ['true', true],
    ['FALSE ', false],
    ['yes', null],
    [2, null],
    [null, null],
  ])('booleanOf %j → %j', (value, expected) => {
    expect(booleanOf(value)).toBe(expected);
  });

  it('isJsonObject accepts plain objects only', () => {
    expect([{}, [], null, 'x', 1].map(isJsonObject)).toEqual([true, false, false, false, false]);
  });
});
