import { describe, expect, it } from 'vitest';
import { AD_FIELDS, DERIVED_AD_FIELDS } from '../records/entities.ts';
import {
  formatPbDay,
  formatResultNumber,
  linkHref,
  RESULT_LINK_TEXT,
  resultCell,
  resultCellText,
} from './result-display.ts';

const BAD_URLS = [
  'javascript:alert(1)',
  'JaVaScRiPt:alert(1)',
  ' javascript:alert(1)',
  'data:text/html,x',
  'vbscript:msgbox(1)',
  '//evil.example',
  'shop.example',
  'https://',
  '',
  42,
  null,
  undefined,
];

describe('formatPbDay', () => {
  it('shows PocketBase dates as yyyy-MM-dd in UTC', () => {
    expect(formatPbDay('2026-11-22 10:00:00.000Z')).toBe('2026-11-22');
    expect(formatPbDay('2026-11-22 23:59:59Z')).toBe('2026-11-22');
    expect(formatPbDay('2026-11-22T10:00:00.000Z')).toBe('2026-11-22');
    expect(formatPbDay('2026-11-23T01:00:00+02:00')).toBe('2026-11-22');
  });
  it('shows nothing for an unset or broken date', () => {
    for (const bad of ['', null, undefined, 'not a date', 1764000000, {}]) expect(formatPbDay(bad)).toBe('');
  });
});

describe('formatResultNumber', () => {
  it('adds thousands separators and keeps up to two decimals', () => {
    expect(formatResultNumber(0)).toBe('0');
    expect(formatResultNumber(999)).toBe('999');
    expect(formatResultNumber(1500000)).toBe('1,500,000');
    expect(formatResultNumber(61.5)).toBe('61.5');
    expect(formatResultNumber(1234.567)).toBe('1,234.57');
    expect(formatResultNumber(-1234.5)).toBe('-1,234.5');
    expect(formatResultNumber(-0.5)).toBe('-0.5');
    expect(formatResultNumber(2.999)).toBe('3');
  });
  it('shows nothing for a missing, non-finite or non-number value', () => {
    for (const bad of [Number.NaN, Number.POSITIVE_INFINITY, undefined, null, '12', '']) {
      expect(formatResultNumber(bad)).toBe('');
    }
  });
});

describe('linkHref', () => {
  it('accepts only absolute http(s) URLs, trimmed', () => {
    expect(linkHref('https://www.facebook.com/x')).toBe('https://www.facebook.com/x');
    expect(linkHref('  http://shop.example/p?id=1 ')).toBe('http://shop.example/p?id=1');
    for (const bad of BAD_URLS) expect(linkHref(bad)).toBeNull();
  });
});

describe('resultCell and resultCellText', () => {
  it("make an http(s) URL a 'Link' to the trimmed URL", () => {
    expect(RESULT_LINK_TEXT).toBe('Link');
    expect(resultCell('url', ' https://shop.example/products/max ')).toEqual({
      link: 'https://shop.example/products/max',
    });
  });
  it('show nothing for any other URL value: no link, and not the value either', () => {
    for (const bad of BAD_URLS) {
      expect(resultCell('url', bad)).toEqual({ text: '' });
      expect(resultCellText('url', bad)).toBe('');
    }
  });
  it('show text exactly as stored: markup and formulas stay characters', () => {
    for (const text of [
      '<img src=x onerror=alert(1)>',
      '=HYPERLINK("http://evil","x")',
      'a\nb',
      ' padded ',
    ]) {
      expect(resultCell('text', text)).toEqual({ text });
    }
    expect(resultCellText('text', null)).toBe('');
    expect(resultCellText('text', undefined)).toBe('');
    expect(resultCellText('text', 7)).toBe('7');
    // A text field never becomes a link, whatever it holds.
    expect(resultCell('text', 'https://shop.example')).toEqual({ text: 'https://shop.example' });
  });
  it('show numbers with separators and dates as days, or nothing', () => {
    expect(resultCell('number', 1500000)).toEqual({ text: '1,500,000' });
    expect(resultCell('number', 1234.5)).toEqual({ text: '1,234.5' });
    expect(resultCell('number', Number.NaN)).toEqual({ text: '' });
    expect(resultCell('number', '1200')).toEqual({ text: '' });
    expect(resultCell('date', '2026-10-01 08:30:00.000Z')).toEqual({ text: '2026-10-01' });
    expect(resultCell('date', 'soon')).toEqual({ text: '' });
    expect(resultCell('date', '')).toEqual({ text: '' });
  });
  it('cover every kind the result fields use', () => {
    const kinds = new Set([...AD_FIELDS, ...DERIVED_AD_FIELDS].map((field) => field.kind));
    expect([...kinds].sort()).toEqual(['date', 'number', 'text', 'url']);
  });
});
