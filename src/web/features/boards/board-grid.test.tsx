/**
 * The board grid's first-row signal (board-grid.tsx, first-row-thumbnails.ts), in Chromium with
 * real images: it comes once every card of the first row has loaded its thumbnail, not while one
 * has no image yet, and never for a first row whose image failed.
 */
import { cleanup, render } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { BoardGrid } from './board-grid.tsx';

// a 1×1 PNG, and bytes no browser decodes
const PIXEL =
  'data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=';
const BROKEN = 'data:image/png;base64,AAAA';

interface Card {
  id: string;
  src: string | null;
}

function grid(cards: Card[], onFirstRowLoaded: (thumbnails: number) => void) {
  return (
    <div style={{ width: 960 }}>
      <BoardGrid
        items={cards}
        keyOf={(card) => card.id}
        renderCard={(card) => (card.src ? <img src={card.src} alt="" /> : <span />)}
        onFirstRowLoaded={onFirstRowLoaded}
      />
    </div>
  );
}

const cards = (count: number, src: (i: number) => string | null): Card[] =>
  Array.from({ length: count }, (_, i) => ({ id: `c${i}`, src: src(i) }));

/** Until every image in the document has loaded or failed, and a frame more. */
async function imagesSettled(): Promise<void> {
  await vi.waitFor(() => expect(Array.from(document.images).every((image) => image.complete)).toBe(true));
  await new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve)));
}

afterEach(cleanup);

describe('BoardGrid: the first row of thumbnails', () => {
  it("signals once, with the first row's count, when its images have loaded", async () => {
    const loaded = vi.fn<(thumbnails: number) => void>();
    const view = render(
      grid(
        cards(40, () => PIXEL),
        loaded,
      ),
    );
    await vi.waitFor(() => expect(loaded).toHaveBeenCalledTimes(1));
    // 960 px: four cards of at least 220 px and their gaps make a row
    expect(loaded).toHaveBeenCalledWith(4);
    view.rerender(
      grid(
        cards(40, () => PIXEL),
        loaded,
      ),
    );
    await imagesSettled();
    expect(loaded).toHaveBeenCalledTimes(1);
  });

  it('waits for a card whose image is not known yet', async () => {
    const loaded = vi.fn<(thumbnails: number) => void>();
    const view = render(
      grid(
        cards(8, (i) => (i === 2 ? null : PIXEL)),
        loaded,
      ),
    );
    await imagesSettled();
    expect(loaded).not.toHaveBeenCalled();
    view.rerender(
      grid(
        cards(8, () => PIXEL),
        loaded,
      ),
    );
    await vi.waitFor(() => expect(loaded).toHaveBeenCalledWith(4));
  });

  it('does not signal when an image of the first row failed', async () => {
    const loaded = vi.fn<(thumbnails: number) => void>();
    render(
      grid(
        cards(8, (i) => (i === 1 ? BROKEN : PIXEL)),
        loaded,
      ),
    );
    await imagesSettled();
    expect(loaded).not.toHaveBeenCalled();
  });
});
