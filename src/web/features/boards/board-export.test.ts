import { describe, expect, it } from 'vitest';
import type { ArchivedCreative, SearchResult } from '../../../domain/index.ts';
import type { LocalBoardItem } from '../../data/local/boards.ts';
import { boardCsvChunks, boardFileName, boardZipEntries, type BoardRow } from './board-export.ts';

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
