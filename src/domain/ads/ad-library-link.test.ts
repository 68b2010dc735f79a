import { describe, expect, it } from 'vitest';
import {
  AD_LIBRARY_LINK_MESSAGE,
  AD_LIBRARY_LINK_TOO_LONG_MESSAGE,
  adLibrarySearchUrl,
  isAdLibraryLink,
  parseAdLibraryLink,
  resolveScoutQuery,
  type AdLibraryLink,
} from './ad-library-link.ts';

const EMPTY: AdLibraryLink = {
  country: '',
  q: '',
  search_type: '',
  active_status: '',
  ad_type: '',
  media_type: '',
  view_all_page_id: '',
  id: '',
  is_targeted_country: null,
  impression_condition: '',
  start_date: { min: '', max: '' },
  sort_data: { mode: '', direction: '' },
  publisher_platforms: [],
  content_languages: [],
  regions: [],
  page_ids: [],
  other: [],
};

function parsed(raw: string): AdLibraryLink {
  const result = parseAdLibraryLink(raw);
  if (!result.ok) throw new Error(`refused ${raw}: ${result.error}`);
  return result.link;
}

describe('parseAdLibraryLink: links of real Ad Library searches', () => {
  it.each<[string, Partial<AdLibraryLink>]>([
    [
      'https://www.facebook.com/ads/library/?active_status=all&ad_type=all&country=IN&q=linkedin&search_type=keyword_unordered&media_type=all',
      {
        active_status: 'all',
        ad_type: 'all',
        country: 'IN',
        q: 'linkedin',
        search_type: 'keyword_unordered',
        media_type: 'all',
      },
    ],
    [
      'https://www.facebook.com/ads/library/?active_status=active&ad_type=all&content_languages[0]=en&country=ALL&is_targeted_country=false&media_type=image&publisher_platforms[0]=instagram&publisher_platforms[1]=facebook&search_type=page&view_all_page_id=15087023444',
      {
        active_status: 'active',
        ad_type: 'all',
        content_languages: ['en'],
        country: 'ALL',
        is_targeted_country: false,
        media_type: 'image',
        publisher_platforms: ['instagram', 'facebook'],
        search_type: 'page',
        view_all_page_id: '15087023444',
      },
    ],
    [
      'https://www.facebook.com/ads/library/?active_status=active&ad_type=all&country=IT&is_targeted_country=false&media_type=all&q=%22frase%20esatta%22&search_type=keyword_exact_phrase',
      {
        active_status: 'active',
        ad_type: 'all',
        country: 'IT',
        is_targeted_country: false,
        media_type: 'all',
        q: '"frase esatta"',
        search_type: 'keyword_exact_phrase',
      },
    ],
    [
      'https://www.facebook.com/ads/library/?active_status=active&ad_type=all&country=BD&is_targeted_country=true&media_type=all&q=gym%20equipment&search_type=keyword_unordered&impression_condition=HAS_IMPRESSIONS_LAST_7DAYS',
      {
        active_status: 'active',
        ad_type: 'all',
        country: 'BD',
        is_targeted_country: true,
        media_type: 'all',
        q: 'gym equipment',
        search_type: 'keyword_unordered',
        impression_condition: 'HAS_IMPRESSIONS_LAST_7DAYS',
      },
    ],
    ['https://www.facebook.com/ads/library/?id=557749506622153', { id: '557749506622153' }],
    [
      'https://www.facebook.com/ads/library/?active_status=all&ad_type=political_and_issue_ads&country=BR&regions[0]=Mato%20Grosso&media_type=all',
      {
        active_status: 'all',
        ad_type: 'political_and_issue_ads',
        country: 'BR',
        regions: ['Mato Grosso'],
        media_type: 'all',
      },
    ],
  ])('%s', (link, expected) => {
    expect(parsed(link)).toEqual({ ...EMPTY, ...expected });
  });

  it('reads every parameter of a full search link, brackets literal or percent-encoded', () => {
    const link =
      'https://www.facebook.com/ads/library/?active_status=active&ad_type=all&country=US' +
      '&q=posture+corrector&search_type=keyword_unordered&media_type=video' +
      '&start_date%5Bmin%5D=2025-01-01&start_date%5Bmax%5D=' +
      '&sort_data[direction]=desc&sort_data[mode]=total_impressions' +
      '&publisher_platforms%5B0%5D=facebook&publisher_platforms%5B1%5D=messenger' +
      '&content_languages[0]=en&content_languages[1]=es&page_ids[0]=106303752098912' +
      '&is_targeted_country=false&source=fb-logo#anchor';
    expect(parsed(link)).toEqual({
      ...EMPTY,
      active_status: 'active',
      ad_type: 'all',
      country: 'US',
      q: 'posture corrector',
      search_type: 'keyword_unordered',
      media_type: 'video',
      start_date: { min: '2025-01-01', max: '' },
      sort_data: { direction: 'desc', mode: 'total_impressions' },
      publisher_platforms: ['facebook', 'messenger'],
      content_languages: ['en', 'es'],
      page_ids: ['106303752098912'],
      is_targeted_country: false,
      other: [['source', 'fb-logo']],
    });
  });
});

