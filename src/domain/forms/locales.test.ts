import { describe, expect, it } from 'vitest';
import { isLocaleCode, LOCALE_CODES } from './locales.ts';

describe('isLocaleCode', () => {
  it('accepts the supported locales only, exactly as written', () => {
    for (const code of LOCALE_CODES) expect(isLocaleCode(code)).toBe(true);
    for (const other of ['', 'en', 'EN-US', 'xx-XX', 'de_DE']) expect(isLocaleCode(other)).toBe(false);
  });
});
