/**
 * The messages between the worker and its OCR child process (ocr-process.ts forks ocr-child.ts):
 * one reading asked at a time, over Node's IPC channel with the `advanced` serialization (the
 * image goes as bytes, not as base64 text).
 */
import type { TagLanguage } from '../../domain/tags/vocabulary.ts';
import type { OcrReading } from './ocr-engine.ts';

export interface OcrRequest {
  id: number;
  image: Uint8Array;
  languages: TagLanguage[];
}

export type OcrAnswer =
  | { id: number; ok: true; reading: OcrReading; rss: number }
  | {
      id: number;
      ok: false;
      error: string;
      /** False when reading the image again cannot help (it does not decode). */
      retry: boolean;
      rss: number;
    };
