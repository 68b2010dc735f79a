import { describe, expect, it } from 'vitest';
import { countryLabel } from './countries.ts';

describe('countryLabel', () => {
  it('names the country or says N/A', () => {
    expect(countryLabel('DE')).toBe('DE - Germany');
    expect(countryLabel('')).toBe('N/A');
    expect(countryLabel(undefined)).toBe('N/A');
    expect(countryLabel('ZZ')).toBe('ZZ');
  });
});
