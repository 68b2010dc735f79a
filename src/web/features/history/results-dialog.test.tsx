/**
 * The History results dialog's keyboard and focus behaviour, in Chromium, over stand-in local
 * reads: it opens as a modal, the rows are one tab stop walked with the arrows (Home and End
 * jump), Enter opens the ad detail view over it, whose arrows follow the list; Escape closes the
 * detail view first, focusing the row it showed last, then the dialog, giving the focus back to
 * the button that opened it. A failed read says so and closes it.
 */
import { cleanup, render, screen } from '@testing-library/react';
import { StrictMode, useState } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { userEvent } from 'vitest/browser';
import { resultRow } from '../../../../tests/fixtures/result-row.ts';
import { MESSAGES, type SearchResult, type SearchRun } from '../../../domain/index.ts';
import { ToastProvider } from '../../components/toast.tsx';
import { ResultsDialog } from './results-dialog.tsx';

const local = vi.hoisted(() => ({
  loadRunResults: vi.fn<(runId: string) => Promise<SearchResult[]>>(),
  storedListeners: new Set<(rows: SearchResult[]) => void>(),
}));
vi.mock('../../data/local/local-reads.ts', () => ({ loadRunResults: local.loadRunResults }));
vi.mock('../../data/local/local-data.ts', () => ({
  onResultsStored: (listener: (rows: SearchResult[]) => void) => {
    local.storedListeners.add(listener);
    return () => local.storedListeners.delete(listener);
  },
}));
vi.mock('../../data/local/creative-index.ts', () => ({ useArchivedCreative: () => undefined }));

const RUN = { id: 'run1', search_name: 'Lamps in the US' } as SearchRun;
const ROWS = ['Alpha Lamps', 'Bravo Lights', 'Charlie Shades'].map((store, i) =>
  resultRow(`r${i}`, { run: RUN.id, store_name: store }),
);

beforeEach(() => {
  local.loadRunResults.mockReset();
  local.storedListeners.clear();
});
afterEach(cleanup);

/** The History page's button that opens the dialog, and the dialog while it is open. */
function History({ onClose }: { onClose: () => void }) {
  const [open, setOpen] = useState(false);
  return (
    <StrictMode>
      <ToastProvider describeError={String}>
        <button type="button" onClick={() => setOpen(true)}>
          View results
        </button>
        {open && (
          <ResultsDialog
            run={RUN}
            onClose={() => {
              onClose();
              setOpen(false);
            }}
          />
        )}
      </ToastProvider>
    </StrictMode>
  );
}

const opener = () => screen.getByRole('button', { name: 'View results' });
const rows = () => screen.queryAllByTestId('result-row');
const dialog = () => screen.queryByRole('dialog', { name: /^Search Results/ }) as HTMLDialogElement | null;
const detail = () => screen.queryByTestId('ad-detail') as HTMLDialogElement | null;

async function openResults(found: SearchResult[] = ROWS) {
  local.loadRunResults.mockResolvedValue(found);
  const onClose = vi.fn();
  render(<History onClose={onClose} />);
  await userEvent.click(opener());
  await expect.poll(() => rows().length).toBe(found.length);
  return onClose;
}

describe('ResultsDialog', () => {
  it('opens as a modal with the focus inside, and lists the run’s rows', async () => {
    await openResults();
    expect(dialog()?.matches(':modal')).toBe(true);
    expect(dialog()?.contains(document.activeElement)).toBe(true);
    expect(screen.getByRole('heading', { name: 'Search Results (3)' })).toBeTruthy();
    expect(local.loadRunResults).toHaveBeenCalledWith(RUN.id);
  });

  it('walks the rows, one tab stop, with the arrows, Home and End', async () => {
    await openResults();
    expect(rows().map((row) => row.tabIndex)).toEqual([0, -1, -1]);
    rows()[0]!.focus();
    await userEvent.keyboard('{ArrowDown}');
    expect(document.activeElement).toBe(rows()[1]);
    expect(rows().map((row) => row.tabIndex)).toEqual([-1, 0, -1]);
    await userEvent.keyboard('{End}');
    expect(document.activeElement).toBe(rows()[2]);
    await userEvent.keyboard('{ArrowDown}');
    expect(document.activeElement).toBe(rows()[2]);
    await userEvent.keyboard('{Home}');
    expect(document.activeElement).toBe(rows()[0]);
    await userEvent.keyboard('{ArrowUp}');
    expect(document.activeElement).toBe(rows()[0]);
  });

  it('opens a row’s ad with Enter; Escape closes the detail view, then the dialog, each giving the focus back', async () => {
    const onClose = await openResults();
    rows()[1]!.focus();
    await userEvent.keyboard('{Enter}');
    await expect.poll(() => detail()?.open).toBe(true);
    expect(screen.getByRole('heading', { name: 'Bravo Lights' })).toBeTruthy();

    // the detail view's arrows follow the list
    await userEvent.keyboard('{ArrowDown}');
    await expect.poll(() => screen.queryByRole('heading', { name: 'Charlie Shades' })).not.toBeNull();

    await userEvent.keyboard('{Escape}');
    await expect.poll(() => detail()).toBeNull();
    expect(dialog()?.open).toBe(true);
    expect(document.activeElement).toBe(rows()[2]);
    expect(onClose).not.toHaveBeenCalled();

    await userEvent.keyboard('{Escape}');
    await expect.poll(() => dialog()).toBeNull();
    expect(onClose).toHaveBeenCalledTimes(1);
    expect(document.activeElement).toBe(opener());
  });

  it('opens a row’s ad with a click, and closes on a click on the backdrop', async () => {
    const onClose = await openResults();
    await userEvent.click(screen.getByText('Alpha Lamps'));
    await expect.poll(() => detail()?.open).toBe(true);
    await userEvent.click(detail()!, { position: { x: -8, y: -8 } });
    await expect.poll(() => detail()).toBeNull();
    expect(document.activeElement).toBe(rows()[0]);

    // above the dialog, which is as wide as the window here
    await userEvent.click(dialog()!, { position: { x: 10, y: -10 } });
    await expect.poll(() => dialog()).toBeNull();
    expect(onClose).toHaveBeenCalledTimes(1);
    expect(document.activeElement).toBe(opener());
  });

  it('shows rows the sync stores for its run while it is open', async () => {
    await openResults();
    local.loadRunResults.mockResolvedValue([...ROWS, resultRow('r3', { run: RUN.id, store_name: 'Delta' })]);
    local.storedListeners.forEach((listener) => listener([resultRow('r9', { run: 'another run' })]));
    local.storedListeners.forEach((listener) => listener([resultRow('r3', { run: RUN.id })]));
    await expect.poll(() => rows().length).toBe(4);
    expect(local.loadRunResults).toHaveBeenCalledTimes(2 + 1); // StrictMode's two first reads, then one
  });

  it('says so and closes when its rows cannot be read', async () => {
    local.loadRunResults.mockRejectedValue(new Error('IndexedDB is gone'));
    const onClose = vi.fn();
    const error = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    render(<History onClose={onClose} />);
    await userEvent.click(opener());
    await expect.poll(() => onClose.mock.calls.length).toBe(1);
    expect(screen.getByText(MESSAGES.resultsLoadFailed)).toBeTruthy();
    expect(dialog()).toBeNull();
    expect(document.activeElement).toBe(opener());
    expect(error).toHaveBeenCalledWith('[history] could not load results', expect.any(Error));
    error.mockRestore();
  });
});
