import { isModalOpen } from '@buergerfit/platform';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import App from '../src/App';
import { fakeExamServer } from './fake-exam';
import { renderRemote } from './util';

const heading = (name: RegExp | string) => screen.findByRole('heading', { level: 2, name });
const answerRadio = (n: number) => screen.getAllByRole('radio')[n - 1] as HTMLInputElement;
const unsureBox = () => screen.getByRole('checkbox', { name: /Not sure/ }) as HTMLInputElement;

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
    const fake = fakeExamServer();
    const user = userEvent.setup();
    await renderRemote(App, { path: '/demo', client: fake.client });
    await user.click(await screen.findByRole('button', { name: 'Start demo' }));
    await heading('Question 1 of 33');

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
    expect(fake.calls.filter((c) => c.method === 'PUT')).toHaveLength(0);

    dialog.remove();
    await user.keyboard('2');
    expect(answerRadio(2).checked).toBe(true);
    await user.keyboard('{ArrowRight}');
    await heading('Question 2 of 33');
    await waitFor(() => expect(fake.calls.filter((c) => c.method === 'PUT')).toHaveLength(1));
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
