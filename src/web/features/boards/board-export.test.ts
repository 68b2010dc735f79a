import { afterEach, describe, expect, it } from 'vitest';
import { waitFor } from '../../../../tests/fixtures/wait-for.ts';
import { zipEntries } from '../../../../tests/fixtures/zip-entries.ts';
import type { ArchivedCreative, SearchResult } from '../../../domain/index.ts';
import { DownloadCancelledError, type DownloadWorker } from '../../data/browser/stream-download.ts';
import { createStreamDownloads, type DownloadPort } from '../../data/browser/stream-download-worker.ts';
import type { LocalBoardItem } from '../../data/local/boards.ts';
import {
  boardCsvChunks,
  boardFileName,
  boardZipEntries,
  saveZip,
  type BoardRow,
  type ZipWay,
} from './board-export.ts';

const item = (adId: string, creative: string, note = '', labels: string[] = []): LocalBoardItem => ({
  id: `i-${adId}`,
  board: 'b1',
  user: 'u',
  ad_id: adId,
  creative,
  note,
  labels,
  added: '2026-11-22 08:00:00.000Z',
  created: '',
  updated: '',
});
const creative = (id: string, mime = 'image/jpeg') =>
  ({ id, file: `${id}.jpg`, poster: '', mime, updated: '', created: '' }) as unknown as ArchivedCreative;

describe('the board CSV', () => {
  it('goes through the one CSV builder: BOM, the note and labels columns, formulas neutralised', () => {
    const rows: BoardRow[] = [
      { item: item('111', '', '=HYPERLINK("x")', ['ugc', 'hook']), row: { title: 'Lamp' } as SearchResult },
      { item: item('222', ''), row: undefined },
    ];
    const csv = [...boardCsvChunks(rows)].join('');
    expect(csv.startsWith('\uFEFF"Library ID","Note","Labels","Saved On",')).toBe(true);
    const lines = csv.split('\r\n');
    expect(lines[1]).toMatch(/^"111","'=HYPERLINK\(""x""\)","ugc, hook","2026-11-22",/);
    expect(lines[1]).toContain('"Lamp"');
    expect(lines[2]).toMatch(/^"222","","","2026-11-22",/);
  });

  it('names the files after the board and the day', () => {
    expect(boardFileName('Summer / sale!', new Date(2026, 10, 28), 'zip')).toBe(
      'AdScout_Board_Summer-sale_2026-11-28.zip',
    );
  });
});

describe('the ZIP’s entries', () => {
  it('holds the CSV and each original named by Library ID; offline, the cached thumbnails and a list of what is missing', async () => {
    const creatives = new Map([
      ['c1', creative('c1')],
      ['c2', creative('c2')],
    ]);
    const rows: BoardRow[] = [
      { item: item('111', 'c1'), row: undefined },
      { item: item('222', 'c2'), row: undefined },
      { item: item('333', ''), row: undefined },
    ];
    const progress: number[] = [];
    const entries = [];
    for await (const entry of boardZipEntries(rows, 'csv', {
      creativeOf: (id) => creatives.get(id),
      fetchFile: () => Promise.reject(new Error('offline')),
      cached: async (url) => (url.includes('/c1/') ? new Response('thumb') : undefined),
      offline: true,
      onProgress: ({ done }) => progress.push(done),
    }))
      entries.push(entry);
    expect(entries.map((entry) => entry.name)).toEqual(['ads.csv', 'thumbnails/ad-111.jpg', 'MISSING.txt']);
    expect(String(entries[2]?.input).split('\r\n').slice(1, 4)).toEqual(['111', '222', '333']);
    expect(progress).toEqual([1, 2, 3]);
  });

  it('online, takes each original as fetched', async () => {
    const entries = [];
    for await (const entry of boardZipEntries([{ item: item('111', 'c1'), row: undefined }], 'csv', {
      creativeOf: () => creative('c1'),
      fetchFile: async (url) => new Response(url),
      cached: async () => undefined,
      offline: false,
      onProgress: () => undefined,
    }))
      entries.push(entry);
    expect(entries.map((entry) => entry.name)).toEqual(['ads.csv', 'ad-111.jpg']);
    expect(await (entries[1]?.input as Response).text()).toBe('/api/files/creatives/c1/c1.jpg');
  });
});

