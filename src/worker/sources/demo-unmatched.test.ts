/**
 * The demo catalogue for searches it has no product for, and for filters nothing can pass,
 * through its public builder (so these hold however demo.ts is split).
 */
import { describe, expect, it } from 'vitest';
import { buildDemoCatalogue } from './demo.ts';
import type { SourceQuery } from './types.ts';

const NOW = Date.UTC(2026, 10, 22, 14, 30);

const query = (over: Partial<SourceQuery> = {}): SourceQuery => ({
  libraryUrl:
    'https://www.facebook.com/ads/library/?active_status=all&ad_type=all&country=US&q=zorbix%20quuxle',
  country: 'US',
  searchTerms: 'zorbix quuxle',
  searchType: 'keyword_unordered',
  activeStatus: 'all',
  adType: 'all',
  mediaType: 'all',
  pageIds: [],
  startDateMin: '',
  startDateMax: '',
  platforms: [],
  languages: [],
  limit: 100,
  ...over,
});

const titles = (items: Record<string, unknown>[]) =>
  items.map((item) => String((item.snapshot as { title?: unknown }).title ?? ''));

describe('demo catalogue', () => {
  it('sells the keyword itself when no catalogue product matches it', () => {
    const items = buildDemoCatalogue(query(), NOW);
    expect(items.length).toBeGreaterThan(0);
    expect(titles(items).some((title) => /Zorbix Quuxle/.test(title))).toBe(true);
  });

  it("keeps such ads on the searched Page's shop", () => {
    const pageId = '106303752098912';
    const items = buildDemoCatalogue(query({ pageIds: [pageId] }), NOW);
    expect(items.length).toBeGreaterThan(0);
    expect(new Set(items.map((item) => item.page_id))).toEqual(new Set([pageId]));
    expect(titles(items).some((title) => /Zorbix Quuxle/.test(title))).toBe(true);
  });

  it('finds nothing for ads without media, as every demo ad has an image or a video', () => {
    expect(buildDemoCatalogue(query({ searchTerms: 'dog harness', mediaType: 'none' }), NOW)).toEqual([]);
  });
});
