import { cleanup, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { LanguageTag } from '../src';
import { ReportDialog, type ReportText } from '../src/question';

afterEach(cleanup);

const TEXTS: Record<string, string> = {
  title: 'Report a problem',
  close: 'Close',
  intro: 'What is wrong with question 72?',
  kind: 'What is wrong?',
  text: 'What did you notice?',
  textHint: 'For example the wrong word.',
  counter: '{{count}}/{{max}}',
  send: 'Send report',
  sending: 'Sending…',
  cancel: 'Cancel',
  'errors.kindRequired': 'Choose what is wrong.',
  'errors.textRequired': 'Describe the problem.',
  'errors.textTooLong': 'Use at most {{max}} characters.',
  failed: 'The report could not be sent. Please try again.',
  rateLimited: 'You have sent several reports in a short time.',
  retry: 'Try again',
  success: 'Thank you! Your report has been sent.',
  done: 'Done',
  'kinds.translation': 'The translation',
  'kinds.explanation': 'The explanation',
  'kinds.other': 'Something else',
};
const text = (key: ReportText, values: Record<string, number> = {}) =>
  (TEXTS[key] ?? key).replace(/{{(\w+)}}/g, (_, name: string) => String(values[name]));

function Harness({ send }: { send: (r: { kind: string; text: string }) => Promise<unknown> }) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <button type="button" onClick={() => setOpen(true)}>
        Open
      </button>
      <ReportDialog
        open={open}
        onClose={() => setOpen(false)}
        kinds={['translation', 'explanation', 'other'] as const}
        max={20}
        text={text}
        send={send}
      />
    </>
  );
}

const dialog = () => screen.getByRole('dialog', { name: 'Report a problem' });

// A worker's first render and first opened dialog pay for React's and jsdom's start (seconds on a loaded machine):
// paid once here, so each test's time is its own work.
beforeAll(async () => {
  const user = userEvent.setup({ delay: null });
  render(<Harness send={async () => ({ id: 'warm' })} />);
  await user.click(screen.getByRole('button', { name: 'Open' }));
  cleanup();
});