describe('parseAdLibraryLink: hosts, schemes and paths', () => {
  it.each([
    'https://facebook.com/ads/library/?q=shoes',
    'https://m.facebook.com/ads/library/?q=shoes',
    'https://web.facebook.com/ads/library/?q=shoes',
    'http://www.facebook.com/ads/library/?q=shoes',
    'HTTPS://WWW.FACEBOOK.COM/ads/library?q=shoes',
    'https://www.facebook.com/ads/library?q=shoes',
    'https://www.facebook.com./ads/library/?q=shoes',
    'https://www.facebook.com:443/ads/library/?q=shoes',
    '  https://www.facebook.com/ads/library/?q=shoes  ',
  ])('accepts %s', (link) => {
    expect(parsed(link).q).toBe('shoes');
  });

  it('accepts the Library home with no parameters', () => {
    expect(parsed('https://www.facebook.com/ads/library/')).toEqual(EMPTY);
  });

  it.each([
    ['another host', 'https://www.example.com/ads/library/?q=shoes'],
    ['a look-alike host', 'https://www.facebook.com.evil.example/ads/library/?q=shoes'],
    ['a look-alike suffix', 'https://notfacebook.com/ads/library/?q=shoes'],
    ['credentials before the host', 'https://www.facebook.com@evil.example/ads/library/?q=x'],
    ['credentials on facebook', 'https://user:pw@www.facebook.com/ads/library/?q=x'],
    ['a backslash trick', 'https://evil.example\\@www.facebook.com/ads/library/?q=x'],
    ['another port', 'https://www.facebook.com:8443/ads/library/?q=shoes'],
    ['the API page', 'https://www.facebook.com/ads/library/api/?q=shoes'],
    ['a Page', 'https://www.facebook.com/curvyfaja'],
    ['an ad archive render', 'https://www.facebook.com/ads/archive/render_ad/?id=1'],
    ['the library path in the query', 'https://www.facebook.com/?next=/ads/library/'],
    ['no scheme', 'www.facebook.com/ads/library/?q=shoes'],
    ['a protocol-relative link', '//www.facebook.com/ads/library/?q=shoes'],
    ['javascript:', 'javascript:alert(1)//www.facebook.com/ads/library/'],
    ['data:', 'data:text/html,https://www.facebook.com/ads/library/'],
    ['ftp', 'ftp://www.facebook.com/ads/library/'],
    ['an empty string', ''],
    ['whitespace', '   '],
    ['text', 'facebook ad library shoes'],
  ])('refuses %s', (_label, link) => {
    expect(parseAdLibraryLink(link)).toEqual({ ok: false, error: AD_LIBRARY_LINK_MESSAGE });
    expect(isAdLibraryLink(link)).toBe(false);
  });

  it('refuses a link longer than the form allows, with its own message', () => {
    const link = `https://www.facebook.com/ads/library/?q=${'a'.repeat(2000)}`;
    expect(parseAdLibraryLink(link)).toEqual({ ok: false, error: AD_LIBRARY_LINK_TOO_LONG_MESSAGE });
  });

  it('refuses non-strings from untyped callers without throwing', () => {
    expect(parseAdLibraryLink(undefined as unknown as string).ok).toBe(false);
    expect(parseAdLibraryLink(42 as unknown as string).ok).toBe(false);
  });
});

