import { resources } from '@buergerfit/locales';
import {
  createQueryClient,
  initI18n,
  MemoryRouter,
  PlatformProviders,
  writeStoredFederalState,
} from '@buergerfit/platform';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import i18next from 'i18next';
import { useState } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ExamTexts } from '../src/i18n';
import { StartScreen } from '../src/StartScreen';
import { fakeExamServer, STATES } from './fake-exam';
import { serverMarkup, tapNow } from './util';

afterEach(async () => {
  await i18next.changeLanguage('en');
  writeStoredFederalState(null);
});

/** What the exam page does with a start (see ExamPage): "Starting…" while it runs; a failure shows its message. */
let failStart = () => {};
function StartPage({ onStart }: { onStart: (state: string, chosen: boolean) => void }) {
  const [starting, setStarting] = useState(false);
  const [error, setError] = useState<string | null>(null);
  failStart = () => {
    setStarting(false);
    setError('The test could not be started.');
  };
  return (
    <StartScreen
      kind="demo"
      starting={starting}
      error={error}
      onStart={(state, chosen) => {
        onStart(state, chosen);
        setStarting(true);
        setError(null);
      }}
    />
  );
}

/** The start screen of the demo for a guest, its federal states already loaded (as the server renders it). */
function startScreen(onStart: (state: string, chosen: boolean) => void) {
  const fake = fakeExamServer();
  const queryClient = createQueryClient();
  queryClient.setQueryData(['federal-states', 'en'], STATES);
  return (
    <MemoryRouter initialEntries={['/demo']}>
      <PlatformProviders queryClient={queryClient} client={fake.client}>
        <ExamTexts>
          <StartPage onStart={onStart} />
        </ExamTexts>
      </PlatformProviders>
    </MemoryRouter>
  );
}

describe('the start form', () => {
  it('submitting it starts once with the state picked; after a failed start it still shows and sends it', async () => {
    await initI18n(resources, 'en');
    const onStart = vi.fn();
    const user = userEvent.setup();
    const { container, hydrate } = await serverMarkup(startScreen(onStart));
    await hydrate();
    const select = within(container).getByLabelText(
      'Federal state for the state questions',
    ) as HTMLSelectElement;
    await user.selectOptions(select, 'HH');
    await user.click(within(container).getByRole('button', { name: 'Start demo' }));
    expect(onStart.mock.calls).toEqual([['HH', true]]);
    const starting = within(container).getByRole('button', { name: 'Starting…' }) as HTMLButtonElement;
    expect(starting.disabled).toBe(true);
    // The start failed (the screen stays): Hamburg is still the one shown, and the one sent again.
    act(() => failStart());
    expect(within(container).getByRole('alert').textContent).toBe('The test could not be started.');
    expect(select.value).toBe('HH');
    await user.click(within(container).getByRole('button', { name: 'Start demo' }));
    expect(onStart.mock.calls).toEqual([
      ['HH', true],
      ['HH', true],
    ]);
    expect(select.value).toBe('HH');
  });

  it('a tap on Start shows "Starting…" at once, within the tap: a second tap finds the button disabled', async () => {
    const onStart = vi.fn();
    const { container, hydrate } = await serverMarkup(startScreen(onStart));
    await hydrate();
    tapNow(within(container).getByRole('button', { name: 'Start demo' }));
    const button = within(container).getByRole('button', { name: 'Starting…' }) as HTMLButtonElement;
    expect(button.disabled).toBe(true);
    await userEvent.click(button);
    expect(onStart.mock.calls).toEqual([['BE', false]]);
  });

  it('in the server markup Start is an enabled submit button of the form, with the state select in it', async () => {
    const { container } = await serverMarkup(startScreen(() => {}));
    const button = within(container).getByRole('button', { name: 'Start demo' }) as HTMLButtonElement;
    expect(button.type).toBe('submit');
    expect(button.disabled).toBe(false);
    const select = within(container).getByLabelText(
      'Federal state for the state questions',
    ) as HTMLSelectElement;
    expect(select.disabled).toBe(false);
    expect(select.form).toBe(button.form);
    expect(new FormData(button.form as HTMLFormElement).get('state')).toBe('BE');
  });

  it('a tap on Start before the scripts ran starts once, with Berlin left as it was (not chosen)', async () => {
    const onStart = vi.fn();
    const { container, hydrate, errors } = await serverMarkup(startScreen(onStart));
    await userEvent.click(within(container).getByRole('button', { name: 'Start demo' }));
    expect(onStart).not.toHaveBeenCalled();
    await hydrate();
    await waitFor(() => expect(onStart).toHaveBeenCalled());
    expect(onStart.mock.calls).toEqual([['BE', false]]);
    expect(errors).toEqual([]);
  });

  it('two taps on Start before the scripts ran start once', async () => {
    const onStart = vi.fn();
    const { container, hydrate } = await serverMarkup(startScreen(onStart));
    const start = within(container).getByRole('button', { name: 'Start demo' });
    await userEvent.click(start);
    await userEvent.click(start);
    await hydrate();
    await waitFor(() => expect(within(container).getByRole('button', { name: 'Starting…' })).toBeTruthy());
    expect(onStart.mock.calls).toEqual([['BE', false]]);
  });

  it('a state picked and Start tapped before the scripts ran: started once with that state, as chosen', async () => {
    const onStart = vi.fn();
    const { container, hydrate, errors } = await serverMarkup(startScreen(onStart));
    const select = within(container).getByLabelText(
      'Federal state for the state questions',
    ) as HTMLSelectElement;
    await userEvent.selectOptions(select, 'HH');
    await userEvent.click(within(container).getByRole('button', { name: 'Start demo' }));
    await hydrate();
    await waitFor(() => expect(onStart).toHaveBeenCalled());
    expect(onStart.mock.calls).toEqual([['HH', true]]);
    // What was started is what is shown.
    expect(select.value).toBe('HH');
    expect(errors).toEqual([]);
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('a guest whose browser keeps a state (the server cannot see it) taps Start before the scripts ran, the select as the server made it: started once with the kept state, as the page then shows', async () => {
    const onStart = vi.fn();
    // The server made the page with Berlin preselected: it does not know this browser's choice.
    const { container, hydrate, errors } = await serverMarkup(startScreen(onStart));
    const select = within(container).getByLabelText(
      'Federal state for the state questions',
    ) as HTMLSelectElement;
    expect(select.value).toBe('BE');
    writeStoredFederalState('BY');
    await userEvent.click(within(container).getByRole('button', { name: 'Start demo' }));
    await hydrate();
    await waitFor(() => expect(onStart).toHaveBeenCalled());
    expect(onStart.mock.calls).toEqual([['BY', false]]);
    // Hydrated as made (no mismatch, which would have thrown the tap away), then showing the kept state.
    expect(errors).toEqual([]);
    expect(select.value).toBe('BY');
    expect(within(container).getByTestId('state-default').textContent).toContain('Bavaria');
  });

  it('the same guest who picked another state before the scripts ran: started with that state, as chosen', async () => {
    const onStart = vi.fn();
    const { container, hydrate } = await serverMarkup(startScreen(onStart));
    writeStoredFederalState('BY');
    const select = within(container).getByLabelText(
      'Federal state for the state questions',
    ) as HTMLSelectElement;
    await userEvent.selectOptions(select, 'HH');
    await userEvent.click(within(container).getByRole('button', { name: 'Start demo' }));
    await hydrate();
    await waitFor(() => expect(onStart).toHaveBeenCalled());
    expect(onStart.mock.calls).toEqual([['HH', true]]);
  });
});
