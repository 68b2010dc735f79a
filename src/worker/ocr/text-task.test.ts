import { describe, expect, it, vi } from 'vitest';
import type { TextTask } from '../../domain/tags/text-contract.ts';
import { OcrError, OcrStoppedError } from './ocr-process.ts';
import { ImageFetchError, textTask, type TextDeps } from './text-task.ts';

const task: TextTask = {
  id: 't1',
  creative: 'c1',
  image: '/api/files/creatives/c1/a.jpg',
  languages: ['de', 'en'],
  attempts: 1,
  lease_expires_at: '2030-01-01 00:00:00.000Z',
};

function deps(overrides: Partial<TextDeps> = {}) {
  const server = {
    read: vi.fn(async () => ({ status: 'read' as const, rows: 2 })),
    fail: vi.fn(async () => ({ status: 'pending' as const, next_attempt_at: '2030-01-01 00:01:00.000Z' })),
  };
  const all: TextDeps = {
    server,
    read: vi.fn(async () => ({ text: '30% Rabatt', confidence: 91, language: 'de' as const })),
    fetchImage: vi.fn(async () => new Uint8Array([1, 2, 3])),
    tagsOf: vi.fn(() => ['offer:percent_off']),
    log: () => undefined,
    ...overrides,
  };
  return { server, all };
}

const live = () => new AbortController().signal;

describe('textTask', () => {
  it('reads the image in the claim’s languages and stores the text with its tags', async () => {
    const { server, all } = deps();
    expect(await textTask(task, all, live())).toBe('read');
    expect(all.fetchImage).toHaveBeenCalledWith(task.image, expect.anything());
    expect(all.read).toHaveBeenCalledWith(new Uint8Array([1, 2, 3]), ['de', 'en'], expect.anything());
    expect(all.tagsOf).toHaveBeenCalledWith('30% Rabatt', 'de');
    expect(server.read).toHaveBeenCalledWith('t1', {
      text: '30% Rabatt',
      confidence: 91,
      language: 'de',
      tags: ['offer:percent_off'],
    });
  });

  it('stores an empty reading as such, with no tags', async () => {
    const { server, all } = deps({ read: async () => ({ text: '', confidence: 0, language: null }) });
    expect(await textTask(task, all, live())).toBe('read');
    expect(all.tagsOf).not.toHaveBeenCalled();
    expect(server.read).toHaveBeenCalledWith('t1', { text: '', confidence: 0, language: null, tags: [] });
  });

  it('fails for good what cannot be read, and for a retry what may pass', async () => {
    const cases: [Partial<TextDeps>, TextTask, boolean][] = [
      [{}, { ...task, image: '' }, false],
      [{ fetchImage: async () => Promise.reject(new ImageFetchError('HTTP 404', false)) }, task, false],
      [{ fetchImage: async () => Promise.reject(new ImageFetchError('HTTP 503', true)) }, task, true],
      [{ read: async () => Promise.reject(new OcrError('does not decode', false)) }, task, false],
      [
        { read: async () => Promise.reject(new OcrError('the OCR process ended (SIGKILL)', true)) },
        task,
        true,
      ],
    ];
    for (const [overrides, claimed, retry] of cases) {
      const { server, all } = deps(overrides);
      expect(await textTask(claimed, all, live())).toBe('failed');
      expect(server.fail).toHaveBeenCalledWith('t1', expect.any(String), retry);
      expect(server.read).not.toHaveBeenCalled();
    }
  });

  it('sends nothing once stopped', async () => {
    const stop = new AbortController();
    const { server, all } = deps({
      read: async () => {
        stop.abort();
        throw new OcrStoppedError('stopped while reading');
      },
    });
    expect(await textTask(task, all, stop.signal)).toBe('stopped');
    expect(server.fail).not.toHaveBeenCalled();
    expect(server.read).not.toHaveBeenCalled();
  });
});

describe('serverFileFetcher', () => {
  it('reads at most its limit: a larger file fails as too large, told by its length or as it streams', async () => {
    const { startDouble } = await import('../../../tests/fixtures/loopback-double.ts');
    const { FileTooLargeError, serverFileFetcher } = await import('./text-task.ts');
    const double = await startDouble((request, response) => {
      const body = Buffer.alloc(request.path === '/files/small' ? 50 : 51, 7);
      if (request.path === '/files/streamed') {
        response.writeHead(200, { 'content-type': 'video/mp4' });
        response.write(body.subarray(0, 30));
        response.end(body.subarray(30));
      } else {
        response.writeHead(200, { 'content-type': 'video/mp4', 'content-length': String(body.length) });
        response.end(body);
      }
    });
    try {
      const fetchFile = serverFileFetcher(double.url, 50);
      expect((await fetchFile('/files/small', live())).length).toBe(50);
      await expect(fetchFile('/files/large', live())).rejects.toBeInstanceOf(FileTooLargeError);
      await expect(fetchFile('/files/streamed', live())).rejects.toBeInstanceOf(FileTooLargeError);
    } finally {
      await double.close();
    }
  });
});
