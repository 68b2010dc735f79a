import { describe, expect, it } from 'vitest';
import { selfCheck } from './self-check.ts';

describe('selfCheck', () => {
  it('decodes and hashes an image with sharp, naming its versions', async () => {
    expect(await selfCheck()).toMatch(
      /^sharp 0\.\d+\.\d+ with libvips \d+\.\d+\.\d+: images decode and hash$/,
    );
  });
});
