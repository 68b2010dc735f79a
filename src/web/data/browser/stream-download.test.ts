/**
 * Both ends of a streamed download (src/domain/downloads/stream-download.ts) over a real
 * MessageChannel: the page's streamDownload against the service worker's own code
 * (createStreamDownloads), the "browser" being a reader of the worker's Response body, as the
 * download manager is.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { waitFor, waitUntil } from '../../../../tests/fixtures/wait-for.ts';
import { STREAM_DOWNLOAD_PREFIX } from '../../../domain/downloads/stream-download.ts';
import { DownloadCancelledError, streamDownload, type DownloadWorker } from './stream-download.ts';
import { createStreamDownloads, type DownloadPort, type StreamDownloads } from './stream-download-worker.ts';

const ID = 'id0123456789abcdef';

/** A source of `count` chunks made only when read (as the ZIP is), counting what it made. */
function source(count: number, failAt = -1) {
  const seen = { made: 0, cancelled: null as unknown };
  const stream = new ReadableStream<Uint8Array>(
    {
      pull(controller) {
        if (seen.made === failAt) throw new Error('the file could not be fetched');
        if (seen.made === count) return controller.close();
        controller.enqueue(new Uint8Array([seen.made++, 0xff]));
      },
      cancel(reason) {
        seen.cancelled = reason;
      },
    },
    { highWaterMark: 0 },
  );
  return { stream, seen };
}

/** The worker's code behind a postMessage, as navigator.serviceWorker.controller is. */
function worker(downloads: StreamDownloads = createStreamDownloads()) {
  const double = {
    downloads,
    worker: {
      postMessage: (message: unknown, transfer: Transferable[]) =>
        double.downloads.message(message, transfer as unknown as DownloadPort[]),
    } satisfies DownloadWorker,
  };
  return double;
}

/** The browser's download of the link the page follows: the worker's answer, read when the test says. */
function browser(downloads: () => StreamDownloads) {
  const opened: { path: string; response: Response }[] = [];
  return {
    opened,
    open: (path: string) => void opened.push({ path, response: downloads().respond(path) }),
    async reader() {
      const first = await waitFor('the download opened', () => opened[0], Boolean);
      return first!.response.body!.getReader();
    },
  };
}

const ports: MessagePort[] = [];
afterEach(() => {
  for (const port of ports.splice(0)) port.close();
});

