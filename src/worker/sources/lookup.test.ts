import { describe, expect, it } from 'vitest';
import { toPbDate } from '../../domain/text/format.ts';
import { adLookupOf, answersFor, idsToLookUp } from './lookup.ts';

const NOW = Date.UTC(2026, 10, 22, 9);
const START_S = Date.UTC(2026, 9, 1) / 1000;
const END_S = Date.UTC(2026, 10, 20) / 1000;

const running = (id: string) => ({
  ad_archive_id: id,
  is_active: true,
  start_date: START_S,
  end_date: NOW / 1000,
});
const stopped = (id: string) => ({
  ad_archive_id: id,
  is_active: false,
  start_date: START_S,
  end_date: END_S,
});

describe('idsToLookUp', () => {
  it('asks about each id once, in the order given', () => {
    expect(idsToLookUp(['3', '1', '3', '2', '1'], 3, 'demo')).toEqual(['3', '1', '2']);
    expect(idsToLookUp([], 3, 'demo')).toEqual([]);
  });

  it('refuses more distinct ids than one look-up takes, before anything is asked', () => {
    expect(() => idsToLookUp(['1', '2', '3', '4'], 3, 'apify')).toThrow(
      new RangeError('apify: one look-up takes at most 3 ad ids (got 4)'),
    );
  });
});

describe('adLookupOf', () => {
  it('reads an ad as a run reads it: a running one has no end date (its end_date is the day it was seen)', () => {
    expect(adLookupOf(running('11'), NOW)).toEqual({ adId: '11', active: true, endDate: '' });
    expect(adLookupOf(stopped('12'), NOW)).toEqual({
      adId: '12',
      active: false,
      endDate: toPbDate(END_S * 1000),
    });
    expect(adLookupOf({ adArchiveID: '13', isActive: false }, NOW)).toMatchObject({
      adId: '13',
      active: false,
      endDate: '',
    });
  });

  it('knows nothing of an item that names no ad or does not say whether it runs', () => {
    expect(adLookupOf({ is_active: true }, NOW)).toBeNull();
    expect(adLookupOf({ ad_archive_id: '14', start_date: START_S }, NOW)).toBeNull();
    expect(adLookupOf('14', NOW)).toBeNull();
    expect(adLookupOf(null, NOW)).toBeNull();
  });
});

describe('answersFor', () => {
  it('answers the ids asked about, in that order, from the first item naming each', () => {
    const items = [running('2'), stopped('1'), running('1'), stopped('9'), { ad_archive_id: '3' }];
    expect(answersFor(['1', '2', '3', '4'], items, NOW)).toEqual([
      { adId: '1', active: false, endDate: toPbDate(END_S * 1000) },
      { adId: '2', active: true, endDate: '' },
    ]);
  });
});
