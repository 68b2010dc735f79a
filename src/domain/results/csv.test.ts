import { describe, expect, it } from 'vitest';
import { buildCsv, csvCell, csvChunks, csvFileName } from './csv.ts';

describe('csvCell', () => {
  it('quotes every value and doubles inner quotes', () => {
    expect(csvCell('plain')).toBe('"plain"');
    expect(csvCell('say "hi"')).toBe('"say ""hi"""');
    expect(csvCell(42)).toBe('"42"');
    expect(csvCell(null)).toBe('""');
    expect(csvCell(undefined)).toBe('""');
    expect(csvCell(false)).toBe('"false"');
  });
  it('neutralizes formula-leading values', () => {
    for (const payload of [
      '=HYPERLINK("http://x","y")',
      '+1+1',
      '-2+3',
      '@SUM(A1)',
      '\tcmd',
      '\rx',
      '\nx',
      '\0x',
    ]) {
      expect(csvCell(payload).startsWith(`"'`)).toBe(true);
    }
    expect(csvCell('=1+1')).toBe(`"'=1+1"`);
    expect(csvCell('a=1')).toBe('"a=1"');
  });
  it('keeps multi-line values inside one quoted cell', () => {
    expect(csvCell('line 1\nline 2')).toBe('"line 1\nline 2"');
  });
});

describe('buildCsv', () => {
  it('writes a BOM, a header row and one CRLF-terminated row per record, in column order', () => {
    const csv = buildCsv(
      [
        { key: 'title', header: 'Title' },
        { key: 'reach', header: 'Reach' },
      ],
      [
        { title: 'Dog "toy"', reach: 1200, ignored: 'x' },
        { title: '<img src=x onerror=alert(1)>', reach: 0 },
      ],
    );
    expect(csv).toBe(
      '\uFEFF"Title","Reach"\r\n"Dog ""toy""","1200"\r\n"<img src=x onerror=alert(1)>","0"\r\n',
    );
  });
  it('with no rows, only the header', () => {
    expect(buildCsv([{ key: 'a', header: 'A' }], [])).toBe('\uFEFF"A"\r\n');
  });
});

describe('csvFileName', () => {
  it('follows the file-name pattern, dated on the local calendar', () => {
    // local-time constructors: the same calendar day whatever the machine's time zone
    expect(csvFileName('SearchHistory', new Date(2026, 10, 2, 23, 30))).toBe(
      'AdScout_SearchHistory_2026-11-02.csv',
    );
    expect(csvFileName('SearchDatabase', new Date(2026, 0, 5, 0, 5))).toBe(
      'AdScout_SearchDatabase_2026-01-05.csv',
    );
  });
});

describe('csvChunks', () => {
  const columns = [
    { key: 'a', header: 'A' },
    { key: 'b', header: 'B' },
  ];
  const rows = Array.from({ length: 5 }, (_, i) => ({ a: `=x${i}`, b: `say "${i}"` }));

  it('yields the header piece, then pieces of chunkRows lines, each ending in CRLF, that join to the file', () => {
    const pieces = [...csvChunks(columns, rows, 2)];
    expect(pieces).toEqual([
      '\uFEFF"A","B"\r\n',
      `"'=x0","say ""0"""\r\n"'=x1","say ""1"""\r\n`,
      `"'=x2","say ""2"""\r\n"'=x3","say ""3"""\r\n`,
      `"'=x4","say ""4"""\r\n`,
    ]);
    expect(pieces.join('')).toBe(buildCsv(columns, rows));
  });

  it('takes a cell from its column’s `value` when it has one, else from the row’s key', () => {
    const rows = [
      { a: 1, b: 'x' },
      { a: 2, b: null },
    ];
    const pieces = [
      ...csvChunks(
        [
          { key: 'a', header: 'A', value: (row: (typeof rows)[number]) => row.a * 10 },
          { key: 'b', header: 'B' },
        ],
        rows,
      ),
    ];
    expect(pieces.join('')).toBe('\uFEFF"A","B"\r\n"10","x"\r\n"20",""\r\n');
  });

  it('gives an empty row for no columns and the header alone for no rows', () => {
    expect([...csvChunks([], [{}, {}])].join('')).toBe('\uFEFF\r\n\r\n\r\n');
    expect([...csvChunks([{ key: 'a', header: 'A' }], [])]).toEqual(['\uFEFF"A"\r\n']);
  });
});
