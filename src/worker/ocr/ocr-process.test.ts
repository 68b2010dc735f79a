import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RENDERED_CREATIVES, renderCreative } from '../../../tests/fixtures/rendered-creatives.ts';
import { waitUntil } from '../../../tests/fixtures/wait-for.ts';
import { ocrProcess, OcrError, type OcrProcess } from './ocr-process.ts';

const CHILD = new URL('./ocr-child.ts', import.meta.url);
const NO_NETWORK = new URL('../../../tests/fixtures/no-network.cjs', import.meta.url);
const creative = RENDERED_CREATIVES.find((c) => c.name === 'en save')!;

// real child processes reading with tesseract: slow on a busy 2-core machine
describe('the OCR child process', { timeout: 240_000 }, () => {
  let image: Buffer;
  let dir: string;
  const processes: OcrProcess[] = [];
  const logs: string[] = [];
  const started = (options: Partial<Parameters<typeof ocrProcess>[0]> = {}) => {
    const made = ocrProcess({
      entry: CHILD,
      execArgv: ['--import', 'tsx', '--require', NO_NETWORK.pathname],
      log: (message) => logs.push(message),
      ...options,
    });
    processes.push(made);
    return made;
  };

  beforeAll(async () => {
    image = await renderCreative(creative);
    dir = mkdtempSync(join(tmpdir(), 'adscout-ocr-test-'));
    process.env.NO_NETWORK_LOG = join(dir, 'network.log');
  });
  afterAll(async () => {
    await Promise.all(processes.map((p) => p.close()));
    delete process.env.NO_NETWORK_LOG;
    rmSync(dir, { recursive: true, force: true });
  });

  it('reads an image from the packages’ data, with no network access', async () => {
    const ocr = started();
    const reading = await ocr.read(image, ['en']);
    expect(reading.text).toContain('Save 25% today');
    expect(reading.language).toBe('en');
    // the child inherited the log's name; nothing in it (nor in its tesseract thread) went out
    const log = process.env.NO_NETWORK_LOG!;
    expect(existsSync(log) ? readFileSync(log, 'utf8') : '').toBe('');
  });

  it('survives its child crashing: the reading fails as retryable, the next one forks a new child', async () => {
    const ocr = started();
    const reading = ocr.read(image, ['en']);
    await waitUntil('the child started', () => ocr.pid !== undefined);
    const first = ocr.pid!;
    process.kill(first, 'SIGKILL');
    const error = await reading.catch((e: unknown) => e);
    expect(error).toBeInstanceOf(OcrError);
    expect((error as OcrError).retry).toBe(true);
    const again = await ocr.read(image, ['en']);
    expect(again.text).toContain('Free returns');
    expect(ocr.pid).not.toBe(first);
    expect(ocr.stats.forks).toBe(2);
  });

  it('is restarted after its share of images, and fails an image that does not decode for good', async () => {
    const ocr = started({ restartAfterImages: 1 });
    const error = await ocr.read(new Uint8Array([1, 2, 3, 4]), ['en']).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(OcrError);
    expect((error as OcrError).retry).toBe(false);
    await waitUntil('the child retired after one image', () => ocr.pid === undefined);
    expect(logs.some((line) => line.includes('1 images read'))).toBe(true);
    await ocr.read(image, ['en']);
    expect(ocr.stats.forks).toBe(2);
  });
});
