/**
 * Source dates to epoch milliseconds. Sources write Unix seconds (curious_coder), milliseconds,
 * numeric strings, or ISO-like text with or without a zone (Graph: '2025-01-15T00:00:00+0000').
 * A date before Facebook (2004) or after 2100 is junk (0, milliseconds read as seconds…), not an
 * ad's date, and reads as none.
 */

const EARLIEST_DATE_MS = Date.UTC(2004, 0, 1);
const LATEST_DATE_MS = Date.UTC(2100, 0, 1);

const DATE_TEXT =
  /^(\d{4})-(\d{2})-(\d{2})(?:[T ](\d{2}):(\d{2})(?::(\d{2})(?:\.(\d{1,9}))?)?)?\s*(Z|[+-]\d{2}:?\d{2})?$/i;

/** Epoch ms of an ISO-like date ('2024-10-24', '…T07:00:00+0000', '… 07:00:00'); UTC unless zoned. */
export function parseDateText(text: string): number | null {
  const m = DATE_TEXT.exec(text.trim());
  if (!m) return null;
  const [y, mo, d, h = 0, mi = 0, s = 0] = [m[1], m[2], m[3], m[4], m[5], m[6]].map((v) =>
    v === undefined ? undefined : Number(v),
  ) as number[];
  if (y === undefined || mo === undefined || d === undefined) return null;
  const ms = m[7] ? Number(`0.${m[7]}`) * 1000 : 0;
  if (mo < 1 || mo > 12 || d < 1 || d > 31 || h > 23 || mi > 59 || s > 59) return null;
  let time = Date.UTC(y, mo - 1, d, h, mi, s, Math.floor(ms));
  if (new Date(time).getUTCDate() !== d) return null; // 2025-02-30
  const zone = m[8];
  if (zone && zone.toUpperCase() !== 'Z') {
    const sign = zone.startsWith('-') ? -1 : 1;
    const digits = zone.slice(1).replace(':', '');
    time -= sign * (Number(digits.slice(0, 2)) * 60 + Number(digits.slice(2))) * 60_000;
  }
  return time;
}

/** Epoch ms of a source date: Unix seconds (or ms), numeric strings, or ISO-like text; else null. */
export function epochMsOf(value: unknown): number | null {
  let ms: number | null = null;
  if (typeof value === 'number' && Number.isFinite(value)) {
    ms = value > 1e11 ? value : value * 1000;
  } else if (typeof value === 'string' && /^\s*\d{9,13}(\.\d+)?\s*$/.test(value)) {
    const n = Number(value);
    ms = n > 1e11 ? n : n * 1000;
  } else if (typeof value === 'string') {
    ms = parseDateText(value);
  }
  return ms !== null && ms >= EARLIEST_DATE_MS && ms <= LATEST_DATE_MS ? Math.floor(ms) : null;
}

/** The run's `now` as epoch ms; an invalid Date counts as 0 (no days running) rather than NaN. */
export function nowMsOf(now: Date | number): number {
  const ms = typeof now === 'number' ? now : now.getTime();
  return Number.isFinite(ms) ? ms : 0;
}
