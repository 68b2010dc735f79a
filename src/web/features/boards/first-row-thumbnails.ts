/**
 * When a board's first row of cards shows its thumbnails (PERFORMANCE_MARKS.boards, which the
 * boards benchmark waits for): the grid asks after each render and after each image's load, and
 * marks in the next frame, the one that paints the last of them, as the Database grid marks its
 * first rows (grid-controller.ts).
 */

/**
 * The count of the first row's thumbnails when every one of `cells` (the first row's cards) has
 * an image that has loaded; null while one has none yet (its creative not read yet) or is loading.
 * A card whose image failed never counts: the mark says thumbnails were painted.
 */
export function loadedThumbnails(cells: readonly Element[]): number | null {
  if (cells.length === 0) return null;
  for (const cell of cells) {
    const image = cell.querySelector('img');
    if (!image || !image.complete || image.naturalWidth === 0) return null;
  }
  return cells.length;
}
