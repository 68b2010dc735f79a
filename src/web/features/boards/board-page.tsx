/**
 * /app/boards/:id, one board (docs/boards.md#in-the-app): its creatives in a virtualised grid
 * (board-grid.tsx), newest first or by winning score; filtered by label and text; notes and
 * labels edited in place; removed, moved or copied to another board; a click opens the ad detail
 * view. "Export CSV", "Download creatives" (board-downloads.tsx) and "Share" (share-panel.tsx).
 * Read from the local database and changed through the outbox, so it works offline.
 */
import { useMemo, useState } from 'react';
import { Link, useParams } from 'react-router-dom';
import { PERFORMANCE_MARKS } from '../../../domain/pages/performance-marks.ts';
import { ROUTES } from '../../../domain/pages/routes.ts';
import { AdDetailDialog } from '../../components/ad-detail-dialog.tsx';
import { useToast } from '../../components/toast.tsx';
import { useConnectivity } from '../../data/browser/connectivity.ts';
import {
  changeItem,
  copyItems,
  moveItems,
  removeItems,
  useAdRows,
  useBoard,
  useLocalBoards,
  type LocalBoardItem,
} from '../../data/local/boards.ts';
import { archivedCreative } from '../../data/local/creative-index.ts';
import { BoardDownloads } from './board-downloads.tsx';
import { BoardGrid } from './board-grid.tsx';
import { BoardItemCard } from './board-item-card.tsx';
import { type BoardRow } from './board-export.ts';
import { BOARD_TEXT } from './board-text.ts';
import { SharePanel } from './share-panel.tsx';
import './boards.css';

type Order = 'newest' | 'score';

/** The rows shown: by label and by text (the ad's words, the note, the labels), in the order chosen. */
export function shownRows(rows: readonly BoardRow[], label: string, text: string, order: Order): BoardRow[] {
  const words = text.trim().toLowerCase();
  const kept = rows.filter(({ item, row }) => {
    if (label && !(item.labels ?? []).includes(label)) return false;
    if (!words) return true;
    const haystack = [
      item.ad_id,
      item.note,
      ...(item.labels ?? []),
      row?.title,
      row?.store_name,
      row?.body,
      row?.caption,
    ]
      .join('\n')
      .toLowerCase();
    return haystack.includes(words);
  });
  if (order === 'score')
    return kept.sort((a, b) => (b.row?.winning_score ?? -1) - (a.row?.winning_score ?? -1));
  return kept; // the items come newest first
}

