/**
 * The OCR child process (docs/ai.md#the-text-on-a-creative): forked by the worker
 * (src/worker/ocr/ocr-process.ts), it reads one creative at a time with tesseract.js
 * (ocr-engine.ts) and answers over IPC (ocr-protocol.ts). Apart from the worker so that its
 * WebAssembly memory (which never shrinks) and a crash stay its own, and at the lowest CPU
 * priority so that runs and the archive always come first.
 */
import { setPriority } from 'node:os';
import { messageOf } from '../../domain/text/error-message.ts';
import { createOcrEngine, tessdataDir, UndecodableImageError } from './ocr-engine.ts';
import type { OcrAnswer, OcrRequest } from './ocr-protocol.ts';

/** Linux's and macOS's lowest priority (the highest nice value). */
const LOWEST_PRIORITY = 19;

// First, before tesseract makes its thread: Linux sets a nice value per thread, and a new thread
// takes its creator's.
try {
  setPriority(LOWEST_PRIORITY);
} catch (error) {
  console.error(`[ocr] could not lower the priority: ${messageOf(error)}`);
}

const send = (answer: OcrAnswer) => process.send?.(answer);
const data = tessdataDir();
const engine = createOcrEngine({ langPath: data.dir });
let queue = Promise.resolve();

process.on('message', (message: OcrRequest) => {
  // one at a time: the worker asks for the next once this one is answered
  queue = queue.then(async () => {
    try {
      const reading = await engine.read(message.image, message.languages);
      send({ id: message.id, ok: true, reading, rss: process.memoryUsage().rss });
    } catch (error) {
      send({
        id: message.id,
        ok: false,
        error: messageOf(error),
        retry: !(error instanceof UndecodableImageError),
        rss: process.memoryUsage().rss,
      });
    }
  });
});

// The worker went away (it stopped, or crashed): nothing is left to read for.
process.on('disconnect', () => {
  data.remove();
  process.exit(0);
});
process.on('exit', () => data.remove());
