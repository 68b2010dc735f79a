import { describe, expect, it } from 'vitest';
import { BOARD_LABEL_MAX, BOARD_LABELS_MAX, SHARE_WRONG_TOKENS_PER_MINUTE } from './board-contract.ts';
import { BOARD_MESSAGES } from './board-messages.ts';
import { checkLabels, countWrongToken, parseWrongTokens, wrongTokensBlocked } from './board-rules.ts';

describe('checkLabels', () => {
  it('trims each label and keeps each once, in order', () => {
    expect(checkLabels(['  hook ', 'UGC', 'hook'])).toEqual({ ok: true, labels: ['hook', 'UGC'] });
  });
  it('reads absent, null and JSON text (a form) as the user sent them', () => {
    expect(checkLabels(undefined)).toEqual({ ok: true, labels: [] });
    expect(checkLabels(null)).toEqual({ ok: true, labels: [] });
    expect(checkLabels('["a"]')).toEqual({ ok: true, labels: ['a'] });
  });
  it('refuses an empty label, one over the limit, too many, and what is not a list of text', () => {
    expect(checkLabels(['  '])).toEqual({ ok: false, message: BOARD_MESSAGES.labelLength });
    expect(checkLabels(['x'.repeat(BOARD_LABEL_MAX + 1)])).toEqual({
      ok: false,
      message: BOARD_MESSAGES.labelLength,
    });
    expect(checkLabels([` ${'x'.repeat(BOARD_LABEL_MAX)} `]).ok).toBe(true);
    const many = Array.from({ length: BOARD_LABELS_MAX + 1 }, (_, i) => `l${i}`);
    expect(checkLabels(many)).toEqual({ ok: false, message: BOARD_MESSAGES.tooManyLabels });
    expect(checkLabels(many.slice(1)).ok).toBe(true);
    expect(checkLabels([1])).toEqual({ ok: false, message: BOARD_MESSAGES.labelsNotList });
    expect(checkLabels({ a: 1 })).toEqual({ ok: false, message: BOARD_MESSAGES.labelsNotList });
    expect(checkLabels('not json')).toEqual({ ok: false, message: BOARD_MESSAGES.labelsNotList });
  });
});

describe('the wrong-token window', () => {
  it(`blocks after ${SHARE_WRONG_TOKENS_PER_MINUTE} in a minute, until that minute ends`, () => {
    let window = null;
    const t0 = 1_000_000;
    for (let i = 0; i < SHARE_WRONG_TOKENS_PER_MINUTE; i++) {
      expect(wrongTokensBlocked(window, t0 + i)).toBe(false);
      window = countWrongToken(window, t0 + i);
    }
    expect(wrongTokensBlocked(window, t0 + 59_999)).toBe(true);
    expect(wrongTokensBlocked(window, t0 + 60_000)).toBe(false);
    expect(countWrongToken(window, t0 + 60_000)).toEqual({ start: t0 + 60_000, count: 1 });
  });
  it('reads the stored text back, and nothing else', () => {
    expect(parseWrongTokens('5:3')).toEqual({ start: 5, count: 3 });
    expect(parseWrongTokens(undefined)).toBeNull();
    expect(parseWrongTokens('x')).toBeNull();
  });
});
