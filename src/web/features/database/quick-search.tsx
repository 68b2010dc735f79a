/**
 * The Database toolbar's quick search (docs/ai.md#in-the-database): words searched, case
 * insensitively, in each row's title, body, caption, store name, link description and keywords and
 * in the text read on its creative (grid-filter.ts), with the Filter panel's filters. What is typed
 * is this component's own state, so a keystroke re-renders only the box; the search is applied
 * (the page's address, `?q=`, and from it the grid's filter: one pass over the rows) once typing
 * pauses for QUICK_SEARCH_DELAY_MS, or at once on Enter.
 */
import { useEffect, useRef, useState } from 'react';

/** How long typing pauses before the search is applied. */
export const QUICK_SEARCH_DELAY_MS = 200;

export interface QuickSearchProps {
  /** The search applied (the address's `?q=`). */
  value: string;
  /** Applies a search. */
  onSearch: (query: string) => void;
  /** The pause before applying; QUICK_SEARCH_DELAY_MS unless a test says otherwise. */
  delayMs?: number;
}

export function QuickSearch({ value, onSearch, delayMs = QUICK_SEARCH_DELAY_MS }: QuickSearchProps) {
  const [text, setText] = useState(value);
  // The last search this box applied: the address coming back with it is not a change from
  // elsewhere (Clear Filters, a link), so what was typed since is kept.
  const applied = useRef(value);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);

  useEffect(() => {
    if (value === applied.current) return;
    applied.current = value;
    clearTimeout(timer.current);
    setText(value);
  }, [value]);
  useEffect(() => () => clearTimeout(timer.current), []);

  const apply = (next: string) => {
    clearTimeout(timer.current);
    if (next === applied.current) return;
    applied.current = next;
    onSearch(next);
  };

  return (
    <form
      role="search"
      className="quick-search"
      onSubmit={(event) => {
        event.preventDefault();
        apply(text);
      }}
    >
      <label htmlFor="database-quick-search" className="visually-hidden">
        Search
      </label>
      <input
        id="database-quick-search"
        className="input"
        type="search"
        placeholder="Search ads"
        autoComplete="off"
        value={text}
        onChange={(event) => {
          const next = event.target.value;
          setText(next);
          clearTimeout(timer.current);
          timer.current = setTimeout(() => apply(next), delayMs);
        }}
      />
    </form>
  );
}
