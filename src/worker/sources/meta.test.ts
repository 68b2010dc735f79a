import type { ServerResponse } from 'node:http';
import { afterEach, describe, expect, it } from 'vitest';
import {
  sendJson,
  startDouble,
  type LoopbackDouble,
  type RecordedRequest,
  recordingSleep,
} from '../../../tests/fixtures/loopback-double.ts';
import { createMetaSource, metaSearchParams, type MetaSourceOptions } from './meta.ts';
import { collectPages, sourceQuery } from '../../../tests/fixtures/source-query.ts';
import { SourceError, type SourcePage } from './types.ts';

const TOKEN = 'EAAGmetaSECRETtoken987654321';

const baseQuery = sourceQuery({
  libraryUrl:
    'https://www.facebook.com/ads/library/?active_status=active&ad_type=all&country=DE&q=posture%20corrector',
  country: 'DE',
  searchTerms: 'posture corrector',
  activeStatus: 'active',
  startDateMin: '2026-08-01',
  platforms: ['facebook', 'instagram'],
  languages: ['de'],
  limit: 250,
});

function graphAd(i: number) {
  return {
    id: String(2_000_000_000_000 + i),
    page_id: '111',
    page_name: 'Posture Pro',
    ad_creative_bodies: [`body ${i}`],
    ad_delivery_start_time: '2026-09-01',
    publisher_platforms: ['facebook', 'instagram'],
    eu_total_reach: 1000 + i,
    ad_snapshot_url: `https://www.facebook.com/ads/archive/render_ad/?id=${2_000_000_000_000 + i}&access_token=${TOKEN}`,
  };
}

type Fault = (res: ServerResponse) => void;

function graphError(
  code: number,
  message: string,
  headers: Record<string, string> = {},
  status = 400,
): Fault {
  return (res) =>
    sendJson(
      res,
      status,
      { error: { message, type: 'OAuthException', code, fbtrace_id: 'AbC123' } },
      headers,
    );
}

async function graphDouble(
  options: { ads?: unknown[]; faults?: Fault[]; headers?: Record<string, string> } = {},
) {
  const ads = options.ads ?? Array.from({ length: 250 }, (_, i) => graphAd(i));
  const faults = [...(options.faults ?? [])];
  let base = '';
  const handler = (req: RecordedRequest, res: ServerResponse) => {
    if (req.path !== '/v25.0/ads_archive')
      return sendJson(res, 404, { error: { message: 'Unknown path', code: 803 } });
    const fault = faults.shift();
    if (fault) return fault(res);
    const offset = req.query.has('after') ? Number(req.query.get('after')!.slice(1)) : 0;
    const limit = Number(req.query.get('limit') ?? 25);
    const data = ads.slice(offset, offset + limit);
    const end = offset + data.length;
    const next = new URLSearchParams(req.query);
    next.set('after', `c${end}`);
    const paging =
      end < ads.length
        ? {
            cursors: { before: `c${offset}`, after: `c${end}` },
            next: `${base}/v25.0/ads_archive?${next.toString()}`,
          }
        : { cursors: { before: `c${offset}`, after: `c${end}` } };
    sendJson(res, 200, { data, paging }, options.headers);
  };
  const double = await startDouble(handler);
  base = double.url;
  return double;
}

let double: LoopbackDouble | null = null;
afterEach(async () => {
  await double?.close();
  double = null;
});

function source(overrides: Partial<MetaSourceOptions> = {}) {
  const { delays, sleep } = recordingSleep();
  const logs: string[] = [];
  const src = createMetaSource({
    accessToken: TOKEN,
    graphBase: `${double!.url}/v25.0`,
    sleep,
    random: () => 0,
    log: (m) => logs.push(m),
    ...overrides,
  });
  return { src, delays, logs };
}

async function failure(pages: AsyncIterable<SourcePage>): Promise<SourceError> {
  const error = await collectPages(pages).catch((e: unknown) => e);
  expect(error).toBeInstanceOf(SourceError);
  return error as SourceError;
}

const signal = () => new AbortController().signal;

