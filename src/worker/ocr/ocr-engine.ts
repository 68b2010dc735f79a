/**
 * Reading the text on a creative (docs/ai.md#the-text-on-a-creative): tesseract.js with its
 * WebAssembly core and the `4.0.0_best_int` trained data of the `@tesseract.js-data/<code>`
 * packages, read from disk, never from the network, LSTM engine. Runs in the OCR child process
 * (ocr-child.ts); tests run it in-process too.
 *
 * tesseract.js reads every language of a worker from one `langPath` folder, and each package keeps
 * its file in its own: tessdataDir() links the 14 files into one temporary folder.
 */
import { mkdtempSync, rmSync, symlinkSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import sharp from 'sharp';
import { createWorker, OEM, type Worker } from 'tesseract.js';
import { CREATIVE_TEXT_MAX } from '../../domain/tags/creative-text.ts';
import { OCR_LANGUAGE_CODES, TAG_LANGUAGES, type TagLanguage } from '../../domain/tags/vocabulary.ts';

/** The data set each package ships for the LSTM engine (the smaller, integer one). */
export const TESSDATA_SET = '4.0.0_best_int';

/** Where `@tesseract.js-data/<code>` keeps its `<code>.traineddata.gz` (beside the bundle when built). */
export function languageDataDir(code: string): string {
  const require = createRequire(import.meta.url);
  return join(dirname(require.resolve(`@tesseract.js-data/${code}/package.json`)), TESSDATA_SET);
}

/** A temporary folder linking every language's data file, and how to remove it. */
export function tessdataDir(): { dir: string; remove(): void } {
  const dir = mkdtempSync(join(tmpdir(), 'adscout-tessdata-'));
  for (const language of TAG_LANGUAGES) {
    const code = OCR_LANGUAGE_CODES[language];
    symlinkSync(join(languageDataDir(code), `${code}.traineddata.gz`), join(dir, `${code}.traineddata.gz`));
  }
  return { dir, remove: () => rmSync(dir, { recursive: true, force: true }) };
}

/** What a reading found: the text ('' for none), its confidence (0–100) and the language it was read in. */
export interface OcrReading {
  text: string;
  confidence: number;
  language: TagLanguage | null;
}

/** The image could not be decoded: trying again cannot help (the task fails for good). */
export class UndecodableImageError extends Error {}

/** Below this mean confidence the first pass is read again thresholded (the better one is kept). */
export const SECOND_PASS_BELOW = 75;
/**
 * A line tesseract is less sure of than this is left out: on a busy background the shapes read as
 * short strings of symbols at low confidence, and a wrong word is worse than none.
 */
export const LINE_CONFIDENCE_MIN = 55;
/** The image is scaled so its longer side is at most this (tesseract's time grows with the pixels). */
const READ_MAX_SIDE = 1600;
/** … and small ones up to this, where the LSTM reads small print better. */
const READ_MIN_SIDE = 800;

interface Line {
  text: string;
  confidence: number;
}

/** The kept lines' text and their mean confidence weighted by length; '' and 0 when none is kept. */
export function keptText(lines: readonly Line[]): { text: string; confidence: number } {
  const kept = lines
    .map((line) => ({ text: line.text.replace(/\s+/g, ' ').trim(), confidence: line.confidence }))
    .filter(
      (line) =>
        line.confidence >= LINE_CONFIDENCE_MIN && (line.text.match(/[\p{L}\p{N}]/gu)?.length ?? 0) >= 2,
    );
  const weight = kept.reduce((sum, line) => sum + line.text.length, 0);
  if (weight === 0) return { text: '', confidence: 0 };
  const confidence = kept.reduce((sum, line) => sum + line.confidence * line.text.length, 0) / weight;
  return {
    text: kept
      .map((line) => line.text)
      .join('\n')
      .slice(0, CREATIVE_TEXT_MAX),
    confidence,
  };
}

/** Grayscale, normalised, scaled; `threshold` for the second pass. */
async function prepared(image: Uint8Array, threshold: boolean): Promise<Buffer> {
  let pipeline = sharp(image, { failOn: 'none', animated: false }).flatten({ background: '#ffffff' });
  const meta = await sharp(image, { failOn: 'none' })
    .metadata()
    .catch((error: unknown) => {
      throw new UndecodableImageError(`the image does not decode: ${String(error)}`);
    });
  const longer = Math.max(meta.width ?? 0, meta.height ?? 0);
  if (!longer) throw new UndecodableImageError('the image has no size');
  if (longer > READ_MAX_SIDE || longer < READ_MIN_SIDE) {
    const scale = (longer > READ_MAX_SIDE ? READ_MAX_SIDE : READ_MIN_SIDE) / longer;
    pipeline = pipeline.resize(Math.round((meta.width ?? 0) * scale), Math.round((meta.height ?? 0) * scale));
  }
  pipeline = pipeline.grayscale().normalise();
  if (threshold) pipeline = pipeline.threshold(128);
  return pipeline
    .png({ compressionLevel: 1 })
    .toBuffer()
    .catch((error: unknown) => {
      throw new UndecodableImageError(`the image does not decode: ${String(error)}`);
    });
}

export interface OcrEngine {
  /** Reads `image` in `languages` (their first is the one the text is said to be in). */
  read(image: Uint8Array, languages: readonly TagLanguage[]): Promise<OcrReading>;
  /** The languages loaded now (the last reading's). */
  readonly loaded: readonly string[];
  close(): Promise<void>;
}

/**
 * One tesseract worker, kept with the last languages it read in: switching reloads their data
 * (about a second), so a run of creatives in one language pays it once.
 */
export function createOcrEngine(options: { langPath: string }): OcrEngine {
  let worker: Promise<Worker> | null = null;
  let loaded: string[] = [];

  async function workerFor(codes: string[]): Promise<Worker> {
    if (!worker) {
      loaded = codes;
      worker = createWorker(codes, OEM.LSTM_ONLY, {
        langPath: options.langPath,
        // read from disk and kept in memory only: 'none' writes no .traineddata beside the process
        cacheMethod: 'none',
        // the packages ship <code>.traineddata.gz
        gzip: true,
      }).then(async (created) => {
        // ad images carry no real resolution (72 dpi or none); at 300 tesseract sizes the text
        // lines of a 1080 px creative better (measured on the rendered set, tests/fixtures)
        await created.setParameters({ user_defined_dpi: '300' });
        return created;
      });
      return worker;
    }
    const current = await worker;
    if (codes.join('+') !== loaded.join('+')) {
      await current.reinitialize(codes.join('+'), OEM.LSTM_ONLY);
      loaded = codes;
    }
    return current;
  }

  async function pass(tesseract: Worker, image: Buffer): Promise<{ text: string; confidence: number }> {
    const { data } = await tesseract.recognize(image, {}, { text: true, blocks: true });
    const lines: Line[] = [];
    for (const block of data.blocks ?? [])
      for (const paragraph of block.paragraphs) for (const line of paragraph.lines) lines.push(line);
    return keptText(lines);
  }

  return {
    get loaded() {
      return loaded;
    },
    async read(image, languages) {
      const order: TagLanguage[] = languages.length ? [...new Set(languages)] : ['en'];
      const codes = order.map((language) => OCR_LANGUAGE_CODES[language]);
      const first = await prepared(image, false);
      const tesseract = await workerFor(codes);
      let best = await pass(tesseract, first);
      if (best.confidence < SECOND_PASS_BELOW) {
        const second = await pass(tesseract, await prepared(image, true));
        // the better reading: more sure, and not an empty one over a found text
        if (second.text && (!best.text || second.confidence > best.confidence)) best = second;
      }
      return {
        text: best.text,
        confidence: Math.round(best.confidence),
        language: best.text ? order[0]! : null,
      };
    },
    async close() {
      const current = worker;
      worker = null;
      if (current) await (await current).terminate();
    },
  };
}
