/**
 * A row's tags on the server (docs/ai.md#tags): the results write stores the worker's tags and
 * refuses a bad list with a 400 naming the row; a row that gets a creative already read (the
 * results write's queueArchive, the archive's known file) has the creative's text tags joined in;
 * and the backfill tags the rows stored before tags, exactly once in effect, two workers at once
 * included, through the real routes and the worker's own client and loop.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RecordModel } from 'pocketbase';
import { COLLECTIONS } from '../../src/domain/api/collections.ts';
import { SERVER_ROUTES } from '../../src/domain/api/routes.ts';
import { unionTags } from '../../src/domain/tags/vocabulary.ts';
import { rowTags } from '../../src/worker/tags/row-tags.ts';
import { tagServer } from '../../src/worker/tags/tag-api.ts';
import { tagBackfill } from '../../src/worker/tags/tag-backfill.ts';
import { createRunWithResults } from '../fixtures/records.ts';
import { waitFor } from '../fixtures/wait-for.ts';
import { startTestServer, statusOf, type TestServer, type TestUser } from './harness.ts';
import {
  claim,
  claimOnly,
  drainTasks,
  freshAdId,
  mediaLink,
  png,
  pngPart,
  postJson,
  sha256,
  upload,
  writeRows,
} from './media-support.ts';

let server: TestServer;
let alice: TestUser;

beforeAll(async () => {
  server = await startTestServer();
  alice = await server.createUser('alice');
});

afterAll(async () => {
  await server?.stop();
});

/** A row as the worker sends it, with the fields these tests set. */
interface SentRow {
  ad_id: string;
  media_url?: string;
  body?: string;
  tags?: unknown;
}
/** Rows of alice's written through the results route (media-support.ts's writeRows). */
const write = (rows: SentRow[]) => writeRows(server, alice, rows);

/** The tags of the text read on a creative, as the OCR's transaction leaves them. */
const TEXT_TAGS = ['offer:percent_off', 'hook:urgency'];

const rowsOf = (adId: string) =>
  server.superuser
    .collection(COLLECTIONS.searchResults)
    .getFullList({ filter: `user = "${alice.id}" && ad_id = "${adId}"`, sort: 'created' });

/** A creative of alice's, archived for `adId` from a real PNG, then read: its id and file's sha256. */
async function readCreative(adId: string, seed: number): Promise<{ id: string; sha: string }> {
  const task = await claimOnly(server, alice, adId);
  const bytes = await png(seed);
  const uploaded = await upload(server, task.id, 'w1', { file: pngPart(bytes) });
  expect(uploaded.status).toBe(200);
  await server.superuser.collection(COLLECTIONS.creatives).update(uploaded.body.creative, {
    text: 'SALE 50% OFF – TODAY ONLY',
    text_status: 'read',
    text_confidence: 91,
    text_language: 'en',
    text_tags: TEXT_TAGS,
  });
  return { id: uploaded.body.creative, sha: sha256(bytes) };
}

