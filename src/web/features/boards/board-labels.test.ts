import { describe, expect, it } from 'vitest';
import {
  BOARD_LABEL_MAX,
  BOARD_LABELS_MAX,
  boardLabelsSchema,
} from '../../../domain/boards/board-contract.ts';
import { labelsText, parseLabels } from './board-labels.ts';

describe('parseLabels', () => {
  it('trims, drops empty words and repeats (any case), and keeps the order typed', () => {
    expect(parseLabels(' ugc , hook,, UGC ,  summer sale ')).toEqual(['ugc', 'hook', 'summer sale']);
    expect(labelsText(parseLabels('a, b'))).toBe('a, b');
  });

  it('keeps within what the server accepts', () => {
    const many = Array.from({ length: 30 }, (_, i) => `${i}-${'x'.repeat(50)}`).join(',');
    const labels = parseLabels(many);
    expect(labels).toHaveLength(BOARD_LABELS_MAX);
    expect(labels.every((label) => label.length <= BOARD_LABEL_MAX)).toBe(true);
    expect(boardLabelsSchema.safeParse(labels).success).toBe(true);
  });
});
