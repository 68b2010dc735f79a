/**
 * An item's labels as the user types them: comma-separated words, each trimmed, empty ones and
 * repeats dropped, cut to the limits the server checks (board-contract.ts).
 */
import { BOARD_LABEL_MAX, BOARD_LABELS_MAX } from '../../../domain/boards/board-limits.ts';

export function parseLabels(text: string): string[] {
  const seen = new Set<string>();
  const labels: string[] = [];
  for (const part of text.split(',')) {
    const label = part.trim().slice(0, BOARD_LABEL_MAX).trim();
    const key = label.toLowerCase();
    if (!label || seen.has(key)) continue;
    seen.add(key);
    labels.push(label);
    if (labels.length === BOARD_LABELS_MAX) break;
  }
  return labels;
}

export function labelsText(labels: readonly string[] | null | undefined): string {
  return (labels ?? []).join(', ');
}
