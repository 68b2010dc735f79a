import { describe, expect, it } from 'vitest';
import { hammingDistance } from './phash.ts';

describe('hammingDistance', () => {
  it('counts the bits two hashes differ in', () => {
    expect(hammingDistance('0000000000000000', '0000000000000000')).toBe(0);
    expect(hammingDistance('0000000000000000', 'ffffffffffffffff')).toBe(64);
    expect(hammingDistance('0000000000000001', '0000000000000000')).toBe(1);
    expect(hammingDistance('8000000000000000', '0000000000000001')).toBe(2);
    expect(hammingDistance('00000000000000f0', '000000000000000f')).toBe(8);
    expect(hammingDistance('a5a5a5a5a5a5a5a5', '5a5a5a5a5a5a5a5a')).toBe(64);
    expect(hammingDistance('0123456789abcdef', '0123456789abcdee')).toBe(1);
  });

  it('is symmetric', () => {
    expect(hammingDistance('0123456789abcdef', 'fedcba9876543210')).toBe(
      hammingDistance('fedcba9876543210', '0123456789abcdef'),
    );
  });

  it('refuses what is not a hash', () => {
    expect(() => hammingDistance('abc', '0000000000000000')).toThrow(/16 lowercase hex/);
    expect(() => hammingDistance('000000000000000G', '0000000000000000')).toThrow(/16 lowercase hex/);
    expect(() => hammingDistance('0000000000000000', 'FFFFFFFFFFFFFFFF')).toThrow(/16 lowercase hex/);
  });
});
