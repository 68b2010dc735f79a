/**
 * Transcripts of video creatives (docs/ai.md#transcripts), against the real server, a real worker
 * and the OpenAI-protocol double (tests/fixtures/openai-double.ts): the claim queues the archived
 * videos (and only while AI_TRANSCRIBE_MODEL is set), marks one over 25 MB `too_large` without a
 * task; the worker sends an archived demo video to /audio/transcriptions and the transcript and
 * its tags are stored, joined into the creative's rows; a video over 25 MB is never sent; a model
 * error is retried with the backoff, then recorded as `failed`; and the key is in nothing a
 * browser can read.
 */
import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { COLLECTIONS } from '../../src/domain/api/collections.ts';
import { SERVER_ROUTES } from '../../src/domain/api/routes.ts';
import { TRANSCRIBE_MAX_BYTES } from '../../src/domain/tags/creative-text.ts';
import { TEXT_ATTEMPTS_MAX } from '../../src/domain/tags/text-contract.ts';
import type { TranscriptTask } from '../../src/domain/tags/transcript-contract.ts';
import { toPbDate } from '../../src/domain/text/format.ts';
import {
  DOUBLE_TRANSCRIPT_TEXT,
  OPENAI_DOUBLE_KEY,
  OPENAI_DOUBLE_TRANSCRIBE_MODEL,
  startOpenAiDouble,
  type OpenAiDouble,
} from '../fixtures/openai-double.ts';
import { waitFor } from '../fixtures/wait-for.ts';
import { startTestServer, type TestServer, type TestUser } from './harness.ts';
import { claimOnly, freshAdId, mp4, png, pngPart, postJson, sha256, upload } from './media-support.ts';
import { workerPool } from './worker-runs.ts';

const DEMO_VIDEO = readFileSync(new URL('../../public/demo-media/portable-blender.mp4', import.meta.url));

let openAi: OpenAiDouble;
let server: TestServer;
let alice: TestUser;
let transcribeEnv: Record<string, string>;

beforeAll(async () => {
  openAi = await startOpenAiDouble();
  transcribeEnv = { ...openAi.env, AI_TRANSCRIBE_MODEL: OPENAI_DOUBLE_TRANSCRIBE_MODEL };
  server = await startTestServer({ env: transcribeEnv });
  alice = await server.createUser('alice');
}, 60_000);
afterAll(async () => {
  await server?.stop();
  await openAi?.close();
});

const tasks = () => server.superuser.collection(COLLECTIONS.transcriptTasks);
const creatives = () => server.superuser.collection(COLLECTIONS.creatives);
const results = () => server.superuser.collection(COLLECTIONS.searchResults);

let seed = 0;
/** A creative of `user` archived for a new ad (as a worker's archive uploads it), its rows tagged first. */
async function archived(
  user: TestUser,
  file: { bytes: Buffer; name: string; type: string },
  tags: string[] = ['lang:en'],
): Promise<string> {
  const adId = freshAdId('transcript');
  const media = await claimOnly(server, user, adId, 'archiver');
  for (const row of await results().getFullList({ filter: `ad_id = "${adId}"` }))
    await results().update(row.id, { tags });
  const parts =
    file.type === 'video/mp4' ? { file, poster: pngPart(await png(++seed)) } : { file: pngPart(file.bytes) };
  const stored = await upload(server, media.id, 'archiver', parts);
  if (stored.status !== 200) throw new Error(`upload: ${JSON.stringify(stored)}`);
  return stored.body.creative;
}
const video = (bytes: Buffer) => ({ bytes, name: 'creative.mp4', type: 'video/mp4' });

/** Settles every pending transcript task and marks every video queued, so a test claims only its own. */
async function drainTranscripts(): Promise<void> {
  await claimTranscripts('drainer', 4);
  for (const task of await tasks().getFullList({ filter: 'status = "pending"' }))
    await tasks().update(task.id, { status: 'done', lease_owner: '' });
}

async function claimTranscripts(worker: string, limit = 4) {
  return postJson<{ tasks: TranscriptTask[] }>(server, SERVER_ROUTES.transcriptClaim.path, { worker, limit });
}

