import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { archiveTask, thumbnailWarmer, type ArchiveDeps } from './archive-task.ts';
import { fakeMediaServer } from '../../../tests/fixtures/fake-media-server.ts';
import { createMediaFetcher, type MediaFetcher } from './media-fetcher.ts';
import { imageFacts, sha256Hex } from './hashes.ts';
import { mediaServer } from './media-api.ts';
import { startDouble, type LoopbackDouble } from '../../../tests/fixtures/loopback-double.ts';

let jpeg: Buffer;
let poster: Buffer;
const video = Buffer.concat([Buffer.from([0, 0, 0, 0x20]), Buffer.from('ftypisom'), Buffer.alloc(3000, 7)]);
let cdn: LoopbackDouble;
let fetcher: MediaFetcher;
const thumbs: string[] = [];
/** What archiveTask queued for the idle warmer (idle-warmer.ts): the detail thumbnails. */
const later: string[] = [];
let pbServer: LoopbackDouble;

beforeAll(async () => {
  jpeg = await sharp({ create: { width: 60, height: 40, channels: 3, background: '#c33' } })
    .composite([
      { input: { create: { width: 20, height: 40, channels: 3, background: '#fff' } }, left: 0, top: 0 },
    ])
    .jpeg()
    .toBuffer();
  poster = await sharp({ create: { width: 32, height: 18, channels: 3, background: '#139' } })
    .composite([
      { input: { create: { width: 10, height: 18, channels: 3, background: '#ff0' } }, left: 20, top: 0 },
    ])
    .png()
    .toBuffer();
  cdn = await startDouble((request, response) => {
    const files: Record<string, Buffer> = { '/a.jpg': jpeg, '/poster.png': poster, '/v.mp4': video };
    const file = files[request.url];
    if (file) response.writeHead(200).end(file);
    else if (request.url === '/page') response.writeHead(200, { 'content-type': 'image/jpeg' }).end('<html>');
    else response.writeHead(Number(request.url.slice(1)) || 404).end();
  });
  pbServer = await startDouble((request, response) => {
    thumbs.push(request.url);
    response.writeHead(200).end();
  });
  fetcher = createMediaFetcher({ serverUrl: pbServer.url, allow: [cdn.endpoint], videoMaxBytes: 10_000 });
});

afterAll(async () => {
  await fetcher.close();
  await cdn.close();
  await pbServer.close();
});

function setUp(videoMaxBytes?: number) {
  const fake = fakeMediaServer();
  const logs: string[] = [];
  const deps: ArchiveDeps = {
    server: mediaServer(fake.pb, 'w1'),
    fetcher: videoMaxBytes
      ? createMediaFetcher({ serverUrl: pbServer.url, allow: [cdn.endpoint], videoMaxBytes })
      : fetcher,
    warm: thumbnailWarmer(pbServer.url),
    warmLater: (creative, fileName) => later.push(`${creative}/${fileName}`),
    log: (message) => logs.push(message),
  };
  const run = async (id: string) => {
    const [task] = await deps.server.claim(1);
    expect(task?.id).toBe(id);
    return archiveTask(task!, deps, new AbortController().signal);
  };
  return { fake, deps, logs, run };
}

