import { describe, expect, it } from 'vitest';
import { APP_BASE } from '../pages/routes.ts';
import {
  attachmentDisposition,
  readPageSays,
  readPing,
  readStart,
  readWorkerSays,
  safeFileName,
  STREAM_DOWNLOAD_PING,
  STREAM_DOWNLOAD_PREFIX,
  STREAM_DOWNLOAD_START,
  streamDownloadHeaders,
  streamDownloadId,
  streamDownloadPath,
} from './stream-download.ts';

const ID = 'a1B2c3D4e5F6g7H8i9J0';

describe('a streamed download’s path', () => {
  it('is under the app’s base', () => {
    expect(STREAM_DOWNLOAD_PREFIX.startsWith(`${APP_BASE}/`)).toBe(true);
  });

  it('is under the app, names the id and the file, and gives the id back', () => {
    const path = streamDownloadPath(ID, 'AdScout_Board_Été_2026-11-28.zip');
    expect(path).toBe(`/app/__download/${ID}/AdScout_Board_%C3%89t%C3%A9_2026-11-28.zip`);
    expect(streamDownloadId(path)).toBe(ID);
  });

  it('gives no id for another path, or an id that cannot be one', () => {
    expect(streamDownloadId('/app/boards/x')).toBeNull();
    expect(streamDownloadId(`${STREAM_DOWNLOAD_PREFIX}short/x.zip`)).toBeNull();
    expect(streamDownloadId(`${STREAM_DOWNLOAD_PREFIX}${ID}.x/x.zip`)).toBeNull();
    expect(streamDownloadId(`/api/__download/${ID}/x.zip`)).toBeNull();
  });
});

describe('the file name', () => {
  it('loses folders and control characters, is never empty, and keeps its extension when cut', () => {
    expect(safeFileName('../../etc/passwd')).toBe('.._.._etc_passwd');
    expect(safeFileName('a\r\nb\\c.zip')).toBe('a_b_c.zip');
    expect(safeFileName('  ')).toBe('download');
    expect(safeFileName('..')).toBe('download');
    const long = safeFileName(`${'x'.repeat(300)}.zip`);
    expect(long).toHaveLength(200);
    expect(long.endsWith('x.zip')).toBe(true);
  });

  it('is an attachment in UTF-8 (RFC 8187) with an ASCII fallback, quotes and all escaped', () => {
    expect(attachmentDisposition('Été "best" (1)*.zip')).toBe(
      `attachment; filename="_t_ _best_ (1)*.zip"; filename*=UTF-8''%C3%89t%C3%A9%20%22best%22%20%281%29%2A.zip`,
    );
  });
});

describe('the messages', () => {
  it('START: an id of the right form and a name; the type falls back when it is not a MIME type', () => {
    expect(
      readStart({ type: STREAM_DOWNLOAD_START, id: ID, fileName: 'a/b.zip', mimeType: 'application/zip' }),
    ).toEqual({ type: STREAM_DOWNLOAD_START, id: ID, fileName: 'a_b.zip', mimeType: 'application/zip' });
    expect(
      readStart({ type: STREAM_DOWNLOAD_START, id: ID, fileName: 'b.zip', mimeType: 'text/html\r\nX: y' })
        ?.mimeType,
    ).toBe('application/octet-stream');
    expect(readStart({ type: STREAM_DOWNLOAD_START, id: 'x', fileName: 'b.zip' })).toBeNull();
    expect(readStart({ type: 'SKIP_WAITING' })).toBeNull();
    expect(readStart('ping')).toBeNull();
  });

  it('the headers: an attachment, not sniffed, not stored, no length', () => {
    const start = readStart({
      type: STREAM_DOWNLOAD_START,
      id: ID,
      fileName: 'b.zip',
      mimeType: 'application/zip',
    })!;
    const headers = streamDownloadHeaders(start);
    expect(headers['Content-Disposition']).toBe(`attachment; filename="b.zip"; filename*=UTF-8''b.zip`);
    expect(headers['X-Content-Type-Options']).toBe('nosniff');
    expect(headers['Cache-Control']).toBe('no-store');
    expect(Object.keys(headers)).not.toContain('Content-Length');
  });

  it('PING names its id', () => {
    expect(readPing({ type: STREAM_DOWNLOAD_PING, id: ID })).toBe(ID);
    expect(readPing({ type: STREAM_DOWNLOAD_START, id: ID })).toBeNull();
  });

  it('on the port: only the protocol’s words, and a chunk only of bytes', () => {
    expect(readWorkerSays({ kind: 'pull' })).toEqual({ kind: 'pull' });
    expect(readWorkerSays({ kind: 'cancel', reason: 7 })).toEqual({ kind: 'cancel', reason: '' });
    expect(readWorkerSays({ kind: 'chunk' })).toBeNull();
    const chunk = new Uint8Array([1, 2]);
    expect(readPageSays({ kind: 'chunk', chunk })).toEqual({ kind: 'chunk', chunk });
    expect(readPageSays({ kind: 'chunk', chunk: 'text' })).toBeNull();
    expect(readPageSays({ kind: 'end' })).toEqual({ kind: 'end' });
    expect(readPageSays({ kind: 'pull' })).toBeNull();
  });
});
