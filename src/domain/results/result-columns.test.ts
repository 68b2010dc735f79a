import { describe, expect, it } from 'vitest';
import { SPEC_RESULT_HEADERS } from '../../../tests/fixtures/spec-columns.ts';
import { resultValue, type SearchResult } from '../records/entities.ts';
import {
  buildResultsCsv,
  carriesTags,
  columnPreferences,
  hiddenColumnKeys,
  DATABASE_COLUMNS,
  DEFAULT_HIDDEN_COLUMNS,
  exportColumn,
  sameNeedles,
  tagsText,
  EMPTY_RESULT_FILTERS,
  exportValue,
  filterNeedles,
  knownColumnKeys,
  passesFilters,
  RESULT_COLUMNS,
  resultColumn,
  resultFilterText,
  resultSearchText,
  type ResultColumn,
} from './result-columns.ts';
import { resultCellText } from './result-display.ts';

function result(overrides: Partial<SearchResult> = {}): SearchResult {
  return {
    id: 'r1',
    created: '2026-11-22 10:00:00.000Z',
    updated: '2026-11-22 10:00:00.000Z',
    run: 'run1',
    user: 'user1',
    active_status: 'ACTIVE',
    keywords: 'dog toys',
    country: 'US',
    reach: 12345,
    store_name: 'Happy Paws',
    title: 'Chew toy',
    ad_id: '123',
    category: 'Pets',
    format: 'video',
    page_likes: 1500000,
    start_date: '2026-10-01 00:00:00.000Z',
    end_date: '',
    platforms: 'facebook, instagram',
    page_profile_url: 'https://www.facebook.com/happypaws',
    ad_library_url: 'https://www.facebook.com/ads/library/?id=123',
    product_link: 'javascript:alert(1)',
    caption: 'HAPPYPAWS.COM',
    cta_text: 'Shop now',
    body: '<img src=x onerror=alert(1)>',
    cta_type: 'SHOP_NOW',
    link_description: '=HYPERLINK("http://evil","x")',
    age_ranges: '18-65+',
    page_id: '999',
    gender_audience: 'All',
    collation_count: 3,
    days_running: 52,
    media_url: '',
    media_poster_url: '',
    card_count: 0,
    winning_score: 61.5,
    is_new: true,
    creative: '',
    reach_known: true,
    collation_known: true,
    ...overrides,
  };
}

const column = (key: string): ResultColumn => {
  const found = resultColumn(key);
  if (!found) throw new Error(`no column ${key}`);
  return found;
};

describe('RESULT_COLUMNS', () => {
  it('holds the 24 ad headers in order, then the three derived columns', () => {
    expect(RESULT_COLUMNS.map((c) => c.header)).toEqual([
      ...SPEC_RESULT_HEADERS,
      'Days Running',
      'Variants',
      'Winning Score',
    ]);
    expect(new Set(RESULT_COLUMNS.map((c) => c.key)).size).toBe(27);
  });
  it('marks the three URL fields as links, the two dates as dates', () => {
    expect(RESULT_COLUMNS.filter((c) => c.kind === 'url').map((c) => c.header)).toEqual([
      'Page Profile',
      'Ad Library',
      'Product Link',
    ]);
    expect(RESULT_COLUMNS.filter((c) => c.kind === 'date').map((c) => c.header)).toEqual([
      'Start Date',
      'End Date',
    ]);
  });
  it('keeps only known keys, once, in column order', () => {
    expect(knownColumnKeys(['body', 'nope', 'country', 'body', '__proto__'])).toEqual(['country', 'body']);
    expect(knownColumnKeys(['body', 'creative'])).toEqual(['creative', 'body']);
    expect(knownColumnKeys([])).toEqual([]);
  });
});

describe('DATABASE_COLUMNS', () => {
  it('puts the Creative thumbnail first, then the 27 data columns in order, then Tags and Text on creative', () => {
    expect(DATABASE_COLUMNS.map((c) => c.header)).toEqual([
      'Creative',
      ...RESULT_COLUMNS.map((c) => c.header),
      'Tags',
      'Text on creative',
    ]);
    expect(DEFAULT_HIDDEN_COLUMNS).toEqual(['creative_text']);
  });
  it('hides Text on creative until shown, also for a list of hidden columns saved before it', () => {
    expect(hiddenColumnKeys([], [])).toEqual(['creative_text']);
    expect(hiddenColumnKeys(['body'], [])).toEqual(['body', 'creative_text']);
    expect(hiddenColumnKeys(['body'], ['creative_text'])).toEqual(['body']);
    expect(columnPreferences(['body', 'creative_text'])).toEqual({ hidden: ['body'], shown: [] });
    expect(columnPreferences(['tags'])).toEqual({ hidden: ['tags'], shown: ['creative_text'] });
    const round = columnPreferences(['caption']);
    expect(hiddenColumnKeys(round.hidden, round.shown)).toEqual(['caption']);
  });
  it('never exports the Creative column: it is no data column', () => {
    expect(resultColumn('creative')).toBeUndefined();
    expect(RESULT_COLUMNS.some((c) => (c.key as string) === 'creative')).toBe(false);
  });
});

