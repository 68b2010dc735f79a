/** The 15 keyword-list locales of docs/product.md#constants-and-limits, with the labels the picker shows. */
export const LOCALES = [
  { code: 'en-US', label: 'English/United States' },
  { code: 'fr-FR', label: 'Français' },
  { code: 'es-ES', label: 'Español' },
  { code: 'nl-BE', label: 'Nederlands/België' },
  { code: 'pt-PT', label: 'Português' },
  { code: 'de-DE', label: 'Deutsch' },
  { code: 'pl-PL', label: 'Polski' },
  { code: 'da-DK', label: 'Deens' },
  { code: 'nb-NO', label: 'Noorwegs' },
  { code: 'sv-SE', label: 'Zweeds' },
  { code: 'fi-FI', label: 'Fins' },
  { code: 'de-AT', label: 'Oostenrijks' },
  { code: 'ro-RO', label: 'Roemeens' },
  { code: 'el-GR', label: 'Grieks' },
  { code: 'it-IT', label: 'Italiaans' },
] as const;

export type LocaleCode = (typeof LOCALES)[number]['code'];

export const LOCALE_CODES = LOCALES.map((l) => l.code) as [LocaleCode, ...LocaleCode[]];

export function isLocaleCode(value: string): value is LocaleCode {
  return (LOCALE_CODES as readonly string[]).includes(value);
}
