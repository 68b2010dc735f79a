import { describe, expect, it } from 'vitest';
import { BRIEF_PRODUCT_ADS_MAX, briefsLeftText, parseBriefRequest } from './brief-contract.ts';

const ROW = 'abcdefghij12345';

describe('parseBriefRequest', () => {
  it('takes one ad by its Library ID, or a product with 1 to 5 of its rows', () => {
    expect(parseBriefRequest({ ad_id: '1234567890' })).toEqual({ ad_id: '1234567890' });
    expect(parseBriefRequest({ product_key: 'c:abc', row_ids: [ROW] })).toEqual({
      product_key: 'c:abc',
      row_ids: [ROW],
    });
  });

  it('refuses anything else', () => {
    expect(parseBriefRequest(null)).toBeNull();
    expect(parseBriefRequest({})).toBeNull();
    expect(parseBriefRequest({ ad_id: '' })).toBeNull();
    expect(parseBriefRequest({ ad_id: 'a b' })).toBeNull();
    expect(parseBriefRequest({ ad_id: '1', product_key: 'c:x' })).toBeNull();
    expect(parseBriefRequest({ product_key: 'c:x', row_ids: [] })).toBeNull();
    expect(parseBriefRequest({ product_key: 'c:x', row_ids: [ROW, ROW] })).toBeNull();
    expect(parseBriefRequest({ product_key: 'c:x', row_ids: ['bad'] })).toBeNull();
    const many = Array.from({ length: BRIEF_PRODUCT_ADS_MAX + 1 }, (_, i) => `abcdefghij1234${i}`);
    expect(parseBriefRequest({ product_key: 'c:x', row_ids: many })).toBeNull();
  });
});

describe('briefsLeftText', () => {
  it('says how many are left of the allowance', () => {
    expect(briefsLeftText({ allowance: 100, left: 97 })).toBe('97 of 100 briefs left this month');
    expect(briefsLeftText({ allowance: 1, left: 0 })).toBe('0 of 1 brief left this month');
  });
});
