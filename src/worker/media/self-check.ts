/**
 * `node worker.mjs --self-check`: proves a compiled worker can archive and read, i.e. that sharp
 * and its native libvips load beside it (scripts/build-worker.mjs installs them), and that its OCR
 * child reads text with tesseract.js and the language data shipped beside it, without an account,
 * a server or the network. Hashes a drawing made by sharp, reads the words drawn on another, and
 * prints the versions.
 */
import sharp from 'sharp';
import { PHASH_PATTERN } from '../../domain/media/creative-limits.ts';
import { ocrProcess } from '../ocr/ocr-process.ts';
import { imageFacts } from './hashes.ts';

/** The words the OCR check draws and reads. */
const CHECK_WORDS = 'FREE SHIPPING 42';

/** `ocrChild`: the child's module (and `execArgv` to run it with: tsx for the source). */
export async function selfCheck(ocrChild: URL, execArgv?: string[]): Promise<string> {
  const png = await sharp({ create: { width: 16, height: 9, channels: 3, background: '#36c' } })
    .png()
    .toBuffer();
  const facts = await imageFacts(png);
  if (facts.width !== 16 || facts.height !== 9 || !PHASH_PATTERN.test(facts.phash)) {
    throw new Error(`sharp read a 16x9 drawing as ${facts.width}x${facts.height}, hash ${facts.phash}`);
  }
  const drawing = await sharp(
    Buffer.from(
      `<svg xmlns="http://www.w3.org/2000/svg" width="900" height="200"><rect width="900" height="200" fill="#fff"/>` +
        `<text x="40" y="130" font-family="DejaVu Sans, Arial, sans-serif" font-size="80">${CHECK_WORDS}</text></svg>`,
    ),
  )
    .png()
    .toBuffer();
  const ocr = ocrProcess({ entry: ocrChild, ...(execArgv ? { execArgv } : {}), log: () => undefined });
  try {
    const reading = await ocr.read(drawing, ['en']);
    if (reading.text !== CHECK_WORDS) {
      throw new Error(`the OCR child read "${reading.text}" where "${CHECK_WORDS}" is drawn`);
    }
  } finally {
    await ocr.close();
  }
  return `sharp ${sharp.versions.sharp} with libvips ${sharp.versions.vips}: images decode and hash; the OCR child reads "${CHECK_WORDS}"`;
}
