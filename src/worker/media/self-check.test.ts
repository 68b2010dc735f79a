import { describe, expect, it } from 'vitest';
import { selfCheck } from './self-check.ts';

describe('selfCheck', () => {
  it(
    'decodes and hashes an image with sharp and reads drawn words in the OCR child, naming the versions',
    { timeout: 120_000 },
    async () => {
      expect(await selfCheck(new URL('../ocr/ocr-child.ts', import.meta.url), ['--import', 'tsx'])).toMatch(
        /^sharp 0\.\d+\.\d+ with libvips \d+\.\d+\.\d+: images decode and hash; the OCR child reads "FREE SHIPPING 42"$/,
      );
    },
  );
});
