import { describe, expect, it } from 'vitest';
import { sniffMime } from './magic-bytes.ts';

const bytes = (...parts: (string | number[])[]) =>
  Buffer.concat(parts.map((p) => (typeof p === 'string' ? Buffer.from(p, 'latin1') : Buffer.from(p))));

describe('sniffMime', () => {
  it('tells the kept types by their first bytes', () => {
    expect(sniffMime(bytes([0xff, 0xd8, 0xff, 0xe0], 'JFIF'))).toBe('image/jpeg');
    expect(sniffMime(bytes([0x89], 'PNG', [0x0d, 0x0a, 0x1a, 0x0a, 0, 0]))).toBe('image/png');
    expect(sniffMime(bytes('RIFF', [1, 2, 3, 4], 'WEBPVP8 '))).toBe('image/webp');
    expect(sniffMime(bytes('GIF87a', [1, 0]))).toBe('image/gif');
    expect(sniffMime(bytes('GIF89a', [1, 0]))).toBe('image/gif');
    expect(sniffMime(bytes([0, 0, 0, 0x20], 'ftypisom'))).toBe('video/mp4');
  });

  it('refuses anything else, however it is named', () => {
    expect(sniffMime(bytes('<!DOCTYPE html><html>'))).toBeNull();
    expect(sniffMime(bytes('RIFF', [1, 2, 3, 4], 'WAVEfmt '))).toBeNull();
    expect(sniffMime(bytes('GIF88a'))).toBeNull();
    expect(sniffMime(bytes([0x89], 'PNG', [0x0d, 0x0a, 0x1a]))).toBeNull();
    expect(sniffMime(bytes([0xff, 0xd8]))).toBeNull();
    expect(sniffMime(bytes('ftyp'))).toBeNull();
    expect(sniffMime(new Uint8Array())).toBeNull();
  });
});
