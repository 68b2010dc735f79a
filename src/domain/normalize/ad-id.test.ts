import { describe, expect, it } from 'vitest';
import { adIdOf, SKIP_REASONS } from './ad-id.ts';

describe('adIdOf', () => {
  it('reads ad_archive_id under any spelling, else the Graph id', () => {
    expect(adIdOf({ ad_archive_id: '557749506622153' })).toEqual({ id: '557749506622153' });
    expect(adIdOf({ adArchiveID: 42 })).toEqual({ id: '42' });
    expect(adIdOf({ id: ' 1093827465510293 ' })).toEqual({ id: '1093827465510293' });
    expect(adIdOf({ ad_archive_id: '7', id: '8' })).toEqual({ id: '7' });
  });

  it('never takes ad_id, which is not the Library ID', () => {
    expect(adIdOf({ ad_id: '123' })).toEqual({ reason: SKIP_REASONS.missingAdId });
  });

  it('refuses an id of blanks as missing', () => {
    expect(adIdOf({ ad_archive_id: '   ' })).toEqual({ reason: SKIP_REASONS.missingAdId });
  });

  it('refuses an id longer than its column instead of cutting it', () => {
    expect(adIdOf({ ad_archive_id: '1'.repeat(65) })).toEqual({ reason: SKIP_REASONS.invalidAdId });
    expect(adIdOf({ ad_archive_id: '1'.repeat(64) })).toEqual({ id: '1'.repeat(64) });
  });

  it.each<[unknown]>([[1e20], [-1], [1.5], ['1 OR 1=1']])('refuses %j as invalid', (value) => {
    expect(adIdOf({ ad_archive_id: value })).toEqual({ reason: SKIP_REASONS.invalidAdId });
  });

  it('reads a value that is neither text nor a number as missing', () => {
    expect(adIdOf({ ad_archive_id: true })).toEqual({ reason: SKIP_REASONS.missingAdId });
    expect(adIdOf({ ad_archive_id: { id: 1 } })).toEqual({ reason: SKIP_REASONS.missingAdId });
  });
});