describe('the results write', () => {
  it("stores each row's tags as sent, and null for a row sent without them", async () => {
    const [tagged, untagged] = [freshAdId('tagged'), freshAdId('untagged')];
    await write([
      { ad_id: tagged, tags: ['cta:shop_now', 'lang:de', 'offer:free_shipping'] },
      { ad_id: untagged },
    ]);
    expect((await rowsOf(tagged))[0]!.tags).toEqual(['offer:free_shipping', 'lang:de', 'cta:shop_now']);
    expect((await rowsOf(untagged))[0]!.tags).toBeNull();
  });

  it('refuses a bad tag list with a 400 naming the row, and stores nothing of the batch', async () => {
    const run = await createRunWithResults(
      server.superuser,
      alice.id,
      { status: 'working', requested_count: 5 },
      [],
    );
    const claimed = await postJson<{ run: { id: string } | null }>(server, SERVER_ROUTES.workerClaim.path, {
      worker: 'writer',
    });
    expect(claimed.body.run?.id).toBe(run.run.id);
    const [good, bad] = [freshAdId('good'), freshAdId('bad')];
    for (const [tags, refusal] of [
      [['offer:cheap'], 'The tags of rows[1] hold "offer:cheap", which is not a tag.'],
      ['offer:price', 'The tags of rows[1] must be a list of tags.'],
      [
        Array.from({ length: 41 }, (_, i) => `cta:type_${i}`),
        'The tags of rows[1] must hold at most 40 tags.',
      ],
    ] as const) {
      const answer = await postJson(server, SERVER_ROUTES.workerRunResults.url(run.run.id), {
        worker: 'writer',
        rows: [
          { ad_id: good, tags: ['offer:price'] },
          { ad_id: bad, tags },
        ],
      });
      expect(answer).toMatchObject({ status: 400, body: { message: refusal } });
    }
    expect(await rowsOf(good)).toEqual([]);
    await server.superuser.collection(COLLECTIONS.searchRuns).update(run.run.id, { status: 'failed' });
  });

  it("joins a read creative's text tags into a row that gets it, in the vocabulary's order", async () => {
    const adId = freshAdId('read');
    await readCreative(adId, 1);
    // a later run of the same ad: queueArchive links the archived creative in the results write
    await write([
      { ad_id: adId, media_url: mediaLink(adId), tags: ['offer:price', 'lang:en', 'cta:shop_now'] },
    ]);
    const [, later] = await rowsOf(adId);
    expect(later!.creative).not.toBe('');
    expect(later!.tags).toEqual([
      'offer:percent_off',
      'offer:price',
      'hook:urgency',
      'lang:en',
      'cta:shop_now',
    ]);
    // a row without tags of its own stays untagged: the backfill tags its copy and joins then
    await write([{ ad_id: adId, media_url: mediaLink(adId) }]);
    const rows = await rowsOf(adId);
    expect(rows[2]!.creative).toBe(later!.creative);
    expect(rows[2]!.tags).toBeNull();
  });

  it("joins them when the archive links another ad's row to the same file, already read", async () => {
    const creative = await readCreative(freshAdId('first'), 2);
    const adId = freshAdId('same-file');
    await drainTasks(server);
    await write([{ ad_id: adId, media_url: mediaLink(adId), tags: ['hook:question'] }]);
    const [task] = await claim(server, 'w1');
    expect(task!.ad_id).toBe(adId);
    const known = await postJson(server, SERVER_ROUTES.mediaKnown.url(task!.id), {
      worker: 'w1',
      sha256: creative.sha,
    });
    expect(known).toEqual({ status: 200, body: { creative: creative.id } });
    const [row] = await rowsOf(adId);
    expect([row!.creative, row!.tags]).toEqual([
      creative.id,
      ['offer:percent_off', 'hook:question', 'hook:urgency'],
    ]);
  });
});

/** Realistic copy in several languages, as rows stored before tags hold it. */
const COPY = [
  {
    title: 'Posture Corrector – 40% Off Today',
    body: 'Tired of back pain? Free shipping today only.',
    cta_type: 'SHOP_NOW',
  },
  {
    title: 'Die Original Lampe™',
    body: 'Kennst du das? Kalte Füße im Büro. Kostenloser Versand, nur heute!',
    cta_type: 'ORDER_NOW',
  },
  {
    title: 'Chaussons en laine',
    body: 'Livraison gratuite dès 30 €. Satisfait ou remboursé.',
    cta_type: 'LEARN_MORE',
  },
  { title: 'Zapatillas', body: '¿Tienes los pies fríos? 2x1 en toda la tienda.', cta_type: 'SHOP_NOW' },
  { title: 'SHOP NOW', body: '', cta_type: '' },
];

