/** True when a key press belongs to a text field (typing), not to the exam's shortcuts. */
export function isTypingTarget(target: EventTarget | null): boolean {
  if (!(target instanceof HTMLElement)) return false;
  if (target.isContentEditable) return true;
  if (target instanceof HTMLTextAreaElement || target instanceof HTMLSelectElement) return true;
  if (target instanceof HTMLInputElement) {
    // Radio buttons and checkboxes take the shortcuts; text-like inputs do not.
    return !['radio', 'checkbox', 'button', 'submit', 'reset'].includes(target.type);
  }
  return false;
}

const MODAL = '[aria-modal="true"]';

/**
 * True when a modal dialog is open over the exam (the contact dialog, a legal page on a narrow screen…) or the
 * key press comes from inside one: its keys belong to the dialog, not to the exam underneath.
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

export type ExamShortcut = { kind: 'choose'; index: number } | { kind: 'previous' | 'next' | 'unsure' };

/**
 * 1–4 choose, ←/→ move, U toggles unsure; anything else (or with a modifier, while typing, or with a modal
 * dialog open) is not ours. ↑/↓ are left to scroll the page.
 */
export function shortcutFor(event: KeyboardEvent): ExamShortcut | null {
  if (event.ctrlKey || event.metaKey || event.altKey || event.defaultPrevented) return null;
  if (isTypingTarget(event.target)) return null;
  const shortcut = shortcutOfKey(event.key);
  // Checked last: only keys that would be ours pay for looking for a dialog.
  return shortcut && !isModalOpen(event.target) ? shortcut : null;
}

function shortcutOfKey(key: string): ExamShortcut | null {
  if (['1', '2', '3', '4'].includes(key)) return { kind: 'choose', index: Number(key) - 1 };
  if (key === 'ArrowLeft') return { kind: 'previous' };
  if (key === 'ArrowRight') return { kind: 'next' };
  if (key === 'u' || key === 'U') return { kind: 'unsure' };
  return null;
}
