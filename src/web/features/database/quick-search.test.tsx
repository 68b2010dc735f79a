/**
 * The Database toolbar's quick search box (quick-search.tsx): what is typed is applied once typing
 * pauses or at once on Enter, never a keystroke at a time; a search applied from elsewhere (the
 * address, Clear) replaces what the box shows, but the box's own search coming back does not undo
 * what was typed since.
 */
import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { userEvent } from 'vitest/browser';
import { QuickSearch } from './quick-search.tsx';

afterEach(cleanup);

/** Long enough that no pause in typing applies a search: only Enter does. */
const NEVER_MS = 60_000;

describe('quick search', () => {
  it('is a search box labelled Search, applying what is typed on Enter, once', async () => {
    const onSearch = vi.fn();
    render(<QuickSearch value="" onSearch={onSearch} delayMs={NEVER_MS} />);
    const box = screen.getByRole('searchbox', { name: 'Search' });
    expect(box.getAttribute('placeholder')).toBe('Search ads');
    await userEvent.type(box, 'free shipping');
    expect(onSearch).not.toHaveBeenCalled();
    await userEvent.keyboard('{Enter}');
    expect(onSearch.mock.calls).toEqual([['free shipping']]);
    await userEvent.keyboard('{Enter}'); // the same search: not applied again
    expect(onSearch).toHaveBeenCalledTimes(1);
  });

  it('applies what is typed when typing pauses', async () => {
    const onSearch = vi.fn();
    render(<QuickSearch value="" onSearch={onSearch} delayMs={10} />);
    await userEvent.type(screen.getByRole('searchbox', { name: 'Search' }), 'x');
    await expect.poll(() => onSearch.mock.calls).toEqual([['x']]);
  });

  it('shows a search applied from elsewhere, and keeps what was typed after its own', async () => {
    const onSearch = vi.fn();
    const { rerender } = render(<QuickSearch value="desk" onSearch={onSearch} delayMs={NEVER_MS} />);
    const box = screen.getByRole<HTMLInputElement>('searchbox', { name: 'Search' });
    expect(box.value).toBe('desk');
    rerender(<QuickSearch value="" onSearch={onSearch} delayMs={NEVER_MS} />); // cleared elsewhere
    expect(box.value).toBe('');

    await userEvent.type(box, 'lamp');
    await userEvent.keyboard('{Enter}');
    await userEvent.type(box, 's');
    // the address comes back with the search this box applied, after more was typed
    rerender(<QuickSearch value="lamp" onSearch={onSearch} delayMs={NEVER_MS} />);
    expect(box.value).toBe('lamps');
  });
});
