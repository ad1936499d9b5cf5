import { STORAGE_KEYS } from '@buergerfit/platform';
import { screen, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { resolveRoute } from '../src/routes';
import { renderShell, sessionClient, user } from './render';

beforeEach(() => localStorage.clear());

describe('route table', () => {
  it('maps spec §2 paths to their remotes and guards', () => {
    expect(resolveRoute('/')).toMatchObject({ remote: 'mf_marketing', protected: false });
    expect(resolveRoute('/privacy-policy')).toMatchObject({ remote: 'mf_marketing' });
    expect(resolveRoute('/knowledge/einburgerungstest')).toMatchObject({ remote: 'mf_marketing' });
    expect(resolveRoute('/demo')).toMatchObject({ remote: 'mf_exam', protected: false });
    expect(resolveRoute('/learn/anything')).toMatchObject({
      remote: 'mf_learn',
      protected: true,
      basename: '/learn',
    });
    expect(resolveRoute('/dashboard')).toMatchObject({ remote: 'mf_dashboard', protected: true });
    expect(resolveRoute('/login')).toMatchObject({ remote: 'mf_account', protected: false });
    expect(resolveRoute('/welcome')).toMatchObject({ remote: 'mf_account', protected: true });
    expect(resolveRoute('/profile-settings')).toMatchObject({ remote: 'mf_account', protected: true });
    expect(resolveRoute('/start')).toMatchObject({ kind: 'start' });
    expect(resolveRoute('/nope')).toBeNull();
  });
});

describe('protected routes', () => {
  it('show Loading while the session check runs', async () => {
    const { client } = sessionClient(new Promise<never>(() => {}));
    renderShell('/dashboard', { client });
    expect(await screen.findByText('Checking your session…')).toBeTruthy();
    expect(screen.queryByTestId('remote')).toBeNull();
  });

  it('redirect a guest to /login remembering path and query', async () => {
    const { client } = sessionClient(null);
    renderShell('/learn/state?topic=3', { client });
    await waitFor(() =>
      expect(screen.getByTestId('location').textContent).toBe(
        `/login?redirect=${encodeURIComponent('/learn/state?topic=3')}`,
      ),
    );
    expect((await screen.findByTestId('remote')).textContent).toContain('mf_account at /login');
  });

  it('render the remote with its basename for a signed-in user', async () => {
    const { client } = sessionClient(user());
    renderShell('/learn', { client });
    expect((await screen.findByTestId('remote')).textContent).toBe('mf_learn at /learn (base /learn)');
  });
});

describe('/start', () => {
  it('sends a guest to /demo', async () => {
    const { client } = sessionClient(null);
    renderShell('/start', { client });
    await waitFor(() => expect(screen.getByTestId('location').textContent).toBe('/demo'));
  });

  it('sends a signed-in, not onboarded user to /welcome', async () => {
    const { client } = sessionClient(user({ onboarded: false }));
    renderShell('/start', { client });
    await waitFor(() => expect(screen.getByTestId('location').textContent).toBe('/welcome'));
  });

  it('sends an onboarded user to /dashboard', async () => {
    localStorage.setItem(STORAGE_KEYS.user, JSON.stringify(user()));
    const { client } = sessionClient(user());
    renderShell('/start', { client });
    await waitFor(() => expect(screen.getByTestId('location').textContent).toBe('/dashboard'));
  });
});

describe('not found', () => {
  it('renders the shell 404 page without loading a remote', async () => {
    const { client } = sessionClient(null);
    const { loader } = renderShell('/does-not-exist', { client });
    expect(await screen.findByRole('heading', { name: 'Page not found' })).toBeTruthy();
    expect(loader.load).not.toHaveBeenCalled();
  });
});
