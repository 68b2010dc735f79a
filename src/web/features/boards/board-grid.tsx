/**
 * A board's creatives as a grid of cards, virtualised (a board may hold 10,000): only the rows of
 * cards in view, and one more above and below, are in the document; the rest is the height they
 * would take. Cards have a fixed height, so a row's place is its number times that height.
 */
import { useEffect, useRef, useState, type ReactNode } from 'react';

const CARD_MIN_WIDTH = 220;
const ROW_HEIGHT = 400;
const GAP = 16;
const OVERSCAN = 1;

export function BoardGrid<T>({
  items,
  keyOf,
  renderCard,
}: {
  items: readonly T[];
  keyOf: (item: T) => string;
  renderCard: (item: T) => ReactNode;
}) {
  const box = useRef<HTMLDivElement>(null);
  const [view, setView] = useState({ width: 960, top: 0, height: 800 });

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

  return (
    <div ref={box} className="board-grid-scroll" data-testid="board-grid">
      <div style={{ height: rows * ROW_HEIGHT, position: 'relative' }}>
        <ul
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
