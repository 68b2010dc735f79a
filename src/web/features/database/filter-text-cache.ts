/**
 * The Database grid's filter cache: the lowercase Country, Keywords and Store Name of each row
 * (resultFilterText), made once per row object, the first time a filter asks or ahead of it in
 * idle time, so the first keystroke in a filter does not pay for 50,000 rows. A row stored again
 * is a new object: its text is made anew. The quick search's text (resultSearchText: title, body,
 * caption and the rest, longer) is made only once a search asks for it, not ahead: a user who never
 * searches never holds a second copy of every row's copy.
 */
import {
  resultFilterText,
  resultSearchText,
  type ResultFilterText,
  type SearchResult,
} from '../../../domain/index.ts';

/** Rows whose filter text one idle callback makes. */
export const WARM_CHUNK = 5000;

export class FilterTextCache {
  private readonly texts = new WeakMap<SearchResult, ResultFilterText>();
  private readonly searchTexts = new WeakMap<SearchResult, string>();
  private readonly idle: (step: () => void) => void;
  private readonly make: (row: SearchResult) => ResultFilterText;

  /** `idle` runs a step when the page is idle; `make` is how a row's text is made. */
  constructor(
    idle: (step: () => void) => void,
    make: (row: SearchResult) => ResultFilterText = resultFilterText,
  ) {
    this.idle = idle;
    this.make = make;
  }

  /** The filter text of `row`, made now if it is not cached yet. */
  get(row: SearchResult): ResultFilterText {
    let text = this.texts.get(row);
    if (!text) {
      text = this.make(row);
      this.texts.set(row, text);
    }
    return text;
  }

  /** The quick search's lowercase text of `row`, made the first time a search asks. */
  search(row: SearchResult): string {
    let text = this.searchTexts.get(row);
    if (text === undefined) {
      text = resultSearchText(row);
      this.searchTexts.set(row, text);
    }
    return text;
  }

  /** Makes the text of every row in idle time after the rows are shown, WARM_CHUNK rows at a time. */
  warm(rows: readonly SearchResult[]): void {
    let next = 0;
    const step = () => {
      const end = Math.min(rows.length, next + WARM_CHUNK);
      for (; next < end; next++) this.get(rows[next] as SearchResult);
      if (next < rows.length) this.idle(step);
    };
    this.idle(step);
  }
}
