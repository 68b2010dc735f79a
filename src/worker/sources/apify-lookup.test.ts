/**
 * The Apify source's look-up by id (apify.ts, apify-input.ts) against the Apify API double
 * (tests/fixtures/apify-double.ts): one actor run over the ads' own Ad Library pages.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { toPbDate } from '../../domain/text/format.ts';
import { apifyDouble } from '../../../tests/fixtures/apify-double.ts';
import { recordingSleep, sendJson, type LoopbackDouble } from '../../../tests/fixtures/loopback-double.ts';
import { sourceQuery } from '../../../tests/fixtures/source-query.ts';
import { createApifySource } from './apify.ts';
import { APIFY_LOOKUP_MAX_IDS } from './apify-input.ts';
import { SourceError } from './types.ts';

const TOKEN = 'apify_api_SECRET0123456789';
const NOW = Date.UTC(2026, 10, 22, 9);
const START_S = Date.UTC(2026, 9, 1) / 1000;
const END_S = Date.UTC(2026, 10, 19) / 1000;
const query = sourceQuery({ activeStatus: 'active' });
const signal = () => new AbortController().signal;

/** An ad as the actor scrapes it from its own page; a running one's end_date is the day it was seen. */
const ad = (id: string, active: boolean) => ({
  ad_archive_id: id,
  is_active: active,
  start_date: START_S,
  end_date: active ? NOW / 1000 : END_S,
  snapshot: { body: { text: `ad ${id}` } },
});

let double: LoopbackDouble | null = null;
afterEach(async () => {
  await double?.close();
  double = null;
});

function source() {
  const logs: string[] = [];
  const src = createApifySource({
    token: TOKEN,
    actor: 'curious_coder~facebook-ads-library-scraper',
    baseUrl: double!.url,
    sleep: recordingSleep().sleep,
    random: () => 0,
    now: () => NOW,
    log: (m) => logs.push(m),
    datasetPageSize: 2,
  });
  return { lookup: src.lookup!, logs };
}

describe('apify look-up by id', () => {
  it("asks the actor for each ad's own Ad Library page, and answers what it found", async () => {
    double = await apifyDouble({
      statuses: ['RUNNING', 'SUCCEEDED'],
      library: [ad('111', true), ad('222', false), ad('333', false), ad('444', true)],
    });
    const { lookup, logs } = source();
    expect(lookup.maxIds).toBe(50);
    const answers = await lookup.ads(query, ['222', '111', '999', '222', '444'], { signal: signal() });
    expect(answers).toEqual([
      { adId: '222', active: false, endDate: toPbDate(END_S * 1000) },
      { adId: '111', active: true, endDate: '' },
      { adId: '444', active: true, endDate: '' },
    ]);

    const start = double.requests[0]!;
    expect(start.path).toBe('/v2/acts/curious_coder~facebook-ads-library-scraper/runs');
    expect(start.query.get('maxItems')).toBe('4');
    expect(JSON.parse(start.body)).toEqual({
      urls: ['222', '111', '999', '444'].map((id) => ({
        url: `https://www.facebook.com/ads/library/?id=${id}`,
      })),
      count: 4,
      limitPerSource: 4,
      scrapeAdDetails: false,
    });
    // the whole dataset, two items a page
    const reads = double.requests.filter((r) => r.path === '/v2/datasets/ds1/items');
    expect(reads.map((r) => r.query.get('offset'))).toEqual(['0', '2']);
    for (const request of double.requests) {
      expect(request.headers.authorization).toBe(`Bearer ${TOKEN}`);
      expect(request.url).not.toContain(TOKEN);
    }
    expect(logs).toContain('apify: looked up 4 ads by id, 3 found');
  });

  it('leaves out an ad the actor returns unasked, and never puts what is not a Library id in a link', async () => {
    double = await apifyDouble({ statuses: ['SUCCEEDED'], library: [ad('111', false)] });
    const { lookup } = source();
    const answers = await lookup.ads(query, ['111', '1&country=ALL', '../x', ''], { signal: signal() });
    expect(answers.map((a) => a.adId)).toEqual(['111']);
    expect(JSON.parse(double.requests[0]!.body).urls).toEqual([
      { url: 'https://www.facebook.com/ads/library/?id=111' },
    ]);
  });

  it('starts no run for no ids, and refuses more than 50 before any request', async () => {
    double = await apifyDouble();
    const { lookup } = source();
    expect(await lookup.ads(query, [], { signal: signal() })).toEqual([]);
    expect(await lookup.ads(query, ['not-an-id'], { signal: signal() })).toEqual([]);
    const ids = Array.from({ length: APIFY_LOOKUP_MAX_IDS + 1 }, (_, i) => String(1000 + i));
    await expect(lookup.ads(query, ids, { signal: signal() })).rejects.toThrow(RangeError);
    expect(await lookup.ads(query, [...ids.slice(0, 50), ids[0]!], { signal: signal() })).toEqual([]);
    expect(double.requests.filter((r) => r.method === 'POST')).toHaveLength(1);
  });

  it('fails with a SourceError when the run fails or the token is refused, rather than answer in part', async () => {
    double = await apifyDouble({ statuses: ['FAILED'], library: [ad('111', false)] });
    const failed = await source()
      .lookup.ads(query, ['111'], { signal: signal() })
      .catch((e: unknown) => e);
    expect(failed).toBeInstanceOf(SourceError);
    expect(failed).toMatchObject({ userMessage: 'The Apify ad scraper failed. Please try again.' });
    await double.close();

    double = await apifyDouble({
      faults: { start: [(res) => sendJson(res, 401, { error: { type: 'token-not-valid' } })] },
    });
    await expect(source().lookup.ads(query, ['111'], { signal: signal() })).rejects.toMatchObject({
      permanent: true,
      userMessage: 'The Apify token is invalid or expired.',
    });
  });

  it('aborts the actor run when the worker gives up on it', async () => {
    double = await apifyDouble({ statuses: ['RUNNING'] });
    const controller = new AbortController();
    const src = createApifySource({
      token: TOKEN,
      actor: 'a~b',
      baseUrl: double.url,
      random: () => 0,
      sleep: async (_ms, s) => {
        controller.abort(new Error('worker stopping'));
        if (s.aborted) throw s.reason;
      },
    });
    await expect(src.lookup!.ads(query, ['111'], { signal: controller.signal })).rejects.toThrow(
      'worker stopping',
    );
    expect(double.requests.at(-1)).toMatchObject({ method: 'POST', path: '/v2/actor-runs/run1/abort' });
  });
});
