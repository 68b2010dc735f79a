/**
 * The Database toolbar's "Save to board" and its count of rows ticked (docs/boards.md#in-the-app):
 * the rows ticked when there are any, else the rows shown, and the button says which. The boards
 * feature's button stands in as a plain button that reads the ads it would save.
 */
import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { userEvent } from 'vitest/browser';
import { resultRow } from '../../../../tests/fixtures/result-row.ts';
import { BoardsSlot, type BoardsSlotValue } from '../../components/boards-slot.ts';
import { ToastProvider } from '../../components/toast.tsx';
import { DatabaseToolbar } from './database-toolbar.tsx';

afterEach(cleanup);

function renderToolbar(ticked: string[]) {
  const saved: string[][] = [];
  const slot: BoardsSlotValue = {
    adBoards: () => null,
    saveAdsButton: ({ adIds, label = 'Save to board', ariaLabel }) => (
      <button
        type="button"
        aria-label={ariaLabel}
        onClick={() => void Promise.resolve(adIds()).then((ids) => saved.push(ids))}
      >
        {label}
      </button>
    ),
  };
  const onClearTicked = vi.fn();
  const shown = [resultRow('a'), resultRow('b'), resultRow('c')];
  render(
    <ToastProvider describeError={() => 'failed'}>
      <BoardsSlot.Provider value={slot}>
        <DatabaseToolbar
          query=""
          onSearch={() => {}}
          selection={null}
          onClearSelection={() => {}}
          onOpenFilter={() => {}}
          onOpenColumns={() => {}}
          exportRows={() => ({ rows: shown, columns: [] })}
          counts={{ displayed: 3, total: 3 }}
          filtered={false}
          ticked={ticked.length}
          tickedRows={() => ticked.map((id) => resultRow(id))}
          onClearTicked={onClearTicked}
        />
      </BoardsSlot.Provider>
    </ToastProvider>,
  );
  return { saved, onClearTicked };
}

describe('DatabaseToolbar: Save to board', () => {
  it('saves the rows shown while none is ticked, and says so', async () => {
    const { saved } = renderToolbar([]);
    await userEvent.click(screen.getByRole('button', { name: 'Save the ads shown to a board' }));
    await vi.waitFor(() => expect(saved).toEqual([['ad-a', 'ad-b', 'ad-c']]));
    expect(screen.getByTestId('database-ticked').textContent).toBe('');
    expect(screen.queryByRole('button', { name: 'Clear selection' })).toBeNull();
  });

  it('saves the rows ticked, counts them, and clears them on demand', async () => {
    const { saved, onClearTicked } = renderToolbar(['b', 'c']);
    expect(screen.getByTestId('database-ticked').textContent).toBe('2 selected');
    await userEvent.click(screen.getByRole('button', { name: 'Save 2 selected to board' }));
    await vi.waitFor(() => expect(saved).toEqual([['ad-b', 'ad-c']]));
    await userEvent.click(screen.getByRole('button', { name: 'Clear selection' }));
    expect(onClearTicked).toHaveBeenCalledOnce();
  });
});
