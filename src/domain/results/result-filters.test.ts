import { describe, expect, it } from 'vitest';
import { EMPTY_RESULT_FILTERS, hasActiveFilters } from '../index.ts';

describe('hasActiveFilters (the Database page: "No results to export" vs "no match")', () => {
  it('is true when any filter has text beyond blanks', () => {
    expect(hasActiveFilters(EMPTY_RESULT_FILTERS)).toBe(false);
    expect(hasActiveFilters({ ...EMPTY_RESULT_FILTERS, storeName: '   ' })).toBe(false);
    expect(hasActiveFilters({ ...EMPTY_RESULT_FILTERS, country: 'de' })).toBe(true);
    expect(hasActiveFilters({ ...EMPTY_RESULT_FILTERS, keywords: 'lamp' })).toBe(true);
    expect(hasActiveFilters({ ...EMPTY_RESULT_FILTERS, creativeText: 'free' })).toBe(true);
    expect(hasActiveFilters({ ...EMPTY_RESULT_FILTERS, tags: ['offer:price'] })).toBe(true);
  });
});