describe('a download through the service worker', () => {
  it('reaches the browser whole and in order, the page reading only what the browser asked for', async () => {
    const { stream, seen } = source(4);
    const sw = worker();
    const tab = browser(() => sw.downloads);
    const saved = streamDownload('Été.zip', 'application/zip', stream, {
      worker: sw.worker,
      open: tab.open,
      newId: () => ID,
    });
    const reader = await tab.reader();
    const { response, path } = tab.opened[0]!;
    expect(path).toBe(`${STREAM_DOWNLOAD_PREFIX}${ID}/%C3%89t%C3%A9.zip`);
    expect(response.headers.get('Content-Disposition')).toBe(
      `attachment; filename="_t_.zip"; filename*=UTF-8''%C3%89t%C3%A9.zip`,
    );
    expect(response.headers.get('Content-Type')).toBe('application/zip');
    expect(response.headers.has('Content-Length')).toBe(false);
    // nothing is made before the browser reads
    expect(seen.made).toBe(0);
    const chunks: number[][] = [];
    for (let read = await reader.read(); !read.done; read = await reader.read()) {
      chunks.push([...read.value]);
      // backpressure: the page is never ahead of the browser's reads
      expect(seen.made).toBe(chunks.length);
    }
    expect(chunks).toEqual([
      [0, 255],
      [1, 255],
      [2, 255],
      [3, 255],
    ]);
    await expect(saved).resolves.toBe('done');
    expect(sw.downloads.size()).toBe(0);
  });

  it('the user cancelling the download stops the page reading and says so', async () => {
    const { stream, seen } = source(100);
    const sw = worker();
    const tab = browser(() => sw.downloads);
    const saved = streamDownload('b.zip', 'application/zip', stream, { worker: sw.worker, open: tab.open });
    const reader = await tab.reader();
    await reader.read();
    await reader.read();
    await reader.cancel('the user cancelled');
    await expect(saved).rejects.toBeInstanceOf(DownloadCancelledError);
    await waitUntil('the source cancelled', () => seen.cancelled !== null);
    expect(seen.cancelled).toBe('the user cancelled');
    expect(seen.made).toBe(2);
    expect(sw.downloads.size()).toBe(0);
  });

  it('a cancel reaches the page while it waits for a file that does not come', async () => {
    let made = 0;
    const stream = new ReadableStream<Uint8Array>(
      {
        pull(controller) {
          if (made++ === 0) return controller.enqueue(new Uint8Array([1]));
          return new Promise<void>(() => undefined);
        },
      },
      { highWaterMark: 0 },
    );
    const sw = worker();
    const tab = browser(() => sw.downloads);
    const saved = streamDownload('b.zip', 'application/zip', stream, { worker: sw.worker, open: tab.open });
    const reader = await tab.reader();
    await reader.read();
    void reader.read();
    await waitUntil('the page waiting for the second file', () => made === 2);
    await reader.cancel('the user cancelled');
    await expect(saved).rejects.toBeInstanceOf(DownloadCancelledError);
  });

  it('a file that cannot be made fails the download in the browser too', async () => {
    const { stream } = source(10, 1);
    const sw = worker();
    const tab = browser(() => sw.downloads);
    const saved = streamDownload('b.zip', 'application/zip', stream, { worker: sw.worker, open: tab.open });
    const settled = saved.catch((error: unknown) => error);
    const reader = await tab.reader();
    await reader.read();
    await expect(reader.read()).rejects.toThrow(
      /the page could not make the file: the file could not be fetched/,
    );
    expect(String(await settled)).toMatch(/the file could not be fetched/);
  });

  it('the page leaving fails the download instead of leaving it waiting', async () => {
    const { stream } = source(10);
    const sw = worker();
    const tab = browser(() => sw.downloads);
    let leave = () => undefined as void;
    void streamDownload('b.zip', 'application/zip', stream, {
      worker: sw.worker,
      open: tab.open,
      onLeave: (left) => {
        leave = left;
        return () => undefined;
      },
    }).catch(() => undefined);
    const reader = await tab.reader();
    await reader.read();
    const next = reader.read();
    leave();
    await expect(next).rejects.toThrow(/the page left/);
  });

  it('a worker that lost the download (it was stopped and started anew) fails it on the next ping', async () => {
    const { stream } = source(10);
    const sw = worker();
    const tab = browser(() => sw.downloads);
    const saved = streamDownload('b.zip', 'application/zip', stream, {
      worker: sw.worker,
      open: tab.open,
      pingMs: 20,
    });
    const reader = await tab.reader();
    await reader.read();
    // a new instance of the worker answers the pings: it has no downloads
    sw.downloads = createStreamDownloads();
    await expect(saved).rejects.toThrow(/no longer has the download/);
  });
});

describe('when the worker does not take the download', () => {
  it('a worker that does not answer: unavailable, the stream unread', async () => {
    const { stream, seen } = source(3);
    const deaf: DownloadWorker = {
      postMessage: (_message, transfer) => ports.push(...(transfer as MessagePort[])),
    };
    const result = await streamDownload('b.zip', 'application/zip', stream, { worker: deaf, readyMs: 50 });
    expect(result).toBe('unavailable');
    expect(stream.locked).toBe(false);
    expect(seen.made).toBe(0);
  });

  it('a link that never reaches the worker: unavailable, the stream unread, and the worker forgets it', async () => {
    const { stream } = source(3);
    const sw = worker();
    const followed: string[] = [];
    const result = await streamDownload('b.zip', 'application/zip', stream, {
      worker: sw.worker,
      open: (path) => void followed.push(path),
      startedMs: 50,
    });
    expect(result).toBe('unavailable');
    expect(stream.locked).toBe(false);
    expect(followed).toHaveLength(1);
    await waitUntil('the worker forgot the download', () => sw.downloads.size() === 0);
  });

  it('the worker answers a download’s path once, and any other path under the prefix with 204 (the page stays)', async () => {
    const { stream } = source(1);
    const sw = worker();
    const tab = browser(() => sw.downloads);
    const saved = streamDownload('b.zip', 'application/zip', stream, {
      worker: sw.worker,
      open: tab.open,
      newId: () => ID,
    });
    const reader = await tab.reader();
    const again = sw.downloads.respond(tab.opened[0]!.path);
    expect(again.status).toBe(204);
    expect(again.body).toBeNull();
    expect(sw.downloads.respond(`${STREAM_DOWNLOAD_PREFIX}nonsense`).status).toBe(204);
    while (!(await reader.read()).done);
    await expect(saved).resolves.toBe('done');
  });

  it('messages of others are not its own', () => {
    expect(createStreamDownloads().message({ type: 'SKIP_WAITING' }, [])).toBe(false);
  });
});