describe('saving the ZIP', () => {
  const FILE = new Uint8Array(64 * 1024).fill(7);
  const rows: BoardRow[] = Array.from({ length: 20 }, (_, i) => ({
    item: item(`${i + 1}`, `c${i + 1}`),
    row: undefined,
  }));

  /** The board's entries, counting the originals fetched and whether the ZIP stopped asking. */
  function entries() {
    const seen = { fetched: 0, finished: false };
    const made = boardZipEntries(rows, 'csv', {
      creativeOf: (id) => creative(id),
      fetchFile: async () => {
        seen.fetched++;
        return new Response(FILE);
      },
      cached: async () => undefined,
      offline: false,
      onProgress: () => undefined,
    });
    async function* watched() {
      try {
        yield* made;
      } finally {
        seen.finished = true;
      }
    }
    return { seen, entries: watched() };
  }

  /** The app's service worker's code behind postMessage, and the browser's download of its answer. */
  function serviceWorker() {
    const downloads = createStreamDownloads();
    const worker: DownloadWorker = {
      postMessage: (message, transfer) => downloads.message(message, transfer as unknown as DownloadPort[]),
    };
    const opened: Response[] = [];
    const open = (path: string) => void opened.push(downloads.respond(path));
    const body = async () => (await waitFor('the download', () => opened[0]?.body, Boolean))!;
    return { worker, open, body };
  }

  const noBlob = () => {
    throw new Error('built in memory');
  };

  afterEach(() => {
    delete (globalThis as { showSaveFilePicker?: unknown }).showSaveFilePicker;
  });

  it('without a file picker, goes through the service worker as it is made: every file, named by Library ID', async () => {
    const { entries: made } = entries();
    const sw = serviceWorker();
    const ways: ZipWay[] = [];
    const saved = saveZip('b.zip', made, {
      worker: sw.worker,
      open: sw.open,
      download: noBlob,
      onWay: (w) => ways.push(w),
    });
    const zip = new Uint8Array(await new Response(await sw.body()).arrayBuffer());
    await saved;
    expect(ways).toEqual(['stream']);
    const files = zipEntries(zip);
    expect([...files.keys()]).toEqual(['ads.csv', ...rows.map(({ item: { ad_id } }) => `ad-${ad_id}.jpg`)]);
    expect(files.get('ad-20.jpg')).toEqual(FILE);
  });

  it('the user cancelling the service worker’s download stops the files being fetched', async () => {
    const { seen, entries: made } = entries();
    const sw = serviceWorker();
    const saved = saveZip('b.zip', made, { worker: sw.worker, open: sw.open, download: noBlob });
    const reader = (await sw.body()).getReader();
    for (let i = 0; i < 3; i++) await reader.read();
    await reader.cancel('cancelled in the downloads list');
    await expect(saved).rejects.toBeInstanceOf(DownloadCancelledError);
    await waitFor('the ZIP to stop asking for entries', () => seen.finished, Boolean);
    expect(seen.fetched).toBeLessThan(rows.length);
  });

  it('with neither a picker nor a service worker, builds it in memory and says so', async () => {
    const { entries: made } = entries();
    const ways: ZipWay[] = [];
    let blob: Blob | undefined;
    await saveZip('b.zip', made, {
      worker: null,
      download: (_name, b) => (blob = b),
      onWay: (w) => ways.push(w),
    });
    expect(ways).toEqual(['memory']);
    expect(zipEntries(new Uint8Array(await blob!.arrayBuffer())).size).toBe(rows.length + 1);
  });

  it('a file picker comes first, even with a service worker', async () => {
    const { entries: made } = entries();
    const chunks: Uint8Array<ArrayBuffer>[] = [];
    (globalThis as { showSaveFilePicker?: unknown }).showSaveFilePicker = async () => ({
      createWritable: async () =>
        new WritableStream<Uint8Array>({ write: (chunk) => void chunks.push(new Uint8Array(chunk)) }),
    });
    const ways: ZipWay[] = [];
    await saveZip('b.zip', made, {
      worker: serviceWorker().worker,
      download: noBlob,
      onWay: (w) => ways.push(w),
    });
    expect(ways).toEqual(['file']);
    expect(zipEntries(new Uint8Array(await new Blob(chunks).arrayBuffer())).size).toBe(rows.length + 1);
  });
});
