/**
 * Plain text of the legacy `body.markup.__html` of 2023-era actor builds: Facebook's own markup
 * around the ad copy (line breaks, paragraphs, entities), not the advertiser's HTML. Tags go,
 * breaks become line breaks, and character references become their characters.
 */

const NAMED_ENTITIES: Record<string, string> = {
  amp: '&',
  lt: '<',
  gt: '>',
  quot: '"',
  apos: "'",
  nbsp: ' ',
};

/** The character of a numeric reference, or the reference as typed when it names no character. */
function characterOf(value: number, asTyped: string): string {
  return value > 0 && value <= 0x10ffff && !(value >= 0xd800 && value <= 0xdfff)
    ? String.fromCodePoint(value)
    : asTyped;
}

export function htmlToText(html: string): string {
  return html
    .replace(/<br\s*\/?>/gi, '\n')
    .replace(/<\/(p|div|li)>/gi, '\n')
    .replace(/<[^>]*>/g, '')
    .replace(/&#x([0-9a-f]{1,6});/gi, (m, hex: string) => characterOf(parseInt(hex, 16), m))
    .replace(/&#(\d{1,7});/g, (m, dec: string) => characterOf(Number(dec), m))
    .replace(/&(amp|lt|gt|quot|apos|nbsp);/g, (_m, name: string) => NAMED_ENTITIES[name] ?? '');
}