describe('ReportDialog', () => {
  it('checks the choice and the text before sending and counts the characters', async () => {
    const user = userEvent.setup({ delay: null });
    const send = vi.fn(async () => ({ id: 'r1' }));
    render(<Harness send={send} />);
    await user.click(screen.getByRole('button', { name: 'Open' }));
    const d = dialog();
    expect(within(d).getByText('What is wrong with question 72?')).toBeTruthy();
    const group = within(d).getByRole('group', { name: 'What is wrong?' });
    expect(
      within(group)
        .getAllByRole('radio')
        .map((r) => r.getAttribute('value')),
    ).toEqual(['translation', 'explanation', 'other']);
    // The first choice has the focus.
    expect(document.activeElement).toBe(within(group).getByRole('radio', { name: 'The translation' }));

    // Nothing chosen, nothing written: both problems shown, nothing sent.
    await user.click(within(d).getByRole('button', { name: 'Send report' }));
    expect(within(d).getByText('Choose what is wrong.')).toBeTruthy();
    expect(within(d).getByText('Describe the problem.')).toBeTruthy();
    expect(send).not.toHaveBeenCalled();

    await user.click(within(group).getByRole('radio', { name: 'The explanation' }));
    expect(within(d).queryByText('Choose what is wrong.')).toBeNull();
    const box = within(d).getByRole('textbox', { name: 'What did you notice?' });
    expect(within(d).getByText('0/20')).toBeTruthy();
    // Pasted: one input event, so the test never waits on a keystroke per character (a loaded machine is slow at it).
    await user.click(box);
    await user.paste('Das Jahr ist falsch, 1949!');
    expect(within(d).getByText('26/20').className).toMatch(/counterOver/);
    await user.click(within(d).getByRole('button', { name: 'Send report' }));
    expect(within(d).getByText('Use at most 20 characters.')).toBeTruthy();
    expect(box.getAttribute('aria-invalid')).toBe('true');
    expect(document.activeElement).toBe(box);
    expect(send).not.toHaveBeenCalled();
  });

  it('sends the choice and the trimmed text, thanks the learner, and starts a new report when opened again', async () => {
    const user = userEvent.setup({ delay: null });
    const send = vi.fn(async () => ({ id: 'r1' }));
    render(<Harness send={send} />);
    await user.click(screen.getByRole('button', { name: 'Open' }));
    const d = dialog();
    await user.click(within(d).getByRole('radio', { name: 'The explanation' }));
    await user.click(within(d).getByRole('textbox', { name: 'What did you notice?' }));
    await user.paste('  Falsches Jahr. ');
    await user.click(within(d).getByRole('button', { name: 'Send report' }));
    expect(send).toHaveBeenCalledWith({ kind: 'explanation', text: 'Falsches Jahr.' });
    expect((await within(d).findByRole('status')).textContent).toBe('Thank you! Your report has been sent.');

    // Done closes it; opened again, it starts a new report.
    await user.click(within(d).getByRole('button', { name: 'Done' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Open' }));
    expect(within(dialog()).getByText('0/20')).toBeTruthy();
    expect(
      within(dialog())
        .getAllByRole('radio')
        .some((r) => (r as HTMLInputElement).checked),
    ).toBe(false);
  });

  it('keeps the report when sending fails and offers Try again; too many reports has its own message', async () => {
    const user = userEvent.setup({ delay: null });
    const send = vi
      .fn<(r: { kind: string; text: string }) => Promise<unknown>>()
      .mockRejectedValueOnce(Object.assign(new Error('offline'), { status: 0 }))
      .mockRejectedValueOnce(Object.assign(new Error('429'), { status: 429 }))
      .mockResolvedValueOnce({ id: 'r2' });
    render(<Harness send={send} />);
    await user.click(screen.getByRole('button', { name: 'Open' }));
    const d = dialog();
    await user.click(within(d).getByRole('radio', { name: 'Something else' }));
    await user.click(within(d).getByRole('textbox'));
    await user.paste('Tippfehler');
    await user.click(within(d).getByRole('button', { name: 'Send report' }));
    const alert = await within(d).findByRole('alert');
    expect(alert.textContent).toContain('The report could not be sent. Please try again.');
    expect((within(d).getByRole('textbox') as HTMLTextAreaElement).value).toBe('Tippfehler');

    await user.click(within(alert).getByRole('button', { name: 'Try again' }));
    expect((await within(d).findByRole('alert')).textContent).toContain(
      'You have sent several reports in a short time.',
    );
    await user.click(within(d).getByRole('button', { name: 'Try again' }));
    expect(await within(d).findByRole('status')).toBeTruthy();
    expect(send).toHaveBeenCalledTimes(3);
    expect(send).toHaveBeenLastCalledWith({ kind: 'other', text: 'Tippfehler' });
  });

  it('keeps a draft when closed before sending', async () => {
    const user = userEvent.setup({ delay: null });
    render(<Harness send={vi.fn(async () => ({}))} />);
    await user.click(screen.getByRole('button', { name: 'Open' }));
    await user.click(within(dialog()).getByRole('textbox'));
    await user.paste('Entwurf');
    await user.click(within(dialog()).getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Open' }));
    expect((within(dialog()).getByRole('textbox') as HTMLTextAreaElement).value).toBe('Entwurf');
  });
});

describe('LanguageTag', () => {
  it('shows the code and tells screen readers the language', () => {
    render(
      <p>
        <LanguageTag code="hr" name="Hrvatski" />
      </p>,
    );
    const code = screen.getByText('HR');
    expect(code.getAttribute('aria-hidden')).toBe('true');
    expect(screen.getByText('Hrvatski').className).toMatch(/visuallyHidden/);
    expect(code.parentElement?.getAttribute('title')).toBe('Hrvatski');
  });
});
