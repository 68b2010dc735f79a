import { describe, expect, it } from 'vitest';
import {
  formatCount,
  formatDateTime,
  formatLongDate,
  parsePbDate,
  toPbDate,
  usagePercent,
} from './format.ts';

describe('parsePbDate', () => {
  it('reads PocketBase and ISO dates', () => {
    expect(parsePbDate('2026-12-22 10:00:00.000Z')?.toISOString()).toBe('2026-12-22T10:00:00.000Z');
    expect(parsePbDate('2026-12-22T10:00:00.000Z')?.toISOString()).toBe('2026-12-22T10:00:00.000Z');
  });
  it('returns null for unset or garbage', () => {
    expect(parsePbDate('')).toBeNull();
    expect(parsePbDate(undefined)).toBeNull();
    expect(parsePbDate('soon')).toBeNull();
  });
});

describe('toPbDate', () => {
  it('formats epoch ms as PocketBase stores dates, which parsePbDate reads back', () => {
    const epochMs = Date.UTC(2026, 10, 22, 10, 0, 0);
    expect(toPbDate(epochMs)).toBe('2026-11-22 10:00:00.000Z');
    expect(parsePbDate(toPbDate(epochMs))?.getTime()).toBe(epochMs);
  });

  it('formats a Date the same way', () => {
    const epochMs = Date.UTC(2026, 10, 22, 10, 0, 0);
    expect(toPbDate(new Date(epochMs))).toBe(toPbDate(epochMs));
  });
});

describe('formatLongDate', () => {
  it('writes the month out, in UTC', () => {
    expect(formatLongDate(new Date('2026-12-22T23:30:00Z'))).toBe('December 22, 2026');
    expect(formatLongDate(new Date('2027-01-01T00:00:00Z'))).toBe('January 1, 2027');
  });
});

describe('usagePercent', () => {
  it('rounds and clamps', () => {
    expect(usagePercent(0, 2500)).toBe(0);
    expect(usagePercent(1250, 2500)).toBe(50);
    expect(usagePercent(1, 3500)).toBe(0);
    expect(usagePercent(3000, 2500)).toBe(100);
    expect(usagePercent(5, 0)).toBe(100);
    expect(usagePercent(0, 0)).toBe(0);
  });
});

describe('formatCount', () => {
  it('groups thousands', () => {
    expect(formatCount(2500)).toBe('2,500');
    expect(formatCount(100)).toBe('100');
    expect(formatCount(1234567)).toBe('1,234,567');
    expect(formatCount(0)).toBe('0');
    expect(formatCount(-2500)).toBe('-2,500');
  });
});

describe('formatDateTime', () => {
  it("writes 'MMM dd, yyyy HH:mm' in UTC", () => {
    expect(formatDateTime(new Date('2026-11-22T14:05:00Z'), 'utc')).toBe('Nov 22, 2026 14:05');
    expect(formatDateTime(new Date('2027-01-03T09:07:59.999Z'), 'utc')).toBe('Jan 03, 2027 09:07');
    expect(formatDateTime(new Date('2026-12-31T23:59:00Z'), 'utc')).toBe('Dec 31, 2026 23:59');
    expect(formatDateTime(new Date('2026-05-01T00:00:00Z'), 'utc')).toBe('May 01, 2026 00:00');
  });
  it('uses local time by default', () => {
    // Built from local parts, so the expectation holds in every time zone.
    expect(formatDateTime(new Date(2026, 10, 22, 14, 5))).toBe('Nov 22, 2026 14:05');
    expect(formatDateTime(new Date(2026, 0, 9, 0, 30))).toBe('Jan 09, 2026 00:30');
  });
});