describe('what cells show and export', () => {
  const row = result();
  const shown = (key: string) => resultCellText(column(key).kind, row[column(key).key]);
  it('show text as stored, numbers with separators, dates as days (result-display)', () => {
    expect(shown('body')).toBe('<img src=x onerror=alert(1)>');
    expect(shown('page_likes')).toBe('1,500,000');
    expect(shown('start_date')).toBe('2026-10-01');
    expect(shown('end_date')).toBe('');
    expect(shown('winning_score')).toBe('61.5');
  });
  it('export numbers plain, dates as days and URLs in full', () => {
    expect(exportValue(row, column('page_likes'))).toBe('1500000');
    expect(exportValue(row, column('reach'))).toBe('12345');
    expect(exportValue(row, column('winning_score'))).toBe('61.5');
    expect(exportValue(row, column('start_date'))).toBe('2026-10-01');
    expect(exportValue(row, column('end_date'))).toBe('');
    expect(exportValue(row, column('ad_library_url'))).toBe('https://www.facebook.com/ads/library/?id=123');
    expect(exportValue(row, column('product_link'))).toBe('javascript:alert(1)');
    expect(exportValue(row, column('link_description'))).toBe('=HYPERLINK("http://evil","x")');
  });
});

describe('a number the source did not give (reach, variants)', () => {
  const unknown = result({ reach: 0, reach_known: false, collation_count: 0, collation_known: false });
  it('exports empty, while a known 0 exports 0', () => {
    expect(exportValue(unknown, column('reach'))).toBe('');
    expect(exportValue(unknown, column('collation_count'))).toBe('');
    const known = result({ reach: 0, reach_known: true, collation_count: 0, collation_known: true });
    expect(exportValue(known, column('reach'))).toBe('0');
    expect(exportValue(known, column('collation_count'))).toBe('0');
    // a row mirrored before the flags reads as unknown (the backfill gave every count above 0 its flag)
    const { reach_known: _r, collation_known: _c, ...older } = unknown;
    expect(exportValue(older as SearchResult, column('reach'))).toBe('');
  });
  it('is an empty, quoted cell in the Database export, beside the other columns', () => {
    const csv = buildResultsCsv(
      [unknown],
      [column('store_name'), column('reach'), column('collation_count')],
    );
    expect(csv).toBe('\uFEFF"Store Name","Reach","Variants"\r\n"Happy Paws","",""\r\n');
  });
  it('shows empty through resultValue, as the grid and the History dialog show it', () => {
    expect(resultCellText('number', resultValue(unknown, 'reach'))).toBe('');
    expect(resultCellText('number', resultValue(row(), 'reach'))).toBe('12,345');
    expect(resultValue(unknown, 'page_likes')).toBe(1500000); // no flag: always as stored
  });
  const row = () => result();
});

describe('buildResultsCsv', () => {
  it('exports the given columns in order with their headers, BOM and neutralized formulas', () => {
    const rows = [result(), result({ id: 'r2', store_name: 'Cat "Co"', page_likes: 7, start_date: '' })];
    const csv = buildResultsCsv(rows, [
      column('store_name'),
      column('page_likes'),
      column('start_date'),
      column('link_description'),
    ]);
    expect(csv).toBe(
      '\uFEFF"Store Name","Page Likes","Start Date","Link Description"\r\n' +
        '"Happy Paws","1500000","2026-10-01","\'=HYPERLINK(""http://evil"",""x"")"\r\n' +
        '"Cat ""Co""","7","","\'=HYPERLINK(""http://evil"",""x"")"\r\n',
    );
  });
  it('writes every cell as its exportValue, whatever the stored values', () => {
    const odd = [
      result(),
      result({
        id: 'r2',
        start_date: 'not a date',
        end_date: '2026-11-23T01:00:00+02:00',
        reach: Number.NaN,
      }),
      result({ id: 'r3', page_likes: Number.POSITIVE_INFINITY, winning_score: 0, body: '', title: '-1' }),
      Object.freeze(result({ id: 'r4', keywords: null as unknown as string, days_running: -3 })),
    ];
    const expected = [
      '\uFEFF' + RESULT_COLUMNS.map((c) => `"${c.header}"`).join(','),
      ...odd.map((row) =>
        RESULT_COLUMNS.map((c) => {
          const value = exportValue(row, c);
          const safe = /^[=+\-@\t\r\n\0]/.test(value) ? `'${value}` : value;
          return `"${safe.replace(/"/g, '""')}"`;
        }).join(','),
      ),
    ].join('\r\n');
    expect(buildResultsCsv(odd, RESULT_COLUMNS)).toBe(`${expected}\r\n`);
    expect(odd[1]?.reach).toBeNaN(); // the rows are left as they were
    expect(odd[1]?.start_date).toBe('not a date');
  });
  it('exports Tags as labels and Text on creative as found, through the same formula guard', () => {
    const tagged = result({ tags: ['offer:free_shipping', 'lang:de', 'cta:shop_now'] });
    const untagged = result({ id: 'r2', tags: null });
    const texts: Record<string, string> = { [tagged.id]: '=cmd|calc\n50% OFF', r2: '' };
    const csv = buildResultsCsv(
      [tagged, untagged],
      [column('store_name'), exportColumn('tags')!, exportColumn('creative_text')!],
      (row) => texts[row.id] ?? '',
    );
    expect(csv).toBe(
      '\uFEFF"Store Name","Tags","Text on creative"\r\n' +
        '"Happy Paws","Free shipping, Language: Deutsch, CTA: Shop now","\'=cmd|calc\n50% OFF"\r\n' +
        '"Happy Paws","",""\r\n',
    );
    expect(exportColumn('creative')).toBeUndefined();
    expect(tagsText(undefined)).toBe('');
  });
  it('gives a header-only file for no rows', () => {
    expect(buildResultsCsv([], [column('country')])).toBe('\uFEFF"Country"\r\n');
  });
});

