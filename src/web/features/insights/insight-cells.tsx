/**
 * The cells of the Insights tables that are more than text: the product's thumbnail (the archived
 * 100×100 thumbnail, else the source link, else a tile), dates, unknown values as a dash.
 */
import { useState } from 'react';
import { parsePbDate, formatCount, THUMB_GRID, UNKNOWN_VALUE } from '../../../domain/index.ts';
import { creativeThumbUrl } from '../../../domain/media/creative-files.ts';
import { useArchivedCreative } from '../../data/local/creative-index.ts';

export function countText(value: number | null): string {
  return value === null ? UNKNOWN_VALUE : formatCount(value);
}

/** 'yyyy-MM-dd' of a PocketBase date (UTC, as stored), or a dash. */
export function dayText(value: string): string {
  const date = parsePbDate(value);
  return date ? date.toISOString().slice(0, 10) : UNKNOWN_VALUE;
}

export function ProductThumb({ creative, mediaUrl }: { creative: string; mediaUrl: string }) {
  const archived = useArchivedCreative(creative || undefined);
  const src = (archived && creativeThumbUrl(archived, THUMB_GRID)) || mediaUrl || null;
  const [failed, setFailed] = useState<string | null>(null);
  if (!src || failed === src) return <span className="insight-thumb insight-thumb-tile" aria-hidden="true" />;
  return (
    <span className="insight-thumb">
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
