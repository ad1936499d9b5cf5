import type { ContactReceipt, User } from '@buergerfit/contract';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import i18next from 'i18next';
import { useState } from 'react';
import { afterEach, describe, expect, it, type Mock, vi } from 'vitest';
import ContactDialog, { validateContact } from '../src/ContactDialog';
import { fakeApi, json, renderRemote, testUser } from './util';

const USER: User = testUser({
  id: '00000000-0000-4000-8000-000000000001',
  name: 'Ana Horvat',
  email: 'ana@example.org',
  preferredLanguage: 'en',
  federalState: 'BE',
  onboarded: true,
});

/** The BFF's receipt of a stored message. */
const receipt = (n: number, receivedAt = '2025-10-01T10:00:00.000Z'): ContactReceipt => ({
  id: `6f1c2d3e-4a5b-4c6d-8e7f-${String(n).padStart(12, '0')}`,
  receivedAt,
});

/** A host like the shell's: a button opens the dialog, the dialog's onClose closes it. */
function Host({ onClose = () => {} }: { onClose?: () => void }) {
  const [open, setOpen] = useState(true);
  return (
    <>
      <button type="button" onClick={() => setOpen(true)}>
        open contact
      </button>
      <ContactDialog
        open={open}
        onClose={() => {
          onClose();
          setOpen(false);
        }}
      />
    </>
  );
}

/** Lets pending promises (the fake fetch, response parsing) settle; setImmediate is never faked here. */
async function settle() {
  for (let i = 0; i < 5; i++) await act(() => new Promise<void>((resolve) => setImmediate(resolve)));
}

const field = (name: string) => screen.getByLabelText(name) as HTMLInputElement;

/** Escape on a native modal dialog: the browser fires `cancel` on it (jsdom does not, so the test does). */
const pressEscape = () => fireEvent(screen.getByRole('dialog'), new Event('cancel', { cancelable: true }));

async function openDialog(routes: Parameters<typeof fakeApi>[0] = {}, onClose = vi.fn()) {
  const api = fakeApi(routes);
  await renderRemote(() => <Host onClose={onClose} />, { path: '/', client: api.client });
  const dialog = screen.getByRole('dialog', { name: 'Contact us' });
  // Focus moves into the dialog after 100 ms (spec §4); interact after that.
  await waitFor(() => expect(dialog.contains(document.activeElement)).toBe(true));
  return { ...api, dialog, onClose };
}

async function fillValid(user = userEvent.setup()) {
  await user.type(field('Name'), 'Ana');
  await user.type(field('Email'), 'ana@example.org');
  await user.selectOptions(field('Subject'), 'technical');
  await user.type(field('Message'), 'The timer does not stop.');
}

afterEach(async () => {
  vi.useRealTimers();
  if (i18next.isInitialized) await i18next.changeLanguage('en');
});

describe('contact validation (spec §5)', () => {
  it('checks every field with the spec rules', () => {
    expect(validateContact({ name: ' ', email: '', subject: '', message: '  ' })).toEqual({
      name: 'nameRequired',
      email: 'emailRequired',
      subject: 'subjectRequired',
      message: 'messageRequired',
    });
    for (const email of ['a b@c.de', 'ab.de', 'a@b', 'a@b.', '@b.de', 'a@ b.de'])
      expect(validateContact({ name: 'A', email, subject: 'general', message: 'Hi' }).email).toBe(
        'emailInvalid',
      );
    expect(validateContact({ name: 'A', email: 'a@b.de', subject: 'other', message: 'Hi' })).toEqual({
      subject: 'subjectRequired',
    });
    expect(
      validateContact({ name: 'A', email: 'a@b.de', subject: 'general', message: 'x'.repeat(1001) }),
    ).toEqual({ message: 'messageTooLong' });
    expect(
      validateContact({ name: 'A', email: 'a@b.de', subject: 'general', message: 'x'.repeat(1000) }),
    ).toEqual({});
    expect(validateContact({ name: ' A ', email: ' a@b.de ', subject: 'feedback', message: 'Hi' })).toEqual(
      {},
    );
  });
});

