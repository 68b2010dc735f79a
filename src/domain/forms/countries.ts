/**
 * Countries a scout can target (docs/product.md#entities-and-fields), in the order the country select shows
 * them.
 */
export const COUNTRIES = [
  { code: 'US', name: 'United States' },
  { code: 'GB', name: 'United Kingdom' },
  { code: 'CA', name: 'Canada' },
  { code: 'AU', name: 'Australia' },
  { code: 'DE', name: 'Germany' },
  { code: 'FR', name: 'France' },
  { code: 'ES', name: 'Spain' },
  { code: 'IT', name: 'Italy' },
  { code: 'NL', name: 'Netherlands' },
  { code: 'BE', name: 'Belgium' },
  { code: 'PT', name: 'Portugal' },
  { code: 'PL', name: 'Poland' },
  { code: 'DK', name: 'Denmark' },
  { code: 'NO', name: 'Norway' },
  { code: 'SE', name: 'Sweden' },
  { code: 'FI', name: 'Finland' },
  { code: 'AT', name: 'Austria' },
  { code: 'RO', name: 'Romania' },
  { code: 'GR', name: 'Greece' },
] as const;

export type CountryCode = (typeof COUNTRIES)[number]['code'];

export const COUNTRY_CODES = COUNTRIES.map((c) => c.code) as [CountryCode, ...CountryCode[]];

export const DEFAULT_COUNTRY: CountryCode = 'US';

/** Countries whose ads carry EU transparency data (reach, age, gender) in the Ad Library. */
export const EU_COUNTRY_CODES: ReadonlySet<string> = new Set([
  'DE',
  'FR',
  'ES',
  'IT',
  'NL',
  'BE',
  'PT',
  'PL',
  'DK',
  'SE',
  'FI',
  'AT',
  'RO',
  'GR',
]);

export function isCountryCode(value: string): value is CountryCode {
  return (COUNTRY_CODES as readonly string[]).includes(value);
}

export function countryName(code: string): string | undefined {
  return COUNTRIES.find((c) => c.code === code)?.name;
}

/**
 * 'DE - Germany' (docs/product.md#entities-and-fields lists countries as 'code - name'), the bare code if
 * unknown, 'N/A' if none.
 */
export function countryLabel(code: string | null | undefined): string {
  const trimmed = (code ?? '').trim();
  if (!trimmed) return 'N/A';
  const name = countryName(trimmed);
  return name ? `${trimmed} - ${name}` : trimmed;
}
