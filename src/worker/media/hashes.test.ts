import sharp from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';
import { PHASH_PATTERN, SHA256_PATTERN } from '../../domain/media/creative-limits.ts';
import { hammingDistance } from '../../domain/media/phash.ts';
import { imageFacts, sha256Hex } from './hashes.ts';

const W = 320;
const H = 240;

/** Unrelated drawings, as an ad's creatives might be. */
const drawings: Record<string, string> = {
  sunset: `<rect width="${W}" height="${H}" fill="#f6a"/><circle cx="160" cy="170" r="70" fill="#fd3"/><rect y="180" width="${W}" height="60" fill="#236"/>`,
  bands: `<rect width="${W}" height="${H}" fill="#ddd"/><rect x="60" width="50" height="${H}" fill="#222"/><rect x="200" width="70" height="${H}" fill="#555"/>`,
  diagonal: `<defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="#000"/><stop offset="1" stop-color="#fff"/></linearGradient></defs><rect width="${W}" height="${H}" fill="url(#g)"/>`,
  leftward: `<defs><linearGradient id="g" x1="1" y1="0" x2="0" y2="0"><stop offset="0" stop-color="#000"/><stop offset="1" stop-color="#fff"/></linearGradient></defs><rect width="${W}" height="${H}" fill="url(#g)"/>`,
  product: `<rect width="${W}" height="${H}" fill="#eee"/><rect x="40" y="30" width="110" height="180" rx="12" fill="#c33"/><text x="190" y="130" font-size="48" fill="#111">SALE</text>`,
  checker:
    `<rect width="${W}" height="${H}" fill="#fff"/>` +
    Array.from(
      { length: 12 },
      (_, i) =>
        `<rect x="${(i % 4) * 80 + (Math.floor(i / 4) % 2) * 40}" y="${Math.floor(i / 4) * 80}" width="40" height="80" fill="#05a"/>`,
    ).join(''),
  rings:
    `<rect width="${W}" height="${H}" fill="#111"/>` +
    [100, 75, 50, 25]
      .map((r, i) => `<circle cx="220" cy="100" r="${r}" fill="${i % 2 ? '#111' : '#9e9'}"/>`)
      .join(''),
};

const render = (body: string) =>
  sharp(Buffer.from(`<svg xmlns="http://www.w3.org/2000/svg" width="${W}" height="${H}">${body}</svg>`))
    .png()
    .toBuffer();

const hashes: Record<string, string> = {};
const originals: Record<string, Buffer> = {};

beforeAll(async () => {
  for (const [name, body] of Object.entries(drawings)) {
    originals[name] = await render(body);
    hashes[name] = (await imageFacts(originals[name])).phash;
  }
});

describe('sha256Hex', () => {
  it('is the sha256 of the bytes, as 64 lowercase hex characters', () => {
    expect(sha256Hex(Buffer.from('abc'))).toBe(
      'ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad',
    );
    expect(sha256Hex(new Uint8Array())).toMatch(SHA256_PATTERN);
  });
});

describe('imageFacts', () => {
  it('reads the size and a 64-bit hash of 16 hex characters', async () => {
    const facts = await imageFacts(originals.sunset!);
    expect(facts).toMatchObject({ width: W, height: H });
    expect(facts.phash).toMatch(PHASH_PATTERN);
  });

  it('hashes a re-encoded or slightly brightened copy within 10 bits of the original', async () => {
    for (const [name, original] of Object.entries(originals)) {
      const jpeg = await sharp(original).jpeg({ quality: 60 }).toBuffer();
      const brighter = await sharp(original).modulate({ brightness: 1.1 }).png().toBuffer();
      const webp = await sharp(original).resize(160).webp({ quality: 70 }).toBuffer();
      for (const [copy, bytes] of Object.entries({ jpeg, brighter, webp })) {
        const distance = hammingDistance(hashes[name]!, (await imageFacts(bytes)).phash);
        expect(distance, `${name} as ${copy}`).toBeLessThanOrEqual(10);
      }
    }
  });

  it('hashes unrelated images mostly more than 10 bits apart', () => {
    const names = Object.keys(hashes);
    const pairs: [string, string][] = names.flatMap((a, i) =>
      names.slice(i + 1).map((b): [string, string] => [a, b]),
    );
    const far = pairs.filter(([a, b]) => hammingDistance(hashes[a]!, hashes[b]!) > 10);
    expect(far.length / pairs.length).toBeGreaterThanOrEqual(0.8);
  });

  it('refuses bytes that are not an image', async () => {
    await expect(imageFacts(Buffer.from('<html>not an image</html>'))).rejects.toThrow();
  });
});
