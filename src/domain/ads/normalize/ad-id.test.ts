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

describe('adIdOf: Graph API v3 records (2019), which have no id field', () => {
  const snapshotUrl = (query: string) => `https://www.facebook.com/ads/archive/render_ad/?${query}`;

  it('takes the id from the query of ad_snapshot_url', () => {
    expect(adIdOf({ ad_snapshot_url: snapshotUrl('id=123&access_token=EAAB-secret') })).toEqual({
      id: '123',
    });
    expect(adIdOf({ ad_snapshot_url: snapshotUrl('access_token=EAAB-secret&id=2345') })).toEqual({
      id: '2345',
    });
    // what the worker hands on: the token already removed (src/worker/sources/meta.ts)
    expect(adIdOf({ adSnapshotUrl: snapshotUrl('id=456') })).toEqual({ id: '456' });
  });

  it('prefers the id field when there is one', () => {
    expect(adIdOf({ id: '7', ad_snapshot_url: snapshotUrl('id=8&access_token=x') })).toEqual({ id: '7' });
  });

  it('checks that id as it checks any other, and reads no other parameter as one', () => {
    expect(adIdOf({ ad_snapshot_url: snapshotUrl('id=1%20OR%201&access_token=x') })).toEqual({
      reason: SKIP_REASONS.invalidAdId,
    });
    for (const query of ['access_token=x', 'page_id=9&access_token=x', 'xid=9', 'id=&access_token=x']) {
      expect(adIdOf({ ad_snapshot_url: snapshotUrl(query) }), query).toEqual({
        reason: SKIP_REASONS.missingAdId,
      });
    }
  });

  it('reads only a Facebook link as the snapshot', () => {
    for (const url of [
      'https://evil.example/ads/archive/render_ad/?id=123',
      'https://facebook.com.evil.example/?id=123',
      'javascript:alert(1)//?id=123',
      '/ads/archive/render_ad/?id=123',
    ]) {
      expect(adIdOf({ ad_snapshot_url: url }), url).toEqual({ reason: SKIP_REASONS.missingAdId });
    }
    expect(adIdOf({ ad_snapshot_url: 'https://facebook.com/ads/archive/render_ad/?id=123' })).toEqual({
      id: '123',
    });
  });
});