describe('filters', () => {
  const text = resultFilterText(
    result({ country: 'US', keywords: 'Dog Toys, chew', store_name: 'Happy Paws' }),
  );
  it('are off when every field is blank', () => {
    expect(filterNeedles(EMPTY_RESULT_FILTERS)).toBeNull();
    expect(filterNeedles({ ...EMPTY_RESULT_FILTERS, country: '  ', creativeText: ' ' })).toBeNull();
  });
  it('match case-insensitively by substring, all set filters together', () => {
    const pass = (country: string, keywords: string, storeName: string) => {
      const needles = filterNeedles({ ...EMPTY_RESULT_FILTERS, country, keywords, storeName });
      if (!needles) throw new Error('expected needles');
      return passesFilters(text, needles);
    };
    expect(pass('us', '', '')).toBe(true);
    expect(pass('', 'TOYS', '')).toBe(true);
    expect(pass('', '', 'py pa')).toBe(true);
    expect(pass('u', 'chew', 'happy')).toBe(true);
    expect(pass('gb', '', '')).toBe(false);
    expect(pass('us', 'cat', '')).toBe(false);
    expect(pass('', '', 'paws!')).toBe(false);
  });
  it('count the creative’s text and the tags as filters, and compare needles by what they let through', () => {
    const tagged = filterNeedles({ ...EMPTY_RESULT_FILTERS, tags: ['offer:price', 'hook:urgency'] });
    expect(tagged?.tags).toEqual(['offer:price', 'hook:urgency']);
    expect(filterNeedles({ ...EMPTY_RESULT_FILTERS, creativeText: ' Free SHIPPING ' })?.creativeText).toBe(
      'free shipping',
    );
    const reordered = filterNeedles({ ...EMPTY_RESULT_FILTERS, tags: ['hook:urgency', 'offer:price'] });
    expect(sameNeedles(tagged, reordered)).toBe(true);
    expect(sameNeedles(tagged, filterNeedles({ ...EMPTY_RESULT_FILTERS, tags: ['offer:price'] }))).toBe(
      false,
    );
    expect(sameNeedles(null, null)).toBe(true);
  });
  it('make the quick search a needle of its own, compared with the others', () => {
    const query = filterNeedles({ ...EMPTY_RESULT_FILTERS, query: '  Free SHIPPING ' });
    expect(query?.query).toBe('free shipping');
    expect(filterNeedles({ ...EMPTY_RESULT_FILTERS, query: ' ' })).toBeNull();
    expect(sameNeedles(query, filterNeedles({ ...EMPTY_RESULT_FILTERS, query: 'free shipping' }))).toBe(true);
    expect(sameNeedles(query, filterNeedles({ ...EMPTY_RESULT_FILTERS, query: 'free' }))).toBe(false);
  });
  it('search a row’s title, body, caption, store name, link description and keywords, in lower case', () => {
    const text = resultSearchText(
      result({
        title: 'Desk SALE',
        body: 'Stand up\nstraight',
        caption: 'SHOP.EXAMPLE',
        store_name: 'Happy Paws',
        link_description: 'Ships Today',
        keywords: 'standing desk',
        country: 'US',
        cta_text: 'Shop Now',
      }),
    );
    for (const word of [
      'desk sale',
      'stand up',
      'shop.example',
      'happy paws',
      'ships today',
      'standing desk',
    ])
      expect([word, text.includes(word)]).toEqual([word, true]);
    // other fields are not searched, and a needle never spans two fields
    expect(text.includes('shop now')).toBe(false);
    expect(text.includes('us')).toBe(false);
    expect(text.includes('sale stand')).toBe(false);
  });
  it('let a row through only when it carries every tag wanted', () => {
    expect(carriesTags(['offer:price', 'hook:urgency'], ['hook:urgency'])).toBe(true);
    expect(carriesTags(['offer:price', 'hook:urgency'], ['hook:urgency', 'offer:price'])).toBe(true);
    expect(carriesTags(['offer:price'], ['offer:price', 'hook:urgency'])).toBe(false);
    expect(carriesTags(null, ['offer:price'])).toBe(false);
    expect(carriesTags(undefined, [])).toBe(true);
  });
});
