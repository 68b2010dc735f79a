/**
 * CSV exports (SPEC §7, ARCHITECTURE §7, invariant 8): a header row, then every value quoted
 * with inner quotes doubled; values that a spreadsheet would run as a formula (starting with
 * = + - @, tab, CR, LF or NUL) get a leading apostrophe; a UTF-8 BOM so Excel reads the text
 * as UTF-8; CRLF line ends. One builder for every export.
 */

export interface CsvColumn {
  key: string;
  header: string;
}

const BOM = '\uFEFF';
const FORMULA_START = /^[=+\-@\t\r\n\0]/;

/** One cell: text, neutralized against formula injection, quoted, inner quotes doubled. */
export function csvCell(value: unknown): string {
  let text = value === null || value === undefined ? '' : typeof value === 'string' ? value : String(value);
  if (FORMULA_START.test(text)) text = `'${text}`;
  return `"${text.replace(/"/g, '""')}"`;
}

export function buildCsv(columns: readonly CsvColumn[], rows: readonly Record<string, unknown>[]): string {
  const lines = [columns.map((column) => csvCell(column.header)).join(',')];
  for (const row of rows) lines.push(columns.map((column) => csvCell(row[column.key])).join(','));
  return `${BOM}${lines.join('\r\n')}\r\n`;
}

/** yyyy-MM-dd of a date, in UTC. */
export function isoDay(date: Date): string {
  return date.toISOString().slice(0, 10);
}

/** SPEC §9: AdScout_SearchHistory_<run date>.csv and AdScout_SearchDatabase_<today>.csv. */
export function csvFileName(kind: 'SearchHistory' | 'SearchDatabase', date: Date): string {
  return `AdScout_${kind}_${isoDay(date)}.csv`;
}
