import type { ServerResponse } from 'node:http';
import { afterEach, describe, expect, it } from 'vitest';
import type { Sleep } from '../net/http.ts';
import { apifyDouble, apifyRawItem } from '../../../tests/fixtures/apify-double.ts';
import {
  sendJson,
  startDouble,
  type LoopbackDouble,
  recordingSleep,
} from '../../../tests/fixtures/loopback-double.ts';
import { createApifySource, libraryTotalOf, type ApifySourceOptions } from './apify.ts';
import { collectPages, sourceQuery } from '../../../tests/fixtures/source-query.ts';
import { SourceError } from './types.ts';

const TOKEN = 'apify_api_SECRET0123456789';

const baseQuery = sourceQuery({
  libraryUrl:
    'https://www.facebook.com/ads/library/?active_status=active&ad_type=all&country=US&q=dog%20harness&search_type=keyword_unordered&media_type=all',
  activeStatus: 'active',
  limit: 450,
});

let double: LoopbackDouble | null = null;
afterEach(async () => {
  await double?.close();
  double = null;
});

function source(overrides: Partial<ApifySourceOptions> = {}) {
  const { delays, sleep } = recordingSleep();
  const logs: string[] = [];
  const src = createApifySource({
    token: TOKEN,
    actor: 'curious_coder/facebook-ads-library-scraper',
    baseUrl: double!.url,
    sleep,
    random: () => 0,
    log: (m) => logs.push(m),
    datasetPageSize: 200,
    ...overrides,
  });
  return { src, delays, logs };
}

const signal = () => new AbortController().signal;

