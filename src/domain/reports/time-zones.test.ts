import { describe, expect, it } from 'vitest';
import { isKnownTimeZone, TIME_ZONES } from './time-zones.ts';
import { REPORT_TIME_ZONE_DEFAULT } from './report-settings.ts';

describe('TIME_ZONES', () => {
  it('holds only zones Intl accepts, sorted and once each, with UTC', () => {
    for (const zone of TIME_ZONES) {
      expect(() => new Intl.DateTimeFormat('en-US', { timeZone: zone }), zone).not.toThrow();
    }
    expect([...TIME_ZONES].sort()).toEqual(TIME_ZONES);
    expect(new Set(TIME_ZONES).size).toBe(TIME_ZONES.length);
    expect(TIME_ZONES).toContain(REPORT_TIME_ZONE_DEFAULT);
    expect(TIME_ZONES.length).toBeGreaterThan(300);
  });

  it('knows a zone by its exact name only', () => {
    expect(isKnownTimeZone('Europe/Berlin')).toBe(true);
    expect(isKnownTimeZone('europe/berlin')).toBe(false);
    expect(isKnownTimeZone('Mars/Base')).toBe(false);
    expect(isKnownTimeZone('')).toBe(false);
    expect(isKnownTimeZone('Europe/Berlin ')).toBe(false);
  });
});
