/**
 * The side panel's keyboard and focus behaviour (use-modal-dialog.ts), in Chromium: it opens as a
 * modal with the marked field focused, closes on Escape, its close button and the backdrop, and
 * gives the focus back to the control that opened it, also when the page drops it while open.
 */
import { cleanup, render, screen } from '@testing-library/react';
import { StrictMode, useState } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { userEvent } from 'vitest/browser';
import { SidePanel } from './side-panel.tsx';

afterEach(cleanup);

/** A page with a button that opens the panel, as the Database page's toolbar does. */
function Page({ onClose, autofocus = true }: { onClose: () => void; autofocus?: boolean }) {
  const [open, setOpen] = useState(false);
  const [shown, setShown] = useState(true);
  return (
    <StrictMode>
      <button type="button" onClick={() => setOpen(true)}>
        Filter
      </button>
      {/* the page dropping the panel while it is open, without closing it */}
      <button type="button" data-testid="drop" onClick={() => setShown(false)} />
      {shown && (
        <SidePanel
          open={open}
          title="Filter"
          testId="filter-panel"
          onClose={() => {
            onClose();
            setOpen(false);
          }}
        >
          <label>
            Country
            <input data-autofocus={autofocus ? '' : undefined} />
          </label>
          <button type="button" onClick={() => setShown(false)}>
            Drop the panel
          </button>
        </SidePanel>
      )}
    </StrictMode>
  );
}

const panel = () => screen.getByTestId('filter-panel') as HTMLDialogElement;
const opener = () => screen.getByRole('button', { name: 'Filter' });

async function openPanel(onClose = vi.fn(), autofocus = true) {
  render(<Page onClose={onClose} autofocus={autofocus} />);
  await userEvent.click(opener());
  expect(panel().open).toBe(true);
  return onClose;
}

describe('SidePanel', () => {
  it('opens as a modal, the marked field focused', async () => {
    await openPanel();
    expect(panel().matches(':modal')).toBe(true);
    expect(document.activeElement).toBe(screen.getByLabelText('Country'));
  });

  it('focuses its close button when no field is marked', async () => {
    await openPanel(vi.fn(), false);
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Close' }));
  });

  it('closes on Escape and gives the focus back to the button that opened it', async () => {
    const onClose = await openPanel();
    await userEvent.keyboard('{Escape}');
    await expect.poll(() => panel().open).toBe(false);
    expect(onClose).toHaveBeenCalled();
    expect(document.activeElement).toBe(opener());
  });

  it('closes with its close button', async () => {
    const onClose = await openPanel();
    await userEvent.click(screen.getByRole('button', { name: 'Close' }));
    await expect.poll(() => panel().open).toBe(false);
    expect(onClose).toHaveBeenCalled();
    expect(document.activeElement).toBe(opener());
  });

  it('closes on a click on the backdrop, not on one inside it', async () => {
    const onClose = await openPanel();
    await userEvent.click(screen.getByLabelText('Country'));
    expect(panel().open).toBe(true);
    // left of the panel, which is docked on the right: the backdrop
    await userEvent.click(panel(), { position: { x: -10, y: 40 } });
    await expect.poll(() => panel().open).toBe(false);
    expect(onClose).toHaveBeenCalled();
    expect(document.activeElement).toBe(opener());
  });

  it('gives the focus back when the page drops it while it is open', async () => {
    await openPanel();
    await userEvent.click(screen.getByRole('button', { name: 'Drop the panel' }));
    await expect.poll(() => screen.queryByTestId('filter-panel')).toBeNull();
    expect(document.activeElement).toBe(opener());
  });
});
