import { type ReactNode, useEffect, useRef } from 'react';
import styles from './marketing.module.css';

const FOCUSABLE =
  'a[href], button:not([disabled]), input:not([disabled]), select:not([disabled]), textarea:not([disabled]), [tabindex]:not([tabindex="-1"])';

/** Focus moves into a dialog after it has been painted (a screen reader then announces it as opened). */
const DIALOG_FOCUS_DELAY_MS = 100;

/** Open dialogs, innermost last: only the top one reacts to Escape and Tab (a contact dialog over a legal one). */
const stack: object[] = [];

export interface ModalProps {
  labelledBy: string;
  onClose: () => void;
  /** While false, Escape and the backdrop do not close (e.g. while submitting). */
  closable?: boolean;
  children: ReactNode;
}

/**
 * Modal dialog: focus moved inside after 100 ms (to `[data-autofocus]` or the first control) and trapped,
 * Escape closes (unless `closable` is false), page scroll locked, focus given back on close.
 */
export function Modal({ labelledBy, onClose, closable = true, children }: ModalProps) {
  const panel = useRef<HTMLDivElement>(null);
  const closeRef = useRef(onClose);
  const closableRef = useRef(closable);
  closeRef.current = onClose;
  closableRef.current = closable;

  useEffect(() => {
    const token = {};
    stack.push(token);
    const previous = document.activeElement as HTMLElement | null;
    const overflow = document.body.style.overflow;
    document.body.style.overflow = 'hidden';
    const timer = setTimeout(() => {
      const first =
        panel.current?.querySelector<HTMLElement>('[data-autofocus]') ??
        panel.current?.querySelector<HTMLElement>(FOCUSABLE);
      (first ?? panel.current)?.focus();
    }, DIALOG_FOCUS_DELAY_MS);
    const onKey = (event: KeyboardEvent) => {
      if (stack[stack.length - 1] !== token) return;
      if (event.key === 'Escape') {
        if (closableRef.current) closeRef.current();
        return;
      }
      if (event.key !== 'Tab' || !panel.current) return;
      const items = [...panel.current.querySelectorAll<HTMLElement>(FOCUSABLE)];
      if (items.length === 0) return;
      const first = items[0];
      const last = items[items.length - 1];
      // Focus left the dialog (e.g. the focused button became disabled while submitting): bring it back.
      if (!panel.current.contains(document.activeElement)) {
        event.preventDefault();
        (event.shiftKey ? last : first)?.focus();
        return;
      }
      if (event.shiftKey && document.activeElement === first) {
        event.preventDefault();
        last?.focus();
      } else if (!event.shiftKey && document.activeElement === last) {
        event.preventDefault();
        first?.focus();
      }
    };
    document.addEventListener('keydown', onKey);
    return () => {
      clearTimeout(timer);
      stack.splice(stack.indexOf(token), 1);
      document.removeEventListener('keydown', onKey);
      document.body.style.overflow = overflow;
      previous?.focus?.();
    };
  }, []);

  return (
    <div className={styles.backdrop}>
      <div
        ref={panel}
        className={styles.dialog}
        role="dialog"
        aria-modal="true"
        aria-labelledby={labelledBy}
        tabIndex={-1}
      >
        {children}
      </div>
    </div>
  );
}
