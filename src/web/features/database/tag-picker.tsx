/**
 * The Filter panel's tag picker (docs/ai.md#in-the-database): a text filter over a multi-select
 * listbox of tags, shown by their labels (tagLabel). A row passes when it carries every tag picked.
 * The keyboard: the arrow keys from the text filter enter the list; in it the arrows, Home and End
 * move, Space or Enter picks or unpicks the option shown active (aria-activedescendant: the focus
 * stays on the list), and typing goes back to the text filter.
 */
import { useId, useMemo, useRef, useState, type KeyboardEvent } from 'react';
import { formatCount, tagLabel } from '../../../domain/index.ts';

export interface TagPickerProps {
  /** The tags to choose from, in the order shown. */
  options: readonly string[];
  selected: readonly string[];
  onChange: (tags: string[]) => void;
}

/** The options whose label (or id) holds the text typed, case aside. */
export function matchingTags(options: readonly string[], query: string): string[] {
  const needle = query.trim().toLowerCase();
  if (!needle) return [...options];
  return options.filter((tag) => tagLabel(tag).toLowerCase().includes(needle) || tag.includes(needle));
}

export function TagPicker({ options, selected, onChange }: TagPickerProps) {
  const id = useId();
  const [query, setQuery] = useState('');
  const [active, setActive] = useState(0);
  const list = useRef<HTMLUListElement>(null);
  const search = useRef<HTMLInputElement>(null);
  const shown = useMemo(() => matchingTags(options, query), [options, query]);
  const activeIndex = Math.min(active, Math.max(0, shown.length - 1));
  const optionId = (index: number) => `${id}-option-${index}`;

  const toggle = (tag: string) =>
    onChange(selected.includes(tag) ? selected.filter((t) => t !== tag) : [...selected, tag]);

  const moveTo = (index: number) => {
    const next = Math.max(0, Math.min(shown.length - 1, index));
    setActive(next);
    document.getElementById(optionId(next))?.scrollIntoView?.({ block: 'nearest' });
  };

  const onListKey = (event: KeyboardEvent<HTMLUListElement>) => {
    const keys: Record<string, () => void> = {
      ArrowDown: () => moveTo(activeIndex + 1),
      ArrowUp: () => (activeIndex === 0 ? search.current?.focus() : moveTo(activeIndex - 1)),
      Home: () => moveTo(0),
      End: () => moveTo(shown.length - 1),
      ' ': () => shown[activeIndex] && toggle(shown[activeIndex]),
      Enter: () => shown[activeIndex] && toggle(shown[activeIndex]),
    };
    const action = keys[event.key];
    if (action) {
      event.preventDefault();
      action();
    } else if (event.key.length === 1 && !event.ctrlKey && !event.metaKey && !event.altKey) {
      // typing filters: the letter goes to the text filter, which takes the focus
      search.current?.focus();
    }
  };

  const onSearchKey = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key !== 'ArrowDown' || shown.length === 0) return;
    event.preventDefault();
    setActive(0);
    list.current?.focus();
  };

  return (
    <div className="tag-picker" role="group" aria-labelledby={`${id}-label`}>
      <span id={`${id}-label`} className="tag-picker-label">
        Tags
      </span>
      <input
        ref={search}
        id={`${id}-search`}
        className="input"
        type="search"
        autoComplete="off"
        aria-label="Find a tag"
        placeholder="Find a tag"
        aria-controls={`${id}-list`}
        value={query}
        onChange={(event) => {
          setQuery(event.target.value);
          setActive(0);
        }}
        onKeyDown={onSearchKey}
      />
      <p className="tag-picker-count" aria-live="polite">
        {selected.length > 0
          ? `${formatCount(selected.length)} picked: rows carrying all of them`
          : 'None picked'}
      </p>
      {shown.length === 0 ? (
        <p className="muted">No tag matches.</p>
      ) : (
        <ul
          ref={list}
          id={`${id}-list`}
          className="tag-picker-list"
          role="listbox"
          aria-multiselectable="true"
          aria-labelledby={`${id}-label`}
          aria-activedescendant={optionId(activeIndex)}
          tabIndex={0}
          onKeyDown={onListKey}
        >
          {shown.map((tag, index) => {
            const picked = selected.includes(tag);
            return (
              <li
                key={tag}
                id={optionId(index)}
                role="option"
                aria-selected={picked}
                className={index === activeIndex ? 'tag-option tag-option-active' : 'tag-option'}
                onClick={() => {
                  setActive(index);
                  toggle(tag);
                }}
              >
                <span className="tag-option-mark" aria-hidden="true">
                  {picked ? '✓' : ''}
                </span>
                {tagLabel(tag)}
              </li>
            );
          })}
        </ul>
      )}
    </div>
  );
}
