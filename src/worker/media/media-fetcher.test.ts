import type { ServerResponse } from 'node:http';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MediaFetchError } from '../net/ssrf-guard.ts';
import { createMediaFetcher, type MediaFetcherOptions } from './media-fetcher.ts';
import { startDouble, type LoopbackDouble } from '../../../tests/fixtures/loopback-double.ts';

let png: Buffer;
const html = Buffer.from('<!DOCTYPE html><html><body>URL signature expired</body></html>');
const mp4 = (size: number) => {
  const bytes = Buffer.alloc(size);
  bytes.write('ftypisom', 4, 'latin1');
  return bytes;
};

/** What the servers answer, by path. */
function answer(path: string, response: ServerResponse, other: LoopbackDouble | undefined) {
  const redirect = /^\/hop\/(\d+)$/.exec(path);
  if (redirect) {
    const n = Number(redirect[1]);
    response.writeHead(302, { location: n === 0 ? '/image.png' : `/hop/${n - 1}` }).end();
  } else if (path === '/image.png') {
    response.writeHead(200, { 'content-type': 'image/png', 'content-length': png.length }).end(png);
  } else if (path === '/page.jpg') {
    response.writeHead(200, { 'content-type': 'image/jpeg' }).end(html);
  } else if (path === '/big-declared') {
    // Declares more than the cap, sends the start, then nothing: only an early refusal ends it.
    response.writeHead(200, { 'content-length': 5000 });
    response.write(png);
  } else if (path === '/endless') {
    // No Content-Length, and no end: only the cap stops the reading.
    response.writeHead(200, { 'content-type': 'image/png' });
    response.write(png);
    const timer = setInterval(() => response.write(Buffer.alloc(64 * 1024)), 5);
    response.on('close', () => clearInterval(timer));
  } else if (path === '/stall') {
    response.writeHead(200, { 'content-type': 'image/png' });
    response.write(png.subarray(0, 20)); // then nothing, ever
  } else if (path === '/video') {
    response.writeHead(200, { 'content-type': 'video/mp4' }).end(mp4(4000));
  } else if (path === '/demo-media/moved') {
    response.writeHead(302, { location: '/image.png' }).end();
  } else if (path === '/demo-media/ad.png') {
    response.writeHead(200).end(png);
  } else if (path.startsWith('/status/')) {
    response.writeHead(Number(path.slice(8))).end('no');
  } else if (path === '/to-other-http' && other) {
    response.writeHead(302, { location: `${other.url}/image.png` }).end();
  } else if (path === '/to-other-https' && other) {
    response.writeHead(302, { location: `https://127.0.0.1:${other.port}/image.png` }).end();
  } else if (path === '/to-other-localhost' && other) {
    response.writeHead(301, { location: `https://localhost:${other.port}/image.png` }).end();
  } else {
    response.writeHead(404).end();
  }
}

let allowed: LoopbackDouble;
let other: LoopbackDouble;

beforeAll(async () => {
  png = await sharp({ create: { width: 8, height: 8, channels: 3, background: '#3a7' } })
    .png()
    .toBuffer();
  other = await startDouble((request, response) => answer(request.url, response, undefined));
  allowed = await startDouble((request, response) => answer(request.url, response, other));
});

afterAll(async () => {
  await allowed.close();
  await other.close();
});

function fetcher(options: Partial<MediaFetcherOptions> = {}) {
  return createMediaFetcher({
    serverUrl: 'http://127.0.0.1:9',
    allow: [allowed.endpoint],
    videoMaxBytes: 1_000_000,
    ...options,
  });
}

