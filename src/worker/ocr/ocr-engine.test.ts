import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RENDERED_CREATIVES, renderCreative, wordsOf } from '../../../tests/fixtures/rendered-creatives.ts';
import { createOcrEngine, keptText, tessdataDir, type OcrEngine } from './ocr-engine.ts';

describe('keptText', () => {
  it('keeps sure lines with letters or digits, and weighs the confidence by length', () => {
    expect(
      keptText([
        { text: 'SUMMER SALE\n', confidence: 90 },
        { text: '~ |', confidence: 95 },
        { text: 'ee e', confidence: 20 },
        { text: '50%  OFF', confidence: 80 },
      ]),
    ).toEqual({ text: 'SUMMER SALE\n50% OFF', confidence: (90 * 11 + 80 * 7) / 18 });
    expect(keptText([{ text: 'x', confidence: 99 }])).toEqual({ text: '', confidence: 0 });
  });
});

// tesseract in this process: slow on a busy 2-core machine, so a budget of its own
describe('reading rendered creatives', { timeout: 240_000 }, () => {
  let data: ReturnType<typeof tessdataDir>;
  let engine: OcrEngine;
  beforeAll(() => {
    data = tessdataDir();
    engine = createOcrEngine({ langPath: data.dir });
  });
  afterAll(async () => {
    await engine?.close();
    data?.remove();
  });

  for (const language of ['en', 'de', 'fr', 'es'] as const) {
    it(`reads the known words of a ${language} creative on a busy background`, async () => {
      const creative = RENDERED_CREATIVES.find((c) => c.language === language && !c.banner)!;
      const reading = await engine.read(await renderCreative(creative), [language, 'en']);
      // A word counts read without its accents (ü read as u); one word of a creative may be missed:
      // in the whole unit run tesseract once read "für" as "fur" and missed "soldes", alone never.
      const plain = (words: string[]) => words.map((word) => word.normalize('NFD').replace(/\p{M}/gu, ''));
      const read = new Set(plain(wordsOf(reading.text)));
      const known = plain(wordsOf(creative.lines.join(' ')));
      const missing = known.filter((word) => !read.has(word));
      expect(
        missing.length,
        `read: ${JSON.stringify(reading.text)}; missed ${missing.join(', ')}`,
      ).toBeLessThanOrEqual(1);
      expect(known.length).toBeGreaterThanOrEqual(4);
      expect(reading.language).toBe(language);
      expect(reading.confidence).toBeGreaterThan(60);
      expect(engine.loaded).toEqual(
        language === 'en' ? ['eng'] : [expect.stringMatching(/^[a-z]{3}$/), 'eng'],
      );
    });
  }

  it('finds no text on a busy image without any', async () => {
    const blank = { ...RENDERED_CREATIVES[0]!, lines: [], banner: false };
    // Nothing, or once in a whole unit run a few characters made of the shapes (never alone)
    const reading = await engine.read(await renderCreative(blank), ['en']);
    expect(reading.text.replace(/\s+/g, '').length, JSON.stringify(reading.text)).toBeLessThan(8);
    if (reading.text === '') expect(reading).toEqual({ text: '', confidence: 0, language: null });
  });
});
