import { describe, expect, it } from 'vitest';
import graphPage from '../../../../tests/fixtures/ad-library/graph-ads-archive.json';
import curiousCoder from '../../../../tests/fixtures/ad-library/curious-coder.json';
import { creativeField, isGraphItem, itemShapeOf } from './item-shapes.ts';

describe('isGraphItem', () => {
  it('tells ads_archive records from actor items', () => {
    expect(graphPage.data.map((item) => isGraphItem(item))).toEqual([true, true, true]);
    expect(curiousCoder.map((item) => isGraphItem(item))).toEqual(curiousCoder.map(() => false));
  });
});

describe('itemShapeOf', () => {
  it('finds the creative under snapshot, and its cards', () => {
    const cards = [{ title: 'A' }, { title: 'B' }];
    const snapshot = { title: 'Nested', cards };
    const shape = itemShapeOf({ ad_archive_id: '1', snapshot });
    expect(shape).toMatchObject({ creative: snapshot, cards, firstCard: cards[0], isGraph: false });
    expect(creativeField(shape, 'title')).toBe('Nested');
  });

  it('reads a flattened item’s creative fields from its top, and the top when the snapshot lacks one', () => {
    const flat = itemShapeOf({ adArchiveID: '1', title: 'Flat', cards: [{}] });
    expect([flat.cards.length, creativeField(flat, 'title')]).toEqual([1, 'Flat']);
    const mixed = itemShapeOf({ page_name: 'Top', snapshot: { page_name: null } });
    expect(creativeField(mixed, 'page_name')).toBe('Top');
  });

  it('reads a snapshot that is not an object as none', () => {
    const shape = itemShapeOf({ title: 'Top', snapshot: 'broken', cards: 'not a list' });
    expect([shape.creative, shape.cards, shape.firstCard]).toEqual([shape.item, [], undefined]);
    expect(creativeField(shape, 'title')).toBe('Top');
  });
});
