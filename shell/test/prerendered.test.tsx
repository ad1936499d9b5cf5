import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import i18next from 'i18next';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { capturePrerendered } from '../src/remotes/prerendered';
import { fakeLoader, renderShell, sessionClient } from './render';

/**
 * The page as the BFF sends a prerendered page: the remote's markup in `#bf-prerender`, read by the shell before
 * React renders.
 */
function servePage(wake: 'interaction' | null) {
  document.body.innerHTML = `<main id="bf-prerender" data-remote="mf_marketing" data-path="/" data-lang="en"${
    wake ? ` data-wake="${wake}"` : ''
  }><div data-remote="mf_marketing"><h1>Pass the test</h1><a href="/demo">Start now</a><a href="/about">About us</a><button type="button">Read more</button></div></main>`;
}

/** A new page load: the shell reads the page's markup before it renders. */
function loadPage(wake: 'interaction' | null) {
  servePage(wake);
  capturePrerendered();
  document.getElementById('bf-prerender')?.remove();
}

const markup = () => document.querySelector('[data-prerendered="mf_marketing"]');
const marketingLoads = (loader: ReturnType<typeof fakeLoader>) =>
  vi.mocked(loader.load).mock.calls.filter(([name]) => name === 'mf_marketing').length;

beforeEach(() => localStorage.clear());
afterEach(async () => {
  await i18next.changeLanguage('en');
});

describe('a static prerendered page (data-wake="interaction")', () => {
  it('shows the markup and loads no remote until the learner uses it; the exposure counts at once', async () => {
    loadPage('interaction');
    const loader = fakeLoader();
    await act(async () => {
      renderShell('/', { client: sessionClient(null).client, loader });
    });
    await waitFor(() => expect(markup()?.querySelector('h1')?.textContent).toBe('Pass the test'));
    await waitFor(() => expect(loader.expose).toHaveBeenCalledWith('mf_marketing'));
    expect(marketingLoads(loader)).toBe(0);

    // A link works without the remote: pressing it does not start it.
    fireEvent.pointerDown(screen.getByRole('link', { name: 'Start now' }));
    expect(marketingLoads(loader)).toBe(0);

    fireEvent.pointerDown(screen.getByRole('button', { name: 'Read more' }));
    expect((await screen.findByTestId('remote')).textContent).toBe('mf_marketing at / (base /)');
    expect(marketingLoads(loader)).toBe(1);
    expect(markup()).toBeNull();
    expect(loader.expose).toHaveBeenCalledTimes(1);
  });

  it('a link of the markup to another page of the remote starts it, the markup staying until that page is there', async () => {
    loadPage('interaction');
    let finish: () => void = () => {};
    const loaded = new Promise<void>((resolve) => {
      finish = resolve;
    });
    const loader = fakeLoader();
    const load = loader.load;
    loader.load = vi.fn(async (...args: Parameters<typeof load>) => {
      await loaded;
      return load(...args);
    }) as typeof load;
    await act(async () => {
      renderShell('/', { client: sessionClient(null).client, loader });
    });
    fireEvent.click(screen.getByRole('link', { name: 'About us' }));
    await waitFor(() => expect(screen.getByTestId('location').textContent).toBe('/about'));
    await waitFor(() => expect(marketingLoads(loader)).toBe(1));
    expect(markup()?.querySelector('h1')?.textContent).toBe('Pass the test');
    expect(screen.queryByText('Loading…')).toBeNull();
    finish();
    expect((await screen.findByTestId('remote')).textContent).toBe('mf_marketing at /about (base /)');
    expect(markup()).toBeNull();
  });

  it('starts the live remote when the learner picks another language (the markup is in the old one)', async () => {
    loadPage('interaction');
    const loader = fakeLoader();
    await act(async () => {
      renderShell('/', { client: sessionClient(null).client, loader });
    });
    await waitFor(() => expect(markup()).not.toBeNull());
    expect(marketingLoads(loader)).toBe(0);
    await act(() => i18next.changeLanguage('de'));
    expect((await screen.findByTestId('remote')).textContent).toBe('mf_marketing at / (base /)');
  });
});

describe('a page rendered on the server with the visitor (no data-wake)', () => {
  it('loads its remote at once and swaps the markup for it', async () => {
    loadPage(null);
    const loader = fakeLoader();
    await act(async () => {
      renderShell('/', { client: sessionClient(null).client, loader });
    });
    expect((await screen.findByTestId('remote')).textContent).toBe('mf_marketing at / (base /)');
    expect(loader.expose).not.toHaveBeenCalled();
  });
});

describe("what was done to the server's frame before the shell ran", () => {
  it('is done again on the live frame: the value chosen, the taps in order, the focus', async () => {
    const { replayFrameHeld } = await import('../src/remotes/prerendered');
    // The shell's own header in #root, where the server's was (the same places).
    document.body.innerHTML =
      '<div id="root"><div><header><button type="button">Menu</button><button type="button">Dark theme</button>' +
      '<select><option value="en">EN</option><option value="hr">HR</option></select></header></div></div>';
    const [menu, theme] = [...document.querySelectorAll('button')] as HTMLButtonElement[];
    const select = document.querySelector('select') as HTMLSelectElement;
    const done: string[] = [];
    menu?.addEventListener('click', () => done.push('menu'));
    theme?.addEventListener('click', () => done.push('theme'));
    select.addEventListener('change', () => done.push(`language ${select.value}`));
    const at = (path: number[], tag: string, text: string) => ({ path, tag, text });
    (globalThis as { __bfHeld?: unknown }).__bfHeld = {
      remote: 'mf_marketing',
      clicks: [],
      values: {},
      frame: {
        clicks: [
          at([0, 0, 1], 'BUTTON', 'Dark theme'),
          at([0, 0, 0], 'BUTTON', 'Menu'),
          at([0, 0, 0], 'BUTTON', 'Other'),
        ],
        values: { '0/0/2': { target: at([0, 0, 2], 'SELECT', 'ENHR'), value: 'hr', checked: false } },
        focus: at([0, 0, 2], 'SELECT', 'ENHR'),
      },
    };
    replayFrameHeld();
    expect(select.value).toBe('hr');
    expect(document.activeElement).toBe(select);
    // The taps one after the other; one whose element has other text now is not done.
    await waitFor(() => expect(done).toEqual(['language hr', 'theme', 'menu']));
    // Once only.
    replayFrameHeld();
    await new Promise((resolve) => setTimeout(resolve, 10));
    expect(done).toEqual(['language hr', 'theme', 'menu']);
    (globalThis as { __bfHeld?: unknown }).__bfHeld = undefined;
  });
});
