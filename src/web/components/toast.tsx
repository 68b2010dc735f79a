/**
 * The one toast system of the app. Messages are announced to screen readers (errors
 * assertively), stay long enough to read, and can be dismissed. Toasts survive navigation because
 * the provider sits above the router.
 */
import { createContext, useCallback, useContext, useMemo, useRef, useState, type ReactNode } from 'react';
import './toast.css';

export type ToastKind = 'success' | 'error' | 'info';

export interface ToastOptions {
  /** A button in the toast (e.g. 'Reload' for a new version); using it dismisses the toast. */
  action?: { label: string; onClick: () => void };
  /** Stays until dismissed or acted on. */
  persistent?: boolean;
}

interface Toast {
  id: number;
  kind: ToastKind;
  message: string;
  action?: ToastOptions['action'];
}

export interface ToastApi {
  success(message: string): void;
  error(message: string): void;
  info(message: string, options?: ToastOptions): void;
}

const ToastContext = createContext<ToastApi | null>(null);

/**
 * How a failed call is worded for the user: the server's words for it, else `fallback`. The app
 * gives the provider web/data's errorMessage (components do not import web/data).
 */
export type DescribeError = (error: unknown, fallback: string) => string;

const DescribeErrorContext = createContext<DescribeError | null>(null);

/** How long a toast stays, by kind: errors wait longer so they can be read. */
const DURATION_MS: Record<ToastKind, number> = { success: 5000, info: 6000, error: 9000 };
const MAX_VISIBLE = 4;

export function ToastProvider({
  children,
  describeError,
}: {
  children: ReactNode;
  describeError: DescribeError;
}) {
  const [toasts, setToasts] = useState<Toast[]>([]);
  const nextId = useRef(1);

  const dismiss = useCallback((id: number) => {
    setToasts((list) => list.filter((toast) => toast.id !== id));
  }, []);

  const show = useCallback(
    (kind: ToastKind, message: string, options: ToastOptions = {}) => {
      const id = nextId.current++;
      setToasts((list) => {
        // The same message twice in a row (a double click) shows once.
        const without = list.filter((toast) => !(toast.kind === kind && toast.message === message));
        return [...without, { id, kind, message, action: options.action }].slice(-MAX_VISIBLE);
      });
      if (!options.persistent) window.setTimeout(() => dismiss(id), DURATION_MS[kind]);
    },
    [dismiss],
  );

  const api = useMemo<ToastApi>(
    () => ({
      success: (message) => show('success', message),
      error: (message) => show('error', message),
      info: (message, options) => show('info', message, options),
    }),
    [show],
  );

  const polite = toasts.filter((toast) => toast.kind !== 'error');
  const assertive = toasts.filter((toast) => toast.kind === 'error');

  return (
    <DescribeErrorContext.Provider value={describeError}>
      <ToastContext.Provider value={api}>
        {children}
        <div className="toast-region">
          <div role="status" aria-live="polite" className="toast-stack">
            {polite.map((toast) => (
              <ToastItem key={toast.id} toast={toast} onDismiss={dismiss} />
            ))}
          </div>
          <div role="alert" aria-live="assertive" className="toast-stack">
            {assertive.map((toast) => (
              <ToastItem key={toast.id} toast={toast} onDismiss={dismiss} />
            ))}
          </div>
        </div>
      </ToastContext.Provider>
    </DescribeErrorContext.Provider>
  );
}

function ToastItem({ toast, onDismiss }: { toast: Toast; onDismiss: (id: number) => void }) {
  return (
    <div className={`toast toast-${toast.kind}`} data-kind={toast.kind}>
      <p className="toast-message">{toast.message}</p>
      {toast.action && (
        <button
          type="button"
          className="toast-action"
          onClick={() => {
            onDismiss(toast.id);
            toast.action!.onClick();
          }}
        >
          {toast.action.label}
        </button>
      )}
      <button type="button" aria-label="Dismiss notification" onClick={() => onDismiss(toast.id)}>
        ×
      </button>
    </div>
  );
}

export function useToast(): ToastApi {
  const api = useContext(ToastContext);
  if (!api) throw new Error('useToast must be used inside <ToastProvider>');
  return api;
}

/** The provider's wording of a failed call (DescribeError). */
export function useDescribeError(): DescribeError {
  const describeError = useContext(DescribeErrorContext);
  if (!describeError) throw new Error('useDescribeError must be used inside <ToastProvider>');
  return describeError;
}