describe('contact dialog (spec §2, §4, §5, §8)', () => {
  it('is a native modal dialog named by its title, with name, email, subject (feedback, technical, general), message with a counter n/1000 and a close control', async () => {
    const { dialog } = await openDialog();
    expect(dialog.tagName).toBe('DIALOG');
    expect(dialog.hasAttribute('open')).toBe(true);
    expect(within(dialog).getByRole('heading', { level: 2, name: 'Contact us' })).toBeTruthy();
    expect(field('Name').tagName).toBe('INPUT');
    expect(field('Email').type).toBe('email');
    const options = within(field('Subject')).getAllByRole('option') as HTMLOptionElement[];
    expect(options.map((o) => o.value)).toEqual(['', 'feedback', 'technical', 'general']);
    expect(field('Message').tagName).toBe('TEXTAREA');
    expect(within(dialog).getByText('0/1000')).toBeTruthy();
    expect(within(dialog).getByRole('button', { name: 'Close dialog' })).toBeTruthy();
    // The counter describes the message field.
    expect(field('Message').getAttribute('aria-describedby')).toBe(within(dialog).getByText('0/1000').id);
    await userEvent.type(field('Message'), 'Hello');
    expect(within(dialog).getByText('5/1000')).toBeTruthy();
  });

  it('shows the spec messages, marks the fields invalid and focuses the first one', async () => {
    const { dialog, fetchMock } = await openDialog();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Send' }));
    for (const text of [
      'Name is required',
      'Email is required',
      'Subject is required',
      'Message is required',
    ])
      expect(screen.getByText(text)).toBeTruthy();
    expect(field('Name').getAttribute('aria-invalid')).toBe('true');
    expect(field('Name').getAttribute('aria-describedby')).toBe(screen.getByText('Name is required').id);
    expect(document.activeElement).toBe(field('Name'));

    await userEvent.type(field('Name'), '   ');
    await userEvent.type(field('Email'), 'ana@example');
    await userEvent.click(field('Message'));
    await userEvent.paste('x'.repeat(1001));
    expect(screen.getByText('1001/1000')).toBeTruthy();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Send' }));
    expect(screen.getByText('Name is required')).toBeTruthy();
    expect(screen.getByText('Please enter a valid email address')).toBeTruthy();
    expect(screen.getByText('Message must not exceed 1000 characters')).toBeTruthy();
    expect(fetchMock.mock.calls.some(([url]) => String(url).includes('/contact'))).toBe(false);
  });

  it('uses the Croatian name-required message', async () => {
    const { dialog } = await openDialog();
    await act(() => i18next.changeLanguage('hr'));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Pošalji' }));
    expect(screen.getByText('Ime je obavezno')).toBeTruthy();
  });

  it('editing a field clears its error, and only its error', async () => {
    const { dialog } = await openDialog();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Send' }));
    await userEvent.type(field('Name'), 'A');
    expect(screen.queryByText('Name is required')).toBeNull();
    expect(screen.getByText('Email is required')).toBeTruthy();
    await userEvent.type(field('Email'), 'a');
    expect(screen.queryByText('Email is required')).toBeNull();
    await userEvent.selectOptions(field('Subject'), 'feedback');
    expect(screen.queryByText('Subject is required')).toBeNull();
    expect(screen.getByText('Message is required')).toBeTruthy();
    await userEvent.type(field('Message'), 'a');
    expect(screen.queryByText('Message is required')).toBeNull();
    expect(field('Message').getAttribute('aria-invalid')).toBeNull();
  });

  it('moves focus to the name field 100 ms after opening; closing closes the native dialog', async () => {
    // The browser traps focus in a modal <dialog>, makes the page behind it inert, and gives focus back to the
    // opener on close; the page's scroll is locked while one is open (@buergerfit/ui's Dialog). jsdom has none
    // of that, so this checks what the component itself does.
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    const { client } = fakeApi({});
    await renderRemote(() => <Host />, { path: '/', client });
    const dialog = screen.getByRole('dialog', { name: 'Contact us' });
    act(() => vi.advanceTimersByTime(99));
    expect(document.activeElement).not.toBe(field('Name'));
    act(() => vi.advanceTimersByTime(1));
    expect(document.activeElement).toBe(field('Name'));

    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(dialog.hasAttribute('open')).toBe(false);
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('a tap on the backdrop closes it', async () => {
    const onClose = vi.fn();
    const { dialog } = await openDialog({}, onClose);
    fireEvent.click(dialog); // the <dialog> itself, outside its box: the backdrop
    expect(onClose).toHaveBeenCalledTimes(1);
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('Escape closes; the close button and cancel close', async () => {
    const onClose = vi.fn();
    await openDialog({}, onClose);
    pressEscape();
    expect(onClose).toHaveBeenCalledTimes(1);
    expect(screen.queryByRole('dialog')).toBeNull();
    await userEvent.click(screen.getByRole('button', { name: 'open contact' }));
    await userEvent.click(screen.getByRole('button', { name: 'Close dialog' }));
    expect(onClose).toHaveBeenCalledTimes(2);
    await userEvent.click(screen.getByRole('button', { name: 'open contact' }));
    await userEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(onClose).toHaveBeenCalledTimes(3);
  });

  it('while submitting, send, close and cancel are disabled and Escape does not close', async () => {
    let answer: (res: Response) => void = () => {};
    const onClose = vi.fn();
    const { dialog } = await openDialog(
      { '/api/en/contact': () => new Promise<Response>((resolve) => (answer = resolve)) },
      onClose,
    );
    await fillValid();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Send' }));
    const sending = within(dialog).getByRole('button', { name: 'Sending…' }) as HTMLButtonElement;
    expect(sending.disabled).toBe(true);
    expect((within(dialog).getByRole('button', { name: 'Close dialog' }) as HTMLButtonElement).disabled).toBe(
      true,
    );
    expect((within(dialog).getByRole('button', { name: 'Cancel' }) as HTMLButtonElement).disabled).toBe(true);
    pressEscape();
    expect(onClose).not.toHaveBeenCalled();
    expect(screen.getByRole('dialog')).toBeTruthy();
    answer(json(201, receipt(0, new Date().toISOString())));
    await screen.findByRole('status');
  });

  it('sends the trimmed message; success shows a confirmation for 2 s, then resets (prefilled from the user) and closes', async () => {
    const onClose = vi.fn();
    let sent: unknown = null;
    const { fetchMock, dialog } = await openDialog(
      {
        '/api/user/me': () => json(200, USER),
        '/api/en/contact': () => json(201, receipt(1)),
      },
      onClose,
    );
    // The signed-in user's name and email are prefilled.
    await waitFor(() => expect(field('Name').value).toBe('Ana Horvat'));
    expect(field('Email').value).toBe('ana@example.org');
    const user = userEvent.setup();
    await user.clear(field('Name'));
    await user.type(field('Name'), '  Ana H.  ');
    await user.selectOptions(field('Subject'), 'feedback');
    await user.type(field('Message'), 'Great app!');

    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Send' }));
    await settle();
    const call = fetchMock.mock.calls.find(([url]) => url === '/api/en/contact');
    expect(call?.[1]?.method).toBe('POST');
    sent = JSON.parse(String(call?.[1]?.body));
    expect(sent).toEqual({
      name: 'Ana H.',
      email: 'ana@example.org',
      subject: 'feedback',
      message: 'Great app!',
    });

    expect(screen.getByRole('status').textContent).toBe('Thank you! Your message has been sent.');
    act(() => vi.advanceTimersByTime(1999));
    expect(onClose).not.toHaveBeenCalled();
    expect(screen.getByRole('status')).toBeTruthy();
    act(() => vi.advanceTimersByTime(1));
    expect(onClose).toHaveBeenCalledTimes(1);
    expect(screen.queryByRole('dialog')).toBeNull();
    vi.useRealTimers();

    await userEvent.click(screen.getByRole('button', { name: 'open contact' }));
    expect(field('Name').value).toBe('Ana Horvat');
    expect(field('Email').value).toBe('ana@example.org');
    expect(field('Subject').value).toBe('');
    expect(field('Message').value).toBe('');
    expect(screen.getByText('0/1000')).toBeTruthy();
  });

  /** Sends a valid message and waits for the confirmation, with setTimeout faked from the send on. */
  async function sendAndConfirm(onClose: Mock<() => void>) {
    const { dialog } = await openDialog(
      {
        '/api/user/me': () => json(200, USER),
        '/api/en/contact': () => json(201, receipt(2)),
      },
      onClose,
    );
    await waitFor(() => expect(field('Name').value).toBe('Ana Horvat'));
    const user = userEvent.setup();
    await user.selectOptions(field('Subject'), 'general');
    await user.type(field('Message'), 'Closed during the confirmation.');
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Send' }));
    await settle();
    expect(screen.getByRole('status').textContent).toBe('Thank you! Your message has been sent.');
    act(() => vi.advanceTimersByTime(500));
  }

  /** After an early close: the timer is gone, and reopening within 2 s shows a fresh, prefilled form. */
  function expectFinishedOnce(onClose: Mock<() => void>) {
    expect(onClose).toHaveBeenCalledTimes(1);
    expect(screen.queryByRole('dialog')).toBeNull();
    act(() => vi.advanceTimersByTime(500));
    fireEvent.click(screen.getByRole('button', { name: 'open contact' }));
    const dialog = screen.getByRole('dialog', { name: 'Contact us' });
    expect(within(dialog).queryByRole('status')).toBeNull();
    expect(field('Name').value).toBe('Ana Horvat');
    expect(field('Email').value).toBe('ana@example.org');
    expect(field('Subject').value).toBe('');
    expect(field('Message').value).toBe('');
    // Past the original 2 s: nothing closes the reopened dialog and onClose is not called again.
    act(() => vi.advanceTimersByTime(5000));
    expect(onClose).toHaveBeenCalledTimes(1);
    expect(screen.getByRole('dialog', { name: 'Contact us' })).toBeTruthy();
    expect(field('Name').value).toBe('Ana Horvat');
  }

  it('Escape during the success confirmation finishes it at once: one onClose, reset form, no timer left', async () => {
    const onClose = vi.fn();
    await sendAndConfirm(onClose);
    pressEscape();
    expectFinishedOnce(onClose);
  });

  it('the close button during the success confirmation finishes it at once as well', async () => {
    const onClose = vi.fn();
    await sendAndConfirm(onClose);
    fireEvent.click(screen.getByRole('button', { name: 'Close dialog' }));
    expectFinishedOnce(onClose);
  });

  it('hidden by the host during the confirmation (e.g. a route change), it resets and never calls onClose', async () => {
    const onClose = vi.fn();
    function HidingHost() {
      const [open, setOpen] = useState(true);
      return (
        <>
          <button type="button" onClick={() => setOpen(!open)}>
            toggle contact
          </button>
          <ContactDialog open={open} onClose={onClose} />
        </>
      );
    }
    const { client } = fakeApi({
      '/api/en/contact': () => json(201, receipt(3)),
    });
    await renderRemote(() => <HidingHost />, { path: '/', client });
    await waitFor(() => expect(document.activeElement).toBe(field('Name')));
    await fillValid();
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    fireEvent.click(screen.getByRole('button', { name: 'Send' }));
    await settle();
    expect(screen.getByRole('status')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'toggle contact' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    act(() => vi.advanceTimersByTime(5000));
    expect(onClose).not.toHaveBeenCalled();
    fireEvent.click(screen.getByRole('button', { name: 'toggle contact' }));
    expect(screen.queryByRole('status')).toBeNull();
    expect(field('Message').value).toBe('');
  });

  it('on failure shows the spec message, keeps the form and logs the error', async () => {
    const logged = vi.spyOn(console, 'error').mockImplementation(() => {});
    const onClose = vi.fn();
    const { dialog } = await openDialog(
      { '/api/en/contact': () => json(500, { error: { code: 'internal', message: 'Internal error' } }) },
      onClose,
    );
    await fillValid();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Send' }));
    expect((await screen.findByRole('alert')).textContent).toBe('Failed to send. Please try again.');
    expect(field('Name').value).toBe('Ana');
    expect(field('Email').value).toBe('ana@example.org');
    expect(field('Subject').value).toBe('technical');
    expect(field('Message').value).toBe('The timer does not stop.');
    expect(logged).toHaveBeenCalled();
    expect(onClose).not.toHaveBeenCalled();
    expect((within(dialog).getByRole('button', { name: 'Send' }) as HTMLButtonElement).disabled).toBe(false);
  });

  it('a network failure is a failure too', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const { dialog } = await openDialog({
      '/api/en/contact': () => Promise.reject(new TypeError('Failed to fetch')),
    });
    await fillValid();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Send' }));
    expect((await screen.findByRole('alert')).textContent).toBe('Failed to send. Please try again.');
    expect(field('Message').value).toBe('The timer does not stop.');
  });

  it('maps 429 to a clear rate-limit message and keeps the form', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const { dialog } = await openDialog({
      '/api/en/contact': () =>
        json(429, { error: { code: 'rate_limited', message: 'Too many messages from your network.' } }),
    });
    await fillValid();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Send' }));
    expect((await screen.findByRole('alert')).textContent).toMatch(/wait 15 minutes/);
    expect(field('Message').value).toBe('The timer does not stop.');
  });

  it("shows the server's 400 field messages next to the fields", async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const { dialog } = await openDialog({
      '/api/en/contact': () =>
        json(400, {
          error: {
            code: 'invalid_input',
            message: 'The request is not valid.',
            details: [{ path: 'email', message: 'Please enter a valid email address', code: 'custom' }],
          },
        }),
    });
    await fillValid();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Send' }));
    expect(await screen.findByText('Please enter a valid email address')).toBeTruthy();
    expect(field('Email').getAttribute('aria-invalid')).toBe('true');
    // Only the field's message: no general failure.
    expect(screen.queryByText('Failed to send. Please try again.')).toBeNull();
  });
});
