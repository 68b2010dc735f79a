import { describe, expect, it } from 'vitest';
import { epochMsOf, nowMsOf, parseDateText } from './dates.ts';

describe('epochMsOf', () => {
  const at = Date.UTC(2024, 9, 24, 7);

  it.each<[unknown, number | null]>([
    [1729753200, at],
    [1729753200123, at + 123],
    ['1729753200', at],
    ['1729753200123', at + 123],
    ['2024-10-24', Date.UTC(2024, 9, 24)],
    ['2024-10-24 07:00:00', at],
    ['2024-10-24T07:00:00.000Z', at],
    ['2024-10-24T09:00:00+0200', at],
    ['2024-10-24T02:00:00-05:00', at],
    ['2025-02-30', null],
    ['2024-13-01', null],
    ['24/10/2024', null],
    [0, null],
    [-1, null],
    [Number.NaN, null],
    [1e20, null],
    [true, null],
    [{}, null],
  ])('%j → %j', (value, expected) => {
    expect(epochMsOf(value)).toBe(expected);
  });

  it('refuses dates before Facebook or after 2100 as junk', () => {
    expect(epochMsOf('2003-12-31')).toBeNull();
    expect(epochMsOf('2004-01-01')).toBe(Date.UTC(2004, 0, 1));
    expect(epochMsOf('2100-01-02')).toBeNull();
  });
});

describe('parseDateText', () => {
  it('reads fractions of a second and refuses times that do not exist', () => {
    expect(parseDateText(' 2024-10-24T07:00:00.5Z ')).toBe(Date.UTC(2024, 9, 24, 7, 0, 0, 500));
    expect(parseDateText('2024-10-24T24:00:00Z')).toBeNull();
    expect(parseDateText('2024-10-24T07:60')).toBeNull();
  });
});

describe('nowMsOf', () => {
  it('takes epoch ms or a Date, and an invalid Date as 0', () => {
    expect(nowMsOf(Date.UTC(2025, 3, 17))).toBe(Date.UTC(2025, 3, 17));
    expect(nowMsOf(new Date(Date.UTC(2025, 3, 17)))).toBe(Date.UTC(2025, 3, 17));
    expect(nowMsOf(new Date('not a date'))).toBe(0);
  });
});
