import { describe, expect, it } from 'vitest';
import { capText, cleanText } from './text.ts';

describe('cleanText', () => {
  it.each<[unknown, string]>([
    ['  plain  ', 'plain'],
    ['one\n two\t\tthree\r\nfour', 'one two three four'],
    ['nul\u0000 bell\u0007 del\u007f c1\u0085 gone', 'nul bell del c1 gone'],
    ['<script>alert(1)</script>', '<script>alert(1)</script>'],
    ['=HYPERLINK("http://x","y")', '=HYPERLINK("http://x","y")'],
    [42, '42'],
    [Number.NaN, ''],
    [Number.POSITIVE_INFINITY, ''],
    [null, ''],
    [undefined, ''],
    [true, ''],
    [{ text: 'object' }, ''],
    [['array'], ''],
  ])('%j → %j', (value, expected) => {
    expect(cleanText(value, { maxLength: 100 })).toBe(expected);
  });

  it('keeps line breaks in multiline text, at most one blank line in a row', () => {
    expect(cleanText('  Line one  \r\n\r\n\r\n\nLine two\u00a0\n', { maxLength: 100, multiline: true })).toBe(
      'Line one\n\nLine two',
    );
  });

  it('caps the length after trimming', () => {
    expect(cleanText(`   ${'a'.repeat(50)}`, { maxLength: 10 })).toBe('a'.repeat(10));
  });
});

describe('capText', () => {
  it('never leaves half of a surrogate pair', () => {
    const text = `ab${'😀'.repeat(3)}`; // each emoji is two code units
    expect(capText(text, 3)).toBe('ab');
    expect(capText(text, 4)).toBe('ab😀');
    expect(capText(text, 100)).toBe(text);
  });
});
