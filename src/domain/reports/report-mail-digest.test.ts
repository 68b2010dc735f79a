import { describe, expect, it } from 'vitest';
import { headerText } from './report-mail-digest.ts';

/** The rule, written the plain way: one line, then at most `max` code points. */
function byArrayFrom(text: string, max: number): string {
  const line = Array.from(
    text
      // eslint-disable-next-line no-control-regex
      .replace(/[\u0000-\u001f\u007f\u2028\u2029]+/g, ' ')
      .replace(/\s+/g, ' ')
      .trim(),
  );
  return line.length <= max ? line.join('') : `${line.slice(0, max - 1).join('')}…`;
}

describe('headerText', () => {
  it('makes one line without control characters', () => {
    expect(headerText(' a\u0000b\r\nc\u2028d\t\te  ', 50)).toBe('a b c d e');
  });

  it('cuts by code points, never inside an emoji, with an ellipsis', () => {
    expect(headerText('x'.repeat(10), 10)).toBe('x'.repeat(10));
    expect(headerText('x'.repeat(11), 10)).toBe(`${'x'.repeat(9)}…`);
    // 10 emoji are 20 UTF-16 units but 10 characters: kept whole
    expect(headerText('😀'.repeat(10), 10)).toBe('😀'.repeat(10));
    expect(headerText('😀'.repeat(11), 10)).toBe(`${'😀'.repeat(9)}…`);
    expect(headerText('ab😀cd', 3)).toBe('ab…');
    expect(headerText('abc', 1)).toBe('…');
  });

  it('says what the Array.from rule says, lone surrogates and all', () => {
    const texts = [
      '',
      'short',
      'x'.repeat(200),
      '😀'.repeat(130),
      `${'a'.repeat(118)}😀😀b`,
      `\ud800${'y'.repeat(130)}`,
      `${'z'.repeat(119)}\udc00\ud83d`,
      'é'.repeat(151),
      ' \u0001 '.repeat(100),
      'plain words, one space each',
      ' leading',
      'trailing ',
      'double  space',
      'a\u00a0b\ufeffc\u3000d\u2003e\u0085f\u200bg',
      'a\u007fb\u0001c',
    ];
    for (const text of texts)
      for (const max of [1, 2, 3, 119, 120, 121, 150])
        expect(headerText(text, max)).toBe(byArrayFrom(text, max));
  });
});
