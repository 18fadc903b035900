import {
  createContext,
  useCallback,
  useContext,
  useEffect,
  useMemo,
  useRef,
  useState,
  type ReactNode,
} from 'react';
import { Link } from 'react-router';
import { Icon } from './Icon';
import './toast.css';

// Short notices in a corner of the screen (spec §4, §9: they close by themselves after 3000 ms, 16 px from
// the edge). One polite live region announces them to screen readers without interrupting.
//
//   const toast = useToast();
//   toast.show('Звонок успешно заказан!', { kind: 'success' });

/** Spec §9: toast duration. */
export const TOAST_DURATION_MS = 3000;

export type ToastKind = 'info' | 'success' | 'error';

export interface ToastOptions {
  kind?: ToastKind;
  /** Milliseconds before it closes by itself; null keeps it until closed. Default 3000. */
  duration?: number | null;
  /** One button in the toast, e.g. "Обновить"; the toast closes after it is pressed. */
  action?: { label: string; onClick: () => void };
  /** A link in the toast, e.g. "Перейти в корзину"; following it closes the toast. */
  link?: { label: string; to: string };
}

export interface ToastApi {
  /** Shows a toast and returns its id. */
  show: (message: string, options?: ToastOptions) => number;
  dismiss: (id: number) => void;
}

interface ToastItem extends ToastOptions {
  id: number;
  message: string;
}

const ToastContext = createContext<ToastApi | null>(null);

const outsideProvider: ToastApi = {
  show: (message) => {
    console.warn('useToast() outside <ToastProvider>:', message);
    return -1;
  },
  dismiss: () => {},
};

/** The toasts of the page; root.tsx wraps the whole app in it. */
export function useToast(): ToastApi {
  return useContext(ToastContext) ?? outsideProvider;
}

export function ToastProvider({ children }: { children: ReactNode }) {
  const [toasts, setToasts] = useState<ToastItem[]>([]);
  const nextId = useRef(1);

  const dismiss = useCallback((id: number) => {
    setToasts((list) => list.filter((t) => t.id !== id));
  }, []);
  const show = useCallback((message: string, options: ToastOptions = {}) => {
    const id = nextId.current++;
    // The same words twice in a row would only stack up: the older one goes.
    setToasts((list) =>
      [...list.filter((t) => t.message !== message), { id, message, ...options }].slice(-3),
    );
    return id;
  }, []);
  const api = useMemo<ToastApi>(() => ({ show, dismiss }), [show, dismiss]);

  return (
    <ToastContext.Provider value={api}>
      {children}
      <div className="toasts" role="status" aria-live="polite" aria-relevant="additions text">
        {toasts.map((toast) => (
          <Toast key={toast.id} toast={toast} dismiss={dismiss} />
        ))}
      </div>
    </ToastContext.Provider>
  );
}

function Toast({ toast, dismiss }: { toast: ToastItem; dismiss: (id: number) => void }) {
  const { id } = toast;
  const onClose = useCallback(() => dismiss(id), [dismiss, id]);
  const duration = toast.duration === undefined ? TOAST_DURATION_MS : toast.duration;
  // The countdown waits while the pointer or the keyboard focus is on the toast, so it can be read and used.
  const [paused, setPaused] = useState(false);
  useEffect(() => {
    if (duration === null || paused) return;
    const timer = window.setTimeout(onClose, duration);
    return () => window.clearTimeout(timer);
  }, [duration, paused, onClose]);

  return (
    <div
      className={`toast toast--${toast.kind ?? 'info'}`}
      onMouseEnter={() => setPaused(true)}
      onMouseLeave={() => setPaused(false)}
      onFocus={() => setPaused(true)}
      onBlur={() => setPaused(false)}
    >
      <p className="toast__message">{toast.message}</p>
      {toast.action && (
        <button
          type="button"
          className="toast__action"
          onClick={() => {
            toast.action!.onClick();
            onClose();
          }}
        >
          {toast.action.label}
        </button>
      )}
      {toast.link && (
        <Link to={toast.link.to} className="toast__action" onClick={onClose}>
          {toast.link.label}
        </Link>
      )}
      <button type="button" className="toast__close" aria-label="Закрыть уведомление" onClick={onClose}>
        <Icon name="close" size={18} />
      </button>
    </div>
  );
}
