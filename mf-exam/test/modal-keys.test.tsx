import { isModalOpen } from '@buergerfit/platform';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { answerRadio, heading, saves, startDemo, unsureBox } from './util';

/** A modal dialog over the exam, like the shell's contact dialog (role="dialog", aria-modal="true"). */
function openModal(): { dialog: HTMLElement; field: HTMLInputElement; close: HTMLButtonElement } {
  const dialog = document.createElement('div');
  dialog.setAttribute('role', 'dialog');
  dialog.setAttribute('aria-modal', 'true');
  dialog.setAttribute('aria-label', 'Contact');
  const field = document.createElement('input');
  field.type = 'checkbox';
  const close = document.createElement('button');
  close.textContent = 'Close';
  dialog.append(field, close);
  document.body.append(dialog);
  return { dialog, field, close };
}

afterEach(() => {
  for (const el of document.querySelectorAll('[aria-modal]')) el.remove();
});

describe('exam shortcuts under a modal dialog', () => {
  it('ignores 1–4, ←/→ and U while a modal dialog is open, and takes them again once it is closed', async () => {
    const { fake, user } = await startDemo();

    const { dialog, field, close } = openModal();
    // Keys typed inside the dialog (on a checkbox, which would otherwise take the shortcuts).
    field.focus();
    await user.keyboard('2');
    await user.keyboard('u');
    await user.keyboard('{ArrowRight}');
    close.focus();
    // ←/→ are left to the dialog: not prevented.
    expect(fireEvent.keyDown(close, { key: 'ArrowRight' })).toBe(true);
    expect(fireEvent.keyDown(close, { key: '3' })).toBe(true);
    // Focus outside the dialog while it is still open (e.g. a click on the page behind it).
    (document.activeElement as HTMLElement | null)?.blur();
    await user.keyboard('4');
    expect(screen.getByRole('heading', { level: 2, name: 'Question 1 of 33' })).toBeTruthy();
    expect(screen.getAllByRole('radio').some((r) => (r as HTMLInputElement).checked)).toBe(false);
    expect(unsureBox().checked).toBe(false);
    expect(saves(fake)).toHaveLength(0);

    dialog.remove();
    await user.keyboard('2');
    expect(answerRadio(2).checked).toBe(true);
    await user.keyboard('{ArrowRight}');
    await heading('Question 2 of 33');
    await waitFor(() => expect(saves(fake)).toHaveLength(1));
  });

  it('tells an open modal (or a key from inside one) from a hidden or non-modal dialog', () => {
    const outside = document.createElement('button');
    document.body.append(outside);
    expect(isModalOpen(outside)).toBe(false);
    const { dialog, close } = openModal();
    expect(isModalOpen(close)).toBe(true);
    expect(isModalOpen(outside)).toBe(true);
    dialog.hidden = true;
    expect(isModalOpen(outside)).toBe(false);
    // A key from inside a dialog still belongs to it.
    expect(isModalOpen(close)).toBe(true);
    dialog.remove();
    const nonModal = document.createElement('div');
    nonModal.setAttribute('role', 'dialog');
    nonModal.setAttribute('aria-modal', 'false');
    document.body.append(nonModal);
    expect(isModalOpen(outside)).toBe(false);
    nonModal.remove();
    outside.remove();
  });
});
