/**
 * Reads a raw ad dataset as sources export it, for `npm run normalize` and for tests that replay
 * a saved dataset: an Apify dataset (a JSON array, or JSON lines), a Graph API `ads_archive` page
 * (`{data: [...], paging}`), or one ad object.
 */

export type RawDatasetResult =
  { ok: true; items: unknown[]; format: 'json' | 'jsonl' | 'csv' } | { ok: false; error: string };

/** The items of a parsed JSON document: arrays as they are, pages by their list, else one item. */
function itemsOf(document: unknown): unknown[] {
  if (Array.isArray(document)) return document;
  if (typeof document === 'object' && document !== null) {
    for (const key of ['data', 'items']) {
      const list = (document as Record<string, unknown>)[key];
      if (Array.isArray(list)) return list;
    }
  }
  return [document];
}

/**
 * Parses dataset text. A whole-document parse comes first; when that fails, every non-blank line
 * must be a JSON value (JSON lines). An unreadable line fails the whole dataset, naming its line,
 * so that a truncated export is noticed instead of silently yielding fewer ads.
 */
export function parseRawDataset(text: string): RawDatasetResult {
  const source = text.replace(/^\uFEFF/, '');
  if (!source.trim()) return { ok: false, error: 'The dataset is empty.' };
  try {
    return { ok: true, items: itemsOf(JSON.parse(source)), format: 'json' };
  } catch {
    // not one JSON document: try JSON lines
  }
  const items: unknown[] = [];
  const lines = source.split(/\r?\n/);
  for (let i = 0; i < lines.length; i++) {
    const line = (lines[i] ?? '').trim();
    if (!line) continue;
    try {
      items.push(JSON.parse(line));
    } catch {
      return {
        ok: false,
        error: `The dataset is neither JSON nor JSON lines: line ${i + 1} is not valid JSON.`,
      };
    }
  }
  return { ok: true, items, format: 'jsonl' };
}
