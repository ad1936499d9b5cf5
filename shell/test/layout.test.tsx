import { STORAGE_KEYS } from '@buergerfit/platform';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import i18next from 'i18next';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeLoader, renderShell, sessionClient, user } from './render';

beforeEach(() => localStorage.clear());
afterEach(async () => {
  await act(() => i18next.changeLanguage('en'));
});

describe('header', () => {
  it('shows section buttons and contact on / and a home link elsewhere', async () => {
    const { client } = sessionClient(null);
    const view = renderShell('/', { client });
    const nav = await screen.findByRole('navigation', { name: 'Main navigation' });
    for (const name of ['Home', 'Features', 'Pricing', 'FAQ', 'Contact']) {
      expect(nav.querySelector('button') && screen.getAllByRole('button', { name }).length).toBeGreaterThan(
        0,
      );
    }
    expect(screen.getByRole('link', { name: 'Demo' }).getAttribute('href')).toBe('/demo');
    view.unmount();
    renderShell('/demo', { client });
    const nav2 = await screen.findByRole('navigation', { name: 'Main navigation' });
    expect(nav2.querySelector('a[href="/"]')?.textContent).toBe('Home');
    expect(screen.queryByRole('button', { name: 'Pricing' })).toBeNull();
  });

  it('section buttons scroll to their section', async () => {
    const { client } = sessionClient(null);
    renderShell('/', { client });
    const target = document.createElement('section');
    target.id = 'pricing';
    target.scrollIntoView = vi.fn();
    document.body.append(target);
    await userEvent.click(await screen.findByRole('button', { name: 'Pricing' }));
    expect(target.scrollIntoView).toHaveBeenCalled();
    target.remove();
  });

  it('shows a learner Dashboard and Learn, the current one marked (the demo only from 1024 px: CSS)', async () => {
    localStorage.setItem(STORAGE_KEYS.user, JSON.stringify(user()));
    const { client } = sessionClient(user());
    renderShell('/learn/flashcards', { client });
    const nav = await screen.findByRole('navigation', { name: 'Main navigation' });
    await within(nav).findByRole('link', { name: 'Learn' });
    const links = within(nav)
      .getAllByRole('link')
      .map((a) => [a.textContent, a.getAttribute('href'), a.getAttribute('aria-current')]);
    expect(links).toEqual([
      ['Home', '/', null],
      ['Dashboard', '/dashboard', null],
      ['Learn', '/learn', 'page'],
      ['Demo', '/demo', null],
    ]);
  });

  it('the menu holds what the header has no room for on a phone, and a choice closes it', async () => {
    const { client } = sessionClient(null);
    renderShell('/', { client });
    await userEvent.click(await screen.findByRole('button', { name: /^Menu$/ }));
    const menu = screen.getByRole('dialog', { name: 'Menu' });
    const items = within(within(menu).getByRole('navigation'))
      .getAllByRole('listitem')
      .map((li) => li.textContent);
    expect(items).toEqual(['Home', 'Features', 'Pricing', 'FAQ', 'Demo', 'Contact']);
    expect(within(menu).getByRole('button', { name: 'Dark theme' })).toBeTruthy();
    expect(within(menu).getByRole('combobox', { name: 'Language' })).toBeTruthy();
    await userEvent.click(within(menu).getByRole('link', { name: 'Demo' }));
    await waitFor(() => expect(screen.getByTestId('location').textContent).toBe('/demo'));
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('shows a login link when signed out', async () => {
    const { client } = sessionClient(null);
    renderShell('/demo', { client });
    expect((await screen.findByRole('link', { name: 'Log in' })).getAttribute('href')).toBe('/login');
  });

  it('user menu toggles, closes on outside click, Escape and item choice; logout goes to /', async () => {
    localStorage.setItem(STORAGE_KEYS.user, JSON.stringify(user()));
    const { client, fetchMock } = sessionClient(user());
    renderShell('/demo', { client });
    const ue = userEvent.setup();
    const toggle = await screen.findByRole('button', { name: /Account menu/ });
    expect(toggle.getAttribute('aria-expanded')).toBe('false');

    await ue.click(toggle);
    expect(toggle.getAttribute('aria-expanded')).toBe('true');
    expect(screen.getByText('Email: ana@example.org')).toBeTruthy();
    await ue.click(toggle);
    expect(screen.queryByText('Email: ana@example.org')).toBeNull();

    await ue.click(toggle);
    await ue.click(screen.getByRole('contentinfo'));
    expect(screen.queryByText('Email: ana@example.org')).toBeNull();

    await ue.click(toggle);
    await ue.keyboard('{Escape}');
    expect(screen.queryByText('Email: ana@example.org')).toBeNull();

    const panel = () =>
      within(document.getElementById(toggle.getAttribute('aria-controls') ?? '') as HTMLElement);
    await ue.click(toggle);
    await ue.click(panel().getByRole('link', { name: 'Settings' }));
    await waitFor(() => expect(screen.getByTestId('location').textContent).toBe('/profile-settings'));
    expect(screen.queryByText('Email: ana@example.org')).toBeNull();
    await ue.click(toggle);
    await ue.click(panel().getByRole('link', { name: 'Dashboard' }));
    await waitFor(() => expect(screen.getByTestId('location').textContent).toBe('/dashboard'));

    await ue.click(toggle);
    await ue.click(screen.getByRole('button', { name: 'Log out' }));
    await waitFor(() => expect(screen.getByTestId('location').textContent).toBe('/'));
    expect(fetchMock).toHaveBeenCalledWith('/auth/logout', expect.objectContaining({ method: 'POST' }));
    expect(await screen.findByRole('link', { name: 'Log in' })).toBeTruthy();
    expect(localStorage.getItem(STORAGE_KEYS.user)).toBeNull();
  });
});

describe('logout on a shared device', () => {
  it('forgets the learner: query cache, stored user, stored state and their other entries', async () => {
    localStorage.setItem(STORAGE_KEYS.user, JSON.stringify(user()));
    localStorage.setItem(STORAGE_KEYS.federalState, 'BY');
    localStorage.setItem('buergerfit.exam.pending.a1', JSON.stringify({ 1: { answer: 0 } }));
    const { client } = sessionClient(user());
    const { queryClient } = renderShell('/dashboard', { client });
    queryClient.setQueryData(['dashboard', 'u1', 'en'], { answered: 12 });
    const ue = userEvent.setup();
    await ue.click(await screen.findByRole('button', { name: /Account menu/ }));
    await ue.click(screen.getByRole('button', { name: 'Log out' }));
    expect(await screen.findByRole('link', { name: 'Log in' })).toBeTruthy();
    expect(screen.getByTestId('location').textContent).toBe('/');
    expect(queryClient.getQueryData(['dashboard', 'u1', 'en'])).toBeUndefined();
    expect(localStorage.getItem(STORAGE_KEYS.user)).toBeNull();
    expect(localStorage.getItem(STORAGE_KEYS.federalState)).toBeNull();
    expect(localStorage.getItem('buergerfit.exam.pending.a1')).toBeNull();
  });
});

describe('language', () => {
  it('switching persists the choice, sets <html lang> and re-renders texts', async () => {
    const { client } = sessionClient(null);
    renderShell('/demo', { client });
    const [select] = await screen.findAllByRole('combobox', { name: 'Language' });
    await userEvent.selectOptions(select as HTMLSelectElement, 'de');
    expect(localStorage.getItem(STORAGE_KEYS.language)).toBe('de');
    expect(document.documentElement.lang).toBe('de');
    expect(await screen.findByRole('link', { name: 'Anmelden' })).toBeTruthy();
    expect(screen.getByText(/nicht.*BAMF|keiner Verbindung/)).toBeTruthy();
  });
});

describe('remote failure isolation', () => {
  it('shows a localized error with Retry for that area only; Retry loads again', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const { client } = sessionClient(null);
    const working = fakeLoader();
    const load = vi.fn().mockRejectedValueOnce(new Error('ChunkLoadError')).mockImplementation(working.load);
    renderShell('/demo', { client, loader: fakeLoader({ load }) });
    expect(await screen.findByText('This area could not be loaded')).toBeTruthy();
    // header and footer keep working
    expect(screen.getByRole('link', { name: 'Log in' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Privacy policy' })).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'Retry' }));
    expect((await screen.findByTestId('remote')).textContent).toContain('mf_exam at /demo');
    expect(load).toHaveBeenCalledTimes(2);
  });
});

describe('a page not stored on this device, with no network', () => {
  it('says it is not available offline (not that it failed), and loads by itself once the network is back', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const onLine = vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    const { client } = sessionClient(null);
    const working = fakeLoader();
    const load = vi.fn().mockRejectedValueOnce(new Error('Failed to fetch')).mockImplementation(working.load);
    renderShell('/demo', { client, loader: fakeLoader({ load }) });
    expect(await screen.findByRole('heading', { name: 'Not available offline' })).toBeTruthy();
    expect(
      screen.getByText(
        'This page has not been opened on this device yet, so it cannot be shown without an internet connection. Pages you have opened before also work offline. This one loads as soon as you are back online.',
      ),
    ).toBeTruthy();
    expect(screen.queryByText('This area could not be loaded')).toBeNull();
    expect(document.title).toBe('Not available offline · Bürgerfit');
    expect(load).toHaveBeenCalledTimes(1);
    onLine.mockReturnValue(true);
    window.dispatchEvent(new Event('online'));
    expect((await screen.findByTestId('remote')).textContent).toContain('mf_exam at /demo');
    expect(load).toHaveBeenCalledTimes(2);
  });
});

describe('remote entries are checked when loaded', () => {
  it('a module without a component as its default export is a load error of that area', async () => {
    const error = vi.spyOn(console, 'error').mockImplementation(() => {});
    const { client } = sessionClient(null);
    for (const module of [{ default: 'mf_exam' }, { App: () => null }, null]) {
      const view = renderShell('/demo', { client, loader: fakeLoader({ load: vi.fn(async () => module) }) });
      expect(await screen.findByText('This area could not be loaded')).toBeTruthy();
      expect(screen.getByRole('link', { name: 'Log in' })).toBeTruthy();
      view.unmount();
    }
    expect(error).toHaveBeenCalledWith(
      '[shell] remote mf_exam failed to load',
      new Error('Remote mf_exam did not provide a component as ./App'),
    );
  });

  it('the contact dialog entry gets its own props (open, onClose)', async () => {
    const { client } = sessionClient(null);
    const seen: unknown[] = [];
    const load = vi.fn(async (_name: string, expose: string) => ({
      default: (props: object) => {
        if (expose === './ContactDialog') seen.push(props);
        return null;
      },
    }));
    renderShell('/', { client, loader: fakeLoader({ load }) });
    await userEvent.click((await screen.findAllByRole('button', { name: 'Contact' }))[0] as HTMLElement);
    await waitFor(() => expect(seen).toContainEqual({ open: true, onClose: expect.any(Function) }));
    expect(load).toHaveBeenCalledWith('mf_marketing', './ContactDialog');
  });
});

describe('footer', () => {
  it('has about, FAQ anchor, contact, privacy, terms, copyright and the independence statement', async () => {
    const { client } = sessionClient(null);
    renderShell('/demo', { client });
    const footer = await screen.findByRole('contentinfo');
    const hrefs = [...footer.querySelectorAll('a')].map((a) => a.getAttribute('href'));
    expect(hrefs).toEqual(['/about', '/#faq', '/privacy-policy', '/terms-of-service']);
    expect(footer.textContent).toMatch(
      /not affiliated with the Federal Office for Migration and Refugees \(BAMF\)/,
    );
    expect(footer.textContent).toMatch(new RegExp(`© ${new Date().getFullYear()} Bürgerfit`));
  });
});