describe('parseAdLibraryLink: hostile and odd parameters', () => {
  it('keeps the first value of a repeated scalar parameter', () => {
    const link = parsed('https://www.facebook.com/ads/library/?country=US&q=a&country=DE&q=b');
    expect([link.country, link.q]).toEqual(['US', 'a']);
  });

  it('orders indexed arrays by index, then appends unindexed and [] values, without duplicates', () => {
    const link = parsed(
      'https://www.facebook.com/ads/library/?publisher_platforms[1]=instagram&publisher_platforms[0]=facebook' +
        '&publisher_platforms=messenger&publisher_platforms[]=audience_network&publisher_platforms[3]=FACEBOOK',
    );
    expect(link.publisher_platforms).toEqual(['facebook', 'instagram', 'messenger', 'audience_network']);
  });

  it('drops values that fail their format', () => {
    const link = parsed(
      'https://www.facebook.com/ads/library/?country=USA&view_all_page_id=12ab&id=1;DROP' +
        '&start_date[min]=2025-02-30&start_date[max]=tomorrow&media_type=<svg>&active_status=all%20the%20things' +
        '&content_languages[0]=english!&page_ids[0]=x&is_targeted_country=maybe&sort_data[mode]=a.b',
    );
    expect(link).toEqual({ ...EMPTY });
  });

  it('decodes + as space and survives malformed percent escapes', () => {
    const link = parsed('https://www.facebook.com/ads/library/?q=caf%C3%A9+%E0%A4%A+100%25&country=us');
    expect(link.q).toBe('café %E0%A4%A 100%');
    expect(link.country).toBe('US');
  });

  it('keeps script-looking search text as text, without control characters', () => {
    const link = parsed('https://www.facebook.com/ads/library/?q=%3Cscript%3Ealert(1)%3C%2Fscript%3E%00%0A');
    expect(link.q).toBe('<script>alert(1)</script>');
  });

  it('reads links copied out of HTML (&amp; between parameters)', () => {
    const link = parsed('https://www.facebook.com/ads/library/?country=FR&amp;q=bijoux&amp;media_type=image');
    expect([link.country, link.q, link.media_type]).toEqual(['FR', 'bijoux', 'image']);
  });

  it('keeps unknown parameters (and prototype-looking keys) as plain pairs', () => {
    const link = parsed(
      'https://www.facebook.com/ads/library/?__proto__[x]=1&constructor=2&publisher_platforms[foo]=bar&empty',
    );
    expect(link.other).toEqual([
      ['__proto__[x]', '1'],
      ['constructor', '2'],
      ['publisher_platforms[foo]', 'bar'],
      ['empty', ''],
    ]);
    expect(({} as Record<string, unknown>).x).toBeUndefined();
  });
});

describe('resolveScoutQuery', () => {
  const link =
    'https://www.facebook.com/ads/library/?active_status=active&ad_type=all&country=IT&media_type=all' +
    '&q=%22frase%20esatta%22&search_type=keyword_exact_phrase&publisher_platforms[0]=instagram';

  it("takes the form's country and comma-separated keywords over the link's", () => {
    const result = resolveScoutQuery(link, {
      target_country: 'DE',
      keywords_used: ' posture corrector , back brace,, ',
    });
    expect(result).toMatchObject({
      ok: true,
      query: {
        country: 'DE',
        keywords: ['posture corrector', 'back brace'],
        keywords_from: 'form',
        search_type: 'keyword_exact_phrase',
        active_status: 'active',
        publisher_platforms: ['instagram'],
      },
    });
    expect(result.ok && 'q' in result.query).toBe(false);
  });

  it("falls back to the link's q (without exact-phrase quotes) when the form has no keywords", () => {
    const result = resolveScoutQuery(link, { target_country: 'FR', keywords_used: ' , ' });
    expect(result).toMatchObject({
      ok: true,
      query: { country: 'FR', keywords: ['frase esatta'], keywords_from: 'link' },
    });
  });

  it("keeps the link's country when the form has none, and has no keywords when neither has any", () => {
    const result = resolveScoutQuery(
      'https://www.facebook.com/ads/library/?country=ALL&view_all_page_id=42',
      {},
    );
    expect(result).toMatchObject({
      ok: true,
      query: { country: 'ALL', keywords: [], keywords_from: 'none', view_all_page_id: '42' },
    });
  });

  it('accepts an already parsed link', () => {
    const result = resolveScoutQuery(parsed(link), { target_country: 'us', keywords_used: '' });
    expect(result).toMatchObject({ ok: true, query: { country: 'US', keywords: ['frase esatta'] } });
  });

  it('passes on the refusal of a link that is not an Ad Library link', () => {
    expect(resolveScoutQuery('https://example.com/?q=shoes', { target_country: 'US' })).toEqual({
      ok: false,
      error: AD_LIBRARY_LINK_MESSAGE,
    });
  });
});

