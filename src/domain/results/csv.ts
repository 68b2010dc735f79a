/**
 * CSV exports (docs/product.md#calls-and-exports, docs/invariants.md#invariant-8-ad-text-is-data): a header
 * row, then every value quoted with inner quotes doubled; values that a spreadsheet would run as a formula
 * (starting with = + - @, tab, CR, LF or NUL) get a leading apostrophe; a UTF-8 BOM so Excel reads the text
 * as UTF-8; CRLF line ends. One builder for every export.
 *
 * Why not Papa.unparse: with `quotes: true`, `escapeFormulae: /^[=+\-@\t\r\n\0]/`, every value
 * turned into a string first and the BOM in front it builds the same bytes, but it is about 1.5×
 * slower on the 50,000-row export, far beyond the 10% we allowed (it runs a quote-doubling regex
 * and a formula regex on every cell). `npm run bench -- csv-export` measures both in headless
 * Chromium on the same 50,000 realistic rows × 27 columns in one page and checks the outputs are
 * identical. Medians of 9 on 2 shared cores, three runs: this builder 214 / 250 / 265 ms, Papa
 * 316 / 364 / 445 ms (1.48×, 1.46×, 1.68×). papaparse reads CSV datasets instead (dataset-file.ts).
 */

export interface CsvColumn<R = Record<string, unknown>> {
  key: string;
  header: string;
  /** The cell's value in a row; `row[key]` when absent. */
  value?: (row: R) => unknown;
}

const BOM = '\uFEFF';
/** First characters a spreadsheet reads as a formula: = + - @ tab CR LF NUL. */
const FORMULA_START = new Set([0x3d, 0x2b, 0x2d, 0x40, 0x09, 0x0d, 0x0a, 0x00]);

/** One cell: text, neutralized against formula injection, quoted, inner quotes doubled. */
export function csvCell(value: unknown): string {
  let text = value === null || value === undefined ? '' : typeof value === 'string' ? value : String(value);
  // Character tests rather than regular expressions: an export runs this 1.35 million times.
  if (FORMULA_START.has(text.charCodeAt(0))) text = `'${text}`;
  return text.includes('"') ? `"${text.replace(/"/g, '""')}"` : `"${text}"`;
}

/** Rows per chunk of csvChunks: about 0.7 MB of a typical export, a few ms to build. */
export const CSV_CHUNK_ROWS = 2000;

/**
 * The CSV in pieces: the BOM and header line, then the lines of each `chunkRows` rows, every
 * piece ending with CRLF, so that their concatenation is the file. An export can turn each piece
 * into a Blob part and give the page back its turn in between, instead of building one string of
 * tens of MB in one task. Each cell is its column's `value` of the row (read straight from the
 * row when the column has none: no copy of any row is made).
 */
export function* csvChunks<R>(
  columns: readonly CsvColumn<R>[],
  rows: readonly R[],
  chunkRows = CSV_CHUNK_ROWS,
): Generator<string, void, undefined> {
  yield `${BOM}${columns.map((column) => csvCell(column.header)).join(',')}\r\n`;
  const values = columns.map(
    (column) => column.value ?? ((row: R) => (row as Record<string, unknown>)[column.key]),
  );
  // Lines joined once per piece: a string grown by += is a rope of thousands of parts, which
  // Chromium then flattens when it turns the piece into bytes, and the export took twice as long.
  for (let start = 0; start < rows.length; start += chunkRows) {
    const end = Math.min(rows.length, start + chunkRows);
    const lines = new Array<string>(end - start);
    for (let i = start; i < end; i++) {
      const row = rows[i] as R;
      lines[i - start] = values.map((value) => csvCell(value(row))).join(',');
    }
    yield `${lines.join('\r\n')}\r\n`;
  }
}

export function buildCsv<R>(columns: readonly CsvColumn<R>[], rows: readonly R[]): string {
  return [...csvChunks(columns, rows)].join('');
}

/** yyyy-MM-dd of a date on the user's calendar (local time), as the pages show dates. */
export function localDay(date: Date): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
}

/**
 * docs/product.md#constants-and-limits: AdScout_SearchHistory_<run date>.csv and
 * AdScout_SearchDatabase_<today>.csv (and the Insights page's AdScout_Products_ / AdScout_Stores_), dated on the user's calendar, so a run shown as started on the 23rd
 * exports with the 23rd.
 */
export function csvFileName(
  kind: 'SearchHistory' | 'SearchDatabase' | 'Products' | 'Stores',
  date: Date,
): string {
  return `AdScout_${kind}_${localDay(date)}.csv`;
}
