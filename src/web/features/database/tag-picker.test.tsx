/**
 * The Filter panel's tag picker (tag-picker.tsx) in Chromium: labels, not ids; the text filter;
 * picking several by mouse and by keyboard alone.
 */
import { cleanup, render, screen } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { userEvent } from 'vitest/browser';
import { TagPicker } from './tag-picker.tsx';

afterEach(cleanup);

const OPTIONS = ['offer:percent_off', 'offer:free_shipping', 'hook:urgency', 'lang:de', 'cta:shop_now'];

function Picker({ onPicked }: { onPicked?: (tags: string[]) => void }) {
  const [selected, setSelected] = useState<string[]>([]);
  return (
    <TagPicker
      options={OPTIONS}
      selected={selected}
      onChange={(tags) => {
        setSelected(tags);
        onPicked?.(tags);
      }}
    />
  );
}

const optionNames = () => screen.getAllByRole('option').map((option) => option.textContent);
const picked = () =>
  screen
    .getAllByRole('option')
    .filter((option) => option.getAttribute('aria-selected') === 'true')
    .map((option) => option.textContent?.replace('✓', ''));

describe('TagPicker', () => {
  it('lists the tags by their labels in a multi-select listbox, and narrows them by the text typed', async () => {
    render(<Picker />);
    const list = screen.getByRole('listbox', { name: 'Tags' });
    expect(list.getAttribute('aria-multiselectable')).toBe('true');
    expect(optionNames()).toEqual([
      'Percent off',
      'Free shipping',
      'Urgency',
      'Language: Deutsch',
      'CTA: Shop now',
    ]);
    await userEvent.type(screen.getByRole('searchbox', { name: 'Find a tag' }), 'SHIP');
    expect(optionNames()).toEqual(['Free shipping']);
    await userEvent.clear(screen.getByRole('searchbox', { name: 'Find a tag' }));
    await userEvent.type(screen.getByRole('searchbox', { name: 'Find a tag' }), 'zzz');
    expect(screen.queryByRole('listbox')).toBeNull();
    expect(screen.getByText('No tag matches.')).toBeTruthy();
  });

  it('picks and unpicks several by click', async () => {
    const seen: string[][] = [];
    render(<Picker onPicked={(tags) => seen.push(tags)} />);
    await userEvent.click(screen.getByRole('option', { name: 'Urgency' }));
    await userEvent.click(screen.getByRole('option', { name: 'Percent off' }));
    expect(picked()).toEqual(['Percent off', 'Urgency']);
    await userEvent.click(screen.getByRole('option', { name: /Urgency/ }));
    expect(seen.at(-1)).toEqual(['offer:percent_off']);
  });

  it('works by keyboard alone: down from the filter into the list, arrows, Space and Enter pick', async () => {
    const seen: string[][] = [];
    render(<Picker onPicked={(tags) => seen.push(tags)} />);
    await userEvent.click(screen.getByRole('searchbox', { name: 'Find a tag' }));
    await userEvent.type(screen.getByRole('searchbox', { name: 'Find a tag' }), 'o');
    await userEvent.keyboard('{ArrowDown}');
    const list = screen.getByRole('listbox', { name: 'Tags' });
    expect(document.activeElement).toBe(list);
    const active = () =>
      document.getElementById(list.getAttribute('aria-activedescendant') ?? '')?.textContent;
    expect(active()).toBe('Percent off');
    await userEvent.keyboard(' ');
    await userEvent.keyboard('{ArrowDown}{Enter}');
    expect(seen.at(-1)).toEqual(['offer:percent_off', 'offer:free_shipping']);
    await userEvent.keyboard('{End}');
    expect(active()).toBe('CTA: Shop now');
    await userEvent.keyboard('{Home}{ArrowUp}');
    expect(document.activeElement).toBe(screen.getByRole('searchbox', { name: 'Find a tag' }));
  });
});
