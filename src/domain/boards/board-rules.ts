/**
 * The server's reading of what a board write sends (src/hooks/boards), pure so that it is tested
 * here: the labels (the user's own words, trimmed, at most BOARD_LABELS_MAX of 1 to
 * BOARD_LABEL_MAX characters each, each once) and the wrong-token window of the shared page
 * (docs/boards.md#rate-limits).
 */
import { BOARD_LABEL_MAX, BOARD_LABELS_MAX, SHARE_WRONG_TOKENS_PER_MINUTE } from './board-contract.ts';
import { BOARD_MESSAGES } from './board-messages.ts';

export type LabelsCheck = { ok: true; labels: string[] } | { ok: false; message: string };

/** `labels` as sent (absent, null, a list, or a list as JSON text from a form) checked and trimmed. */
export function checkLabels(value: unknown): LabelsCheck {
  let list = value;
  if (list === undefined || list === null || list === '') return { ok: true, labels: [] };
  if (typeof list === 'string') {
    try {
      list = JSON.parse(list);
    } catch {
      return { ok: false, message: BOARD_MESSAGES.labelsNotList };
    }
  }
  if (!Array.isArray(list)) return { ok: false, message: BOARD_MESSAGES.labelsNotList };
  const labels: string[] = [];
  for (const item of list) {
    if (typeof item !== 'string') return { ok: false, message: BOARD_MESSAGES.labelsNotList };
    const label = item.trim();
    if (label.length < 1 || label.length > BOARD_LABEL_MAX)
      return { ok: false, message: BOARD_MESSAGES.labelLength };
    if (labels.indexOf(label) < 0) labels.push(label);
  }
  if (labels.length > BOARD_LABELS_MAX) return { ok: false, message: BOARD_MESSAGES.tooManyLabels };
  return { ok: true, labels };
}

/** One client address's wrong tokens: the window's start (ms) and how many it has counted. */
export interface WrongTokenWindow {
  start: number;
  count: number;
}

const WINDOW_MS = 60_000;

/** The window as the store keeps it (`start:count`), or null. */
export function parseWrongTokens(value: unknown): WrongTokenWindow | null {
  if (typeof value !== 'string') return null;
  const [start, count] = value.split(':').map(Number);
  return Number.isFinite(start) && Number.isFinite(count) ? { start: start!, count: count! } : null;
}

/** Whether the window is still open at `now` (its minute has not ended). */
export const windowOpen = (window: WrongTokenWindow | null, now: number): window is WrongTokenWindow =>
  window !== null && now >= window.start && now - window.start < WINDOW_MS;

/** True while the address has tried SHARE_WRONG_TOKENS_PER_MINUTE wrong tokens in its minute. */
export function wrongTokensBlocked(window: WrongTokenWindow | null, now: number): boolean {
  return windowOpen(window, now) && window.count >= SHARE_WRONG_TOKENS_PER_MINUTE;
}

/** The window after one more wrong token at `now`: a new minute starts when the last one ended. */
export function countWrongToken(window: WrongTokenWindow | null, now: number): WrongTokenWindow {
  return windowOpen(window, now)
    ? { start: window.start, count: window.count + 1 }
    : { start: now, count: 1 };
}