describe('the queue', () => {
  it('queues archived videos at the claim, newest first; one over 25 MB is too_large with no task; images never', async () => {
    await drainTranscripts();
    const older = await archived(alice, video(mp4(30_000)));
    const big = await archived(alice, video(mp4(TRANSCRIBE_MAX_BYTES + 1024)));
    const image = await archived(alice, { bytes: await png(++seed), name: 'a.png', type: 'image/png' });
    const newer = await archived(alice, video(mp4(40_000)));
    expect((await creatives().getOne(newer)).transcript_status).toBe('');

    const claimed = await claimTranscripts('w1', 1);
    expect(claimed.status).toBe(200);
    expect(claimed.body.tasks.map((t) => [t.creative, t.bytes, t.attempts])).toEqual([[newer, 40_000, 1]]);
    const file = await fetch(`${server.url}${claimed.body.tasks[0]!.video}`);
    expect(file.status).toBe(200);
    expect((await file.arrayBuffer()).byteLength).toBe(40_000);
    expect((await creatives().getOne(newer)).transcript_status).toBe('pending');
    expect((await creatives().getOne(older)).transcript_status).toBe('pending');
    expect((await creatives().getOne(big)).transcript_status).toBe('too_large');
    expect((await creatives().getOne(image)).transcript_status).toBe('');
    expect(await tasks().getFullList({ filter: `creative = "${big}" || creative = "${image}"` })).toEqual([]);
    // held: the other worker gets the older one, then none
    expect((await claimTranscripts('w2')).body.tasks.map((t) => t.creative)).toEqual([older]);
    expect((await claimTranscripts('w2')).body.tasks).toEqual([]);
  });

  it('stores a transcript and joins its tags into the creative’s rows; a user cannot list the tasks', async () => {
    await drainTranscripts();
    const creative = await archived(alice, video(mp4(20_000)), ['offer:price', 'lang:en']);
    const task = (await claimTranscripts('w1')).body.tasks[0]!;
    expect(task.creative).toBe(creative);
    const stored = await postJson(server, SERVER_ROUTES.transcriptStore.url(task.id), {
      worker: 'w1',
      text: '  Free shipping, today only  ',
      tags: ['offer:free_shipping', 'hook:urgency', 'not:a-tag'],
    });
    expect(stored.body).toEqual({ status: 'read', rows: 1 });
    expect(await creatives().getOne(creative)).toMatchObject({
      transcript: 'Free shipping, today only',
      transcript_status: 'read',
      transcript_tags: ['offer:free_shipping', 'hook:urgency'],
    });
    const row = (await results().getFullList({ filter: `creative = "${creative}"` }))[0]!;
    expect(row.tags).toEqual(['offer:free_shipping', 'offer:price', 'hook:urgency', 'lang:en']);
    // settled: a second store is refused
    const again = await postJson(server, SERVER_ROUTES.transcriptStore.url(task.id), {
      worker: 'w1',
      text: 'x',
      tags: [],
    });
    expect(again.status).toBe(409);
    await expect(alice.pb.collection(COLLECTIONS.transcriptTasks).getFullList()).rejects.toMatchObject({
      status: 403,
    });
  });
});

describe('the settings', () => {
  it('queue nothing while AI_TRANSCRIBE_MODEL is unset; with it and a missing AI_* the server refuses to start', async () => {
    const off = await startTestServer({ env: openAi.env });
    try {
      const bob = await off.createUser('bob');
      const adId = freshAdId('transcript-off');
      const media = await claimOnly(off, bob, adId, 'archiver');
      const stored = await upload(off, media.id, 'archiver', {
        file: video(mp4(30_000)),
        poster: pngPart(await png(++seed)),
      });
      expect(stored.status).toBe(200);
      const claimed = await postJson<{ tasks: TranscriptTask[] }>(off, SERVER_ROUTES.transcriptClaim.path, {
        worker: 'w1',
        limit: 4,
      });
      expect(claimed.body.tasks).toEqual([]);
      const creative = await off.superuser.collection(COLLECTIONS.creatives).getOne(stored.body.creative);
      expect(creative.transcript_status).toBe('');
      expect(await off.superuser.collection(COLLECTIONS.transcriptTasks).getFullList()).toEqual([]);
      expect(off.output()).toContain('transcripts off (AI_TRANSCRIBE_MODEL is not set)');
    } finally {
      await off.stop();
    }
    const refused = await startTestServer({ env: { ...transcribeEnv, AI_MODEL: '' } }).then(
      async (extra) => {
        await extra.stop();
        return 'started';
      },
      (error: Error) => error.message,
    );
    expect(refused).toContain(
      'AI_TRANSCRIBE_MODEL needs AI_BASE_URL, AI_API_KEY and AI_MODEL as well: AI_MODEL is not set.',
    );
    expect(refused).not.toContain(OPENAI_DOUBLE_KEY);
  }, 120_000);
});

