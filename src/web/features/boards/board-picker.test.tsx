/**
 * "Save to board" (board-picker.tsx), in Chromium, over a stand-in boards module: several boards
 * at once, the search, "New board" from what was typed, a board that holds the ad already, and
 * the whole of it by keyboard.
 */
import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { userEvent } from 'vitest/browser';
import { ToastProvider } from '../../components/toast.tsx';
import type { LocalBoard } from '../../data/local/boards.ts';
import { BoardPicker } from './board-picker.tsx';

const data = vi.hoisted(() => ({
  boards: [] as LocalBoard[],
  save: vi.fn<(boards: string[], adIds: string[]) => Promise<void>>(),
  create: vi.fn<(name: string) => Promise<string>>(),
}));
vi.mock('../../data/local/boards.ts', () => ({
  useLocalBoards: () => data.boards,
  saveAdsToBoards: data.save,
  createBoard: data.create,
}));

const board = (id: string, name: string): LocalBoard => ({
  id,
  user: 'u',
  name,
  description: '',
  share_token: '',
  share_notes: false,
  created: '',
  updated: '',
});

beforeEach(() => {
  data.boards = [board('b1', 'Hooks'), board('b2', 'Summer sale'), board('b3', 'UGC')];
  data.save.mockReset().mockResolvedValue(undefined);
  data.create.mockReset().mockResolvedValue('new1');
});
afterEach(cleanup);

function open(adIds = ['ad1'], holding?: Set<string>) {
  const onClose = vi.fn();
  render(
    <ToastProvider describeError={() => 'failed'}>
      <BoardPicker adIds={adIds} holding={holding} onClose={onClose} />
    </ToastProvider>,
  );
  return onClose;
}

describe('BoardPicker', () => {
  it('saves to several boards at once, then closes', async () => {
    const onClose = open(['ad1', 'ad2']);
    expect(screen.getByRole('heading', { name: 'Save 2 ads to boards' })).toBeTruthy();
    await userEvent.click(screen.getByRole('checkbox', { name: 'Hooks' }));
    await userEvent.click(screen.getByRole('checkbox', { name: 'UGC' }));
    await userEvent.click(screen.getByRole('button', { name: 'Save to 2 boards' }));
    expect(data.save).toHaveBeenCalledWith(['b1', 'b3'], ['ad1', 'ad2']);
    await vi.waitFor(() => expect(onClose).toHaveBeenCalled());
  });

  it('filters by the search, and makes a new board from what was typed, ticked', async () => {
    open();
    const search = screen.getByRole('searchbox', { name: 'Search boards or name a new one' });
    await userEvent.type(search, 'sum');
    expect(screen.getAllByRole('checkbox').map((box) => box.parentElement?.textContent)).toEqual([
      'Summer sale',
    ]);
    await userEvent.clear(search);
    await userEvent.type(search, 'Hooks');
    // a board of that name exists: no second one
    expect((screen.getByRole('button', { name: 'New board' }) as HTMLButtonElement).disabled).toBe(true);
    await userEvent.clear(search);
    await userEvent.type(search, 'Winter');
    await userEvent.click(screen.getByRole('button', { name: 'New board' }));
    expect(data.create).toHaveBeenCalledWith('Winter');
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(data.save).toHaveBeenCalledWith(['new1'], ['ad1']);
  });

  it('shows a board that holds the ad already as saved, not to be chosen again', () => {
    open(['ad1'], new Set(['b2']));
    const held = screen.getByRole('checkbox', { name: 'Summer sale · saved' }) as HTMLInputElement;
    expect([held.checked, held.disabled]).toEqual([true, true]);
    expect((screen.getByRole('button', { name: 'Save' }) as HTMLButtonElement).disabled).toBe(true);
  });

  it('works by keyboard alone: the search has the focus, Tab reaches the boards, Space ticks, Enter saves', async () => {
    open();
    expect(document.activeElement).toBe(screen.getByRole('searchbox'));
    await userEvent.keyboard('{Tab}'); // New board (disabled: skipped) → the first board
    expect(document.activeElement).toBe(screen.getByRole('checkbox', { name: 'Hooks' }));
    await userEvent.keyboard(' ');
    await userEvent.keyboard('{Enter}');
    expect(data.save).toHaveBeenCalledWith(['b1'], ['ad1']);
  });
});