describe('meta source', () => {
  it('queries ads_archive with the documented parameters and follows the after cursors', async () => {
    double = await graphDouble();
    const { src } = source();
    const pages = await collectPages(src.pages(baseQuery, { signal: signal() }));

    expect(pages.map((p) => p.items.length)).toEqual([100, 100, 50]);
    expect(pages.map((p) => p.cursor)).toEqual(['c100', 'c200', null]);
    const [first, second, third] = double.requests;
    expect(Object.fromEntries(first!.query)).toMatchObject({
      ad_reached_countries: '["DE"]',
      ad_active_status: 'ACTIVE',
      ad_type: 'ALL',
      search_terms: 'posture corrector',
      search_type: 'KEYWORD_UNORDERED',
      ad_delivery_date_min: '2026-08-01',
      publisher_platforms: '["FACEBOOK","INSTAGRAM"]',
      languages: '["de"]',
      limit: '100',
      access_token: TOKEN,
    });
    expect(first!.query.has('after')).toBe(false);
    expect(first!.query.get('fields')!.split(',')).toEqual(
      expect.arrayContaining([
        'id',
        'ad_creative_bodies',
        'ad_delivery_start_time',
        'eu_total_reach',
        'target_gender',
      ]),
    );
    expect(second!.query.get('after')).toBe('c100');
    expect(third!.query.get('after')).toBe('c200');
    expect(third!.query.get('limit')).toBe('50');
    // Items are Graph's own objects, minus the token Graph puts into ad_snapshot_url.
    const item = pages[0]!.items[0] as ReturnType<typeof graphAd>;
    expect(item.id).toBe('2000000000000');
    expect(item.ad_snapshot_url).toBe('https://www.facebook.com/ads/archive/render_ad/?id=2000000000000');
    expect(JSON.stringify(pages)).not.toContain(TOKEN);
  });

  it('maps page searches, exact phrases and page ids', async () => {
    double = await graphDouble({ ads: [graphAd(1)] });
    const { src } = source();
    await collectPages(
      src.pages(
        {
          ...baseQuery,
          searchTerms: '"frase esatta"',
          searchType: 'keyword_exact_phrase',
          pageIds: ['15087023444'],
          mediaType: 'video',
          activeStatus: 'all',
        },
        { signal: signal() },
      ),
    );
    expect(Object.fromEntries(double.requests[0]!.query)).toMatchObject({
      search_terms: 'frase esatta',
      search_type: 'KEYWORD_EXACT_PHRASE',
      search_page_ids: '["15087023444"]',
      media_type: 'VIDEO',
      ad_active_status: 'ALL',
    });
  });

  it('says so, without calling Graph, when a commercial search targets a country outside the EU', async () => {
    double = await graphDouble();
    const { src } = source();
    const error = await failure(src.pages({ ...baseQuery, country: 'US' }, { signal: signal() }));
    expect(error.permanent).toBe(true);
    expect(error.userMessage).toMatch(/only returns ads delivered in the European Union.*United States/);
    expect(double.requests).toHaveLength(0);

    // Political and issue ads are served for every country.
    const pages = await collectPages(
      src.pages(
        { ...baseQuery, country: 'US', adType: 'political_and_issue_ads', limit: 10 },
        { signal: signal() },
      ),
    );
    expect(pages.flatMap((p) => p.items)).toHaveLength(10);
    expect(double.requests[0]!.query.get('ad_type')).toBe('POLITICAL_AND_ISSUE_ADS');
    expect(double.requests[0]!.query.get('fields')).toContain('spend');
  });

  it.each([
    [
      4,
      'Application request limit reached',
      { 'x-app-usage': '{"call_count":100,"total_cputime":20,"total_time":40}' },
      5_000,
    ],
    [
      17,
      'User request limit reached',
      {
        'x-business-use-case-usage':
          '{"999":[{"type":"ads_archive","call_count":100,"estimated_time_to_regain_access":2}]}',
      },
      120_000,
    ],
    [613, 'Calls to this api have exceeded the rate limit.', { 'retry-after': '45' }, 45_000],
    [80004, 'There have been too many calls to this ad-account.', {}, 5_000],
  ])(
    'backs off on Graph rate-limit code %i, as long as the headers say',
    async (code, message, headers, expected) => {
      double = await graphDouble({ faults: [graphError(code, message, headers)] });
      const { src, delays, logs } = source();
      const pages = await collectPages(src.pages({ ...baseQuery, limit: 20 }, { signal: signal() }));
      expect(pages.flatMap((p) => p.items)).toHaveLength(20);
      expect(delays).toEqual([expected]);
      expect(logs[0]).toContain(`Graph rate limit (code ${code}`);
      expect(logs.join('\n')).not.toContain(TOKEN);
    },
  );

  it('fails with a retry-later message when access returns only after a long wait', async () => {
    const headers = {
      'x-business-use-case-usage': '{"1":[{"call_count":100,"estimated_time_to_regain_access":60}]}',
    };
    double = await graphDouble({ faults: [graphError(17, 'User request limit reached', headers)] });
    const { src, delays } = source();
    const error = await failure(src.pages(baseQuery, { signal: signal() }));
    expect(error).toMatchObject({
      permanent: false,
      userMessage: 'The Meta Ad Library API rate limit was reached. Please try again in about 60 minutes.',
    });
    expect(delays).toEqual([]);
  });

  it('gives up after bounded retries when the rate limit persists', async () => {
    double = await graphDouble({ faults: Array(5).fill(graphError(4, 'Application request limit reached')) });
    const { src, delays } = source({ random: () => 0.5 });
    const error = await failure(src.pages(baseQuery, { signal: signal() }));
    expect(error.userMessage).toBe('The Meta Ad Library API rate limit was reached. Please try again later.');
    expect(delays).toEqual([7_500, 15_000, 30_000, 60_000]);
    expect(double.requests).toHaveLength(5);
  });

  it('fails permanently on code 190 (token) without retrying or leaking the token', async () => {
    double = await graphDouble({
      faults: [
        graphError(190, `Error validating access token: Session has expired (token ${TOKEN})`, {}, 401),
      ],
    });
    const { src, delays } = source();
    const error = await failure(src.pages(baseQuery, { signal: signal() }));
    expect(error).toMatchObject({
      permanent: true,
      userMessage: 'The Meta access token is invalid or expired',
    });
    expect(error.message).toContain('Graph error 190');
    expect(error.message).not.toContain(TOKEN);
    expect(delays).toEqual([]);
    expect(double.requests).toHaveLength(1);
  });

  it('fails permanently on code 100 and logs the Graph message', async () => {
    double = await graphDouble({
      faults: [graphError(100, '(#100) search_page_ids must be a list of page ids')],
    });
    const { src } = source();
    const error = await failure(src.pages(baseQuery, { signal: signal() }));
    expect(error.permanent).toBe(true);
    expect(error.userMessage).toBe('The Meta Ad Library API rejected the search parameters.');
    expect(error.message).toContain('(#100) search_page_ids must be a list of page ids');
  });

  it('retries 5xx, a timeout and a truncated page, then carries on', async () => {
    double = await graphDouble({
      faults: [
        (res) =>
          sendJson(res, 500, {
            error: { message: 'An unknown error occurred', code: 1, is_transient: true },
          }),
        () => {}, // no answer: the request times out
        (res) => sendJson(res, 200, '{"data":[{"id":"2000000000000","page_id":"11'),
      ],
    });
    const { src, delays, logs } = source({ policy: { timeoutMs: 500 } });
    const pages = await collectPages(src.pages({ ...baseQuery, limit: 30 }, { signal: signal() }));
    expect(pages.flatMap((p) => p.items)).toHaveLength(30);
    expect(delays).toHaveLength(3);
    expect(logs.map((l) => l.split(';')[0])).toEqual([
      'meta ads_archive: Graph transient error (code 1: An unknown error occurred)',
      expect.stringMatching(/^meta ads_archive: no response within/),
      'meta ads_archive: unreadable JSON in the response',
    ]);
  });

  it('treats an empty page as the end', async () => {
    double = await graphDouble({
      faults: [
        (res) =>
          sendJson(res, 200, {
            data: [],
            paging: { cursors: { after: 'zz' }, next: 'https://graph.example/next' },
          }),
      ],
    });
    const { src } = source();
    expect(await collectPages(src.pages(baseQuery, { signal: signal() }))).toEqual([]);
    expect(double.requests).toHaveLength(1);
  });

  it('halves the page size when Graph asks for less data', async () => {
    double = await graphDouble({
      faults: [
        graphError(
          1,
          'Please reduce the amount of data you are asking for, then retry your request',
          {},
          500,
        ),
      ],
    });
    const { src } = source();
    const pages = await collectPages(src.pages({ ...baseQuery, limit: 60 }, { signal: signal() }));
    expect(pages.map((p) => p.items.length)).toEqual([50, 10]);
    expect(double.requests.map((r) => r.query.get('limit'))).toEqual(['60', '50', '10']);
  });

  it('pauses between pages when the usage headers near the limit', async () => {
    double = await graphDouble({
      headers: { 'x-app-usage': '{"call_count":91,"total_cputime":10,"total_time":12}' },
    });
    const { src, delays } = source({ slowDownMs: 20_000 });
    await collectPages(src.pages({ ...baseQuery, limit: 200 }, { signal: signal() }));
    expect(delays).toEqual([20_000]);
  });

  it('resumes after a cursor', async () => {
    double = await graphDouble();
    const { src } = source();
    const pages = await collectPages(src.pages(baseQuery, { signal: signal(), cursor: 'c200' }));
    expect(double.requests[0]!.query.get('after')).toBe('c200');
    expect(pages.flatMap((p) => p.items)).toHaveLength(50);
  });

  it.each<[number, string, string]>([
    [
      10,
      '(#10) Application does not have permission',
      'The Meta access token may not use the Ad Library API (the account must confirm its identity).',
    ],
    [
      200,
      '(#200) Permissions error',
      'The Meta access token may not use the Ad Library API (the account must confirm its identity).',
    ],
    [
      2500,
      'Unknown path components',
      'The Meta Ad Library API refused the search (Unknown path components).',
    ],
  ])(
    'fails permanently on Graph code %i with a message the user can act on',
    async (code, message, userMessage) => {
      double = await graphDouble({ faults: [graphError(code, message)] });
      const error = await failure(source().src.pages(baseQuery, { signal: signal() }));
      expect([error.permanent, error.userMessage]).toEqual([true, userMessage]);
    },
  );

  it('calls Graph asking for less data at the smallest page, and a server that keeps failing, passing problems; any other HTTP error a failure', async () => {
    // "reduce the amount of data" even at the smallest page: nothing this search can change
    const lessData = 'Please reduce the amount of data you are asking for, then retry your request';
    double = await graphDouble({ faults: [graphError(1, lessData, {}, 500)] });
    const unknown = await failure(source({ pageSize: 10 }).src.pages(baseQuery, { signal: signal() }));
    expect([unknown.permanent, unknown.userMessage]).toEqual([
      false,
      'The Meta Ad Library API could not answer this search. Please try again later.',
    ]);
    await double.close();

    double = await graphDouble({
      faults: Array(5).fill((res: ServerResponse) => sendJson(res, 503, 'busy')),
    });
    const busy = await failure(source().src.pages(baseQuery, { signal: signal() }));
    expect([busy.permanent, busy.userMessage]).toEqual([
      false,
      'The Meta Ad Library API is not responding. Please try again later.',
    ]);
    await double.close();

    double = await graphDouble({
      faults: [(res: ServerResponse) => sendJson(res, 404, '<html>not found</html>')],
    });
    const missing = await failure(source().src.pages(baseQuery, { signal: signal() }));
    expect([missing.permanent, missing.userMessage]).toEqual([
      true,
      'The Meta Ad Library API failed. Please try again later.',
    ]);
  });

  it('passes a cancellation on as it is', async () => {
    double = await graphDouble();
    const cancel = new AbortController();
    cancel.abort(new Error('worker stopping'));
    await expect(collectPages(source().src.pages(baseQuery, { signal: cancel.signal }))).rejects.toThrow(
      'worker stopping',
    );
  });

  it('follows a next link that carries its cursor only in the URL, and hands on items without a snapshot URL', async () => {
    let calls = 0;
    double = await startDouble((req, res) => {
      calls += 1;
      if (!req.query.has('after'))
        return sendJson(res, 200, {
          data: [{ id: '1' }, null],
          paging: { next: `${double!.url}/v25.0/ads_archive?after=n%3D2` },
        });
      sendJson(res, 200, {
        data: [
          { id: '2', ad_snapshot_url: 'https://www.facebook.com/ads/archive/render_ad/?id=2&access_token=x' },
        ],
      });
    });
    const pages = await collectPages(source().src.pages(baseQuery, { signal: signal() }));
    expect(double.requests[1]!.query.get('after')).toBe('n=2');
    expect(pages.flatMap((p) => p.items)).toEqual([
      { id: '1' },
      null,
      { id: '2', ad_snapshot_url: 'https://www.facebook.com/ads/archive/render_ad/?id=2' },
    ]);
    expect(calls).toBe(2);
  });

  it('searches the first 10 page ids and at most 100 characters of terms, cut between words', async () => {
    double = await graphDouble({ ads: [] });
    const pageIds = Array.from({ length: 12 }, (_, i) => String(100 + i));
    const words = 'posture corrector back brace '.repeat(6).trim();
    const { src, logs } = source();
    await collectPages(src.pages({ ...baseQuery, pageIds, searchTerms: words }, { signal: signal() }));
    expect(logs).toContain('meta: only the first 10 page ids are searched');
    const sent = double.requests[0]!.query;
    expect(JSON.parse(sent.get('search_page_ids')!)).toEqual(pageIds.slice(0, 10));
    expect(sent.get('search_terms')).toBe(words.slice(0, 100).slice(0, words.slice(0, 100).lastIndexOf(' ')));
    expect(metaSearchParams({ ...baseQuery, searchTerms: 'x'.repeat(120) }).get('search_terms')).toBe(
      'x'.repeat(100),
    );
  });
});
