/**
 * A board card's cover: up to four archived thumbnails of its newest items (the grid thumbnail
 * from the creative index, as the Database grid's Creative cells show them; cached for offline by
 * the creative prefetch), tiles where there is none.
 */
import { THUMB_GRID } from '../../../domain/index.ts';
import { creativeThumbUrl } from '../../../domain/media/creative-files.ts';
import type { LocalBoardItem } from '../../data/local/boards.ts';
import { useArchivedCreative } from '../../data/local/creative-index.ts';

export function BoardCover({ items }: { items: readonly LocalBoardItem[] }) {
  return (
    <span className="board-cover" aria-hidden="true">
      {[0, 1, 2, 3].map((at) => (
        <CoverTile key={at} creative={items[at]?.creative} />
      ))}
    </span>
  );
}

function CoverTile({ creative }: { creative: string | undefined }) {
  const archived = useArchivedCreative(creative);
  const src = archived ? creativeThumbUrl(archived, THUMB_GRID) : null;
  if (!src) return <span className="board-cover-tile" />;
  return (
    <img
      className="board-cover-tile"
      src={src}
      alt=""
      width={100}
      height={100}
      loading="lazy"
      decoding="async"
      onError={(event) => event.currentTarget.removeAttribute('src')}
    />
  );
}
