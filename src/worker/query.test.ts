import { describe, expect, it } from 'vitest';
import type { ClaimedRun } from './job.ts';
import { buildSourceQueries, LinkError, runKeywords } from './query.ts';

const run = (over: Partial<ClaimedRun>): ClaimedRun => ({
  id: 'r1',
  user: 'u1',
  search_name: 'Lamps',
  facebook_link: 'https://www.facebook.com/ads/library/?active_status=all&ad_type=all&country=FR&q=lamp',
  target_country: 'DE',
  keywords_used: '',
  requested_count: 50,
  stored_count: 0,
  attempts: 1,
  ...over,
});

describe('buildSourceQueries', () => {
  it("asks once per keyword of the form, in the form's country", () => {
    const queries = buildSourceQueries(run({ keywords_used: 'night light, lamp' }));
    expect(queries.map((q) => [q.searchTerms, q.country, q.searchType, q.activeStatus, q.limit])).toEqual([
      ['night light', 'DE', 'keyword_unordered', 'all', 50],
      ['lamp', 'DE', 'keyword_unordered', 'all', 50],
    ]);
  });

  it("searches a Page's ads when the link opens a Page and there are no keywords", () => {
    const [query, ...rest] = buildSourceQueries(
      run({
        facebook_link: 'https://www.facebook.com/ads/library/?view_all_page_id=106303752098912&country=US',
      }),
    );
    expect(rest).toEqual([]);
    expect(query).toMatchObject({ searchTerms: '', searchType: 'page', pageIds: ['106303752098912'] });
  });

  it('fails the run with a message the user can act on when there is nothing to search', () => {
    const nothing = run({ facebook_link: 'https://www.facebook.com/ads/library/?country=US' });
    expect(() => buildSourceQueries(nothing)).toThrow(LinkError);
    expect(() => buildSourceQueries(nothing)).toThrow(
      'Add keywords, or paste an Ad Library link that searches for something or opens a page.',
    );
    try {
      buildSourceQueries(run({ facebook_link: 'https://example.com/' }));
      expect.unreachable();
    } catch (error) {
      expect(error).toBeInstanceOf(LinkError);
      expect((error as LinkError).userMessage).toBe((error as LinkError).message);
    }
  });
});

describe('runKeywords', () => {
  it("is what the run searched for, or the form's text when the link cannot be read", () => {
    expect(runKeywords(run({ keywords_used: 'a, b' }))).toBe('a, b');
    expect(runKeywords(run({}))).toBe('lamp');
    expect(runKeywords(run({ facebook_link: 'https://example.com/', keywords_used: 'raw text' }))).toBe(
      'raw text',
    );
  });
});
