/**
 * The CSV of docs/product.md#calls-and-exports, built with Papa.unparse instead of csv.ts's hand-written
 * builder, for csv-export.bench.ts: the settings that make Papa's output byte-identical to buildCsv's —
 * every value quoted, CRLF, formulas neutralized including LF and NUL (Papa's default set misses
 * them), every value a string first (Papa skips numbers when it neutralizes, and '-2' must get
 * its apostrophe), and the BOM in front.
 */
import Papa from 'papaparse';
import type { CsvColumn } from '../../../src/domain/results/csv.ts';

const FORMULA_START = /^[=+\-@\t\r\n\0]/;

export function buildCsvWithPapa(
  columns: readonly CsvColumn[],
  rows: readonly Record<string, unknown>[],
): string {
  const data = new Array<string[]>(rows.length);
  for (let i = 0; i < rows.length; i++) {
    const row = rows[i]!;
    const cells = new Array<string>(columns.length);
    for (let j = 0; j < columns.length; j++) {
      const value = row[columns[j]!.key];
      cells[j] =
        value === null || value === undefined ? '' : typeof value === 'string' ? value : String(value);
    }
    data[i] = cells;
  }
  const body = Papa.unparse(
    { fields: columns.map((column) => column.header), data },
    { quotes: true, escapeFormulae: FORMULA_START, newline: '\r\n' },
  );
  return `\uFEFF${body}\r\n`;
}
