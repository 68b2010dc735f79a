/**
 * One saved ad on a board's page: its creative (a click opens the ad detail view), what the ad
 * is, and the user's note and labels, edited in place (saved when the field is left), a tick for
 * the page's selection and "Remove". Ad text is third-party data: text nodes only.
 */
import { useState } from 'react';
import { BOARD_NOTE_MAX } from '../../../domain/boards/board-limits.ts';
import { THUMB_DETAIL, type SearchResult } from '../../../domain/index.ts';
import { creativeThumbUrl } from '../../../domain/media/creative-files.ts';
import { chooseCreative, creativeStill } from '../../components/creative.ts';
import type { LocalBoardItem } from '../../data/local/boards.ts';
import { useArchivedCreative } from '../../data/local/creative-index.ts';
import { labelsText, parseLabels } from './board-labels.ts';

export interface BoardItemCardProps {
  item: LocalBoardItem;
  row: SearchResult | undefined;
  selected: boolean;
  onSelect: (selected: boolean) => void;
  onOpen: () => void;
  onChange: (changes: { note?: string; labels?: string[] }) => void;
  onRemove: () => void;
}

export function BoardItemCard({
  item,
  row,
  selected,
  onSelect,
  onOpen,
  onChange,
  onRemove,
}: BoardItemCardProps) {
  const archived = useArchivedCreative(item.creative || row?.creative || undefined);
  const src =
    (archived && creativeThumbUrl(archived, THUMB_DETAIL)) ||
    (row ? creativeStill(chooseCreative(row)) : null);
  // What is being typed (null: not editing): another device's change, or the server's after a
  // conflict, shows whenever the field is not being edited.
  const [noteDraft, setNoteDraft] = useState<string | null>(null);
  const [labelsDraft, setLabelsDraft] = useState<string | null>(null);
  const title = row?.title || row?.store_name || `Ad ${item.ad_id}`;
  const idBase = `item-${item.id}`;

  return (
    <article className="board-item" data-testid="board-item" aria-labelledby={`${idBase}-title`}>
      <button type="button" className="board-item-creative" onClick={onOpen} aria-label={`Open ${title}`}>
        {src ? (
          <img src={src} alt="" loading="lazy" decoding="async" referrerPolicy="no-referrer" />
        ) : (
          <span className="board-item-tile" aria-hidden="true" />
        )}
      </button>
      <div className="board-item-body">
        <label className="board-item-select">
          <input type="checkbox" checked={selected} onChange={(event) => onSelect(event.target.checked)} />
          <span id={`${idBase}-title`} className="board-item-title">
            {title}
          </span>
        </label>
        <p className="muted board-item-meta">
          {row?.store_name && row.title ? `${row.store_name} · ` : ''}Library ID {item.ad_id}
          {item.pending ? ' · Waiting to sync' : ''}
        </p>
        <label className="visually-hidden" htmlFor={`${idBase}-note`}>
          Note on {title}
        </label>
        <textarea
          id={`${idBase}-note`}
          className="input board-item-note"
          placeholder="Note"
          rows={2}
          maxLength={BOARD_NOTE_MAX}
          value={noteDraft ?? item.note}
          onChange={(event) => setNoteDraft(event.target.value)}
          onBlur={() => {
            if (noteDraft !== null && noteDraft !== item.note) onChange({ note: noteDraft });
            setNoteDraft(null);
          }}
        />
        <label className="visually-hidden" htmlFor={`${idBase}-labels`}>
          Labels of {title}, separated by commas
        </label>
        <input
          id={`${idBase}-labels`}
          className="input board-item-labels"
          placeholder="Labels, separated by commas"
          value={labelsDraft ?? labelsText(item.labels)}
          onChange={(event) => setLabelsDraft(event.target.value)}
          onBlur={() => {
            if (labelsDraft !== null) {
              const next = parseLabels(labelsDraft);
              if (labelsText(next) !== labelsText(item.labels)) onChange({ labels: next });
            }
            setLabelsDraft(null);
          }}
        />
        <button type="button" className="button button-ghost board-item-remove" onClick={onRemove}>
          Remove
        </button>
      </div>
    </article>
  );
}
