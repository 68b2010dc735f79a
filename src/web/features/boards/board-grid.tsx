/**
 * A board's creatives as a grid of cards, virtualised (a board may hold 10,000): only the rows of
 * cards in view, and one more above and below, are in the document; the rest is the height they
 * would take. Cards have a fixed height, so a row's place is its number times that height.
 */
import { useEffect, useRef, useState, type ReactNode } from 'react';
import { loadedThumbnails } from './first-row-thumbnails.ts';

const CARD_MIN_WIDTH = 220;
const ROW_HEIGHT = 400;
const GAP = 16;
const OVERSCAN = 1;

export function BoardGrid<T>({
  items,
  keyOf,
  renderCard,
  onFirstRowLoaded,
}: {
  items: readonly T[];
  keyOf: (item: T) => string;
  renderCard: (item: T) => ReactNode;
  /** Once, in the frame that paints the first row's last thumbnail (first-row-thumbnails.ts). */
  onFirstRowLoaded?: (thumbnails: number) => void;
}) {
  const box = useRef<HTMLDivElement>(null);
  const list = useRef<HTMLUListElement>(null);
  const [view, setView] = useState({ width: 960, top: 0, height: 800 });
  const firstRowDone = useRef(false);

  useEffect(() => {
    const element = box.current;
    if (!element) return;
    const measure = () =>
      setView({
        width: element.clientWidth || 960,
        top: element.scrollTop,
        height: element.clientHeight || 800,
      });
    measure();
    element.addEventListener('scroll', measure, { passive: true });
    const observer = typeof ResizeObserver === 'undefined' ? null : new ResizeObserver(measure);
    observer?.observe(element);
    return () => {
      element.removeEventListener('scroll', measure);
      observer?.disconnect();
    };
  }, []);

  const columns = Math.max(1, Math.floor((view.width + GAP) / (CARD_MIN_WIDTH + GAP)));
  const rows = Math.ceil(items.length / columns);
  const first = Math.max(0, Math.floor(view.top / ROW_HEIGHT) - OVERSCAN);
  const last = Math.min(rows, Math.ceil((view.top + view.height) / ROW_HEIGHT) + OVERSCAN);
  const shown = items.slice(first * columns, last * columns);

  // the first row's thumbnails: looked at after each render and each image's load or failure
  // (neither bubbles, both reach a capturing ancestor), while the first row is in view
  const atTop = first === 0;
  useEffect(() => {
    const element = box.current;
    if (!element || !onFirstRowLoaded || firstRowDone.current || !atTop) return;
    const check = () => {
      const cells = Array.from(list.current?.children ?? []).slice(0, Math.min(columns, items.length));
      const loaded = loadedThumbnails(cells);
      if (loaded === null || firstRowDone.current) return;
      firstRowDone.current = true;
      requestAnimationFrame(() => onFirstRowLoaded(loaded));
    };
    check();
    element.addEventListener('load', check, true);
    element.addEventListener('error', check, true);
    return () => {
      element.removeEventListener('load', check, true);
      element.removeEventListener('error', check, true);
    };
  });

  return (
    <div ref={box} className="board-grid-scroll" data-testid="board-grid">
      <div style={{ height: rows * ROW_HEIGHT, position: 'relative' }}>
        <ul
          ref={list}
          className="board-grid"
          style={{
            gridTemplateColumns: `repeat(${columns}, minmax(0, 1fr))`,
            transform: `translateY(${first * ROW_HEIGHT}px)`,
          }}
        >
          {shown.map((item) => (
            <li key={keyOf(item)} className="board-grid-cell" style={{ height: ROW_HEIGHT - GAP }}>
              {renderCard(item)}
            </li>
          ))}
        </ul>
      </div>
    </div>
  );
}
