/**
 * A side panel over the page: a modal <dialog> docked on the right (full width on a phone).
 * The browser keeps focus inside it and makes the page behind inert; Escape, the close button
 * and a tap on the backdrop close it, and focus goes back to the control that opened it.
 */
import { useEffect, useId, useRef, type ReactNode } from 'react';
import { CloseIcon } from '../../components/icons.tsx';

export function SidePanel({
  open,
  title,
  onClose,
  children,
  testId,
}: {
  open: boolean;
  title: string;
  onClose: () => void;
  children: ReactNode;
  testId?: string;
}) {
  const dialogRef = useRef<HTMLDialogElement>(null);
  const openerRef = useRef<HTMLElement | null>(null);
  const headingId = useId();

  useEffect(() => {
    const dialog = dialogRef.current;
    if (!dialog) return;
    if (open && !dialog.open) {
      openerRef.current = document.activeElement instanceof HTMLElement ? document.activeElement : null;
      dialog.showModal();
      // The first field when the panel has one marked, else the close button.
      const first =
        dialog.querySelector<HTMLElement>('[data-autofocus]') ?? dialog.querySelector<HTMLElement>('button');
      first?.focus();
    } else if (!open && dialog.open) {
      dialog.close();
    }
  }, [open]);

  // Back to the opener however the panel closed (Escape fires 'close' on the dialog).
  useEffect(() => {
    const dialog = dialogRef.current;
    if (!dialog) return;
    const restore = () => {
      const opener = openerRef.current;
      openerRef.current = null;
      if (opener?.isConnected) opener.focus();
    };
    dialog.addEventListener('close', restore);
    return () => dialog.removeEventListener('close', restore);
  }, []);

  return (
    <dialog
      ref={dialogRef}
      className="side-panel"
      aria-labelledby={headingId}
      data-testid={testId}
      onClose={onClose}
      onClick={(event) => {
        // A click on the dialog element itself is a click on its backdrop.
        if (event.target === event.currentTarget) onClose();
      }}
    >
      <div className="side-panel-inner">
        <header className="side-panel-header">
          <h2 id={headingId}>{title}</h2>
          <button
            type="button"
            className="button button-ghost side-panel-close"
            aria-label="Close"
            onClick={onClose}
          >
            <CloseIcon />
          </button>
        </header>
        <div className="side-panel-body">{children}</div>
      </div>
    </dialog>
  );
}
