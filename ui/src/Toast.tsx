import { type ReactNode, useEffect, useSyncExternalStore } from 'react';
import c from './components.module.css';
import { Icon } from './Icon';

type ToastTone = 'success' | 'info' | 'danger';

interface ToastItem {
  id: number;
  message: ReactNode;
  tone: ToastTone;
  duration: number;
}

/*
 * One list of toasts for the page. The UI package is one module in the browser (a federation singleton), so a
 * remote's showToast reaches the Toaster the shell renders once.
 */
let toasts: readonly ToastItem[] = [];
let nextId = 1;
const listeners = new Set<() => void>();
const emit = () => {
  for (const listener of listeners) listener();
};

/** Shows a short confirmation ("Settings saved") at the bottom of the screen, whatever is scrolled into view. */
export function showToast(
  message: ReactNode,
  { tone = 'success', duration = 5000 }: { tone?: ToastTone; duration?: number } = {},
): number {
  const id = nextId++;
  // At most three at a time: the oldest goes.
  toasts = [...toasts.slice(-2), { id, message, tone, duration }];
  emit();
  return id;
}

export function dismissToast(id: number): void {
  toasts = toasts.filter((toast) => toast.id !== id);
  emit();
}

const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => listeners.delete(listener);
};

function ToastView({ toast, dismissLabel }: { toast: ToastItem; dismissLabel: string }) {
  useEffect(() => {
    const timer = setTimeout(() => dismissToast(toast.id), toast.duration);
    return () => clearTimeout(timer);
  }, [toast]);
  return (
    <div className={c.toast} data-tone={toast.tone}>
      <Icon name={toast.tone === 'danger' ? 'alert' : toast.tone === 'info' ? 'info' : 'check'} />
      <span className={c.toastMessage}>{toast.message}</span>
      <button
        type="button"
        className={c.iconButton}
        aria-label={dismissLabel}
        onClick={() => dismissToast(toast.id)}
      >
        <Icon name="close" size={18} />
      </button>
    </div>
  );
}

/**
 * Where toasts appear: rendered once by the shell (and by the test harness). The live region (a named region, not
 * a `status`, so it never competes with a screen's own status line) is always in the page, so a screen reader
 * announces a toast the moment it is added.
 */
export function Toaster({ label, dismissLabel }: { label: string; dismissLabel: string }) {
  const items = useSyncExternalStore(
    subscribe,
    () => toasts,
    () => toasts,
  );
  return (
    <section className={c.toaster} aria-label={label} aria-live="polite">
      {items.map((toast) => (
        <ToastView key={toast.id} toast={toast} dismissLabel={dismissLabel} />
      ))}
    </section>
  );
}
