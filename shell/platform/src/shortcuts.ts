import { useEffect, useRef } from 'react';

/**
 * Keyboard shortcuts of a page, by key (`event.key`; single characters lower-cased, so `b` is B too). A handler
 * returns `false` when it did not use the key: the browser's default action then happens; otherwise (whatever
 * else it returns) it is prevented.
 */
export type Shortcuts = Readonly<Partial<Record<string, (event: KeyboardEvent) => unknown>>>;

/** Text-like fields: keys typed there are text, not shortcuts. Checkboxes, radios and buttons are not typing. */
export function isTypingTarget(target: EventTarget | null): boolean {
  if (!(target instanceof HTMLElement)) return false;
  if (target instanceof HTMLInputElement)
    return !['checkbox', 'radio', 'button', 'submit', 'reset'].includes(target.type);
  return (
    target instanceof HTMLSelectElement || target instanceof HTMLTextAreaElement || target.isContentEditable
  );
}

const MODAL = '[aria-modal="true"]';

/**
 * True when a modal dialog is open (the contact dialog, a legal page on a narrow screen…) or the key press comes
 * from inside one: its keys belong to the dialog, not to the page underneath.
 */
export function isModalOpen(target: EventTarget | null, doc: Document = document): boolean {
  if (target instanceof Element && target.closest(MODAL)) return true;
  for (const el of doc.querySelectorAll(MODAL)) if (!el.closest('[hidden]')) return true;
  for (const dialog of doc.querySelectorAll('dialog[open]')) {
    try {
      if (dialog.matches(':modal')) return true;
    } catch {
      // :modal is not known to every engine; aria-modal covers our own dialogs.
    }
  }
  return false;
}

/** Space and Enter on a focused control activate that control; they are not shortcuts there. */
const activatesControl = (key: string, target: EventTarget | null): boolean =>
  (key === ' ' || key === 'Enter') &&
  target instanceof Element &&
  target.closest('button, a[href], summary, input, select, textarea, [role="button"]') !== null;

/** The key as `Shortcuts` names it: single characters lower-cased. */
const keyOf = (event: KeyboardEvent) => (event.key.length === 1 ? event.key.toLowerCase() : event.key);

/**
 * The page's keyboard shortcuts: one document listener while `enabled`, calling the latest handlers (no
 * re-subscribing on every render). A key is not a shortcut with Ctrl/Alt/Meta held, while composing or typing in
 * a field, with a modal dialog open (or from inside one), for Space/Enter on a focused control, or when someone
 * else already handled it.
 */
export function useShortcuts(shortcuts: Shortcuts, { enabled = true }: { enabled?: boolean } = {}): void {
  const latest = useRef(shortcuts);
  useEffect(() => {
    latest.current = shortcuts;
  });
  useEffect(() => {
    if (!enabled) return;
    const onKey = (event: KeyboardEvent) => {
      if (event.defaultPrevented || event.altKey || event.ctrlKey || event.metaKey || event.isComposing)
        return;
      if (isTypingTarget(event.target) || activatesControl(event.key, event.target)) return;
      const handler = latest.current[keyOf(event)];
      // Checked last: only keys that are ours pay for looking for a dialog.
      if (!handler || isModalOpen(event.target)) return;
      if (handler(event) !== false) event.preventDefault();
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [enabled]);
}

/** `1`…`count` → `run(0)`…`run(count - 1)`: answer choices, ratings. */
export function digitShortcuts(count: number, run: (index: number) => unknown): Shortcuts {
  return Object.fromEntries(
    Array.from({ length: Math.min(count, 9) }, (_, i) => [String(i + 1), () => run(i)] as const),
  );
}