describe('a real worker', { timeout: 300_000 }, () => {
  it('transcribes an archived demo video, never sends one over 25 MB, retries a model error then records it, and never shows the key', async () => {
    await drainTranscripts();
    // Archived before the worker starts (an idle worker would claim the archive's runs itself).
    // Claimed newest first: the failing video, the demo video, then the one over 25 MB.
    const bigBytes = mp4(TRANSCRIBE_MAX_BYTES + 4096);
    const big = await archived(alice, video(bigBytes));
    const demo = await archived(alice, video(DEMO_VIDEO), ['lang:en']);
    const failingBytes = mp4(50_000);
    const failing = await archived(alice, video(failingBytes));
    openAi.answerFile(sha256(failingBytes), {
      kind: 'error',
      status: 500,
      message: `The server had an error while processing your request (key ${OPENAI_DOUBLE_KEY}).`,
    });
    const sentFor = (bytes: Buffer) =>
      openAi.transcriptions().filter((t) => t.file?.sha256 === sha256(bytes));

    const workers = await workerPool(
      server,
      { ...transcribeEnv, MEDIA_CONCURRENCY: '0', OCR_CONCURRENCY: '0', SCOUT_IDLE_POLL_MS: '500' },
      { captureOutput: true },
    );
    try {
      const worker = workers.start('transcriber');
      const read = await waitFor(
        'the demo video to be transcribed',
        () => creatives().getOne(demo),
        (record) => record.transcript_status === 'read',
        { timeoutMs: 120_000, intervalMs: 500, context: worker.output },
      );
      expect(worker.output()).toMatch(/transcribing videos with transcriber-small/);
      expect(read.transcript).toBe(DOUBLE_TRANSCRIPT_TEXT);
      expect(read.transcript_tags).toEqual(
        expect.arrayContaining(['offer:percent_off', 'offer:free_shipping', 'hook:urgency']),
      );
      const row = (await results().getFullList({ filter: `creative = "${demo}"` }))[0]!;
      expect(row.tags).toEqual(expect.arrayContaining(['offer:free_shipping', 'hook:urgency', 'lang:en']));
      const sent = sentFor(DEMO_VIDEO);
      expect(sent).toHaveLength(1);
      expect(sent[0]).toMatchObject({ model: OPENAI_DOUBLE_TRANSCRIBE_MODEL, responseFormat: 'json' });
      expect(sent[0]!.request.headers.authorization).toBe(`Bearer ${OPENAI_DOUBLE_KEY}`);

      // the failing video: tried, backed off, tried again (made due at once here) until recorded
      const failingTask = (await tasks().getFullList({ filter: `creative = "${failing}"` }))[0]!;
      for (let attempt = 1; attempt <= TEXT_ATTEMPTS_MAX; attempt++) {
        const settled = await waitFor(
          `attempt ${attempt} of the failing video to be recorded`,
          () => tasks().getOne(failingTask.id),
          (task) => task.attempts === attempt && task.lease_owner === '',
          { timeoutMs: 60_000, intervalMs: 300, context: worker.output },
        );
        expect(String(settled.last_error)).toContain('HTTP 500');
        expect(String(settled.last_error)).not.toContain(OPENAI_DOUBLE_KEY);
        if (attempt < TEXT_ATTEMPTS_MAX) {
          expect(settled.status).toBe('pending');
          // the backoff: not due for a minute or more
          expect(Date.parse(String(settled.next_attempt_at).replace(' ', 'T'))).toBeGreaterThan(
            Date.now() + 30_000,
          );
          await tasks().update(failingTask.id, { next_attempt_at: toPbDate(Date.now() - 1000) });
        } else {
          expect(settled.status).toBe('failed');
        }
      }
      expect((await creatives().getOne(failing)).transcript_status).toBe('failed');
      expect(sentFor(failingBytes)).toHaveLength(TEXT_ATTEMPTS_MAX);

      // the video over 25 MB: the others were sent (above); it never was
      expect((await creatives().getOne(big)).transcript_status).toBe('too_large');
      expect(sentFor(bigBytes)).toEqual([]);
      expect(openAi.transcriptions().every((t) => (t.file?.bytes ?? 0) <= TRANSCRIBE_MAX_BYTES)).toBe(true);
      expect(worker.output()).not.toContain(OPENAI_DOUBLE_KEY);

      // nothing a browser reads holds the key: the user's records, the sync pages, the config, briefs
      const asAlice = (path: string) =>
        fetch(`${server.url}${path}`, { headers: { Authorization: alice.pb.authStore.token } }).then(
          async (response) => ({ status: response.status, text: await response.text() }),
        );
      const fields = 'id,transcript,transcript_status,transcript_tags,text,text_status,updated';
      const readable = [
        JSON.stringify(await alice.pb.collection(COLLECTIONS.creatives).getFullList()),
        JSON.stringify(await alice.pb.collection(COLLECTIONS.searchResults).getFullList()),
        (await asAlice(`${SERVER_ROUTES.syncPage.url(COLLECTIONS.creatives)}?fields=${fields}`)).text,
        (await asAlice(SERVER_ROUTES.config.path)).text,
        (await asAlice(SERVER_ROUTES.briefsStatus.path)).text,
      ];
      expect(readable[2]).toContain(DOUBLE_TRANSCRIPT_TEXT); // the sync mirrors the transcript
      for (const text of readable) expect(text).not.toContain(OPENAI_DOUBLE_KEY);
    } finally {
      await workers.stopAll();
      await workers.remove();
    }
  });
});