describe('adLibrarySearchUrl', () => {
  function queryOf(link: string, form: { target_country?: string; keywords_used?: string } = {}) {
    const result = resolveScoutQuery(link, form);
    if (!result.ok) throw new Error(result.error);
    return result.query;
  }

  it('builds a keyword search with the overrides and keeps the link filters', () => {
    const query = queryOf(
      'https://www.facebook.com/ads/library/?country=IT&q=x&search_type=keyword_unordered&media_type=video' +
        '&publisher_platforms[0]=instagram&start_date[min]=2025-01-01&sort_data[mode]=total_impressions',
      { target_country: 'DE', keywords_used: 'back brace' },
    );
    expect(adLibrarySearchUrl(query, query.keywords[0])).toBe(
      'https://www.facebook.com/ads/library/?active_status=active&ad_type=all&country=DE&media_type=video' +
        '&q=back%20brace&search_type=keyword_unordered&start_date[min]=2025-01-01' +
        '&sort_data[mode]=total_impressions&publisher_platforms[0]=instagram',
    );
  });

  it('quotes exact phrases again', () => {
    const query = queryOf(
      'https://www.facebook.com/ads/library/?country=IT&q=%22frase%20esatta%22&search_type=keyword_exact_phrase',
    );
    const url = adLibrarySearchUrl(query, query.keywords[0]);
    expect(parsed(url)).toMatchObject({ q: '"frase esatta"', search_type: 'keyword_exact_phrase' });
  });

  it('round-trips through the parser', () => {
    const query = queryOf(
      'https://www.facebook.com/ads/library/?active_status=all&ad_type=all&country=US&is_targeted_country=false' +
        '&media_type=image&q=dog%20brush&search_type=keyword_unordered&content_languages[0]=en' +
        '&publisher_platforms[0]=facebook&publisher_platforms[1]=instagram&start_date[max]=2025-03-31' +
        '&sort_data[direction]=desc',
    );
    const again = parsed(adLibrarySearchUrl(query, query.keywords[0]));
    const { keywords, keywords_from, ...rest } = query;
    expect(keywords_from).toBe('link');
    expect(again).toEqual({ ...rest, q: keywords[0] });
  });

  it("searches the link's page, or opens its single ad, when there is no keyword", () => {
    const page = queryOf('https://www.facebook.com/ads/library/?view_all_page_id=15087023444&country=US');
    expect(adLibrarySearchUrl(page)).toBe(
      'https://www.facebook.com/ads/library/?active_status=active&ad_type=all&country=US&media_type=all' +
        '&search_type=page&view_all_page_id=15087023444',
    );
    const single = queryOf('https://www.facebook.com/ads/library/?id=557749506622153');
    expect(adLibrarySearchUrl(single)).toBe('https://www.facebook.com/ads/library/?id=557749506622153');
  });

  it('encodes hostile keywords so that they cannot add parameters', () => {
    const query = queryOf('https://www.facebook.com/ads/library/?country=US', {
      keywords_used: 'shoes&country=RU#x',
    });
    const again = parsed(adLibrarySearchUrl(query, query.keywords[0]));
    expect([again.q, again.country, again.other]).toEqual(['shoes&country=RU#x', 'US', []]);
  });
});
