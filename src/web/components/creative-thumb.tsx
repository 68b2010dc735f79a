/**
 * A creative's small thumbnail (the Insights tables' products, the Reports page's ads, products
 * and stores): the archived creative's THUMB_GRID thumbnail (docs/creatives.md), else the source
 * link's still, else a tile; an image that fails becomes the tile, never a broken-image icon. The
 * caller reads the archived creative (components import no data: src/web/data/local/creative-index.ts).
 */
import { useState } from 'react';
import { THUMB_GRID } from '../../domain/index.ts';
import { creativeThumbUrl, type CreativeFiles } from '../../domain/media/creative-files.ts';
import './creative-thumb.css';

export function CreativeThumb({
  archived,
  fallback,
}: {
  archived: CreativeFiles | undefined;
  /** The source link's still ('' when there is none). */
  fallback: string;
}) {
  const src = (archived && creativeThumbUrl(archived, THUMB_GRID)) || fallback || null;
  const [failed, setFailed] = useState<string | null>(null);
  if (!src || failed === src)
    return <span className="creative-thumb creative-thumb-tile" aria-hidden="true" />;
  return (
    <span className="creative-thumb">
      <img
        src={src}
        alt=""
        width={48}
        height={48}
        loading="lazy"
        decoding="async"
        referrerPolicy="no-referrer"
        onError={() => setFailed(src)}
      />
    </span>
  );
}
