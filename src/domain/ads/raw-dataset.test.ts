import { describe, expect, it } from 'vitest';
import { parseRawDataset } from './raw-dataset.ts';

describe('parseRawDataset', () => {
  it('reads a JSON array (an Apify dataset export)', () => {
    expect(parseRawDataset('[{"ad_archive_id":"1"},{"ad_archive_id":"2"}]')).toEqual({
      ok: true,
      items: [{ ad_archive_id: '1' }, { ad_archive_id: '2' }],
      format: 'json',
    });
  });

  it('reads JSON lines, skipping blank lines, with CRLF and a BOM', () => {
    expect(parseRawDataset('\uFEFF{"ad_archive_id":"1"}\r\n\r\n{"ad_archive_id":"2"}\n')).toEqual({
      ok: true,
      items: [{ ad_archive_id: '1' }, { ad_archive_id: '2' }],
      format: 'jsonl',
    });
  });

  it('reads the data list of a Graph API page and the items of a wrapper', () => {
    const page = '{"data":[{"id":"1"}],"paging":{"cursors":{"after":"x"}}}';
    expect(parseRawDataset(page)).toMatchObject({ ok: true, items: [{ id: '1' }] });
    expect(parseRawDataset('{"items":[{"id":"2"}]}')).toMatchObject({ ok: true, items: [{ id: '2' }] });
  });

  it('reads one ad object as a dataset of one', () => {
    expect(parseRawDataset('{"ad_archive_id":"1"}')).toMatchObject({
      ok: true,
      items: [{ ad_archive_id: '1' }],
    });
  });

  it('names the first unreadable line of a broken JSON lines file', () => {
    expect(parseRawDataset('{"ad_archive_id":"1"}\n\n{"ad_archive_id":')).toEqual({
      ok: false,
      error: 'The dataset is neither JSON nor JSON lines: line 3 is not valid JSON.',
    });
  });

  it.each(['', '   \n  ', '\uFEFF'])('refuses an empty dataset (%j)', (text) => {
    expect(parseRawDataset(text)).toEqual({ ok: false, error: 'The dataset is empty.' });
  });

  it('refuses a truncated JSON array', () => {
    expect(parseRawDataset('[{"ad_archive_id":"1"},').ok).toBe(false);
  });
});