export function BoardPage() {
  const { id = '' } = useParams();
  const data = useBoard(id);
  const boards = useLocalBoards();
  const adRows = useAdRows();
  const toast = useToast();
  const offline = useConnectivity() !== 'online';
  const [label, setLabel] = useState('');
  const [text, setText] = useState('');
  const [order, setOrder] = useState<Order>('newest');
  const [selected, setSelected] = useState<Set<string>>(new Set());
  const [detail, setDetail] = useState<number | null>(null);

  const rows = useMemo<BoardRow[]>(
    () => (data?.items ?? []).map((item) => ({ item, row: adRows?.get(item.ad_id) })),
    [data, adRows],
  );
  const labels = useMemo(
    () => [...new Set(rows.flatMap(({ item }) => item.labels ?? []))].sort((a, b) => a.localeCompare(b)),
    [rows],
  );
  const shown = useMemo(() => shownRows(rows, label, text, order), [rows, label, text, order]);
  const picked = shown.filter(({ item }) => selected.has(item.id)).map(({ item }) => item);
  const others = (boards ?? []).filter((board) => board.id !== id);

  if (data === undefined)
    return (
      <p className="loading" role="status">
        Loading…
      </p>
    );
  const { board } = data;
  if (!board)
    return (
      <section aria-labelledby="board-heading">
        <h1 id="board-heading">Board not found</h1>
        <p>
          It may have been deleted. <Link to={ROUTES.boards.path}>Back to Boards</Link>
        </p>
      </section>
    );

  const select = (item: LocalBoardItem, on: boolean) =>
    setSelected((before) => {
      const next = new Set(before);
      if (on) next.add(item.id);
      else next.delete(item.id);
      return next;
    });

  async function act(run: () => Promise<void>, done: string) {
    try {
      await run();
      setSelected(new Set());
      toast.success(done);
    } catch (error) {
      console.error('[boards] change failed', error);
      toast.error(BOARD_TEXT.saveFailed);
    }
  }

  const targetName = (target: string) => boards?.find((b) => b.id === target)?.name ?? '';
  const opened = detail === null ? undefined : shown[detail];

  return (
    <section className="board-page" aria-labelledby="board-heading">
      <header className="page-header">
        <p className="muted">
          <Link to={ROUTES.boards.path}>Boards</Link>
        </p>
        <h1 id="board-heading">{board.name}</h1>
        {board.description && <p className="muted">{board.description}</p>}
        <p className="muted" data-testid="board-count">
          {BOARD_TEXT.ads(rows.length)}
          {board.pending ? ' · Waiting to sync' : ''}
        </p>
      </header>

      <div className="board-tools">
        <div className="row">
          <label className="field-inline">
            Sort
            <select
              className="input"
              value={order}
              onChange={(event) => setOrder(event.target.value as Order)}
            >
              <option value="newest">Newest first</option>
              <option value="score">Winning score</option>
            </select>
          </label>
          <label className="field-inline">
            Label
            <select className="input" value={label} onChange={(event) => setLabel(event.target.value)}>
              <option value="">All labels</option>
              {labels.map((name) => (
                <option key={name} value={name}>
                  {name}
                </option>
              ))}
            </select>
          </label>
          <label className="field-inline">
            <span className="visually-hidden">Search this board</span>
            <input
              type="search"
              className="input"
              placeholder="Search this board"
              value={text}
              onChange={(event) => setText(event.target.value)}
            />
          </label>
        </div>
        <BoardDownloads board={board} rows={shown} offline={offline} />
        {picked.length > 0 && (
          <div className="row board-selection" role="group" aria-label="Selected ads">
            <span>{BOARD_TEXT.ads(picked.length)} selected</span>
            <BoardChoice
              label="Move to"
              boards={others}
              onChoose={(target) =>
                void act(() => moveItems(picked, target), BOARD_TEXT.moved(picked.length, targetName(target)))
              }
            />
            <BoardChoice
              label="Copy to"
              boards={others}
              onChoose={(target) =>
                void act(
                  () => copyItems(picked, target),
                  BOARD_TEXT.copied(picked.length, targetName(target)),
                )
              }
            />
            <button
              type="button"
              className="button button-secondary"
              onClick={() =>
                void act(() => removeItems(picked.map((item) => item.id)), BOARD_TEXT.removed(picked.length))
              }
            >
              Remove
            </button>
          </div>
        )}
      </div>

      {rows.length === 0 ? (
        <p className="muted">No ads on this board yet. Save one from its detail view with “Save to board”.</p>
      ) : shown.length === 0 ? (
        <p className="muted">No ads on this board match.</p>
      ) : (
        <BoardGrid
          items={shown}
          keyOf={({ item }) => item.id}
          onFirstRowLoaded={(thumbnails) =>
            performance.mark(PERFORMANCE_MARKS.boards.firstThumbnailsPainted, {
              detail: { items: shown.length, thumbnails },
            })
          }
          renderCard={({ item, row }) => (
            <BoardItemCard
              item={item}
              row={row}
              selected={selected.has(item.id)}
              onSelect={(on) => select(item, on)}
              onOpen={() => row && setDetail(shown.findIndex((entry) => entry.item.id === item.id))}
              onChange={(changes) =>
                void changeItem(item.id, changes).catch((error) => {
                  console.error('[boards] saving a change failed', error);
                  toast.error(BOARD_TEXT.saveFailed);
                })
              }
              onRemove={() => void act(() => removeItems([item.id]), BOARD_TEXT.removed(1))}
            />
          )}
        />
      )}

      <SharePanel board={board} />

      {opened?.row && detail !== null && (
        <AdDetailDialog
          row={opened.row}
          archived={archivedCreative(opened.item.creative || opened.row.creative)}
          position={{ index: detail + 1, total: shown.length }}
          offline={offline}
          onMove={(delta) => {
            const next = detail + delta;
            if (next >= 0 && next < shown.length && shown[next]?.row) setDetail(next);
          }}
          onClose={() => setDetail(null)}
        />
      )}
    </section>
  );
}

/** A select of the other boards that acts as soon as one is chosen (move or copy the selection). */
function BoardChoice({
  label,
  boards,
  onChoose,
}: {
  label: string;
  boards: readonly { id: string; name: string }[];
  onChoose: (board: string) => void;
}) {
  return (
    <label className="field-inline">
      {label}
      <select
        className="input"
        value=""
        onChange={(event) => {
          if (event.target.value) onChoose(event.target.value);
        }}
      >
        <option value="">Choose a board</option>
        {boards.map((other) => (
          <option key={other.id} value={other.id}>
            {other.name}
          </option>
        ))}
      </select>
    </label>
  );
}
