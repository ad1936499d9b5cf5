import { resources } from '@buergerfit/locales';
import { createQueryClient, initI18n, MemoryRouter, PlatformProviders } from '@buergerfit/platform';
import { act, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { hydrateRoot, type Root } from 'react-dom/client';
import { prerender } from 'react-dom/static';
import { afterEach, describe, expect, it, vi } from 'vitest';
import App from '../src/App';
import { fakeApi } from './util';

const cleanups: (() => void)[] = [];
afterEach(() => {
  for (const cleanup of cleanups.splice(0)) cleanup();
});

const landing = () => (
  <MemoryRouter initialEntries={['/']}>
    <PlatformProviders
      queryClient={createQueryClient()}
      client={fakeApi({ '/api/en/analytics/events': () => new Response(null, { status: 204 }) }).client}
      checkSession={false}
    >
      <App basename="/" />
    </PlatformProviders>
  </MemoryRouter>
);

describe('the FAQ of the server-rendered landing page', () => {
  it('opens with no script, and stays as the learner left it when React hydrates the page', async () => {
    await initI18n(resources, 'en');
    // React's server and client renderers in one test process share the context objects; React's development build
    // then warns about two renderers, which two separate machines never are.
    const log = console.error;
    const logged: string[] = [];
    const quiet = vi.spyOn(console, 'error').mockImplementation((...args: unknown[]) => {
      if (String(args[0]).startsWith('Detected multiple renderers')) return;
      logged.push(String(args[0]));
      log(...args);
    });
    cleanups.push(() => quiet.mockRestore());
    const { prelude } = await prerender(landing());
    const container = document.createElement('div');
    document.body.append(container);
    container.innerHTML = await new Response(prelude).text();
    let root: Root | undefined;
    cleanups.push(() => {
      root?.unmount();
      container.remove();
    });
    const faq = container.querySelector('#faq') as HTMLElement;
    const summary = within(faq)
      .getByRole('heading', { level: 3, name: 'What is Bürgerfit?' })
      .closest('summary');
    const details = summary?.parentElement as HTMLDetailsElement;
    expect(details.open).toBe(false);
    // The learner taps the first question before any script ran: the browser opens it.
    await userEvent.click(summary as HTMLElement);
    expect(details.open).toBe(true);

    const errors: unknown[] = [];
    await act(async () => {
      root = hydrateRoot(container, landing(), { onRecoverableError: (error) => errors.push(error) });
    });
    // Hydrated (a plan's button answers now), the markup kept, the answer still open: the tap counted once.
    const pricing = container.querySelector('#pricing') as HTMLElement;
    await userEvent.click(within(pricing).getByRole('button', { name: 'Start for free' }));
    await waitFor(() => expect(within(pricing).getByText(/^Noted: Free/)).toBeTruthy());
    expect(container.querySelector('#faq')).toBe(faq);
    expect(details.open).toBe(true);
    expect(errors).toEqual([]);
    // The open answer is the learner's doing, not a server/client mismatch to report.
    expect(logged.filter((message) => /hydrat/i.test(message))).toEqual([]);
    // And it closes again on the next tap.
    await userEvent.click(summary as HTMLElement);
    expect(details.open).toBe(false);
  });
});