async function failure(promise: Promise<unknown>): Promise<MediaFetchError> {
  const error = await promise.then(
    () => new Error('fetched'),
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(MediaFetchError);
  return error as MediaFetchError;
}

const signal = new AbortController().signal;

describe('createMediaFetcher', () => {
  it('fetches an image from an allowed endpoint, typed by its bytes', async () => {
    const media = fetcher();
    const file = await media.fetch(`${allowed.url}/image.png`, 'image', signal);
    expect(file.mime).toBe('image/png');
    expect(file.bytes.equals(png)).toBe(true);
    await media.close();
  });

  it('refuses the same server when it is not allowed: private, and http', async () => {
    const media = fetcher({ allow: [] });
    expect(await failure(media.fetch(`${allowed.url}/image.png`, 'image', signal))).toMatchObject({
      kind: 'refused',
      retry: false,
    });
    await media.close();
  });

  it('connects to a host name only when every address it resolves to is public', async () => {
    const requests = other.requests.length;
    // cdn.test resolves to loopback, where `other` listens: the guard must stop before the connect.
    const media = fetcher({
      lookup: (_host, _options, callback) => callback(null, [{ address: '127.0.0.1', family: 4 }]),
    });
    const error = await failure(media.fetch(`https://cdn.test:${other.port}/image.png`, 'image', signal));
    expect(error).toMatchObject({ kind: 'refused', retry: false });
    expect(error.message).toMatch(/cdn\.test resolves to 127\.0\.0\.1, not a public address/);
    expect(other.requests.length).toBe(requests);
    await media.close();
  });

  it('checks every redirect again: into a private endpoint that is not allowed, it stops', async () => {
    const media = fetcher();
    const requests = other.requests.length;
    for (const path of ['/to-other-http', '/to-other-https', '/to-other-localhost']) {
      const error = await failure(media.fetch(`${allowed.url}${path}`, 'image', signal));
      expect(error, path).toMatchObject({ kind: 'refused', retry: false });
    }
    expect(other.requests.length).toBe(requests);
    await media.close();
  });

  it('follows at most 3 redirects', async () => {
    const media = fetcher();
    expect((await media.fetch(`${allowed.url}/hop/2`, 'image', signal)).mime).toBe('image/png'); // 3 redirects
    const error = await failure(media.fetch(`${allowed.url}/hop/3`, 'image', signal)); // 4
    expect(error).toMatchObject({ kind: 'refused', retry: false, message: 'more than 3 redirects' });
    await media.close();
  });

  it('refuses an HTML page served as image/jpeg, and a video where an image is wanted', async () => {
    const media = fetcher();
    expect(await failure(media.fetch(`${allowed.url}/page.jpg`, 'media', signal))).toMatchObject({
      kind: 'type',
      retry: false,
    });
    expect(await failure(media.fetch(`${allowed.url}/video`, 'image', signal))).toMatchObject({
      kind: 'type',
      retry: false,
    });
    expect((await media.fetch(`${allowed.url}/video`, 'media', signal)).mime).toBe('video/mp4');
    await media.close();
  });

  it('caps the size: early by Content-Length, and while streaming a body without one', async () => {
    const media = fetcher({ imageMaxBytes: 1000, timeoutMs: 20_000 });
    expect(await failure(media.fetch(`${allowed.url}/big-declared`, 'image', signal))).toMatchObject({
      kind: 'size',
      retry: false,
      mime: 'image/png',
    });
    // An endless body ends in a size refusal long before the deadline.
    expect(await failure(media.fetch(`${allowed.url}/endless`, 'image', signal))).toMatchObject({
      kind: 'size',
      retry: false,
    });
    await media.close();
  });

  it('says a video is over its cap, so that its poster alone is kept', async () => {
    const media = fetcher({ videoMaxBytes: 1000 });
    expect(await failure(media.fetch(`${allowed.url}/video`, 'media', signal))).toMatchObject({
      kind: 'size',
      retry: false,
      mime: 'video/mp4',
    });
    await media.close();
  });

  it('gives up on a server that stalls, at the deadline of the whole fetch', async () => {
    const media = fetcher({ timeoutMs: 300 });
    expect(await failure(media.fetch(`${allowed.url}/stall`, 'image', signal))).toMatchObject({
      kind: 'timeout',
      retry: true,
    });
    await media.close();
  });

  it('retries server errors, rate limits and network errors; not 4xx', async () => {
    const media = fetcher();
    for (const [status, retry] of [
      [500, true],
      [503, true],
      [429, true],
      [403, false],
      [404, false],
      [410, false],
    ] as const) {
      const error = await failure(media.fetch(`${allowed.url}/status/${status}`, 'image', signal));
      expect(error, String(status)).toMatchObject({ kind: 'status', retry });
    }
    const closed = await startDouble(() => undefined);
    await closed.close();
    const offline = fetcher({ allow: [closed.endpoint] });
    expect(await failure(offline.fetch(`${closed.url}/image.png`, 'image', signal))).toMatchObject({
      kind: 'network',
      retry: true,
    });
    await Promise.all([media.close(), offline.close()]);
  });

  it("fetches the demo catalogue's root-relative files from the worker's own server, and nothing else there", async () => {
    const media = fetcher({ serverUrl: other.url, allow: [] });
    expect((await media.fetch('/demo-media/ad.png', 'image', signal)).mime).toBe('image/png');
    for (const link of [
      '/demo-media/moved', // a redirect is judged on its own, even one to the same server
      '/api/collections/users/records',
      '/demo-media/../api/x',
      '//127.0.0.1/x',
      'not a url',
    ]) {
      expect(await failure(media.fetch(link, 'image', signal)), link).toMatchObject({
        kind: 'refused',
        retry: false,
      });
    }
    await media.close();
  });

  it('stops at once when the worker stops, with the stop as the reason', async () => {
    const media = fetcher({ timeoutMs: 20_000 });
    const stop = new AbortController();
    const pending = media.fetch(`${allowed.url}/stall`, 'image', stop.signal);
    stop.abort(new Error('SIGTERM'));
    await expect(pending).rejects.toThrow('SIGTERM');
    await media.close();
  });

  it('ignores the proxy variables: no request goes through a proxy they name', async () => {
    const proxy = await startDouble((_request, response) => {
      response.writeHead(502).end();
    });
    const saved = { HTTP_PROXY: process.env.HTTP_PROXY, HTTPS_PROXY: process.env.HTTPS_PROXY };
    process.env.HTTP_PROXY = proxy.url;
    process.env.HTTPS_PROXY = proxy.url;
    try {
      const media = fetcher();
      expect((await media.fetch(`${allowed.url}/image.png`, 'image', signal)).mime).toBe('image/png');
      await media.close();
    } finally {
      for (const [name, value] of Object.entries(saved)) {
        if (value === undefined) delete process.env[name];
        else process.env[name] = value;
      }
      await proxy.close();
    }
    expect(proxy.requests).toEqual([]);
  });
});
