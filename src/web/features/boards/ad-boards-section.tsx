/**
 * The ad detail view's boards (docs/boards.md#in-the-app): which boards hold the ad, links to
 * them, and "Save to board", also on the B key while the focus is not in a text control or the
 * Database grid (AG Grid's own keys are arrows, Tab, Enter, F2, Escape, Page Up/Down, Home/End,
 * Space and Ctrl-chords, and typing starts an edit only in an editable cell: its cells are not).
 */
import { useEffect, useState } from 'react';
import { Link } from 'react-router-dom';
import { boardPath } from '../../../domain/pages/routes.ts';
import type { AdBoardsProps } from '../../components/boards-slot.ts';
import { useBoardsOfAd, useLocalBoards } from '../../data/local/boards.ts';
import { BoardPicker } from './board-picker.tsx';

/** The key that opens the picker from the detail view. */
export const SAVE_TO_BOARD_KEY = 'b';

/** Whether a key press belongs to a control that reads keys itself (text, the grid). */
export function ownsKeys(target: EventTarget | null): boolean {
  if (!(target instanceof HTMLElement)) return false;
  return (
    target instanceof HTMLInputElement ||
    target instanceof HTMLTextAreaElement ||
    target instanceof HTMLSelectElement ||
    target.isContentEditable ||
    target.closest('.ag-root-wrapper') !== null
  );
}

export function AdBoardsSection({ adId, headingId }: AdBoardsProps) {
  const holding = useBoardsOfAd(adId);
  const boards = useLocalBoards();
  const [picking, setPicking] = useState(false);

  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (event.key.toLowerCase() !== SAVE_TO_BOARD_KEY || event.altKey || event.ctrlKey || event.metaKey)
        return;
      if (ownsKeys(event.target) || picking) return;
      event.preventDefault();
      setPicking(true);
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [picking]);

  const on = (boards ?? []).filter((board) => holding?.has(board.id));
  return (
    <div className="ad-boards" data-testid="ad-boards">
      {on.length === 0 ? (
        <p className="muted">Not on a board yet.</p>
      ) : (
        <ul className="ad-boards-list" aria-labelledby={headingId}>
          {on.map((board) => (
            <li key={board.id}>
              <Link to={boardPath(board.id)}>{board.name}</Link>
            </li>
          ))}
        </ul>
      )}
      <button
        type="button"
        className="button button-secondary"
        aria-keyshortcuts="B"
        title="Save to board (B)"
        onClick={() => setPicking(true)}
      >
        Save to board <kbd>B</kbd>
      </button>
      {picking && <BoardPicker adIds={[adId]} holding={holding} onClose={() => setPicking(false)} />}
    </div>
  );
}
