/**
 * Reads a saved ad dataset whatever its format, for `npm run normalize`: JSON and JSON lines as
 * raw-dataset.ts reads them, or CSV, the spreadsheet download of a dataset (Apify's "CSV"
 * export, or a JSON export opened and saved in a spreadsheet). A CSV flattens nested fields into
 * path-named columns — `snapshot/body/text`, `snapshot.body.text`, `snapshot/cards/0/title` —
 * which are folded back into the nested items the normalizer reads.
 *
 * Not exported from index.ts: only the CLI reads CSV datasets, and keeping papaparse out of the
 * barrel keeps it out of the hooks bundle (pb_hooks/lib/domain.js) and the web's chunks.
 */
import Papa from 'papaparse';
import { parseRawDataset, type RawDatasetResult } from './raw-dataset.ts';

type Container = Record<string, unknown> | unknown[];

/** A column name's path: split on '/' and '.', so both spreadsheet spellings read the same. */
function columnPath(column: string): string[] {
  return column
    .split(/[/.]/)
    .map((segment) => segment.trim())
    .filter((segment) => segment !== '');
}

const INDEX = /^\d+$/;
/** Array indexes above this are junk (or an attack on memory), not a dataset's list positions. */
const MAX_INDEX = 9999;
const JSON_NUMBER = /^-?(0|[1-9]\d*)(\.\d+)?([eE][+-]?\d+)?$/;

function isContainer(value: unknown): value is Container {
  return typeof value === 'object' && value !== null;
}

/** An own field only: a column named `__proto__` or `constructor` is data, as in JSON.parse. */
function own(parent: Container, key: string): unknown {
  return Object.prototype.hasOwnProperty.call(parent, key)
    ? (parent as Record<string, unknown>)[key]
    : undefined;
}

function set(parent: Container, key: string, value: unknown): void {
  Object.defineProperty(parent, key, { value, enumerable: true, writable: true, configurable: true });
}

/**
 * A cell as the JSON value it was written from: text that is exactly how a number prints
 * (String(n)) reads as that number — so an id past 2^53, whose digits JSON had already lost, is
 * refused as it would be from the JSON export — and everything else stays text (the normalizer
 * reads 'true', '12' and the like wherever a source may write them).
 */
function cellValue(text: string): unknown {
  if (!JSON_NUMBER.test(text)) return text;
  const n = Number(text);
  return String(n) === text ? n : text;
}

/**
 * One CSV row as the nested item it was flattened from: a numeric path segment indexes an array
 * (`cards/0/title`), any other names an object key. Empty cells are left out, as the export
 * leaves null and empty values empty. A value never overwrites a nested field at the same path
 * (a `snapshot` column next to `snapshot/body/text` keeps the nested one).
 */
export function unflattenRow(row: Record<string, string>): Record<string, unknown> {
  const item: Record<string, unknown> = {};
  for (const [column, text] of Object.entries(row)) {
    if (typeof text !== 'string' || text === '') continue;
    const path = columnPath(column);
    let parent: Container = item;
    for (let i = 0; i < path.length; i++) {
      const segment = path[i]!;
      if (Array.isArray(parent) && !(INDEX.test(segment) && Number(segment) <= MAX_INDEX)) break;
      const current = own(parent, segment);
      if (i === path.length - 1) {
        if (!isContainer(current)) set(parent, segment, cellValue(text));
        break;
      }
      if (isContainer(current)) {
        parent = current;
      } else {
        const child: Container = INDEX.test(path[i + 1]!) ? [] : {};
        set(parent, segment, child);
        parent = child;
      }
    }
  }
  return item;
}

/**
 * Parses CSV text (any delimiter a spreadsheet writes: comma, semicolon, tab) with a header row
 * into nested items. A quote left open or a row with more or fewer cells than the header fails
 * the whole dataset, naming where, so that a truncated or broken export is noticed.
 */
export function parseCsvDataset(text: string): RawDatasetResult {
  const source = text.replace(/^\uFEFF/, '');
  if (!source.trim()) return { ok: false, error: 'The dataset is empty.' };
  const parsed = Papa.parse<Record<string, string>>(source, { header: true, skipEmptyLines: 'greedy' });
  for (const error of parsed.errors) {
    if (error.type === 'Quotes') {
      const line = source.slice(0, error.index).split('\n').length;
      return {
        ok: false,
        error: `The CSV cannot be read: the quoted cell that starts on line ${line} is never closed.`,
      };
    }
    if (error.type === 'FieldMismatch')
      return { ok: false, error: `The CSV cannot be read: row ${(error.row ?? 0) + 1}: ${error.message}.` };
  }
  return { ok: true, items: parsed.data.map(unflattenRow), format: 'csv' };
}

/**
 * A dataset file's items: JSON (a document or JSON lines) when the text starts with `[` or `{`,
 * else CSV.
 */
export function parseDatasetFile(text: string): RawDatasetResult {
  const start = /\S/.exec(text.replace(/^\uFEFF/, ''))?.[0];
  return start === '[' || start === '{' || start === undefined
    ? parseRawDataset(text)
    : parseCsvDataset(text);
}
