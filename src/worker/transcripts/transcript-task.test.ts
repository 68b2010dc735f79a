import { describe, expect, it, vi } from 'vitest';
import { TRANSCRIBE_MAX_BYTES } from '../../domain/tags/creative-text.ts';
import type { TranscriptTask } from '../../domain/tags/transcript-contract.ts';
import { FileTooLargeError, ImageFetchError } from '../ocr/text-task.ts';
import { TranscribeError } from './transcribe-client.ts';
import { transcriptTask, type TranscriptDeps } from './transcript-task.ts';

const task: TranscriptTask = {
  id: 't1',
  creative: 'c1',
  video: '/api/files/creatives/c1/a.mp4',
  bytes: 1000,
  attempts: 1,
  lease_expires_at: '2030-01-01 00:00:00.000Z',
};

function deps(overrides: Partial<TranscriptDeps> = {}) {
  const server = {
    store: vi.fn(async () => ({ status: 'read' as const, rows: 1 })),
    fail: vi.fn(async () => ({ status: 'pending' as const, next_attempt_at: '2030-01-01 00:01:00.000Z' })),
  };
  const all: TranscriptDeps = {
    server,
    fetchVideo: vi.fn(async () => new Uint8Array([1, 2, 3])),
    transcribe: vi.fn(async () => 'Free shipping today only'),
    tagsOf: vi.fn(() => ['offer:free_shipping', 'hook:urgency']),
    log: () => undefined,
    ...overrides,
  };
  return { server, all };
}

const live = () => new AbortController().signal;

describe('transcriptTask', () => {
  it('fetches the video, sends it to the model and stores the transcript with its tags', async () => {
    const { server, all } = deps();
    expect(await transcriptTask(task, all, live())).toBe('read');
    expect(all.fetchVideo).toHaveBeenCalledWith(task.video, expect.anything());
    expect(all.transcribe).toHaveBeenCalledWith(new Uint8Array([1, 2, 3]), expect.anything());
    expect(server.store).toHaveBeenCalledWith('t1', {
      text: 'Free shipping today only',
      tags: ['offer:free_shipping', 'hook:urgency'],
    });
  });

  it('stores an empty transcript without tags', async () => {
    const { server, all } = deps({ transcribe: vi.fn(async () => '') });
    expect(await transcriptTask(task, all, live())).toBe('read');
    expect(all.tagsOf).not.toHaveBeenCalled();
    expect(server.store).toHaveBeenCalledWith('t1', { text: '', tags: [] });
  });

  it('never fetches nor sends a video the claim says is over 25 MB: too_large, for good', async () => {
    const { server, all } = deps();
    const big = { ...task, bytes: TRANSCRIBE_MAX_BYTES + 1 };
    expect(await transcriptTask(big, all, live())).toBe('too_large');
    expect(all.fetchVideo).not.toHaveBeenCalled();
    expect(all.transcribe).not.toHaveBeenCalled();
    expect(server.fail).toHaveBeenCalledWith('t1', expect.stringContaining('over'), false, true);
  });

  it('sends nothing when the file turns out over the limit as it is fetched', async () => {
    const { server, all } = deps({
      fetchVideo: vi.fn(async () => {
        throw new FileTooLargeError('the file is over 26214400 bytes');
      }),
    });
    expect(await transcriptTask(task, all, live())).toBe('too_large');
    expect(all.transcribe).not.toHaveBeenCalled();
    expect(server.fail).toHaveBeenCalledWith('t1', 'the file is over 26214400 bytes', false, true);
  });

  it('reports a model error to retry, and a file gone for good', async () => {
    const model = deps({
      transcribe: vi.fn(async () => {
        throw new TranscribeError('the model answered HTTP 500', true);
      }),
    });
    expect(await transcriptTask(task, model.all, live())).toBe('failed');
    expect(model.server.fail).toHaveBeenCalledWith('t1', 'the model answered HTTP 500', true, false);
    const gone = deps({
      fetchVideo: vi.fn(async () => {
        throw new ImageFetchError('the file answered HTTP 404', false);
      }),
    });
    expect(await transcriptTask(task, gone.all, live())).toBe('failed');
    expect(gone.server.fail).toHaveBeenCalledWith('t1', 'the file answered HTTP 404', false, false);
  });

  it('stops without a word to the server when its signal aborts', async () => {
    const controller = new AbortController();
    const { server, all } = deps({
      transcribe: vi.fn(async () => {
        controller.abort();
        throw new Error('aborted');
      }),
    });
    expect(await transcriptTask(task, all, controller.signal)).toBe('stopped');
    expect(server.fail).not.toHaveBeenCalled();
    expect(server.store).not.toHaveBeenCalled();
  });
});
