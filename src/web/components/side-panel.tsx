/**
 * A side panel over the page: a modal <dialog> docked on the right (full width on a phone), with
 * a heading and a close button. It behaves as every dialog of the app (use-modal-dialog.ts): the
 * browser keeps focus inside it and makes the page behind inert; the field marked
 * `data-autofocus` (else the close button) takes the focus; Escape, the close button and a tap on
 * the backdrop close it, and focus goes back to the control that opened it.
 */
import { useId, type ReactNode } from 'react';
import { CloseIcon } from './icons.tsx';
import { useModalDialog } from './use-modal-dialog.ts';
import './side-panel.css';

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
  const { dialogProps, close } = useModalDialog({ open, onClose });
  const headingId = useId();

  return (
    <dialog {...dialogProps} className="side-panel" aria-labelledby={headingId} data-testid={testId}>
      <div className="side-panel-inner">
        <header className="side-panel-header">
          <h2 id={headingId}>{title}</h2>
          <button
            type="button"
            className="button button-ghost side-panel-close"
            aria-label="Close"
            onClick={close}
          >
            <CloseIcon />
          </button>
        </header>
        <div className="side-panel-body">{children}</div>
      </div>
    </dialog>
  );
}
