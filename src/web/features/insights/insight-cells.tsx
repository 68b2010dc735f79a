/**
 * The cells of the Insights tables that are more than text: the product's thumbnail (the archived
 * 100×100 thumbnail, else the source link, else a tile), dates, unknown values as a dash.
 */
import { parsePbDate, formatCount, UNKNOWN_VALUE } from '../../../domain/index.ts';
import { CreativeThumb } from '../../components/creative-thumb.tsx';
import { useArchivedCreative } from '../../data/local/creative-index.ts';

export function countText(value: number | null): string {
  return value === null ? UNKNOWN_VALUE : formatCount(value);
}

/** 'yyyy-MM-dd' of a PocketBase date (UTC, as stored), or a dash. */
export function dayText(value: string): string {
  const date = parsePbDate(value);
  return date ? date.toISOString().slice(0, 10) : UNKNOWN_VALUE;
}

/** A product's thumbnail: its representative creative's (the shared CreativeThumb). */
export function ProductThumb({ creative, mediaUrl }: { creative: string; mediaUrl: string }) {
  return <CreativeThumb archived={useArchivedCreative(creative || undefined)} fallback={mediaUrl} />;
}
