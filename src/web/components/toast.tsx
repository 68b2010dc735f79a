/**
 * The one toast system of the app. Messages are announced to screen readers (errors
 * assertively), stay long enough to read, and can be dismissed. Toasts survive navigation because
 * the provider sits above the router.
 */
import { createContext, useCallback, useContext, useMemo, useRef, useState, type ReactNode } from 'react';

export type ToastKind = 'success' | 'error' | 'info';

interface Toast {
  id: number;
  kind: ToastKind;
  message: string;
}

export interface ToastApi {
  success(message: string): void;
  error(message: string): void;
  info(message: string): void;
}

const ToastContext = createContext<ToastApi | null>(null);

/** How long a toast stays, by kind: errors wait longer so they can be read. */
const DURATION_MS: Record<ToastKind, number> = { success: 5000, info: 6000, error: 9000 };
const MAX_VISIBLE = 4;

export function ToastProvider({ children }: { children: ReactNode }) {
  const [toasts, setToasts] = useState<Toast[]>([]);
  const nextId = useRef(1);

  const dismiss = useCallback((id: number) => {
    setToasts((list) => list.filter((toast) => toast.id !== id));
  }, []);

  const show = useCallback(
    (kind: ToastKind, message: string) => {
      const id = nextId.current++;
      setToasts((list) => {
        // The same message twice in a row (a double click) shows once.
        const without = list.filter((toast) => !(toast.kind === kind && toast.message === message));
        return [...without, { id, kind, message }].slice(-MAX_VISIBLE);
      });
      window.setTimeout(() => dismiss(id), DURATION_MS[kind]);
    },
    [dismiss],
  );

  const api = useMemo<ToastApi>(
    () => ({
      success: (message) => show('success', message),
      error: (message) => show('error', message),
      info: (message) => show('info', message),
    }),
    [show],
  );

  const polite = toasts.filter((toast) => toast.kind !== 'error');
  const assertive = toasts.filter((toast) => toast.kind === 'error');

  return (
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
  );
}

function ToastItem({ toast, onDismiss }: { toast: Toast; onDismiss: (id: number) => void }) {
  return (
    <div className={`toast toast-${toast.kind}`} data-kind={toast.kind}>
      <p className="toast-message">{toast.message}</p>
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