describe('the backfill', () => {
  it('tags every row stored before tags, once, with two workers at once, and joins their creatives', async () => {
    const creative = await readCreative(freshAdId('backfill-creative'), 3);
    // the seeded DB: rows saved as records (their tags as PocketBase writes an unset JSON field)
    const seeded = Array.from({ length: 450 }, (_, i) => ({
      ad_id: `seed-${i}`,
      ...COPY[i % COPY.length],
      caption: 'shop.example.com',
      link_description: i % 3 ? '' : 'Only €29,99',
      creative: i % 10 === 0 ? creative.id : '',
    }));
    const { resultIds } = await createRunWithResults(
      server.superuser,
      alice.id,
      { status: 'completed', requested_count: seeded.length },
      seeded,
    );
    // and rows a worker from before tags wrote (NULL)
    const oldWorker = [freshAdId('old-worker-1'), freshAdId('old-worker-2')];
    await writeRows(
      server,
      alice,
      oldWorker.map((adId) => ({ ad_id: adId, body: 'Free gift with every order' })),
    );
    const before = new Map<string, RecordModel>();
    for (const record of await server.superuser
      .collection(COLLECTIONS.searchResults)
      .getFullList({ filter: `user = "${alice.id}"` }))
      before.set(record.id, record);
    const untagged = [...before.values()].filter((record) => record.tags === null);
    expect(untagged.length).toBeGreaterThanOrEqual(seeded.length + oldWorker.length);

    // users cannot call the routes: they are the workers' account's
    expect(
      await statusOf(
        alice.pb.send(SERVER_ROUTES.tagsClaim.path, { method: 'POST', body: { worker: 'x', limit: 5 } }),
      ),
    ).toBe(403);

    const stop = new AbortController();
    const logs: string[] = [];
    const workers = ['tagger-1', 'tagger-2'].map((name) =>
      tagBackfill({
        server: tagServer(server.worker, name),
        busy: () => false,
        recheckMs: 200,
        pageSize: 40,
        log: (line) => logs.push(`${name}: ${line}`),
        signal: stop.signal,
      }),
    );
    try {
      await waitFor(
        'every untagged row stored by the two workers',
        () => workers[0]!.stored + workers[1]!.stored,
        (stored) => stored >= untagged.length,
        { timeoutMs: 60_000, context: () => logs.join('\n') },
      );
    } finally {
      stop.abort();
      await Promise.all(workers.map((worker) => worker.done));
    }
    // exactly once in effect: each row stored by one of them, none twice, none lost. How the rows
    // split between the two is the machine's doing: on a busy one, one worker may store them all
    // before the other's first claim is answered (seen in a full run), so no share is asserted.
    expect(workers[0]!.stored + workers[1]!.stored).toBe(untagged.length);

    const after = await server.superuser
      .collection(COLLECTIONS.searchResults)
      .getFullList({ filter: `user = "${alice.id}"` });
    // the text tags of each creative of alice's (those read here hold TEXT_TAGS)
    const textTags = new Map<string, string[] | null>();
    for (const record of await server.superuser
      .collection(COLLECTIONS.creatives)
      .getFullList({ filter: `user = "${alice.id}"` }))
      textTags.set(record.id, record.text_tags as string[] | null);
    expect(textTags.get(creative.id)).toEqual(TEXT_TAGS);
    for (const record of after) {
      const old = before.get(record.id)!;
      if (old.tags !== null) {
        expect(record.tags, record.ad_id).toEqual(old.tags);
        continue;
      }
      const own = rowTags(record);
      const expected = unionTags(own, textTags.get(record.creative));
      expect(record.tags, record.ad_id).toEqual(expected);
      // a new `updated`: browsers pull the row again
      expect(record.updated > old.updated, record.ad_id).toBe(true);
    }
    const byId = new Map(after.map((record) => [record.id, record]));
    expect(byId.get(resultIds[0]!)!.tags).toEqual([
      'offer:percent_off',
      'offer:free_shipping',
      'offer:price',
      'hook:question',
      'hook:pain_point',
      'hook:urgency',
      'lang:en',
      'cta:shop_now',
    ]);
    expect(byId.get(resultIds[1]!)!.tags).toEqual([
      'offer:free_shipping',
      'hook:question',
      'hook:pain_point',
      'hook:urgency',
      'lang:de',
      'cta:order_now',
    ]);
    // "SHOP NOW" alone: no language, no offer, tagged all the same (an empty list, not null)
    expect(byId.get(resultIds[4]!)!.tags).toEqual([]);

    // nothing is left, and storing again changes nothing
    const page = await postJson<{ rows: { id: string }[] }>(server, SERVER_ROUTES.tagsClaim.path, {
      worker: 'tagger-3',
      after: '',
      limit: 500,
    });
    expect(page.status).toBe(200);
    expect(page.body.rows.filter((row) => before.has(row.id))).toEqual([]);
    const again = await postJson(server, SERVER_ROUTES.tagsStore.path, {
      worker: 'tagger-3',
      rows: [{ id: resultIds[0]!, tags: ['hook:before_after'] }],
    });
    expect(again).toEqual({ status: 200, body: { stored: 0 } });
    expect((await server.superuser.collection(COLLECTIONS.searchResults).getOne(resultIds[0]!)).tags).toEqual(
      byId.get(resultIds[0]!)!.tags,
    );
  });

  it('refuses a bad store with a 400 naming the row, and a bad page size', async () => {
    const bad = await postJson(server, SERVER_ROUTES.tagsStore.path, {
      worker: 'tagger',
      rows: [
        { id: 'abc', tags: [] },
        { id: 'def', tags: ['lang:xx'] },
      ],
    });
    expect(bad).toMatchObject({
      status: 400,
      body: { message: 'The tags of rows[1] hold "lang:xx", which is not a tag.' },
    });
    const page = await postJson(server, SERVER_ROUTES.tagsClaim.path, { worker: 'tagger', limit: 501 });
    expect(page).toMatchObject({
      status: 400,
      body: { message: 'Limit must be a whole number from 1 to 500.' },
    });
  });
});
