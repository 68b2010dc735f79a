/**
 * A modal <dialog> as every dialog of the app behaves (the ad detail view, the History results
 * dialog, the side panels): shown with showModal() while `open`, so the browser keeps the focus
 * inside and makes the page behind inert; the control marked `data-autofocus` takes the focus
 * (else the browser's choice, its first focusable control); Escape (the browser's cancel), a close
 * button calling `close()` and a click on the backdrop close it; the focus then goes back to the
 * control that had it when it opened, unless the opener puts it somewhere itself
 * (`returnFocus: false`); `onClose` is called whenever it closed.
 */
import { useCallback, useEffect, useRef, type MouseEvent, type RefObject, type SyntheticEvent } from 'react';

export interface ModalDialogOptions {
  /** Whether the dialog is shown; true (the default) shows it while it is mounted. */
  open?: boolean;
  /** Called once the dialog closed, however it closed. */
  onClose: () => void;
  /** Put the focus back on the control that had it before the dialog opened (the default). */
  returnFocus?: boolean;
}

export interface ModalDialog {
  /** Spread on the <dialog> element. */
  dialogProps: {
    ref: RefObject<HTMLDialogElement | null>;
    onClose: (event: SyntheticEvent<HTMLDialogElement>) => void;
    onClick: (event: MouseEvent<HTMLDialogElement>) => void;
  };
  /** Closes the dialog, as Escape does (for its close button). */
  close: () => void;
}

export function useModalDialog({
  open = true,
  onClose,
  returnFocus = true,
}: ModalDialogOptions): ModalDialog {
  const ref = useRef<HTMLDialogElement | null>(null);
  /** The control that had the focus when the dialog opened; null once it got it back. */
  const opener = useRef<HTMLElement | null>(null);

  const giveFocusBack = useCallback(() => {
    const control = opener.current;
    opener.current = null;
    if (returnFocus && control?.isConnected) control.focus();
  }, [returnFocus]);

  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    if (open && !dialog.open) {
      opener.current = document.activeElement instanceof HTMLElement ? document.activeElement : null;
      dialog.showModal();
      dialog.querySelector<HTMLElement>('[data-autofocus]')?.focus();
    } else if (!open && dialog.open) {
      dialog.close();
    }
  }, [open]);

  // Unmounted while open (its opener dropped it without closing it): the focus goes back all the
  // same, instead of being lost with the removed dialog. (A dialog still in the document was not
  // unmounted: React's StrictMode runs this cleanup once on a live dialog.)
  useEffect(() => {
    const dialog = ref.current;
    return () => {
      if (dialog && !dialog.isConnected) giveFocusBack();
    };
  }, [giveFocusBack]);

  const close = useCallback(() => ref.current?.close(), []);

  return {
    dialogProps: {
      ref,
      onClose: (event) => {
        // React passes a nested dialog's close (the detail view's over the results) up its tree:
        // not this one's.
        if (event.target !== event.currentTarget) return;
        giveFocusBack();
        onClose();
      },
      // A click on the backdrop lands on the <dialog> itself (its content fills it): close.
      onClick: (event) => {
        if (event.target === event.currentTarget) event.currentTarget.close();
      },
    },
    close,
  };
}
