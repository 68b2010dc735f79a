import { describe, expect, it } from 'vitest';
import { EMPTY_RESULT_FILTERS, PERFORMANCE_MARKS } from '../../../domain/index.ts';
import { controlledGrid } from '../../../../tests/fixtures/controlled-grid.ts';
import { resultRow } from '../../../../tests/fixtures/result-row.ts';

describe('grid filter', () => {
  const stores = () => [
    resultRow('a', { store_name: 'Lamp House' }),
    resultRow('b', { store_name: 'Chair Shop', country: 'DE' }),
    resultRow('c', { store_name: 'lamps & more', country: 'DE' }),
  ];

  it('filters on the needles, runs the filter again only when they change, and marks it', () => {
    const { controller, grid, clock, counts } = controlledGrid({ rows: stores() });
    expect(controller.filter.isExternalFilterPresent()).toBe(false);
    controller.filter.setFilters({ ...EMPTY_RESULT_FILTERS, storeName: 'LAMP' });
    expect(grid.shownIds()).toEqual(['a', 'c']);
    grid.deliverEvents();
    expect(counts.at(-1)).toEqual({ displayed: 2, total: 3 });
    clock.paint();
    expect(clock.markNames()).toEqual([PERFORMANCE_MARKS.database.filtered]);

    controller.filter.setFilters({ ...EMPTY_RESULT_FILTERS, storeName: ' lamp ' }); // the same needles
    expect(grid.filterChanges).toBe(1);
    controller.filter.setFilters({ ...EMPTY_RESULT_FILTERS, storeName: 'lamp', country: 'de' });
    expect(grid.shownIds()).toEqual(['c']);
    controller.filter.setFilters(EMPTY_RESULT_FILTERS);
    expect(grid.shownIds()).toEqual(['a', 'b', 'c']);
    expect(grid.filterChanges).toBe(3);
  });

  it('filters a row stored again on its new text', () => {
    const { controller, grid, feed } = controlledGrid({
      rows: stores(),
      filters: { ...EMPTY_RESULT_FILTERS, storeName: 'lamp' },
    });
    expect(grid.shownIds()).toEqual(['a', 'c']);
    feed.push([resultRow('b', { store_name: 'Lamp Shop' }), resultRow('a', { store_name: 'Desks' })]);
    grid.flushAsyncTransactions();
    expect(grid.shownIds()).toEqual(['b', 'c']);
    expect(controller.filter.isExternalFilterPresent()).toBe(true);
  });

  it('lets through only the selected rows, with the text filters, and runs again only for another selection', () => {
    const { controller, grid, clock } = controlledGrid({ rows: stores() });
    const selection = { label: 'Store: Lamp', rowIds: ['a', 'b'] };
    controller.filter.setSelection(selection);
    expect(grid.shownIds()).toEqual(['a', 'b']);
    clock.paint();
    expect(clock.markNames()).toEqual([PERFORMANCE_MARKS.database.filtered]);
    controller.filter.setSelection(selection); // the same selection
    expect(grid.filterChanges).toBe(1);
    controller.filter.setFilters({ ...EMPTY_RESULT_FILTERS, storeName: 'lamp' });
    expect(grid.shownIds()).toEqual(['a']);
    controller.filter.setSelection(null);
    expect(grid.shownIds()).toEqual(['a', 'c']);
    expect(grid.filterChanges).toBe(3);
  });

  it('lets through the rows carrying every tag picked, and those whose creative’s text holds the words', () => {
    const texts = new Map<string, string>([
      ['a', '50% off today\nfree shipping'],
      ['c', 'free gift inside'],
    ]);
    const rows = [
      resultRow('a', { tags: ['offer:percent_off', 'offer:free_shipping'] }),
      resultRow('b', { tags: ['offer:free_shipping'] }),
      resultRow('c', { tags: null }),
    ];
    const { controller, grid } = controlledGrid({ rows, creativeText: (row) => texts.get(row.id) ?? '' });
    controller.filter.setFilters({ ...EMPTY_RESULT_FILTERS, tags: ['offer:free_shipping'] });
    expect(grid.shownIds()).toEqual(['a', 'b']);
    controller.filter.setFilters({
      ...EMPTY_RESULT_FILTERS,
      tags: ['offer:free_shipping', 'offer:percent_off'],
    });
    expect(grid.shownIds()).toEqual(['a']);
    controller.filter.setFilters({ ...EMPTY_RESULT_FILTERS, creativeText: 'FREE ' });
    expect(grid.shownIds()).toEqual(['a', 'c']);
    controller.filter.setFilters({
      ...EMPTY_RESULT_FILTERS,
      creativeText: 'free',
      tags: ['offer:free_shipping'],
    });
    expect(grid.shownIds()).toEqual(['a']);
  });

  it('runs the creative’s text filter again when creatives are read, and only while it is on', () => {
    const texts = new Map<string, string>();
    const { controller, grid } = controlledGrid({
      rows: [resultRow('a'), resultRow('b')],
      creativeText: (row) => texts.get(row.id) ?? '',
    });
    controller.creativesChanged();
    expect(grid.filterChanges).toBe(0);
    expect(grid.refreshedColumns.at(-1)).toEqual(['creative', 'creative_text']);
    controller.filter.setFilters({ ...EMPTY_RESULT_FILTERS, creativeText: 'shipping' });
    expect(grid.shownIds()).toEqual([]);
    texts.set('b', 'free shipping');
    controller.creativesChanged();
    expect(grid.shownIds()).toEqual(['b']);
  });

  it('lets the quick search through the rows whose own text or creative’s text holds it, with the filters', () => {
    const texts = new Map<string, string>([['c', 'only on the image: mega deal']]);
    const rows = [
      resultRow('a', { title: 'Mega Lamp', store_name: 'Lamp House' }),
      resultRow('b', { body: 'A MEGA chair', store_name: 'Chair Shop', country: 'DE' }),
      resultRow('c', { title: 'Desk', store_name: 'Desks', country: 'DE' }),
      resultRow('d', { title: 'Sofa', cta_text: 'mega' }),
    ];
    const { controller, grid } = controlledGrid({ rows, creativeText: (row) => texts.get(row.id) ?? '' });
    controller.filter.setFilters({ ...EMPTY_RESULT_FILTERS, query: 'MEGA' });
    expect(grid.shownIds()).toEqual(['a', 'b', 'c']);
    controller.filter.setFilters({ ...EMPTY_RESULT_FILTERS, query: 'mega deal' });
    expect(grid.shownIds()).toEqual(['c']);
    controller.filter.setFilters({ ...EMPTY_RESULT_FILTERS, query: 'mega', country: 'de' });
    expect(grid.shownIds()).toEqual(['b', 'c']);
    controller.filter.setFilters({ ...EMPTY_RESULT_FILTERS, query: 'mega', creativeText: 'deal' });
    expect(grid.shownIds()).toEqual(['c']);
  });

  it('runs the quick search again when creatives are read', () => {
    const texts = new Map<string, string>();
    const { controller, grid } = controlledGrid({
      rows: [resultRow('a'), resultRow('b')],
      creativeText: (row) => texts.get(row.id) ?? '',
    });
    controller.filter.setFilters({ ...EMPTY_RESULT_FILTERS, query: 'bogo' });
    expect(grid.shownIds()).toEqual([]);
    texts.set('a', 'bogo weekend');
    controller.creativesChanged();
    expect(grid.shownIds()).toEqual(['a']);
  });
});
