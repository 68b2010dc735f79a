import { describe, expect, it } from 'vitest';
import curiousCoder from '../../../tests/fixtures/ad-library/curious-coder.json';
import hostile from '../../../tests/fixtures/ad-library/hostile.json';
import { datasetCsv } from '../../../tests/fixtures/dataset-csv.ts';
import { parseCsvDataset, parseDatasetFile, unflattenRow } from './dataset-file.ts';
import { normalizeAd } from './normalize/normalize-ad.ts';

describe('unflattenRow', () => {
  it('folds "/" and "." paths into nested objects and numeric segments into arrays', () => {
    expect(
      unflattenRow({
        ad_archive_id: '557749506622153',
        'snapshot/body/text': 'Hello',
        'snapshot.caption': 'shop.example',
        'snapshot/cards/0/title': 'First',
        'snapshot/cards/1/title': 'Second',
        'publisher_platform/0': 'FACEBOOK',
        'publisher_platform/1': 'INSTAGRAM',
      }),
    ).toEqual({
      ad_archive_id: 557749506622153,
      snapshot: {
        body: { text: 'Hello' },
        caption: 'shop.example',
        cards: [{ title: 'First' }, { title: 'Second' }],
      },
      publisher_platform: ['FACEBOOK', 'INSTAGRAM'],
    });
  });

  it('leaves empty cells out, as the export leaves null empty', () => {
    expect(unflattenRow({ a: '', 'b/c': '', d: 'x' })).toEqual({ d: 'x' });
  });

  it('reads a cell as a number only when it is written exactly as the number prints', () => {
    expect(
      unflattenRow({
        n: '-5',
        big: '100000000000000000000',
        f: '2.5',
        zip: '01234',
        inf: '1e400',
        word: 'true',
      }),
    ).toEqual({ n: -5, big: 1e20, f: 2.5, zip: '01234', inf: '1e400', word: 'true' });
    expect(unflattenRow({ long: '12345678901234567' })).toEqual({ long: '12345678901234567' });
  });

  it('keeps a nested field over a plain value at the same path, in either column order', () => {
    expect(unflattenRow({ snapshot: 'x', 'snapshot/title': 'T' })).toEqual({ snapshot: { title: 'T' } });
    expect(unflattenRow({ 'snapshot/title': 'T', snapshot: 'x' })).toEqual({ snapshot: { title: 'T' } });
  });

  it('drops a non-index key under a list and indexes past 9,999', () => {
    expect(unflattenRow({ 'cards/0': 'a', 'cards/x': 'b', 'cards/10000': 'c' })).toEqual({ cards: ['a'] });
  });

  it('treats __proto__ and constructor columns as plain data', () => {
    const item = unflattenRow({
      '__proto__/is_active': 'true',
      'constructor/name': 'Object',
      __proto__: 'x',
    });
    expect(Object.getPrototypeOf(item)).toBe(Object.prototype);
    expect(Object.prototype.hasOwnProperty.call(item, '__proto__')).toBe(true);
    expect(JSON.parse(JSON.stringify(item))).toEqual(
      JSON.parse('{"__proto__": {"is_active": "true"}, "constructor": {"name": "Object"}}'),
    );
    expect(({} as Record<string, unknown>).is_active).toBeUndefined();
  });
});

describe('parseCsvDataset', () => {
  it('reads a BOM, semicolons and quoted multi-line cells', () => {
    const result = parseCsvDataset('\uFEFFid;snapshot.body.text\r\n"1";"line 1\r\nline ""2"""\r\n\r\n');
    expect(result).toEqual({
      ok: true,
      format: 'csv',
      items: [{ id: 1, snapshot: { body: { text: 'line 1\r\nline "2"' } } }],
    });
  });

  it('refuses an empty file, an open quote and a row of the wrong width, saying where', () => {
    expect(parseCsvDataset(' \n')).toEqual({ ok: false, error: 'The dataset is empty.' });
    expect(parseCsvDataset('id,title\n1,a\n2,"cut\noff\n')).toEqual({
      ok: false,
      error: 'The CSV cannot be read: the quoted cell that starts on line 3 is never closed.',
    });
    expect(parseCsvDataset('id,title\n1,a\n2,b,c\n')).toEqual({
      ok: false,
      error: 'The CSV cannot be read: row 2: Too many fields: expected 2 fields but parsed 3.',
    });
  });
});

describe('parseDatasetFile', () => {
  it('reads JSON and JSON lines as parseRawDataset does, and anything else as CSV', () => {
    expect(parseDatasetFile('\uFEFF [{"id": "1"}]')).toEqual({
      ok: true,
      format: 'json',
      items: [{ id: '1' }],
    });
    expect(parseDatasetFile('{"id": "1"}\n{"id": "2"}\n')).toMatchObject({ ok: true, format: 'jsonl' });
    expect(parseDatasetFile('id\n7\n')).toEqual({ ok: true, format: 'csv', items: [{ id: 7 }] });
    expect(parseDatasetFile('')).toEqual({ ok: false, error: 'The dataset is empty.' });
  });
});

describe('a spreadsheet download of a dataset', () => {
  const context = { keywords: 'k', country: 'DE', now: Date.UTC(2025, 3, 17) };
  const rows = (items: readonly unknown[]) =>
    items.flatMap((item) => {
      const result = normalizeAd(item, context);
      return result.ok ? [result.ad] : [];
    });

  for (const separator of ['/', '.'] as const) {
    it(`normalizes to the same rows as the JSON ("${separator}" paths)`, () => {
      for (const items of [curiousCoder, hostile] as unknown[][]) {
        const csv = parseCsvDataset(datasetCsv(items, { separator }));
        if (!csv.ok) throw new Error(csv.error);
        expect(rows(csv.items)).toEqual(rows(items));
      }
    });
  }
});