describe('apify source', () => {
  it('starts the actor, polls with backoff until SUCCEEDED, then pages through the dataset', async () => {
    double = await apifyDouble();
    const { src, delays } = source({ pollMinDelayMs: 1000 });
    const pages = await collectPages(src.pages(baseQuery, { signal: signal() }));

    expect(pages.map((p) => p.items.length)).toEqual([200, 200, 50]);
    const ids = pages.flatMap((p) => p.items.map((i) => (i as { ad_archive_id: string }).ad_archive_id));
    expect(new Set(ids).size).toBe(450);
    expect(pages.map((p) => p.cursor)).toEqual([
      'apify1:run1:ds1:200',
      'apify1:run1:ds1:400',
      'apify1:run1:ds1:450',
    ]);

    const [start, ...rest] = double.requests;
    expect(start!.path).toBe('/v2/acts/curious_coder~facebook-ads-library-scraper/runs');
    expect(start!.query.get('maxItems')).toBe('450');
    expect(JSON.parse(start!.body)).toEqual({
      urls: [{ url: baseQuery.libraryUrl }],
      count: 450,
      limitPerSource: 450,
      scrapeAdDetails: false,
      'scrapePageAds.activeStatus': 'active',
      'scrapePageAds.countryCode': 'US',
    });
    const polls = rest.filter((r) => r.path === '/v2/actor-runs/run1');
    expect(polls).toHaveLength(3);
    expect(polls[0]!.query.get('waitForFinish')).toBe('60');
    // Two early answers while RUNNING: equal-jitter pauses doubling from 1 s.
    expect(delays).toEqual([500, 1000]);
    const reads = rest.filter((r) => r.path === '/v2/datasets/ds1/items');
    expect(reads.map((r) => [r.query.get('offset'), r.query.get('limit'), r.query.get('clean')])).toEqual([
      ['0', '200', 'true'],
      ['200', '200', 'true'],
      ['400', '50', 'true'],
    ]);
    for (const request of double.requests) {
      expect(request.headers.authorization).toBe(`Bearer ${TOKEN}`);
      expect(request.query.toString()).not.toContain(TOKEN);
    }
  });

  it("hands on the items' Library total with each page, and none when the items carry none", async () => {
    double = await apifyDouble({
      items: Array.from({ length: 250 }, (_, i) => ({ ...apifyRawItem(i), total: 4100 })),
    });
    const pages = await collectPages(source().src.pages(baseQuery, { signal: signal() }));
    expect(pages.map((p) => p.libraryTotal)).toEqual([4100, 4100]);
    await double.close();
    double = await apifyDouble({ items: Array.from({ length: 20 }, (_, i) => apifyRawItem(i)) });
    const bare = await collectPages(source().src.pages(baseQuery, { signal: signal() }));
    expect(bare.map((p) => 'libraryTotal' in p)).toEqual([false]);
  });

  it('asks for the ad details in the EU and the UK, and stops at the limit', async () => {
    double = await apifyDouble({ statuses: ['SUCCEEDED'] });
    const { src } = source();
    const pages = await collectPages(
      src.pages({ ...baseQuery, country: 'DE', limit: 120 }, { signal: signal() }),
    );
    expect(pages.map((p) => p.items.length)).toEqual([120]);
    expect(JSON.parse(double.requests[0]!.body)).toMatchObject({ count: 120, scrapeAdDetails: true });
    const reads = double.requests.filter((r) => r.path === '/v2/datasets/ds1/items');
    expect(reads).toHaveLength(1);
    expect(reads[0]!.query.get('limit')).toBe('120');
  });

  it('waits out a 429 with Retry-After', async () => {
    double = await apifyDouble({
      statuses: ['SUCCEEDED'],
      faults: {
        dataset: [
          (res) => sendJson(res, 429, { error: { type: 'rate-limit-exceeded' } }, { 'retry-after': '7' }),
        ],
      },
    });
    const { src, delays } = source();
    const pages = await collectPages(src.pages(baseQuery, { signal: signal() }));
    expect(pages.flatMap((p) => p.items)).toHaveLength(450);
    expect(delays).toEqual([7000]);
  });

  it('retries 5xx when starting the run', async () => {
    double = await apifyDouble({
      statuses: ['SUCCEEDED'],
      faults: {
        start: [(res) => sendJson(res, 503, 'Service Unavailable'), (res) => sendJson(res, 502, {})],
      },
    });
    const { src, delays } = source({ random: () => 0.5 });
    const pages = await collectPages(src.pages({ ...baseQuery, limit: 10 }, { signal: signal() }));
    expect(pages.flatMap((p) => p.items)).toHaveLength(10);
    expect(double.requests.filter((r) => r.method === 'POST')).toHaveLength(3); // one run started once it answered
    expect(delays).toEqual([500, 1000]);
  });

  it('retries a status request that timed out', async () => {
    double = await apifyDouble({
      statuses: ['SUCCEEDED'],
      faults: { status: [() => {}] }, // the first status request never gets an answer
    });
    const { src, logs } = source({ pollWaitSecs: 0, policy: { timeoutMs: 500 } });
    const pages = await collectPages(src.pages({ ...baseQuery, limit: 5 }, { signal: signal() }));
    expect(pages.flatMap((p) => p.items)).toHaveLength(5);
    expect(logs.some((l) => /no response within/.test(l))).toBe(true);
    expect(double.requests.filter((r) => r.path === '/v2/actor-runs/run1')).toHaveLength(2);
  });

  it('ends without error when the dataset is empty', async () => {
    double = await apifyDouble({ items: [], statuses: ['SUCCEEDED'] });
    const { src } = source();
    expect(await collectPages(src.pages(baseQuery, { signal: signal() }))).toEqual([]);
  });

  it('re-reads a truncated dataset page', async () => {
    double = await apifyDouble({
      statuses: ['SUCCEEDED'],
      faults: { dataset: [(res) => sendJson(res, 200, '[{"ad_archive_id":"1000000000000",')] },
    });
    const { src, delays } = source();
    const pages = await collectPages(src.pages(baseQuery, { signal: signal() }));
    const ids = pages.flatMap((p) => p.items.map((i) => (i as { ad_archive_id: string }).ad_archive_id));
    expect(ids).toHaveLength(450);
    expect(new Set(ids).size).toBe(450);
    expect(delays).toHaveLength(1);
  });

  it('fails with a SourceError when the dataset stays unreadable', async () => {
    const broken: (res: ServerResponse) => void = (res) => sendJson(res, 200, '<html>oops');
    double = await apifyDouble({ statuses: ['SUCCEEDED'], faults: { dataset: Array(5).fill(broken) } });
    const { src } = source();
    const error = await collectPages(src.pages(baseQuery, { signal: signal() })).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(SourceError);
    expect(error).toMatchObject({
      permanent: false,
      userMessage: 'The Apify ad source is not responding. Please try again later.',
    });
    expect((error as Error).message).toMatch(/unreadable JSON/);
  });

  it.each([
    ['FAILED', 'The Apify ad scraper failed. Please try again.'],
    ['TIMED-OUT', 'The Apify ad scraper timed out before it collected the ads.'],
    ['ABORTED', 'The Apify ad scraper run was aborted.'],
  ])('hands over what a %s run stored, then fails clearly', async (status, userMessage) => {
    double = await apifyDouble({
      statuses: ['RUNNING', status],
      items: Array.from({ length: 30 }, (_, i) => apifyRawItem(i)),
    });
    const { src } = source();
    const seen: unknown[] = [];
    const error = await (async () => {
      for await (const page of src.pages(baseQuery, { signal: signal() })) seen.push(...page.items);
    })().catch((e: unknown) => e);
    expect(seen).toHaveLength(30);
    expect(error).toBeInstanceOf(SourceError);
    expect(error).toMatchObject({ userMessage });
    expect((error as Error).message).toContain(`ended ${status}: status ${status}`);
  });

  it('fails permanently, without retrying, when the token is rejected', async () => {
    double = await apifyDouble({
      faults: {
        start: [
          (res) =>
            sendJson(res, 401, {
              error: { type: 'token-not-valid', message: `Token ${TOKEN} is not valid` },
            }),
        ],
      },
    });
    const { src } = source();
    const error = await collectPages(src.pages(baseQuery, { signal: signal() })).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(SourceError);
    expect(error).toMatchObject({ permanent: true, userMessage: 'The Apify token is invalid or expired.' });
    expect((error as Error).message).toContain('token-not-valid');
    expect((error as Error).message).not.toContain(TOKEN);
    expect(double.requests).toHaveLength(1);
  });

  it('resumes from a cursor without starting a new run', async () => {
    double = await apifyDouble({ statuses: ['SUCCEEDED'] });
    const { src } = source();
    const pages = await collectPages(
      src.pages(baseQuery, { signal: signal(), cursor: 'apify1:run1:ds1:400' }),
    );
    expect(double.requests.some((r) => r.method === 'POST')).toBe(false);
    expect(pages.flatMap((p) => p.items)).toEqual(
      Array.from({ length: 50 }, (_, i) => apifyRawItem(400 + i)),
    );
  });

  it('stops polling and aborts the actor run when the job is cancelled', async () => {
    double = await apifyDouble({ statuses: ['RUNNING'] });
    const controller = new AbortController();
    let polls = 0;
    const sleep: Sleep = async (_ms, s) => {
      polls += 1;
      if (polls === 2) controller.abort(new Error('worker stopping'));
      if (s.aborted) throw s.reason;
    };
    const src = createApifySource({
      token: TOKEN,
      actor: 'a~b',
      baseUrl: double.url,
      sleep,
      random: () => 0,
    });
    await expect(collectPages(src.pages(baseQuery, { signal: controller.signal }))).rejects.toThrow(
      'worker stopping',
    );
    expect(double.requests.at(-1)).toMatchObject({ method: 'POST', path: '/v2/actor-runs/run1/abort' });
  });

  it.each<[number, { type?: string; message?: string }, string]>([
    [402, { type: 'not-enough-usage' }, 'The Apify account has no credit left to run the ad scraper.'],
    [
      403,
      { type: 'insufficient-permissions', message: 'Monthly usage limit exceeded' },
      'The Apify account has no credit left to run the ad scraper.',
    ],
    [
      403,
      { type: 'insufficient-permissions', message: 'Not allowed' },
      'The Apify token is not allowed to run the configured ad scraper.',
    ],
    [
      404,
      { type: 'record-not-found' },
      'The configured Apify actor (curious_coder~facebook-ads-library-scraper) or its run was not found.',
    ],
    [
      400,
      { type: 'invalid-input', message: 'urls is required' },
      'The Apify ad scraper rejected the search. Check the Ad Library link.',
    ],
    [418, {}, 'The Apify ad source failed. Please try again later.'],
  ])('turns an HTTP %i from Apify into a message the user can act on', async (status, error, userMessage) => {
    double = await apifyDouble({ faults: { start: [(res) => sendJson(res, status, { error })] } });
    const { src } = source({ actor: 'curious_coder~facebook-ads-library-scraper' });
    await expect(collectPages(src.pages(baseQuery, { signal: signal() }))).rejects.toMatchObject({
      permanent: true,
      userMessage,
    });
  });

  it('gives up on a run that never finishes, and aborts it (a failed abort is only logged)', async () => {
    double = await apifyDouble({ statuses: ['RUNNING'] });
    let clock = 0;
    const { src, logs } = source({ maxRunMs: 60_000, now: () => (clock += 20_000) });
    await expect(collectPages(src.pages(baseQuery, { signal: signal() }))).rejects.toMatchObject({
      userMessage: 'The Apify ad scraper took too long. Please try again with fewer ads.',
    });
    await expect.poll(() => double!.requests.some((r) => r.path === '/v2/actor-runs/run1/abort')).toBe(true);
    await expect.poll(() => logs).toContain('apify: aborted run run1');
  });

  it('only logs an abort that does not get through', async () => {
    const running = {
      data: { id: 'run1', actId: 'a', defaultDatasetId: 'ds1', status: 'RUNNING', statusMessage: '' },
    };
    double = await startDouble((req, res) => {
      if (req.path.endsWith('/abort')) res.socket?.destroy();
      else sendJson(res, req.method === 'POST' ? 201 : 200, running);
    });
    let clock = 0;
    const { src, logs } = source({ maxRunMs: 60_000, now: () => (clock += 20_000) });
    await expect(collectPages(src.pages(baseQuery, { signal: signal() }))).rejects.toBeInstanceOf(
      SourceError,
    );
    await expect.poll(() => logs).toContain('apify: could not abort run run1');
  });

  it('asks nothing for a limit of 0, and needs an Ad Library link to start a run', async () => {
    double = await apifyDouble();
    const { src } = source();
    expect(await collectPages(src.pages({ ...baseQuery, limit: 0 }, { signal: signal() }))).toEqual([]);
    await expect(
      collectPages(src.pages({ ...baseQuery, libraryUrl: '' }, { signal: signal() })),
    ).rejects.toMatchObject({
      userMessage: 'The Apify ad source needs a Facebook Ad Library link.',
    });
    expect(double.requests).toHaveLength(0);
  });
});

describe('libraryTotalOf', () => {
  it("reads the items' `total` (the search's result count), the largest on the page", () => {
    expect(libraryTotalOf([{ total: 28 }, { total: '1,204' }, { total: 96 }])).toBe(1204);
    expect(libraryTotalOf([{ total: 0 }])).toBe(0);
  });

  it('is null when no item carries a usable one', () => {
    expect(libraryTotalOf([])).toBeNull();
    expect(
      libraryTotalOf([{ ad_archive_id: '1' }, { total: null }, { total: 'many' }, { total: -4 }, 7]),
    ).toBeNull();
  });
});
