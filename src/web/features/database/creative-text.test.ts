import { describe, expect, it } from 'vitest';
import type { ArchivedCreative } from '../../../domain/index.ts';
import { resultRow } from '../../../../tests/fixtures/result-row.ts';
import { creativeTextOf, lowerCreativeTextOf } from './creative-text.ts';

const creative = (id: string, text?: string): ArchivedCreative =>
  ({ id, text, text_status: text ? 'read' : 'pending' }) as ArchivedCreative;

describe('the text read on a row’s creative', () => {
  it('is its creative’s text, or empty when the row has no creative, or the creative no text', () => {
    const held = new Map([
      ['c1', creative('c1', 'FREE Shipping')],
      ['c2', creative('c2')],
    ]);
    const lookup = (id: string | undefined) => (id ? held.get(id) : undefined);
    expect(creativeTextOf(resultRow('a', { creative: 'c1' }), lookup)).toBe('FREE Shipping');
    expect(lowerCreativeTextOf(resultRow('a', { creative: 'c1' }), lookup)).toBe('free shipping');
    expect(lowerCreativeTextOf(resultRow('b', { creative: 'c2' }), lookup)).toBe('');
    expect(creativeTextOf(resultRow('c', { creative: '' }), lookup)).toBe('');
  });
  it('is made anew for a creative read again (a new object)', () => {
    let current = creative('c1', 'Old');
    const lookup = () => current;
    expect(lowerCreativeTextOf(resultRow('a', { creative: 'c1' }), lookup)).toBe('old');
    current = creative('c1', 'NEW');
    expect(lowerCreativeTextOf(resultRow('a', { creative: 'c1' }), lookup)).toBe('new');
  });
  it('holds a video’s transcript after the text read on it, so the filter finds a word only spoken', () => {
    const video = {
      id: 'v1',
      text: 'SALE',
      text_status: 'read',
      transcript: 'Free shipping on every order',
      transcript_status: 'read',
    } as ArchivedCreative;
    const spoken = { id: 'v2', transcript: 'Today only', transcript_status: 'read' } as ArchivedCreative;
    const held = new Map([
      ['v1', video],
      ['v2', spoken],
    ]);
    const lookup = (id: string | undefined) => (id ? held.get(id) : undefined);
    expect(creativeTextOf(resultRow('a', { creative: 'v1' }), lookup)).toBe(
      'SALE\nFree shipping on every order',
    );
    expect(lowerCreativeTextOf(resultRow('a', { creative: 'v1' }), lookup)).toContain('free shipping');
    expect(lowerCreativeTextOf(resultRow('b', { creative: 'v2' }), lookup)).toBe('today only');
  });
});
