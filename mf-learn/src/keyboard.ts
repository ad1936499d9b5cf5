import { useEffect, useRef } from 'react';

/**
 * A shortcut handler: gets the key (`e.key`, single letters lower-cased, so `b` and `B` are the same) and
 * returns true when it used it (the browser's default action is then prevented).
 */
export type ShortcutHandler = (key: string) => boolean;

/** Text-like fields: keys typed there are text, not shortcuts. Checkboxes, radios and buttons are not typing. */
export function isTyping(el: EventTarget | null): boolean {
  if (!(el instanceof HTMLElement)) return false;
  if (el instanceof HTMLInputElement)
    return !['checkbox', 'radio', 'button', 'submit', 'reset'].includes(el.type);
  return el instanceof HTMLSelectElement || el instanceof HTMLTextAreaElement || el.isContentEditable;
}

/** Inside an open modal dialog: the page behind it does not react to keys. */
export const inModal = (el: EventTarget | null): boolean =>
  el instanceof Element && el.closest('[aria-modal="true"]') !== null;

/** Space and Enter on a focused control activate that control; they are not shortcuts there. */
const activatesControl = (key: string, el: EventTarget | null): boolean =>
  (key === ' ' || key === 'Enter') &&
  el instanceof Element &&
  el.closest('button, a[href], summary, input, select, textarea, [role="button"]') !== null;

/** Whether a keydown is one the practice shortcuts may use. */
export function isShortcutEvent(e: KeyboardEvent): boolean {
  if (e.defaultPrevented || e.altKey || e.ctrlKey || e.metaKey || e.isComposing) return false;
  return !isTyping(e.target) && !inModal(e.target) && !activatesControl(e.key, e.target);
}

/**
 * The keyboard shortcuts of a practice view (learn, flashcards, challenge, …): one document listener while
 * `enabled`, calling the latest `handler` (no re-subscribing on every render). Ignored while typing in a
 * field, inside an `aria-modal="true"` dialog, with Ctrl/Alt/Meta held, and for Space/Enter on a focused control.
 */
export function useShortcuts(handler: ShortcutHandler, enabled = true): void {
  const latest = useRef(handler);
  useEffect(() => {
    latest.current = handler;
  });
  useEffect(() => {
    if (!enabled) return;
    const onKey = (e: KeyboardEvent) => {
      if (!isShortcutEvent(e)) return;
      const key = e.key.length === 1 ? e.key.toLowerCase() : e.key;
      if (latest.current(key)) e.preventDefault();
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [enabled]);
}

/** `1`–`n` → 0…n-1, anything else → null. */
export function digitIndex(key: string, n: number): number | null {
  if (!/^[1-9]$/.test(key)) return null;
  const i = Number(key) - 1;
  return i < n ? i : null;
}
