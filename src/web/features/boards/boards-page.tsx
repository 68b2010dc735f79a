/**
 * /app/boards, "Boards" (docs/boards.md#in-the-app): a card per board with a cover of up to four
 * archived thumbnails, its count and when it changed; create, rename and delete ("Deleting a
 * board says how many items go"). Read from the local database and changed through the outbox,
 * so it works offline.
 */
import { useState, type FormEvent } from 'react';
import { Link } from 'react-router-dom';
import { BOARD_NAME_MAX } from '../../../domain/boards/board-limits.ts';
import { boardPath } from '../../../domain/pages/routes.ts';
import { formatCount } from '../../../domain/index.ts';
import { useToast } from '../../components/toast.tsx';
import {
  changeBoard,
  createBoard,
  deleteBoard,
  useBoardSummaries,
  type BoardSummary,
} from '../../data/local/boards.ts';
import { BoardCover } from './board-cover.tsx';
import { BOARD_TEXT, changedText } from './board-text.ts';
import './boards.css';

export function BoardsPage() {
  const boards = useBoardSummaries();
  const toast = useToast();
  const [name, setName] = useState('');

  async function create(event: FormEvent) {
    event.preventDefault();
    const trimmed = name.trim();
    if (!trimmed) return;
    try {
      await createBoard(trimmed);
      setName('');
    } catch (error) {
      console.error('[boards] creating a board failed', error);
      toast.error(BOARD_TEXT.saveFailed);
    }
  }

  return (
    <section className="boards-page" aria-labelledby="boards-heading">
      <header className="page-header">
        <h1 id="boards-heading">Boards</h1>
        <p className="muted">
          Keep the ads worth studying, with your notes and labels, and share a board by link.
        </p>
      </header>
      <form className="row boards-create" onSubmit={(event) => void create(event)}>
        <label htmlFor="new-board-name" className="visually-hidden">
          New board name
        </label>
        <input
          id="new-board-name"
          className="input"
          placeholder="New board name"
          maxLength={BOARD_NAME_MAX}
          value={name}
          onChange={(event) => setName(event.target.value)}
        />
        <button type="submit" className="button" disabled={!name.trim()}>
          New board
        </button>
      </form>
      {boards === undefined ? (
        <p className="loading" role="status">
          Loading…
        </p>
      ) : boards.length === 0 ? (
        <p className="muted">
          No boards yet. Make one here, or save an ad from its detail view with “Save to board”.
        </p>
      ) : (
        <ul className="board-cards">
          {boards.map((summary) => (
            <BoardCard key={summary.board.id} summary={summary} />
          ))}
        </ul>
      )}
    </section>
  );
}

function BoardCard({ summary }: { summary: BoardSummary }) {
  const { board, count, cover, changed } = summary;
  const toast = useToast();
  const [renaming, setRenaming] = useState(false);
  const [name, setName] = useState(board.name);

  async function rename(event: FormEvent) {
    event.preventDefault();
    const trimmed = name.trim();
    setRenaming(false);
    if (!trimmed || trimmed === board.name) return;
    await changeBoard(board.id, { name: trimmed }).catch((error) => {
      console.error('[boards] renaming failed', error);
      toast.error(BOARD_TEXT.saveFailed);
    });
  }

  async function remove() {
    if (!window.confirm(BOARD_TEXT.deleteConfirm(board.name, count))) return;
    await deleteBoard(board.id).then(
      () => toast.success(BOARD_TEXT.deleted(board.name)),
      (error) => {
        console.error('[boards] deleting failed', error);
        toast.error(BOARD_TEXT.saveFailed);
      },
    );
  }

  return (
    <li className="board-card" data-testid="board-card">
      <Link
        to={boardPath(board.id)}
        className="board-card-link"
        aria-label={`${board.name}: ${BOARD_TEXT.ads(count)}`}
      >
        <BoardCover items={cover} />
      </Link>
      <div className="board-card-body">
        {renaming ? (
          <form className="row" onSubmit={(event) => void rename(event)}>
            <label htmlFor={`rename-${board.id}`} className="visually-hidden">
              Board name
            </label>
            <input
              id={`rename-${board.id}`}
              className="input"
              value={name}
              maxLength={BOARD_NAME_MAX}
              autoFocus
              onChange={(event) => setName(event.target.value)}
            />
            <button type="submit" className="button button-secondary">
              Save
            </button>
          </form>
        ) : (
          <h2 className="board-card-title">
            <Link to={boardPath(board.id)}>{board.name}</Link>
          </h2>
        )}
        <p className="muted">
          {formatCount(count)} {count === 1 ? 'ad' : 'ads'} · {changedText(changed)}
          {board.share_token ? ' · Shared' : ''}
          {board.pending ? ' · Waiting to sync' : ''}
        </p>
        <div className="row board-card-actions">
          <button type="button" className="button button-ghost" onClick={() => setRenaming((on) => !on)}>
            Rename
          </button>
          <button type="button" className="button button-ghost" onClick={() => void remove()}>
            Delete
          </button>
        </div>
      </div>
    </li>
  );
}
