/**
 * A board's exports (docs/boards.md#in-the-app): "Export CSV", the board's ads with the user's
 * note and labels through the one CSV builder (src/domain/results/csv.ts: formula guard, BOM);
 * and "Download creatives", a ZIP of the archived files named by Library ID with that CSV.
 *
 * The ZIP is made by client-zip's `makeZip`, a stream that fetches each file only when the
 * writer asks for more, so it is never held whole (docs/boards.md#in-the-app): where the browser
 * has the File System Access API (`showSaveFilePicker`, Chromium) it is piped straight into the
 * file the user chose; elsewhere, when a service worker controls the page, the worker hands it to
 * the browser as a download as it is made (src/web/data/browser/stream-download.ts). Only without
 * either (a private window without service workers, say) is it gathered into a Blob first.
 *
 * Offline, an original that cannot be fetched is replaced by its cached thumbnail where the
 * creative cache holds one, and a MISSING.txt in the ZIP lists the Library IDs of the originals
 * that are not in it.
 */
import { makeZip } from 'client-zip';
import {
  csvChunks,
  exportValue,
  localDay,
  RESULT_COLUMNS,
  THUMB_DETAIL,
  THUMB_GRID,
  type ArchivedCreative,
  type CsvColumn,
  type SearchResult,
} from '../../../domain/index.ts';
import {
  CREATIVES_CACHE_NAME,
  creativeDownloadName,
  creativeFileUrl,
  creativeThumbUrl,
} from '../../../domain/media/creative-files.ts';
import { streamDownload, type DownloadWorker } from '../../data/browser/stream-download.ts';
import type { LocalBoardItem } from '../../data/local/boards.ts';
import { labelsText } from './board-labels.ts';

/** One line of the export: the item and the ad's newest row here (undefined: not stored here). */
export interface BoardRow {
  item: LocalBoardItem;
  row: SearchResult | undefined;
}

/** The board's columns first, then every data column of the Database export. */
export const BOARD_CSV_COLUMNS: readonly CsvColumn<BoardRow>[] = [
  { key: 'ad_id', header: 'Library ID', value: ({ item }) => item.ad_id },
  { key: 'note', header: 'Note', value: ({ item }) => item.note },
  { key: 'labels', header: 'Labels', value: ({ item }) => labelsText(item.labels) },
  { key: 'added', header: 'Saved On', value: ({ item }) => item.added.slice(0, 10) },
  ...RESULT_COLUMNS.filter((column) => column.key !== 'ad_id').map((column): CsvColumn<BoardRow> => ({
    key: column.key,
    header: column.header,
    value: ({ row }) => (row ? exportValue(row, column) : ''),
  })),
];

export function boardCsvChunks(rows: readonly BoardRow[]): Generator<string, void, undefined> {
  return csvChunks(BOARD_CSV_COLUMNS, rows);
}

/** AdScout_Board_<name>_<yyyy-MM-dd> (the name's letters, digits, - and _ only), and the extension. */
export function boardFileName(name: string, date: Date, extension: 'csv' | 'zip'): string {
  const safe =
    name
      .replace(/[^\p{L}\p{N}_-]+/gu, '-')
      .replace(/^-+|-+$/g, '')
      .slice(0, 60) || 'board';
  return `AdScout_Board_${safe}_${localDay(date)}.${extension}`;
}

export interface ZipProgress {
  done: number;
  total: number;
}

export interface ZipDeps {
  creativeOf: (id: string) => ArchivedCreative | undefined;
  /** fetch, for the originals (same origin: PocketBase's file route). */
  fetchFile: (url: string) => Promise<Response>;
  /** The creative cache's copy of a URL, if any. */
  cached: (url: string) => Promise<Response | undefined>;
  offline: boolean;
  onProgress: (progress: ZipProgress) => void;
}

type ZipEntry = { name: string; input: string | Response; lastModified?: Date };

/**
 * The ZIP's entries, made one at a time as the stream asks: the CSV, then each item's original
 * (or, when it cannot be had, its cached thumbnail), then MISSING.txt when originals are missing.
 */
