/**
 * The ad detail view's keyboard and focus behaviour, in Chromium: it opens as a modal with its
 * close button focused, the up and down arrows ask the opener for the previous and next ad (not
 * from a control that uses the arrows itself), and Escape, the close button and the backdrop close
 * it. Where the focus goes after it is the opener's (the grid's row, the results dialog's row).
 */
import { cleanup, render, screen } from '@testing-library/react';
import { StrictMode } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { userEvent } from 'vitest/browser';
import type { ArchivedCreative } from '../../domain/index.ts';
import { resultRow } from '../../../tests/fixtures/result-row.ts';
import { AdDetailDialog } from './ad-detail-dialog.tsx';

afterEach(cleanup);

const creative = (part: Partial<ArchivedCreative>): ArchivedCreative => ({
  id: 'c1',
  created: '2026-11-01 10:00:00.000Z',
  updated: '2026-11-01 10:00:00.000Z',
  user: 'u',
  file: 'a.jpg',
  poster: '',
  sha256: '',
  phash: '',
  mime: 'image/jpeg',
  bytes: 1000,
  width: 400,
  height: 400,
  ...part,
});

function openDetail() {
  const onMove = vi.fn();
  const onClose = vi.fn();
  render(
    <StrictMode>
      <AdDetailDialog
        row={resultRow('a', { store_name: 'Lamp House', body: 'A lamp for every room' })}
        archived={undefined}
        position={{ index: 2, total: 3 }}
        offline
        onMove={onMove}
        onClose={onClose}
      />
    </StrictMode>,
  );
  const dialog = screen.getByTestId('ad-detail') as HTMLDialogElement;
  return { dialog, onMove, onClose };
}

describe('AdDetailDialog', () => {
  it('opens as a modal labelled with the store, its close button focused', () => {
    const { dialog } = openDetail();
    expect(dialog.matches(':modal')).toBe(true);
    expect(screen.getByRole('dialog', { name: 'Lamp House' })).toBe(dialog);
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Close' }));
  });

  it('asks for the previous and the next ad with the arrows', async () => {
    const { onMove } = openDetail();
    await userEvent.keyboard('{ArrowDown}');
    await userEvent.keyboard('{ArrowUp}');
    expect(onMove.mock.calls).toEqual([[1], [-1]]);
  });

  it('leaves the arrows to a control that uses them', async () => {
    const { dialog, onMove } = openDetail();
    const field = document.createElement('input');
    dialog.querySelector('.ad-detail-body')?.append(field);
    field.focus();
    await userEvent.keyboard('{ArrowDown}');
    expect(onMove).not.toHaveBeenCalled();
  });

  it('closes on Escape', async () => {
    const { dialog, onClose } = openDetail();
    await userEvent.keyboard('{Escape}');
    await expect.poll(() => onClose.mock.calls.length).toBe(1);
    expect(dialog.open).toBe(false);
  });

  it('closes with its close button', async () => {
    const { dialog, onClose } = openDetail();
    await userEvent.click(screen.getByRole('button', { name: 'Close' }));
    await expect.poll(() => onClose.mock.calls.length).toBe(1);
    expect(dialog.open).toBe(false);
  });

  it('closes on a click on the backdrop, not on one inside it', async () => {
    const { dialog, onClose } = openDetail();
    await userEvent.click(screen.getByText('A lamp for every room'));
    expect(dialog.open).toBe(true);
    await userEvent.click(dialog, { position: { x: -8, y: -8 } });
    await expect.poll(() => onClose.mock.calls.length).toBe(1);
    expect(dialog.open).toBe(false);
  });

  it('shows the text read on the creative as text, never markup, with its confidence and the tags', () => {
    const archived = creative({
      text: '<img src=x onerror="window.__hit=1">\n50% OFF',
      text_status: 'read',
      text_confidence: 72,
      text_language: 'fr',
    });
    render(
      <AdDetailDialog
        row={resultRow('t', {
          store_name: 'Lamp House',
          creative: 'c1',
          tags: ['offer:percent_off', 'lang:fr'],
        })}
        archived={archived}
        position={null}
        offline
        onMove={() => {}}
        onClose={() => {}}
      />,
    );
    const section = screen.getByTestId('ad-creative-text');
    expect(section.querySelector('img')).toBeNull(); // the creative's own image is in another section
    expect(section.textContent).toContain('<img src=x onerror="window.__hit=1">');
    expect(section.textContent).toContain('Confidence: Medium, 72 of 100 · Français');
    expect([...screen.getByTestId('ad-tags').querySelectorAll('li')].map((li) => li.textContent)).toEqual([
      'Percent off',
      'Language: Français',
    ]);
  });

  it('says "Reading the text…" as a status while the creative is being read', () => {
    render(
      <AdDetailDialog
        row={resultRow('p', { creative: 'c2', tags: null })}
        archived={creative({ id: 'c2', text_status: 'pending' })}
        position={null}
        offline
        onMove={() => {}}
        onClose={() => {}}
      />,
    );
    expect(screen.getByTestId('ad-creative-text').querySelector('[role="status"]')?.textContent).toBe(
      'Reading the text…',
    );
    expect(screen.getByTestId('ad-tags').textContent).toContain('Not tagged yet.');
  });

  it('shows a video’s transcript as text, and each state of it in plain words', () => {
    const video = (part: Partial<ArchivedCreative>) =>
      creative({ id: 'v1', mime: 'video/mp4', file: 'a.mp4', poster: 'p.jpg', ...part });
    const show = (archived: ArchivedCreative) => {
      cleanup();
      render(
        <AdDetailDialog
          row={resultRow('v', { creative: 'v1' })}
          archived={archived}
          position={null}
          offline
          onMove={() => {}}
          onClose={() => {}}
        />,
      );
      return screen.queryByTestId('ad-transcript');
    };
    const read = show(
      video({ transcript: '<b onclick="x()">Stop scrolling!</b>\nToday only', transcript_status: 'read' }),
    )!;
    expect(read.querySelector('b')).toBeNull();
    expect(read.querySelector('.ad-creative-text')?.textContent).toBe(
      '<b onclick="x()">Stop scrolling!</b>\nToday only',
    );
    expect(show(video({ transcript_status: 'too_large' }))?.textContent).toContain(
      'Not transcribed: the video is over 25 MB.',
    );
    expect(show(video({ transcript_status: 'pending' }))?.querySelector('[role="status"]')?.textContent).toBe(
      'Transcribing the video…',
    );
    expect(show(video({ transcript_status: 'failed' }))?.textContent).toContain(
      'The video could not be transcribed.',
    );
    expect(show(video({ transcript_status: 'none' }))?.textContent).toContain(
      'No words were heard in this video.',
    );
    // no transcript queued (an image, or transcripts off): no section at all
    expect(show(video({ transcript_status: '' }))).toBeNull();
    expect(show(creative({}))).toBeNull();
  });
});
