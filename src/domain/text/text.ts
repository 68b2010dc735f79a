/**
 * Plain-text clean-up for third-party strings (ad copy, link parameters). It never escapes:
 * ad text is data, rendered as text and neutralized for CSV elsewhere
 * (docs/invariants.md#invariant-8-ad-text-is-data). It only removes what no screen or export can use (control
 * characters) and bounds the length.
 */

export interface CleanTextOptions {
  /** Longest result in UTF-16 code units; longer text is cut (never mid surrogate pair). */
  maxLength: number;
  /** Keep line breaks (ad bodies); otherwise every run of whitespace becomes one space. */
  multiline?: boolean;
}

// C0 controls except tab and line feed, DEL, and C1 controls: invisible, and NUL breaks some tools.
// eslint-disable-next-line no-control-regex
const CONTROL_CHARS = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F-\u009F]/g;

/** Cuts text to at most `maxLength` code units without leaving half of a surrogate pair. */
export function capText(text: string, maxLength: number): string {
  if (text.length <= maxLength) return text;
  let cut = text.slice(0, Math.max(0, maxLength));
  const last = cut.charCodeAt(cut.length - 1);
  if (last >= 0xd800 && last <= 0xdbff) cut = cut.slice(0, -1);
  return cut;
}

/**
 * Turns any raw value into trimmed, bounded plain text: strings as they are, finite numbers as
 * digits, everything else (null, objects, booleans) as ''. Used for every text column.
 */
export function cleanText(value: unknown, options: CleanTextOptions): string {
  let text: string;
  if (typeof value === 'string') text = value;
  else if (typeof value === 'number' && Number.isFinite(value)) text = String(value);
  else return '';
  text = text.replace(/\r\n?/g, '\n').replace(CONTROL_CHARS, '');
  if (options.multiline) {
    text = text
      .split('\n')
      .map((line) => line.replace(/[ \t\u00A0]+$/, ''))
      .join('\n')
      .replace(/\n{3,}/g, '\n\n');
  } else {
    text = text.replace(/\s+/g, ' ');
  }
  return capText(text.trim(), options.maxLength).trim();
}

/** Splits the scout form's comma-separated keywords into trimmed, non-empty entries. */
export function splitKeywords(raw: string): string[] {
  return raw
    .split(',')
    .map((k) => k.trim())
    .filter((k) => k.length > 0);
}