export async function* boardZipEntries(
  rows: readonly BoardRow[],
  csv: string,
  deps: ZipDeps,
): AsyncGenerator<ZipEntry> {
  const now = new Date();
  yield { name: 'ads.csv', input: csv, lastModified: now };
  const missing: string[] = [];
  const names = new Set<string>();
  let done = 0;
  for (const { item } of rows) {
    const creative = item.creative ? deps.creativeOf(item.creative) : undefined;
    const url = creative && creativeFileUrl(creative);
    let entry: ZipEntry | null = null;
    if (creative && url) {
      const name = unique(names, creativeDownloadName(creative, item.ad_id));
      const original = deps.offline ? undefined : await deps.fetchFile(url).catch(() => undefined);
      if (original?.ok) entry = { name, input: original };
      else {
        missing.push(item.ad_id);
        const still = await stillOf(creative, deps);
        if (still)
          entry = { name: unique(names, `thumbnails/${name.replace(/\.[^.]+$/, '')}.jpg`), input: still };
      }
    } else missing.push(item.ad_id);
    if (entry) yield entry;
    deps.onProgress({ done: ++done, total: rows.length });
  }
  if (missing.length)
    yield {
      name: 'MISSING.txt',
      input: `The original creatives of these ads are not in this file (not archived yet, or not reachable offline):\r\n${missing.join('\r\n')}\r\n`,
      lastModified: now,
    };
}

async function stillOf(creative: ArchivedCreative, deps: ZipDeps): Promise<Response | undefined> {
  for (const size of [THUMB_DETAIL, THUMB_GRID] as const) {
    const url = creativeThumbUrl(creative, size);
    const hit = url ? await deps.cached(url).catch(() => undefined) : undefined;
    if (hit?.ok) return hit;
  }
  return undefined;
}

function unique(names: Set<string>, name: string): string {
  let candidate = name;
  for (let n = 2; names.has(candidate); n++) candidate = name.replace(/(\.[^.]+)?$/, `-${n}$1`);
  names.add(candidate);
  return candidate;
}

/** The creative cache's copy of a URL (docs/local-first.md#offline-creatives). */
export async function cachedCreative(url: string): Promise<Response | undefined> {
  if (typeof caches === 'undefined') return undefined;
  const cache = await caches.open(CREATIVES_CACHE_NAME);
  return cache.match(url);
}

interface SaveFilePicker {
  showSaveFilePicker?: (options: {
    suggestedName: string;
    types: { description: string; accept: Record<string, string[]> }[];
  }) => Promise<{ createWritable(): Promise<WritableStream<Uint8Array>> }>;
}

/** How the ZIP reaches the disk: the file picked, the service worker's download, or a Blob. */
export type ZipWay = 'file' | 'stream' | 'memory';

export interface SaveZipDeps {
  /** The service worker that controls the page, if any (controllingWorker()). */
  worker: DownloadWorker | null;
  /** Saves a Blob as a download (the last resort). */
  download: (name: string, blob: Blob) => void;
  onWay?: (way: ZipWay) => void;
  /** Starts the browser's download of the worker's path (a link followed, by default). */
  open?: (path: string) => void;
}

const ZIP_TYPE = 'application/zip';

/**
 * Writes the ZIP to disk as it is made, in the first way the browser has (see above). Resolves
 * when the file is written; rejects with an AbortError when the user cancels the picker, and with
 * DownloadCancelledError when the user cancels the service worker's download.
 */
export async function saveZip(
  fileName: string,
  entries: AsyncIterable<ZipEntry>,
  deps: SaveZipDeps,
): Promise<void> {
  const picker = (globalThis as unknown as SaveFilePicker).showSaveFilePicker;
  if (picker) {
    deps.onWay?.('file');
    const handle = await picker({
      suggestedName: fileName,
      types: [{ description: 'ZIP archive', accept: { [ZIP_TYPE]: ['.zip'] } }],
    });
    await makeZip(entries).pipeTo(await handle.createWritable());
    return;
  }
  const zip = makeZip(entries);
  if (deps.worker) {
    deps.onWay?.('stream');
    const options = { worker: deps.worker, ...(deps.open ? { open: deps.open } : {}) };
    if ((await streamDownload(fileName, ZIP_TYPE, zip, options)) === 'done') return;
  }
  // no worker, or one that did not take it (the stream is unread)
  deps.onWay?.('memory');
  deps.download(fileName, await new Response(zip).blob());
}
