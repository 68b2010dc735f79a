import { describe, expect, it } from 'vitest';
import { sendJson, startDouble } from '../../../tests/fixtures/loopback-double.ts';
import {
  describeSourceSettings,
  readSourceSettings,
  SOURCE_DEFAULTS,
  type SourceSettings,
} from '../config.ts';
import { sourceQuery } from '../../../tests/fixtures/source-query.ts';
import { createSource, SourceConfigError } from './index.ts';

const settings = (over: Partial<SourceSettings> = {}): SourceSettings => ({
  ...readSourceSettings({}),
  ...over,
});

describe('readSourceSettings', () => {
  it('falls back to the defaults', () => {
    expect(readSourceSettings({})).toEqual({
      source: 'demo',
      apifyToken: '',
      apifyActor: SOURCE_DEFAULTS.apifyActor,
      apifyBaseUrl: 'https://api.apify.com',
      metaAccessToken: '',
      metaGraphBase: 'https://graph.facebook.com/v25.0',
      demoPaceMs: 1000,
      demoDaySeconds: 86_400,
      demoMediaBase: '',
    });
    expect(readSourceSettings({ SCOUT_SOURCE: 'bogus', SCOUT_DEMO_PACE_MS: 'fast' })).toMatchObject({
      source: 'demo',
      demoPaceMs: 1000,
    });
  });

  it('reads the source settings from the environment', () => {
    expect(
      readSourceSettings({
        SCOUT_SOURCE: 'apify',
        APIFY_TOKEN: ' tok ',
        APIFY_ACTOR: 'someone/ads-scraper',
        APIFY_BASE_URL: 'http://127.0.0.1:9999/',
        META_ACCESS_TOKEN: 'meta',
        META_GRAPH_BASE: 'http://127.0.0.1:9998/v25.0/',
        SCOUT_DEMO_PACE_MS: '0',
        SCOUT_DEMO_DAY_SECONDS: ' 10 ',
        DEMO_MEDIA_BASE: ' http://127.0.0.1:9997/ ',
      }),
    ).toEqual({
      source: 'apify',
      apifyToken: 'tok',
      apifyActor: 'someone~ads-scraper',
      apifyBaseUrl: 'http://127.0.0.1:9999',
      metaAccessToken: 'meta',
      metaGraphBase: 'http://127.0.0.1:9998/v25.0',
      demoPaceMs: 0,
      demoDaySeconds: 10,
      demoMediaBase: 'http://127.0.0.1:9997',
    });
  });

  it('describes the active source without its token', () => {
    expect(describeSourceSettings(settings({ source: 'apify', apifyToken: 'secret-apify' }))).not.toContain(
      'secret-apify',
    );
    expect(describeSourceSettings(settings({ source: 'meta' }))).toContain('access token MISSING');
    expect(describeSourceSettings(settings())).toContain('demo');
  });
});

describe('createSource', () => {
  it('builds the configured source', () => {
    expect(createSource(settings()).name).toBe('demo');
    expect(createSource(settings({ source: 'apify', apifyToken: 't' })).name).toBe('apify');
    expect(createSource(settings({ source: 'meta', metaAccessToken: 't' })).name).toBe('meta');
  });

  it('gives the demo and Apify sources a look-up by id, and the Meta source none', () => {
    expect(createSource(settings()).lookup?.maxIds).toBe(1000);
    expect(createSource(settings({ source: 'apify', apifyToken: 't' })).lookup?.maxIds).toBe(50);
    expect(createSource(settings({ source: 'meta', metaAccessToken: 't' })).lookup).toBeUndefined();
  });

  it('refuses a source without its token', () => {
    expect(() => createSource(settings({ source: 'apify' }))).toThrow(SourceConfigError);
    expect(() => createSource(settings({ source: 'apify' }))).toThrow(/APIFY_TOKEN/);
    expect(() => createSource(settings({ source: 'meta' }))).toThrow(/META_ACCESS_TOKEN/);
  });

  it('uses the injected fetch, else the global one', async () => {
    const calls: string[] = [];
    const fakeFetch: typeof fetch = async (input) => {
      calls.push(String(input));
      return new Response(JSON.stringify({ error: { message: 'bad token', code: 190 } }), { status: 401 });
    };
    const source = createSource(
      settings({ source: 'meta', metaAccessToken: 'tok', metaGraphBase: 'http://graph.test/v25.0' }),
      fakeFetch,
    );
    const pages = source.pages(
      sourceQuery({ libraryUrl: '', country: 'FR', searchTerms: 'x', activeStatus: 'active', limit: 5 }),
      { signal: new AbortController().signal },
    );
    await expect(pages[Symbol.asyncIterator]().next()).rejects.toMatchObject({
      userMessage: 'The Meta access token is invalid or expired',
    });
    expect(calls[0]).toMatch(/^http:\/\/graph\.test\/v25\.0\/ads_archive\?/);

    const graph = await startDouble((_request, response) =>
      sendJson(response, 400, { error: { message: 'Invalid OAuth access token', code: 190 } }),
    );
    try {
      const real = createSource(
        settings({ source: 'meta', metaAccessToken: 'tok', metaGraphBase: `${graph.url}/v25.0` }),
      );
      const pages = real.pages(
        sourceQuery({ libraryUrl: '', country: 'FR', searchTerms: 'x', activeStatus: 'active', limit: 5 }),
        { signal: new AbortController().signal },
      );
      const next = pages[Symbol.asyncIterator]().next();
      await expect(next).rejects.toMatchObject({
        userMessage: 'The Meta access token is invalid or expired',
      });
      expect(graph.requests.map((r) => r.path)).toEqual(['/v25.0/ads_archive']);
    } finally {
      await graph.close();
    }
  });
});
