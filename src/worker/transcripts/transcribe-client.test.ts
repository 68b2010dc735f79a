/**
 * The worker's transcription client against the OpenAI-protocol double (tests/fixtures/
 * openai-double.ts, on loopback): one multipart request with the file, the model and the
 * response format, the key as a Bearer token; the model's errors as retryable TranscribeErrors
 * with the key taken out; nothing over 25 MB sent; the timeout.
 */
import { readFileSync } from 'node:fs';
import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TRANSCRIBE_MAX_BYTES } from '../../domain/tags/creative-text.ts';
import {
  DOUBLE_TRANSCRIPT_TEXT,
  OPENAI_DOUBLE_KEY,
  OPENAI_DOUBLE_TRANSCRIBE_MODEL,
  startOpenAiDouble,
  type OpenAiDouble,
} from '../../../tests/fixtures/openai-double.ts';
import { startDouble } from '../../../tests/fixtures/loopback-double.ts';
import type { TranscribeSettings } from '../config.ts';
import { transcribe, TranscribeError } from './transcribe-client.ts';

let openAi: OpenAiDouble;
let settings: TranscribeSettings;
const video = readFileSync(new URL('../../../public/demo-media/portable-blender.mp4', import.meta.url));
const live = () => new AbortController().signal;

beforeAll(async () => {
  openAi = await startOpenAiDouble();
  settings = { baseUrl: openAi.baseUrl, apiKey: OPENAI_DOUBLE_KEY, model: OPENAI_DOUBLE_TRANSCRIBE_MODEL };
});
afterAll(async () => {
  await openAi?.close();
});

async function failure(promise: Promise<unknown>): Promise<TranscribeError> {
  const error = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(TranscribeError);
  return error as TranscribeError;
}

describe('transcribe', () => {
  it('sends the video once, multipart, with the model, the format and the key, and answers the text', async () => {
    openAi.answerTranscripts({ kind: 'transcript', text: DOUBLE_TRANSCRIPT_TEXT });
    const before = openAi.transcriptions().length;
    expect(await transcribe(settings, video, live())).toBe(DOUBLE_TRANSCRIPT_TEXT);
    const sent = openAi.transcriptions().slice(before);
    expect(sent).toHaveLength(1);
    expect(sent[0]!.request.headers.authorization).toBe(`Bearer ${OPENAI_DOUBLE_KEY}`);
    expect(sent[0]).toMatchObject({
      model: OPENAI_DOUBLE_TRANSCRIBE_MODEL,
      responseFormat: 'json',
      file: {
        type: 'video/mp4',
        bytes: video.length,
        sha256: createHash('sha256').update(video).digest('hex'),
      },
    });
  });

  it('takes control characters out and keeps line breaks', async () => {
    openAi.answerTranscripts({ kind: 'transcript', text: ' Line\u0007 one\nline two ' });
    expect(await transcribe(settings, video, live())).toBe('Line one\nline two');
  });

  it('answers a model error as a retryable error, with the key taken out', async () => {
    const wrong = { ...settings, apiKey: 'sk-wrong-key-that-must-not-leak' };
    const error = await failure(transcribe(wrong, video, live()));
    expect(error.retry).toBe(true);
    expect(error.message).toContain('HTTP 401');
    expect(error.message).toContain('[key]');
    expect(error.message).not.toContain(wrong.apiKey);
    openAi.answerTranscripts({ kind: 'error', status: 500, message: 'The server had an error.' });
    const server = await failure(transcribe(settings, video, live()));
    expect(server).toMatchObject({ retry: true });
    expect(server.message).toContain('HTTP 500');
    openAi.answerTranscripts({ kind: 'transcript', text: DOUBLE_TRANSCRIPT_TEXT });
  });

  it('never sends a video over 25 MB', async () => {
    const before = openAi.transcriptions().length;
    const error = await failure(transcribe(settings, new Uint8Array(TRANSCRIBE_MAX_BYTES + 1), live()));
    expect(error.retry).toBe(false);
    expect(openAi.transcriptions()).toHaveLength(before);
  });

  it('gives up after its timeout, as an error to retry', async () => {
    const silent = await startDouble(() => undefined);
    try {
      const error = await failure(
        transcribe({ ...settings, baseUrl: `${silent.url}/v1` }, video, live(), 300),
      );
      expect(error.retry).toBe(true);
      expect(error.message).toContain('could not be reached');
    } finally {
      await silent.close();
    }
  });
});
