/**
 * "Save to board" (docs/boards.md#in-the-app): a modal dialog that saves one ad (the detail view)
 * or many (the Database page's rows, a product's ads in Insights) to one or several boards at
 * once. A search box filters the boards; "New board" makes one from what was typed and ticks it.
 * Every control is a native one (checkboxes, buttons, a text box), so the keyboard reaches them
 * all in order; Escape closes. Works offline: the save is stored here and pushed on reconnect.
 */
import { useId, useMemo, useState, type FormEvent } from 'react';
import { BOARD_NAME_MAX } from '../../../domain/boards/board-limits.ts';
import { formatCount } from '../../../domain/index.ts';
import { CloseIcon } from '../../components/icons.tsx';
import { useModalDialog } from '../../components/use-modal-dialog.ts';
import { useToast } from '../../components/toast.tsx';
import { createBoard, saveAdsToBoards, useLocalBoards } from '../../data/local/boards.ts';
import { BOARD_TEXT } from './board-text.ts';
import './boards.css';

export interface BoardPickerProps {
  /** The ads to save (Library IDs). */
  adIds: string[];
  /** Boards that hold every one of the ads already (shown ticked, nothing to save there). */
  holding?: ReadonlySet<string>;
  onClose: () => void;
}

export function BoardPicker({ adIds, holding, onClose }: BoardPickerProps) {
  const { dialogProps, close } = useModalDialog({ onClose });
  const toast = useToast();
  const boards = useLocalBoards();
  const [query, setQuery] = useState('');
  const [chosen, setChosen] = useState<Set<string>>(new Set());
  const [saving, setSaving] = useState(false);
  const headingId = useId();
  const searchId = useId();

  const shown = useMemo(() => {
    const words = query.trim().toLowerCase();
    return (boards ?? []).filter((board) => !words || board.name.toLowerCase().includes(words));
  }, [boards, query]);
  const name = query.trim();
  const exists = (boards ?? []).some((board) => board.name.toLowerCase() === name.toLowerCase());

  const toggle = (id: string) =>
    setChosen((before) => {
      const next = new Set(before);
      if (next.has(id)) next.delete(id);
      else next.add(id);
      return next;
    });

  async function newBoard() {
    if (!name || name.length > BOARD_NAME_MAX) return;
    try {
      const id = await createBoard(name);
      setChosen((before) => new Set(before).add(id));
      setQuery('');
    } catch (error) {
      console.error('[boards] creating a board failed', error);
      toast.error(BOARD_TEXT.saveFailed);
    }
  }

  async function save(event: FormEvent) {
    event.preventDefault();
    if (chosen.size === 0 || saving) return;
    setSaving(true);
    try {
      await saveAdsToBoards([...chosen], adIds);
      toast.success(BOARD_TEXT.saved(adIds.length, chosen.size));
      close();
    } catch (error) {
      console.error('[boards] saving failed', error);
      toast.error(BOARD_TEXT.saveFailed);
    } finally {
      setSaving(false);
    }
  }

  return (
    <dialog
      {...dialogProps}
      className="modal-dialog board-picker"
      aria-labelledby={headingId}
      data-testid="board-picker"
    >
      <form className="board-picker-inner" onSubmit={(event) => void save(event)}>
        <header className="board-picker-head">
          <h2 id={headingId}>
            {adIds.length === 1 ? 'Save to board' : `Save ${formatCount(adIds.length)} ads to boards`}
          </h2>
          <button
            type="button"
            className="button button-ghost"
            aria-label="Close"
            title="Close"
            onClick={close}
          >
            <CloseIcon />
          </button>
        </header>
        <label htmlFor={searchId} className="visually-hidden">
          Search boards or name a new one
        </label>
        <div className="row board-picker-search">
          <input
            id={searchId}
            type="search"
            className="input"
            placeholder="Search boards or name a new one"
            value={query}
            maxLength={BOARD_NAME_MAX}
            data-autofocus=""
            onChange={(event) => setQuery(event.target.value)}
            onKeyDown={(event) => {
              // Enter in the box makes the board when none matches (and does not submit the form)
              if (event.key === 'Enter' && name && !exists) {
                event.preventDefault();
                void newBoard();
              }
            }}
          />
          <button
            type="button"
            className="button button-secondary"
            disabled={!name || exists}
            onClick={() => void newBoard()}
          >
            New board
          </button>
        </div>
        {boards === undefined ? (
          <p className="muted">Loading your boards…</p>
        ) : shown.length === 0 ? (
          <p className="muted">
            {boards.length === 0 ? 'You have no boards yet: name one above.' : 'No board matches.'}
          </p>
        ) : (
          <fieldset className="board-picker-list">
            <legend className="visually-hidden">Boards</legend>
            {shown.map((board) => {
              const has = holding?.has(board.id) ?? false;
              return (
                <label key={board.id} className="board-picker-option">
                  <input
                    type="checkbox"
                    checked={has || chosen.has(board.id)}
                    disabled={has}
                    onChange={() => toggle(board.id)}
                  />
                  <span>{board.name}</span>
                  {has && <span className="muted"> · saved</span>}
                </label>
              );
            })}
          </fieldset>
        )}
        <footer className="row board-picker-foot">
          <button type="button" className="button button-secondary" onClick={close}>
            Cancel
          </button>
          <button type="submit" className="button" disabled={chosen.size === 0 || saving}>
            {chosen.size > 1 ? `Save to ${chosen.size} boards` : 'Save'}
          </button>
        </footer>
      </form>
    </dialog>
  );
}
