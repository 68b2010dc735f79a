import { describe, expect, it } from 'vitest';
import {
  base64Bytes,
  REPORT_MAIL_MAX_ATTEMPTS,
  REPORT_MAIL_PLACEHOLDER_PNG_BASE64,
  reportMailRetryDelay,
} from './report-mail-contract.ts';

describe('report mail contract', () => {
  it('decodes base64 as Node does', () => {
    for (const text of ['', 'a', 'ab', 'abc', 'abcd', '\u00ff\u0000\u0080binary']) {
      const encoded = Buffer.from(text, 'latin1').toString('base64');
      expect(base64Bytes(encoded)).toEqual([...Buffer.from(text, 'latin1')]);
    }
    expect(() => base64Bytes('ab$c')).toThrow();
  });

  it('the placeholder is a PNG', () => {
    const bytes = base64Bytes(REPORT_MAIL_PLACEHOLDER_PNG_BASE64);
    expect(bytes.slice(0, 8)).toEqual([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
    expect(Buffer.from(bytes).equals(Buffer.from(REPORT_MAIL_PLACEHOLDER_PNG_BASE64, 'base64'))).toBe(true);
  });

  it('backs off longer after each failure, and repeats the last wait', () => {
    const waits = Array.from({ length: REPORT_MAIL_MAX_ATTEMPTS }, (_, i) => reportMailRetryDelay(i + 1));
    for (let i = 1; i < waits.length; i++) expect(waits[i]).toBeGreaterThanOrEqual(waits[i - 1]!);
    expect(reportMailRetryDelay(0)).toBe(waits[0]);
    expect(reportMailRetryDelay(99)).toBe(waits[waits.length - 1]);
  });
});