describe('archiveTask', () => {
  it('uploads an image with its hashes and size, then makes its grid thumbnail', async () => {
    const { fake, run } = setUp();
    fake.add('t1', `${cdn.url}/a.jpg`);
    thumbs.length = 0;
    later.length = 0;
    expect(await run('t1')).toBe('archived');
    const facts = await imageFacts(jpeg);
    expect(fake.uploads).toEqual([
      {
        task: 't1',
        fields: {
          worker: 'w1',
          sha256: sha256Hex(jpeg),
          phash: facts.phash,
          mime: 'image/jpeg',
          bytes: String(jpeg.length),
          width: '60',
          height: '40',
        },
        parts: { file: { name: 'file.jpg', type: 'image/jpeg', size: jpeg.length } },
      },
    ]);
    // the detail view's 400x0 is made on its first request (docs/creatives.md#the-flow)
    expect(thumbs).toEqual(['/api/files/creatives/creative1/file_1_file.jpg?thumb=100x100']);
    expect(later).toEqual(['creative1/file_1_file.jpg']);
    expect(fake.status('t1')).toBe('archived');
  });

  it('uploads nothing when the user has the file already', async () => {
    const { fake, run } = setUp();
    fake.add('t1', `${cdn.url}/a.jpg`);
    fake.add('t2', `${cdn.url}/a.jpg`);
    expect(await run('t1')).toBe('archived');
    expect(await run('t2')).toBe('known');
    expect(fake.uploads).toHaveLength(1);
    expect(fake.status('t2')).toBe('archived');
  });

  it('keeps a video with its poster: the hash and size of the poster, the rest of the video', async () => {
    const { fake, run } = setUp();
    fake.add('t1', `${cdn.url}/v.mp4`, `${cdn.url}/poster.png`);
    thumbs.length = 0;
    expect(await run('t1')).toBe('archived');
    const [upload] = fake.uploads;
    expect(upload?.fields).toMatchObject({
      sha256: sha256Hex(video),
      phash: (await imageFacts(poster)).phash,
      mime: 'video/mp4',
      bytes: String(video.length),
      width: '32',
      height: '18',
    });
    expect(upload?.parts).toEqual({
      file: { name: 'file.mp4', type: 'video/mp4', size: video.length },
      poster: { name: 'poster.png', type: 'image/png', size: poster.length },
    });
    expect(thumbs).toEqual(['/api/files/creatives/creative1/poster_1_poster.png?thumb=100x100']);
    expect(later).toContain('creative1/poster_1_poster.png');
  });

  it('keeps only the poster of a video over MEDIA_VIDEO_MAX_MB, and the poster of an ad without a file', async () => {
    const { fake, run, logs } = setUp(1000);
    fake.add('t1', `${cdn.url}/v.mp4`, `${cdn.url}/poster.png`);
    fake.add('t2', '', `${cdn.url}/poster.png`);
    expect(await run('t1')).toBe('archived');
    expect(fake.uploads[0]?.fields).toMatchObject({ sha256: sha256Hex(poster), mime: 'image/png' });
    expect(Object.keys(fake.uploads[0]!.parts)).toEqual(['poster']);
    expect(logs.join('\n')).toMatch(/video\/mp4 is over 0 MB; keeping its poster only/);
    expect(await run('t2')).toBe('known');
  });

  it('reports failures with their retry class, and never uploads then', async () => {
    const { fake, run } = setUp();
    const cases: [string, string, string, boolean][] = [
      ['signature', `${cdn.url}/403`, '', false],
      ['down', `${cdn.url}/503`, '', true],
      ['page', `${cdn.url}/page`, '', false],
      ['private', 'https://127.0.0.1/a.jpg', '', false],
      ['nothing', '', '', false],
      ['no-poster', `${cdn.url}/v.mp4`, '', false],
      ['poster-down', `${cdn.url}/v.mp4`, `${cdn.url}/500`, true],
    ];
    for (const [id, url, posterUrl] of cases) fake.add(id, url, posterUrl);
    for (const [id] of cases) expect(await run(id), id).toBe('failed');
    expect(fake.fails.map(({ task, retry }) => [task, retry])).toEqual(
      cases.map(([id, , , retry]) => [id, retry]),
    );
    expect(fake.fails.map((f) => f.error)).toEqual([
      expect.stringMatching(/^HTTP 403/),
      expect.stringMatching(/^HTTP 503/),
      'not a kept type by its bytes',
      '127.0.0.1 is not a public address',
      'the ad has no media link',
      'a video without a poster link (its hash comes from the poster)',
      expect.stringMatching(/^HTTP 500/),
    ]);
    expect(fake.uploads).toEqual([]);
  });

  it('sends nothing more once its signal aborts (a stop, or the lease about to end)', async () => {
    const { fake, deps } = setUp();
    fake.add('t1', `${cdn.url}/a.jpg`);
    const [task] = await deps.server.claim(1);
    const stop = new AbortController();
    stop.abort(new Error('SIGTERM'));
    expect(await archiveTask(task!, deps, stop.signal)).toBe('stopped');
    expect(fake.uploads).toEqual([]);
    expect(fake.fails).toEqual([]);
  });

  it('asks the server nothing when the stop comes as the file arrives', async () => {
    const { fake, deps } = setUp();
    fake.add('t1', `${cdn.url}/a.jpg`);
    const [task] = await deps.server.claim(1);
    const stop = new AbortController();
    const fetcher = {
      fetch: async () => {
        stop.abort(new Error('SIGTERM'));
        return { bytes: Buffer.from(jpeg), mime: 'image/jpeg' as const };
      },
    };
    expect(await archiveTask(task!, { ...deps, fetcher }, stop.signal)).toBe('stopped');
    expect([fake.knowns, fake.uploads, fake.fails]).toEqual([[], [], []]);
  });
});
